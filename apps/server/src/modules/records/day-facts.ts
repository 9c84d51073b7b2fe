import type { RecordDayFacts } from '@renraku/contract';
import type { Db } from '../../db/client';
import type { classes } from '../../db/schema';
import { loadBoard } from '../day/service';
import { napDay } from '../naps/service';

type Klass = typeof classes.$inferSelect;

/**
 * The 保育日誌's pre-fill (records.md §3): the day's attendance as the class board shows it (the
 * kiosk's and staff's arrivals and pick-ups, the guardians' absences with reasons and diseases) and
 * the nap checks' summary, read from their areas each time the diary opens, never copied into it
 * (docs/decisions/records-journal-prefill.md).
 */
export async function dayFacts(db: Db, klass: Klass, date: string, today: string, now: Date): Promise<RecordDayFacts> {
  const board = await loadBoard(db, klass, date, false, today);
  const attendance = board.children.map((child) => {
    const absence = child.reports.find((r) => r.kind === 'absence');
    const arrived = child.actual?.arrived_at ?? null;
    const state: 'present' | 'absent' | 'expected' = arrived
      ? 'present'
      : absence || child.planned?.absent || date < today
        ? 'absent'
        : 'expected';
    return {
      child_id: child.child_id,
      name: child.name,
      state,
      arrived_at: arrived,
      picked_up_at: child.actual?.picked_up_at ?? null,
      absence_reason: absence?.absence_reason ?? (child.planned?.absent ? '予定表で欠席' : null),
      diseases: absence ? absence.diseases.map((d) => d.name) : [],
    };
  });
  const { session, rows } = await napDay(db, klass, date, now);
  const checks = rows.flatMap((r) => r.row.checks);
  return {
    date,
    attendance,
    counts: {
      enrolled: attendance.length,
      present: attendance.filter((a) => a.state === 'present').length,
      absent: attendance.filter((a) => a.state === 'absent').length,
    },
    nap: session
      ? {
          started_at: session.startedAt.toISOString(),
          ended_at: session.endedAt?.toISOString() ?? null,
          checks: checks.length,
          prone_found: checks.filter((c) => c.position === 'prone').length,
          children_checked: rows.filter((r) => r.row.checks.length > 0).length,
        }
      : null,
  };
}
