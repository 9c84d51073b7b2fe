/**
 * BENCH_ONLY=kiosk's staff 打刻 in the rush (issue 35): one request in BENCH_KIOSK_STAFF_EVERY (7:
 * about the share of staff among the people at a gate in the morning, 16 staff to 100 children) is a
 * facility's kiosk posting a 打刻 of its next staff member by their 職員QR (POST /api/kiosk/staff-clocks,
 * modules/kiosk/staff-clock.ts). Each person's day goes 出勤, 休憩開始, 休憩終了, 退勤 over the passes; then the
 * day before, as a late sync. Afterwards every 打刻 answered `recorded` must be stored, once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { DEVICE_COOKIE } from '../src/lib/staff-sessions';
import { rowsOf } from './config';
import { staffQrToken } from './dataset-staff';

const every = Number(process.env.BENCH_KIOSK_STAFF_EVERY ?? 7);
/** One request in STAFF_EVERY is a 打刻; BENCH_KIOSK_STAFF_EVERY=0: none (the scans alone, for comparison). */
export const STAFF_EVERY = every === 0 ? Infinity : Math.max(2, every);
const KINDS = ['in', 'break_start', 'break_end', 'out'] as const;

export interface StaffKiosk {
  token: string;
  staff: number[];
  staffNext: number;
}

export function staffClockRequests(kiosks: StaffKiosk[], xsrf: string) {
  let turn = 0;
  return () => {
    const kiosk = kiosks[turn++ % kiosks.length]!;
    const next = kiosk.staffNext++;
    const userId = kiosk.staff[next % kiosk.staff.length]!;
    const pass = Math.floor(next / kiosk.staff.length);
    const day = Math.floor(pass / KINDS.length);
    if (day >= 7) throw new Error('kiosk: more than 7 days of staff 打刻 (older ones are refused)');
    const id = randomUUID();
    return {
      id,
      method: 'POST',
      path: '/api/kiosk/staff-clocks',
      headers: {
        'content-type': 'application/json',
        cookie: `${DEVICE_COOKIE}=${kiosk.token}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify({
        sent_at: new Date().toISOString(),
        entries: [
          {
            id,
            kind: KINDS[pass % KINDS.length],
            at: new Date(Date.now() - day * 86_400_000).toISOString(),
            staff: { type: 'qr', token: staffQrToken(userId) },
          },
        ],
      }),
    };
  };
}

/** The 打刻 answered `recorded` that are not stored, and the ids stored twice. */
export async function checkStaffClocks(db: Db, recorded: string[]) {
  let lost = 0;
  for (let i = 0; i < recorded.length; i += 5000) {
    const ids = recorded.slice(i, i + 5000);
    const found = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from staff_time_entries where client_id in ${sql`(${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}`,
      ),
    )[0]!.n;
    lost += ids.length - found;
  }
  const stored = rowsOf<{ rows: number; ids: number }>(
    await db.execute(
      sql`select count(*)::int as rows, count(distinct client_id)::int as ids from staff_time_entries where source = 'kiosk'`,
    ),
  )[0]!;
  return { lost, rows: stored.rows, twice: stored.rows - stored.ids };
}
