import { sql } from 'drizzle-orm';
import { fiscalYearOf, type ClockKind, type RatioFacilityType } from '@renraku/contract';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import {
  childAttendances,
  children,
  classes,
  noteChildren,
  staffingSettings,
  staffMembershipClasses,
  staffMemberships,
  staffRoomMoves,
  staffTimeEntries,
  users,
} from '../../db/schema';
import { enrolmentCovers, membershipCovers } from '../access';
import { bandOf, ratioRules } from './ratio';
import { minuteOf, placeUnclassed, workSpans, type ChildSpan, type StaffSpan } from './timeline';

/*
 * Everything the ratio now reads (staffing.md §4), written once as one row of JSON columns: the
 * ratio now loads it (one statement where the day's loader runs seven) and ratio-version digests the
 * very same row (docs/decisions/staffing-live-ratio.md), so no input of the answer can change without
 * moving the fingerprint. Only what the answer uses: the settings, the 年度's rooms, the children
 * arrived today (class, birth date, arrival, pick-up; a child without a class counts in the room of its age), the staff of the day (name, first class of the
 * 年度), the day's valid 打刻 and room moves. Birth dates and times only, no names of children.
 */
const facility = sql.placeholder('facility');
const day = sql.placeholder('date');
const fiscalYear = sql.placeholder('fiscal_year');

const inputs = sql`select
    (select json_build_array(s.facility_type, s.one_year_improvement) from ${staffingSettings} s
      where s.facility_id = ${facility}) as settings,
    (select json_agg(json_build_array(c.id, c.name, c.age_band) order by c.sort_order, c.id) from ${classes} c
      where c.facility_id = ${facility} and c.fiscal_year = ${fiscalYear}) as rooms,
    (select json_agg(json_build_array(nc.class_id, ch.birth, ca.arrived_at, ca.picked_up_at) order by nc.id)
      from ${noteChildren} nc join ${children} ch on ch.id = nc.child_id
      join ${childAttendances} ca on ca.note_child_id = nc.id and ca.date = ${day}
      where nc.facility_id = ${facility} and ca.arrived_at is not null
        and ${enrolmentCovers({ admittedOn: sql`nc.admitted_on`, leftOn: sql`nc.left_on` }, day)}) as children,
    (select json_agg(json_build_array(m.user_id, coalesce(u.name, m.invited_name, u.email),
        (select min(smc.class_id) from ${staffMembershipClasses} smc join ${classes} sc on sc.id = smc.class_id
          where smc.membership_id = m.id and sc.fiscal_year = ${fiscalYear})) order by m.id)
      from ${staffMemberships} m join ${users} u on u.id = m.user_id
      where m.facility_id = ${facility}
        and ${membershipCovers({ validFrom: sql`m.valid_from`, validUntil: sql`m.valid_until` }, day)}) as staff,
    (select json_agg(json_build_array(e.user_id, e.kind, e.time) order by e.time, e.id) from ${staffTimeEntries} e
      where e.facility_id = ${facility} and e.date = ${day} and e.voided_at is null) as entries,
    (select json_agg(json_build_array(r.user_id, r.time, r.class_id) order by r.time, r.id) from ${staffRoomMoves} r
      where r.facility_id = ${facility} and r.date = ${day}) as moves`;

/** Prepared (db/prepared.ts): polled by every open ratio screen, its plan is made once per connection. */
const inputsStatement = preparedSql<InputsRow>('staffing_ratio_inputs', inputs);
const digestStatement = preparedSql<{ digest: string }>(
  'staffing_ratio_digest',
  sql`select md5(i::text) as digest from (${inputs}) i`,
);
const values = (facilityId: number, date: string) => ({ facility: facilityId, date, fiscal_year: fiscalYearOf(date) });

type Json<T> = T | string | null;
interface InputsRow {
  settings: Json<[string, boolean]>;
  rooms: Json<[number, string, number | null][]>;
  children: Json<[number | null, string, string, string | null][]>;
  staff: Json<[number, string, number | null][]>;
  entries: Json<[number, ClockKind, string][]>;
  moves: Json<[number, string, number][]>;
}

/** node-postgres parses json columns, PGlite may hand the text: either way the value, [] for none. */
const parsed = <T>(value: Json<T>): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The digest of the inputs (md5 of the row's text), for ratio-version. One statement. */
export async function ratioInputsDigest(db: Db, facilityId: number, date: string): Promise<string> {
  return (await digestStatement(db).rows(values(facilityId, date)))[0]!.digest;
}

export interface RatioInputs {
  facilityType: RatioFacilityType;
  oneYearImprovement: boolean;
  rules: ReturnType<typeof ratioRules>;
  rooms: { id: number; name: string; ageBand: number | null }[];
  children: ChildSpan[];
  staff: StaffSpan[];
}

/**
 * The inputs as the timeline reads them, as `loadStaffingDay` gives them (a setting's absence: a 保育所
 * without the 加算; a person with two memberships once); `until`: the minute an open stay ends (now).
 */
export async function loadRatioInputs(db: Db, facilityId: number, date: string, until: number): Promise<RatioInputs> {
  const row = (await inputsStatement(db).rows(values(facilityId, date)))[0]!;
  const [type, oneYear] = parsed(row.settings) ?? ['nursery', false];
  const facilityType = type as RatioFacilityType;
  const entries = parsed(row.entries) ?? [];
  const moves = parsed(row.moves) ?? [];
  const rooms = (parsed(row.rooms) ?? []).map(([id, name, ageBand]) => ({ id, name, ageBand }));
  const seen = new Set<number>();
  const staff = (parsed(row.staff) ?? [])
    .filter(([userId]) => !seen.has(userId) && seen.add(userId))
    .map(([userId, name, defaultClassId]) => ({
      userId,
      name,
      defaultClassId,
      spans: workSpans(
        entries.filter(([who]) => who === userId).map(([, kind, time]) => ({ kind, time })),
        until,
      ).spans,
      moves: moves.filter(([who]) => who === userId).map(([, time, classId]) => ({ at: minuteOf(time), classId })),
    }));
  return {
    facilityType,
    oneYearImprovement: oneYear,
    rules: ratioRules(date, facilityType, oneYear),
    rooms,
    children: placeUnclassed(
      (parsed(row.children) ?? []).map(([classId, birth, arrivedAt, pickedUpAt]) => ({
        classId,
        band: bandOf(birth, date),
        from: minuteOf(arrivedAt),
        to: pickedUpAt ? minuteOf(pickedUpAt) : until,
      })),
      rooms,
    ),
    staff,
  };
}
