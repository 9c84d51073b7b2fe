/**
 * The staff of the bench's facilities (BENCH_ONLY=records and kiosk): 16 per facility, built with
 * bulk statements beside the main dataset (dataset.ts) and kept when it is reused. Per facility, in
 * this order (`staffOf`): a 園長 (director), a 事務 (office), a 主任 (class staff, is_chief, no class),
 * two class staff for each of the 6 classes, and one class staff member without a class. Every one
 * has a 職員QR whose token is `bench-staff-qr-<user id>` (its SHA-256 stored, as the staff calls do),
 * and 打刻 on the weekdays of the last 60 days.
 * Staff sessions are made as a signed-in desktop holds them (`signInStaff`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { randomToken, sha256 } from '../src/lib/crypto';
import { STAFF_SESSION_COOKIE } from '../src/lib/staff-sessions';
import { log, rowsOf } from './config';

export const STAFF_PER_FACILITY = 16;
const CLASSES_PER_FACILITY = 6;

export interface FacilityStaff {
  facilityId: number;
  companyId: number;
  director: number;
  office: number;
  chief: number;
  /** Two per class, in the facility's class order. */
  classStaff: { classId: number; userIds: [number, number] }[];
  /** Every staff user of the facility. */
  all: number[];
}

export const staffQrToken = (userId: number) => `bench-staff-qr-${userId}`;

/** Creates the staff when the database has none yet; answers each facility's staff. */
export async function ensureStaff(db: Db, today: string): Promise<FacilityStaff[]> {
  const existing = rowsOf<{ base: number | null }>(
    await db.execute(sql`select min(id) as base from users where email like 'staff%@bench.example'`),
  )[0]!.base;
  const facilities = rowsOf<{ id: number; company_id: number }>(
    await db.execute(sql`select id, company_id from facilities order by id`),
  ).map((f) => ({ id: Number(f.id), companyId: Number(f.company_id) }));
  const first = facilities[0]!.id;
  let base = existing === null ? null : Number(existing);
  if (base === null) {
    const started = performance.now();
    base = Number(rowsOf<{ next: number }>(await db.execute(sql`select coalesce(max(id), 0) + 1 as next from users`))[0]!.next);
    const n = facilities.length * STAFF_PER_FACILITY;
    // Staff g (0-based): facility first + g / 16, place j = g % 16.
    await db.execute(
      sql.raw(`insert into users (id, email, name, agreed_at, email_verified_at) overriding system value
      select ${base} + g, 'staff' || (${base} + g) || '@bench.example',
        case g % ${STAFF_PER_FACILITY} when 0 then '園長' when 1 then '事務' when 2 then '主任' else '保育士' end
          || ' ' || (${first} + g / ${STAFF_PER_FACILITY}) || '-' || g % ${STAFF_PER_FACILITY},
        now(), now()
      from generate_series(0, ${n - 1}) g`),
    );
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`));
    await db.execute(
      sql.raw(`insert into staff_memberships (company_id, facility_id, user_id, role, valid_from, is_chief)
      select f.company_id, f.id, u.id,
        case (u.id - ${base}) % ${STAFF_PER_FACILITY} when 0 then 'director' when 1 then 'office' else 'class_staff' end,
        date '${today}' - 365, (u.id - ${base}) % ${STAFF_PER_FACILITY} = 2
      from users u join facilities f on f.id = ${first} + (u.id - ${base}) / ${STAFF_PER_FACILITY}
      where u.id >= ${base} and u.id < ${base + n}`),
    );
    // Places 3–14: two class staff per class, in the facility's class order.
    await db.execute(
      sql.raw(`insert into staff_membership_classes (membership_id, class_id)
      select m.id, c.id from staff_memberships m
      join lateral (select id, row_number() over (order by id) - 1 as k from classes where facility_id = m.facility_id) c
        on c.k = ((m.user_id - ${base}) % ${STAFF_PER_FACILITY} - 3) / 2
      where m.user_id >= ${base} and (m.user_id - ${base}) % ${STAFF_PER_FACILITY} between 3 and 14`),
    );
    await db.execute(
      sql.raw(`insert into staff_qr_tokens (user_id, token_hash, issued_at)
      select id, encode(sha256(convert_to('bench-staff-qr-' || id, 'UTF8')), 'hex'), now() from users
      where id >= ${base} and id < ${base + n}`),
    );
    // The weekdays of the last 60 days as each person clocked them (in, a break, out): a facility's
    // 打刻 have a history, and the gate's reads must find a person's day by index among it (an empty
    // table hid a whole-table scan of the 打刻 batch's read, issue 35).
    await db.execute(
      sql.raw(`insert into staff_time_entries (company_id, facility_id, user_id, date, kind, time, source, recorded_by)
      select m.company_id, m.facility_id, m.user_id, d::date, k.kind, k.time, 'self', m.user_id
      from staff_memberships m cross join generate_series(date '${today}' - 60, date '${today}' - 1, interval '1 day') d
        cross join (values ('in', '08:00'), ('break_start', '12:00'), ('break_end', '13:00'), ('out', '17:00')) k(kind, time)
      where m.user_id >= ${base} and m.user_id < ${base + n} and extract(isodow from d) < 6`),
    );
    await db.execute(sql.raw('analyze users, staff_memberships, staff_membership_classes, staff_qr_tokens, staff_time_entries'));
    log(
      `  staff: ${n.toLocaleString('en')} (${STAFF_PER_FACILITY} per facility) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const classes = rowsOf<{ facility_id: number; ids: number[] }>(
    await db.execute(sql`select facility_id, array_agg(id order by id) as ids from classes group by facility_id`),
  );
  const classesOf = new Map(classes.map((c) => [Number(c.facility_id), c.ids.map(Number)]));
  return facilities.map((f, i) => {
    const at = base + i * STAFF_PER_FACILITY;
    const ids = (classesOf.get(f.id) ?? []).slice(0, CLASSES_PER_FACILITY);
    return {
      facilityId: f.id,
      companyId: f.companyId,
      director: at,
      office: at + 1,
      chief: at + 2,
      classStaff: ids.map((classId, k) => ({ classId, userIds: [at + 3 + 2 * k, at + 4 + 2 * k] as [number, number] })),
      all: Array.from({ length: STAFF_PER_FACILITY }, (_, j) => at + j),
    };
  });
}

/** A desktop sign-in (no second factor pending) for each user: the cookie a browser would send. */
export async function signInStaff(db: Db, userIds: number[]): Promise<Map<number, string>> {
  await db.execute(sql`delete from staff_sessions where user_agent = 'bench'`);
  const tokens = new Map(userIds.map((id) => [id, randomToken()]));
  const expires = new Date(Date.now() + 12 * 3600 * 1000);
  const entries = [...tokens];
  for (let i = 0; i < entries.length; i += 500) {
    const values = entries.slice(i, i + 500).map(([id, token]) => sql`(${sha256(token)}, ${id}, ${expires}, 'bench')`);
    await db.execute(sql`insert into staff_sessions (id, user_id, expires_at, user_agent) values ${sql.join(values, sql`, `)}`);
  }
  return new Map(entries.map(([id, token]) => [id, `${STAFF_SESSION_COOKIE}=${token}`]));
}

/** The XSRF cookie and header a mutation needs (GET /sanctum/csrf-cookie), bound to the session of `cookie`. */
export async function xsrfOf(origin: string, cookie?: string): Promise<string> {
  const response = await fetch(`${origin}/sanctum/csrf-cookie`, { headers: cookie ? { cookie } : {} });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF cookie');
  return xsrf;
}
