import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { facilityMessages, type StaffClass } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes, noteChildren, staffMembershipClasses, staffMemberships, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enrolmentCovers, membershipCovers, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

type ClassRow = typeof classes.$inferSelect;

/**
 * Classes with what the setup screen shows beside them: the staff assigned today (memberships
 * covering today with the class) and the children enrolled in it today. Three statements whatever
 * the number of classes.
 */
async function presentClasses(db: Db, rows: ClassRow[], today: string): Promise<StaffClass[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [staff, counts] = await Promise.all([
    db
      .selectDistinct({ classId: staffMembershipClasses.classId, id: users.id, name: users.name, email: users.email })
      .from(staffMembershipClasses)
      .innerJoin(staffMemberships, eq(staffMemberships.id, staffMembershipClasses.membershipId))
      .innerJoin(users, eq(users.id, staffMemberships.userId))
      .where(and(inArray(staffMembershipClasses.classId, ids), membershipCovers(staffMemberships, today)))
      .orderBy(asc(staffMembershipClasses.classId), asc(users.id)),
    db
      .select({ classId: noteChildren.classId, n: sql<number>`count(*)::int` })
      .from(noteChildren)
      .where(and(inArray(noteChildren.classId, ids), enrolmentCovers(noteChildren, today)))
      .groupBy(noteChildren.classId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fiscal_year: row.fiscalYear,
    age_band: row.ageBand,
    staff: staff.filter((s) => s.classId === row.id).map((s) => ({ id: s.id, name: s.name ?? s.email })),
    children_count: Number(counts.find((c) => c.classId === row.id)?.n ?? 0),
  }));
}

/** The facility's classes of a 年度, in their order. */
export async function listClasses(db: Db, facilityId: number, fiscalYear: number, today: string): Promise<StaffClass[]> {
  const rows = await db
    .select()
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), eq(classes.fiscalYear, fiscalYear)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  return presentClasses(db, rows, today);
}

/** Class names are unique within a facility's 年度 (the CSV import finds a class by its name). */
async function assertNameFree(db: Db, facilityId: number, fiscalYear: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.facilityId, facilityId),
        eq(classes.fiscalYear, fiscalYear),
        eq(classes.name, name),
        exceptId === undefined ? undefined : ne(classes.id, exceptId),
      ),
    );
  if (taken) throw invalid('name', facilityMessages.classNameTaken);
}

export interface ClassInput {
  name: string;
  fiscal_year: number;
  age_band: number | null;
}

/** Creates a class at the end of its 年度's order; audited `class.create` in the same transaction. */
export async function createClass(db: Db, staff: StaffViewer, grant: FacilityGrant, input: ClassInput, now: Date) {
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    await assertNameFree(t, grant.facilityId, input.fiscal_year, input.name);
    const [order] = await t
      .select({ max: sql<number>`coalesce(max(${classes.sortOrder}), -1)::int` })
      .from(classes)
      .where(and(eq(classes.facilityId, grant.facilityId), eq(classes.fiscalYear, input.fiscal_year)));
    const [created] = await t
      .insert(classes)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        name: input.name,
        fiscalYear: input.fiscal_year,
        ageBand: input.age_band,
        sortOrder: Number(order?.max ?? -1) + 1,
      })
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'class.create',
      targetType: 'class',
      targetId: created!.id,
      details: { name: input.name, fiscal_year: input.fiscal_year },
    });
    return created!;
  });
  const [presented] = await presentClasses(db, [row], staff.today);
  return presented!;
}

/** Renames a class or changes its age band; audited `class.update` with what changed. */
export async function updateClass(
  db: Db,
  staff: StaffViewer,
  klass: ClassRow,
  input: { name: string; age_band: number | null },
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    if (input.name !== klass.name) await assertNameFree(t, klass.facilityId, klass.fiscalYear, input.name, klass.id);
    const [updated] = await t
      .update(classes)
      .set({ name: input.name, ageBand: input.age_band })
      .where(eq(classes.id, klass.id))
      .returning();
    await recordAudit(t, staff, now, {
      companyId: klass.companyId,
      facilityId: klass.facilityId,
      action: 'class.update',
      targetType: 'class',
      targetId: klass.id,
      details: {
        before: { name: klass.name, age_band: klass.ageBand },
        after: { name: input.name, age_band: input.age_band },
      },
    });
    return updated!;
  });
  const [presented] = await presentClasses(db, [row], staff.today);
  return presented!;
}
