import { and, asc, count, countDistinct, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { fiscalYearOf, functionKeys, type ResponseOf, type RollupFacility, type getStaffCompanyRollup } from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  childRegistrationTokens,
  childUser,
  classes,
  devices,
  facilities,
  facilityFunctions,
  invitations,
  noteChildren,
  pickupPersons,
  staffMemberships,
} from '../../db/schema';
import { activeLinks, enrolmentCovers, membershipCovers, pendingLinks, type CompanyGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { ProfileInput } from './profile';

/**
 * A new facility of the company (staff.md §1): its profile, every guardian function switched on (as
 * the demo's facilities; the director switches off what the facility does not use), audited
 * `facility.create`. Answers it as the facility switcher lists it: the creator is its company admin.
 */
export async function createFacility(db: Db, staff: StaffViewer, grant: CompanyGrant, input: ProfileInput, now: Date) {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [created] = await t
      .insert(facilities)
      .values({
        companyId: grant.companyId,
        name: input.name,
        address: input.address,
        phone: input.phone,
        openingTime: input.opening_time,
        closingTime: input.closing_time,
      })
      .returning();
    const facility = created!;
    await t
      .insert(facilityFunctions)
      .values(
        functionKeys.map((functionKey) => ({ facilityId: facility.id, companyId: grant.companyId, functionKey, enabled: true })),
      );
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: facility.id,
      action: 'facility.create',
      targetType: 'facility',
      targetId: facility.id,
      details: { ...input },
    });
    return {
      id: facility.id,
      name: facility.name,
      company_id: grant.companyId,
      role: 'company_admin' as const,
      class_ids: [],
      chief: false,
    };
  });
}

type Rollup = ResponseOf<typeof getStaffCompanyRollup>;

/** Counts by facility id from grouped rows. */
const byFacility = <R extends { facilityId: number | null }>(rows: R[]) => new Map(rows.map((row) => [row.facilityId, row]));

/**
 * The company roll-up (staff.md §1): one row per facility, from six grouped statements whatever the
 * number of facilities (facilities; today's enrolments per class; the 年度's classes; staff; paired
 * tablets; guardians and pick-up proposals per enrolled child).
 */
export async function companyRollup(db: Db, grant: CompanyGrant, today: string, now: Date): Promise<Rollup> {
  const fiscalYear = fiscalYearOf(today);
  const { companyId } = grant;
  const enrolledToday = and(eq(noteChildren.companyId, companyId), enrolmentCovers(noteChildren, today));
  const hasGuardian = sql`exists (select 1 from ${childUser} where ${childUser.childId} = ${noteChildren.childId} and ${activeLinks(childUser)})`;
  const registrationUnderway = sql`(exists (select 1 from ${childUser} where ${childUser.childId} = ${noteChildren.childId} and ${pendingLinks(childUser)})
    or exists (select 1 from ${invitations} where ${invitations.childId} = ${noteChildren.childId}
      and ${invitations.usedAt} is null and ${invitations.closedAt} is null and ${invitations.expiresAt} > ${now})
    or exists (select 1 from ${childRegistrationTokens} where ${childRegistrationTokens.childId} = ${noteChildren.childId}
      and ${childRegistrationTokens.usedAt} is null and ${childRegistrationTokens.expiresAt} > ${now}))`;
  const proposals = sql`(select count(*) from ${pickupPersons} where ${pickupPersons.childId} = ${noteChildren.childId} and ${pickupPersons.status} = 'proposed')`;

  const [facilityRows, perClass, classRows, staffRows, deviceRows, childRows] = await Promise.all([
    db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .where(eq(facilities.companyId, companyId))
      .orderBy(asc(facilities.id)),
    db
      .select({ facilityId: noteChildren.facilityId, classId: noteChildren.classId, n: countDistinct(noteChildren.childId) })
      .from(noteChildren)
      .where(enrolledToday)
      .groupBy(noteChildren.facilityId, noteChildren.classId),
    db
      .select({ id: classes.id, facilityId: classes.facilityId, name: classes.name, ageBand: classes.ageBand })
      .from(classes)
      .where(and(eq(classes.companyId, companyId), eq(classes.fiscalYear, fiscalYear)))
      .orderBy(asc(classes.sortOrder), asc(classes.id)),
    db
      .select({ facilityId: staffMemberships.facilityId, n: countDistinct(staffMemberships.userId) })
      .from(staffMemberships)
      .where(
        and(
          eq(staffMemberships.companyId, companyId),
          isNotNull(staffMemberships.facilityId),
          membershipCovers(staffMemberships, today),
        ),
      )
      .groupBy(staffMemberships.facilityId),
    db
      .select({ facilityId: devices.facilityId, n: count() })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), isNotNull(devices.pairedAt), isNull(devices.revokedAt)))
      .groupBy(devices.facilityId),
    db
      .select({
        facilityId: noteChildren.facilityId,
        total: countDistinct(noteChildren.childId),
        withGuardian: sql<number>`count(distinct ${noteChildren.childId}) filter (where ${hasGuardian})`,
        pending: sql<number>`count(distinct ${noteChildren.childId}) filter (where not ${hasGuardian} and ${registrationUnderway})`,
        proposals: sql<number>`coalesce(sum(${proposals}), 0)`,
      })
      .from(noteChildren)
      .where(enrolledToday)
      .groupBy(noteChildren.facilityId),
  ]);

  const staffOf = byFacility(staffRows);
  const devicesOf = byFacility(deviceRows);
  const childrenOf = byFacility(childRows);
  const rows: RollupFacility[] = facilityRows.map((facility) => {
    const enrolments = perClass.filter((row) => row.facilityId === facility.id);
    const classesOfFacility = classRows
      .filter((klass) => klass.facilityId === facility.id)
      .map((klass) => ({
        id: klass.id,
        name: klass.name,
        age_band: klass.ageBand,
        children_count: Number(enrolments.find((row) => row.classId === klass.id)?.n ?? 0),
      }));
    const inClasses = classesOfFacility.reduce((sum, klass) => sum + klass.children_count, 0);
    const kids = childrenOf.get(facility.id);
    const total = Number(kids?.total ?? 0);
    const withGuardian = Number(kids?.withGuardian ?? 0);
    return {
      id: facility.id,
      name: facility.name,
      children_count: total,
      classes: classesOfFacility,
      children_without_class: Math.max(0, total - inClasses),
      staff_count: Number(staffOf.get(facility.id)?.n ?? 0),
      devices_count: Number(devicesOf.get(facility.id)?.n ?? 0),
      children_with_guardian: withGuardian,
      children_without_guardian: total - withGuardian,
      registrations_pending: Number(kids?.pending ?? 0),
      pickup_proposals: Number(kids?.proposals ?? 0),
    };
  });
  return { company: { id: companyId, name: grant.companyName }, today, fiscal_year: fiscalYear, facilities: rows };
}
