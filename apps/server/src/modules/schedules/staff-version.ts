import { sql } from 'drizzle-orm';
import { monthRange } from '@renraku/contract';
import type { Db } from '../../db/client';
import { noteChildren, schedules } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/**
 * A month's registrations' fingerprint (docs/decisions/day-live-updates.md): count and latest change
 * of the schedule days of the facility's enrolments in the month, by the (note_child_id, date) index.
 */
export async function schedulesVersion(db: Db, facilityId: number, month: string): Promise<string> {
  const { first, last } = monthRange(month);
  const result = await db.execute<{ version: string }>(sql`
    select count(s.id) || ':' || coalesce(max(s.updated_at)::text, '') as version
      from ${noteChildren} nc
      join ${schedules} s on s.note_child_id = nc.id and s.date between ${first} and ${last}
     where nc.facility_id = ${facilityId}`);
  return rowsOf<{ version: string }>(result)[0]!.version;
}
