import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The membership rule, written once (staff.md §1): a membership grants on the days of its 所属期間
 * only. The access kernel re-exports it; it lives here so that the staff session lookup
 * (`lib/staff-sessions.ts`, which may import no area) refuses a session whose person has none.
 */
export const membershipCovers = (
  m: { validFrom: SQLWrapper; validUntil: SQLWrapper },
  day: string | Placeholder | SQLWrapper,
): SQL => sql`(${m.validFrom} <= ${day} and (${m.validUntil} is null or ${m.validUntil} >= ${day}))`;
