import { sql } from 'drizzle-orm';
import { kioskStaffClockMessages, type ClockKind, type KioskStaffClock, type KioskStaffClockStatus } from '@renraku/contract';
import type { Db } from '../../db/client';
import { isDatabaseOutage } from '../../lib/database-outage';
import { groupCommit, type GroupCommit } from '../../lib/group-commit';
import { minuteOf, clockRefusal } from '../staffing/service';
import type { PairedDevice } from '../staff/service';
import { rowsOf } from '../../db/rows';

/**
 * The gate's staff 打刻 written together (issue 35; docs/decisions/staffing-kiosk-clock.md): the
 * 打刻 of every request that arrives while a batch is being written go into the next batch's one
 * transaction (`lib/group-commit.ts`): the people's days locked, their entries read, each 打刻
 * folded into its day in order, all inserted and audited by one statement, one commit. Before,
 * each 打刻 was its own transaction of seven round trips, the gate's slowest write in the rush.
 */

export interface StaffClockResult {
  id: string;
  status: KioskStaffClockStatus;
  out_of_order: boolean;
  message: string | null;
}

/** A 打刻 that passed the request's checks: the person named and working here on its day. */
export interface StaffClockToRecord {
  entry: KioskStaffClock;
  userId: number;
  at: Date;
  date: string;
  time: string;
}

/** One request: its 打刻 (maybe none, when all were refused) and what the device's row notes. */
export interface StaffClockRequest {
  device: PairedDevice;
  clocks: StaffClockToRecord[];
  /** The device's clock skew (ms, clamped to int4) and the server's time of the request. */
  skew: number;
  now: Date;
  ip: string;
}

export type StaffClockGroupCommit = GroupCommit<StaffClockRequest, StaffClockResult[]>;

/** Requests per batch: a rush of a few hundred gates, each request a few 打刻 at most. */
const MAX_BATCH = 200;

/** As the scans (kiosk-skew-noted-on-change.md): the skew is written when it moved or is a minute old. */
const SKEW_CHANGE_MS = 1000;
const SKEW_NOTED_EVERY_S = 60;

/** The lock `lockPersonDay` takes (staffing/clock.ts): a gate 打刻 and a desktop one of the same day wait for each other. */
const PERSON_DAY_LOCK = 5035;

export function staffClockGroupCommit(db: Db, { inFlight = 1, maxBatch = MAX_BATCH } = {}): StaffClockGroupCommit {
  return groupCommit<StaffClockRequest, StaffClockResult[]>((requests) => writeRequests(db, requests), { inFlight, maxBatch });
}

/** Steps of a day that do not fit 出勤 → (休憩開始 → 休憩終了)* → 退勤, folded in time order. */
export function misfits(entries: readonly { kind: ClockKind; time: string }[]): number {
  const sorted = [...entries].sort((a, b) => minuteOf(a.time) - minuteOf(b.time));
  const next = { in: 'working', break_start: 'on_break', break_end: 'working', out: 'done' } as const;
  let state: 'off' | 'working' | 'on_break' | 'done' = 'off';
  let count = 0;
  for (const e of sorted) {
    if (clockRefusal(state, e.kind)) count++;
    else state = next[e.kind];
  }
  return count;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * One transaction for the batch; when it fails, the database away answers every request the same
 * (503, sent again), any other failure must not fail the others: each request alone.
 */
async function writeRequests(db: Db, requests: StaffClockRequest[]): Promise<(StaffClockResult[] | Error)[]> {
  const inOne = (some: StaffClockRequest[]) => db.transaction(async (t) => writeTogether(t, some));
  try {
    return await inOne(requests);
  } catch (error) {
    if (requests.length === 1 || isDatabaseOutage(error)) return requests.map(() => asError(error));
    const outcomes: (StaffClockResult[] | Error)[] = [];
    for (const request of requests) outcomes.push(await inOne([request]).then(([answer]) => answer!, asError));
    return outcomes;
  }
}

const dayKey = (facilityId: number, userId: number, date: string) => `${facilityId}:${userId}:${date}`;

interface DayEntry {
  kind: ClockKind;
  time: string;
}

async function writeTogether(tx: Db, requests: StaffClockRequest[]): Promise<StaffClockResult[][]> {
  const all = requests.flatMap((request) => request.clocks.map((clock) => ({ request, clock })));
  const days = new Map<string, DayEntry[]>();
  const seen = new Map<string, boolean>();
  if (all.length > 0) {
    // Every person-day of the batch locked at once, in key order: a desktop 打刻 holds one lock, and
    // two batches (of two app processes) take theirs in the same order, so they wait, never deadlock.
    const keys = [...new Set(all.map(({ clock }) => `${clock.userId}:${clock.date}`))].sort();
    await tx.execute(
      sql`select pg_advisory_xact_lock(${PERSON_DAY_LOCK}, hashtext(k)) from jsonb_array_elements_text(${JSON.stringify(keys)}::text::jsonb) as k`,
    );
    await readDays(tx, all, days, seen);
  }
  const toInsert: ReturnType<typeof insertRow>[] = [];
  const answers = requests.map((request) =>
    request.clocks.map(({ entry, userId, date, time }): StaffClockResult => {
      const id = entry.id.toLowerCase();
      const before = seen.get(id);
      if (before !== undefined) return { id: entry.id, status: 'duplicate', out_of_order: before, message: null };
      // (Every day of the batch was read: `readDays` sets each, with its entries or none.)
      const day = days.get(dayKey(request.device.facilityId, userId, date))!;
      const outOfOrder = misfits([...day, { kind: entry.kind, time }]) > misfits(day);
      day.push({ kind: entry.kind, time });
      seen.set(id, outOfOrder);
      toInsert.push(insertRow(request, { entry, userId, date, time }, outOfOrder));
      return {
        id: entry.id,
        status: 'recorded',
        out_of_order: outOfOrder,
        message: outOfOrder ? kioskStaffClockMessages.outOfOrder : null,
      };
    }),
  );
  const inserted = await insertAndNote(tx, toInsert, requests);
  // (An id not inserted was written at the same moment by a request outside this batch: answered as a resend.)
  return answers.map((results) =>
    results.map((r) =>
      r.status === 'recorded' && !inserted.has(r.id.toLowerCase())
        ? { id: r.id, status: 'duplicate', out_of_order: false, message: null }
        : r,
    ),
  );
}

interface DayRow {
  /** `day`: a row of a wanted day; `id`: a row with an id sent (a resend, maybe of another day). */
  part: 'day' | 'id';
  client_id: string | null;
  out_of_order: boolean;
  kind: string;
  time: string;
  voided: boolean;
  facility_id: number;
  user_id: number;
  date: string;
}

/**
 * The ids seen before (resends) and the people's days at the facilities, in one statement: each day
 * by the (user, date) index through a lateral join, the ids by theirs (a `(…) in (select …)` or an
 * `or` of the two here planned a scan of the whole table, 136 ms with the bench's history).
 */
async function readDays(
  tx: Db,
  all: { request: StaffClockRequest; clock: StaffClockToRecord }[],
  days: Map<string, DayEntry[]>,
  seen: Map<string, boolean>,
) {
  const wanted = new Map(
    all.map(({ request, clock }) => [
      dayKey(request.device.facilityId, clock.userId, clock.date),
      { f: request.device.facilityId, u: clock.userId, d: clock.date },
    ]),
  );
  const ids = all.map(({ clock }) => clock.entry.id);
  const columns = sql.raw(`e.client_id::text as client_id, e.out_of_order, e.kind, e.time, e.voided_at is not null as voided,
    e.facility_id, e.user_id, e.date::text as date`);
  const rows = rowsOf<DayRow>(
    await tx.execute(sql`
      select 'day' as part, ${columns} from jsonb_to_recordset(${JSON.stringify([...wanted.values()])}::text::jsonb) as w(f int, u int, d date)
        cross join lateral (select * from staff_time_entries e where e.user_id = w.u and e.date = w.d and e.facility_id = w.f) e
      union all
      select 'id' as part, ${columns} from staff_time_entries e
      where e.client_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::text::jsonb)::uuid))`),
  );
  for (const key of wanted.keys()) days.set(key, []);
  for (const row of rows) {
    if (row.client_id) seen.set(row.client_id.toLowerCase(), row.out_of_order);
    if (row.part === 'day' && !row.voided) {
      days
        .get(dayKey(Number(row.facility_id), Number(row.user_id), row.date))!
        .push({ kind: row.kind as ClockKind, time: row.time });
    }
  }
}

function insertRow(request: StaffClockRequest, clock: Omit<StaffClockToRecord, 'at'>, outOfOrder: boolean) {
  const { device, now, ip } = request;
  const { entry, userId, date, time } = clock;
  return {
    client_id: entry.id,
    company_id: device.companyId,
    facility_id: device.facilityId,
    user_id: userId,
    date,
    kind: entry.kind,
    time,
    out_of_order: outOfOrder,
    device_at: new Date(entry.at).toISOString(),
    device_id: device.id,
    now: now.toISOString(),
    ip,
    details: { kind: entry.kind, date, time, client_id: entry.id, method: entry.staff!.type, out_of_order: outOfOrder },
  };
}

/**
 * The batch's 打刻 inserted and audited (the person, the device) and the devices' skew noted, in one
 * statement; answers the ids inserted. The device rows are written before the entries' insert bumps
 * the facilities' ratio counts (its statement trigger), the order the scans' statement takes them in.
 */
async function insertAndNote(tx: Db, rows: ReturnType<typeof insertRow>[], requests: StaffClockRequest[]): Promise<Set<string>> {
  const notes = requests.map(({ device, skew, now }) => ({ id: device.id, skew, now: now.toISOString() }));
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as i(client_id uuid, company_id int, facility_id int,
        user_id int, date date, kind text, time text, out_of_order boolean, device_at timestamptz, device_id int, now timestamptz,
        ip text, details jsonb)
    ), noted as (
      select distinct on (n.id) n.id, n.skew, n.now
      from jsonb_to_recordset(${JSON.stringify(notes)}::text::jsonb) as n(id int, skew int, now timestamptz)
      order by n.id, n.now desc
    ), touch as (
      update devices d set clock_skew_ms = noted.skew, last_synced_at = noted.now
      from noted
      where d.id = noted.id and (d.clock_skew_ms is null or d.last_synced_at is null
        or abs(d.clock_skew_ms::bigint - noted.skew::bigint) > ${sql.raw(String(SKEW_CHANGE_MS))}
        or d.last_synced_at <= noted.now - ${sql.raw(`interval '${SKEW_NOTED_EVERY_S} seconds'`)})
    ), entry as (
      insert into staff_time_entries (company_id, facility_id, user_id, date, kind, time, source, client_id, out_of_order,
        device_at, recorded_by, device_id)
      select i.company_id, i.facility_id, i.user_id, i.date, i.kind, i.time, 'kiosk', i.client_id, i.out_of_order, i.device_at,
        i.user_id, i.device_id
      from input i
      on conflict (client_id) do nothing
      returning id, client_id
    ), audit as (
      insert into audit_log (company_id, facility_id, at, user_id, device_id, action, target_type, target_id, ip, details)
      select i.company_id, i.facility_id, i.now, i.user_id, i.device_id, 'kiosk.staff.clock', 'staff_time_entry', entry.id, i.ip,
        i.details
      from entry join input i on i.client_id = entry.client_id
    )
    select client_id::text as client_id from entry`);
  return new Set(rowsOf<{ client_id: string }>(result).map((row) => row.client_id.toLowerCase()));
}
