import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { clockKindLabels, monthRange, type ClockKind } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffTimeEntries, users } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { END_OF_DAY, workSpans } from './timeline';

const header = ['職員', '日付', '出勤', '退勤', '休憩（分）', '勤務時間（分）', '修正', '備考'];

/**
 * The month's 勤務実績 per staff member as CSV (staffing.md §2): a row per person and day with an
 * entry; voided entries left out, corrections counted. An open day (no 退勤) says so instead of a
 * number. The export itself is audited (it names staff and their hours).
 */
export async function workRecordsCsv(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  const { first, last } = monthRange(month);
  const rows = await db
    .select({
      userId: staffTimeEntries.userId,
      name: sql<string>`coalesce(${users.name}, ${users.email})`,
      date: staffTimeEntries.date,
      kind: staffTimeEntries.kind,
      time: staffTimeEntries.time,
      source: staffTimeEntries.source,
    })
    .from(staffTimeEntries)
    .innerJoin(users, eq(users.id, staffTimeEntries.userId))
    .where(
      and(
        eq(staffTimeEntries.facilityId, grant.facilityId),
        between(staffTimeEntries.date, first, last),
        isNull(staffTimeEntries.voidedAt),
      ),
    )
    .orderBy(asc(users.id), asc(staffTimeEntries.date), asc(staffTimeEntries.time));
  const days = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.userId}|${row.date}`;
    days.set(key, [...(days.get(key) ?? []), row]);
  }
  const lines = [...days.values()].map((entries) => {
    const { state, spans } = workSpans(
      entries.map((e) => ({ kind: e.kind as ClockKind, time: e.time })),
      END_OF_DAY,
    );
    const firstIn = entries.find((e) => e.kind === 'in')?.time ?? '';
    const lastOut = [...entries].reverse().find((e) => e.kind === 'out')?.time ?? '';
    const worked = spans.reduce((sum, [from, to]) => sum + (to - from), 0);
    const span = spans.length ? spans.at(-1)![1] - spans[0]![0] : 0;
    const complete = state === 'done';
    return [
      entries[0]!.name,
      entries[0]!.date,
      firstIn,
      lastOut,
      complete ? span - worked : '',
      complete ? worked : '',
      entries.filter((e) => e.source === 'correction').length,
      complete ? '' : `${clockKindLabels.out}の打刻がありません`,
    ];
  });
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action: 'staffing.work_records.export',
    targetType: 'facility',
    targetId: grant.facilityId,
    details: { month, rows: lines.length },
  });
  return { filename: `work-records-${grant.facilityId}-${month}.csv`, body: toCsv(header, lines) };
}
