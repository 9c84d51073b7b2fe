import { and, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StaffRole } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffMembershipClasses, staffMemberships, users } from '../../db/schema';
import { membershipCovers } from '../access';

/** A person's memberships, current and not (the staff app lists them), with their classes. */
export async function membershipsOf(db: Db, userId: number) {
  const rows = await db.select().from(staffMemberships).where(eq(staffMemberships.userId, userId)).orderBy(staffMemberships.id);
  const classRows = rows.length
    ? await db
        .select()
        .from(staffMembershipClasses)
        .where(
          inArray(
            staffMembershipClasses.membershipId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((m) => ({
    ...m,
    role: m.role as StaffRole,
    classIds: classRows.filter((c) => c.membershipId === m.id).map((c) => c.classId),
  }));
}

/** Whether the person holds any membership covering the day (a staff sign-in needs one). */
export async function hasCurrentMembership(db: Db, userId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.userId, userId), membershipCovers(staffMemberships, day)))
    .limit(1);
  return !!row;
}

/**
 * Whether the person (a user id, or a column holding one) works at the facility on the day: a
 * membership of that facility, or a company admin's of its company, covering the day.
 */
export const worksAtFacility = (
  userId: number | SQLWrapper,
  facility: { facilityId: number | Placeholder; companyId: number | Placeholder },
  day: string | Placeholder,
): SQL => sql`exists (select 1 from ${staffMemberships}
  where ${staffMemberships.userId} = ${userId} and ${membershipCovers(staffMemberships, day)}
    and (${staffMemberships.facilityId} = ${facility.facilityId}
      or (${staffMemberships.facilityId} is null and ${staffMemberships.companyId} = ${facility.companyId})))`;

/**
 * Joins a membership of the facility itself covering the day (not a company-wide one): whose 打刻
 * the facility takes. A join condition, not an `exists` in a select list: drizzle writes a
 * single-table select's columns unqualified there, which would compare the subquery's own column.
 */
export const facilityMembershipOn = (userId: SQLWrapper, facilityId: number | Placeholder, day: string | Placeholder): SQL =>
  sql`${staffMemberships.userId} = ${userId} and ${staffMemberships.facilityId} = ${facilityId} and ${membershipCovers(staffMemberships, day)}`;

export async function worksAt(db: Db, userId: number, facility: { facilityId: number; companyId: number }, day: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(and(eq(users.id, userId), worksAtFacility(users.id, facility, day)));
  return !!row;
}
