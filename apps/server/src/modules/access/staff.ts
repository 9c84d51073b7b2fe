import { and, desc, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { staffMessages, type StaffRole } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  children,
  classes,
  companies,
  facilities,
  noteChildren,
  staffMembershipClasses,
  staffMemberships,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { membershipCovers as coversDay } from '../../lib/membership-period';
import type { StaffCaller } from '../../lib/staff-route';
import type { SessionDevice } from '../../lib/staff-sessions';
import type { Day } from './enrolment';
import { roleRule, type StaffAction } from './roles';
import { inTransaction } from './transactions';

/** A staff caller: built once from the session, `staffCallerOf` (lib/staff-route.ts). */
export type StaffViewer = StaffCaller;

/** Where a PIN session works: its tablet's facility (and class); undefined on a desktop; null: nowhere. */
const deviceBounds = (staff: StaffViewer): SessionDevice | null | undefined =>
  staff.deviceId === null ? undefined : (staff.device ?? null);

/**
 * Whether the grant holds the role catalogue's action at its facility (roles.ts): by its role, or by
 * the 主任 mark where the action takes it; a PIN session's grant never a desktop action.
 */
export function grantHolds(grant: FacilityGrant, action: StaffAction): boolean {
  const rule = roleRule(action);
  if (rule.desktop && grant.pinSession) return false;
  if (rule.roles.includes(grant.role)) return true;
  return !!rule.chief && grant.chief && (rule.chief === 'any' || grant.scopeClassId === null);
}

/**
 * Whether the grant holds the action at a class (or, null, the whole facility): inside the grant's
 * class scope (a class tablet's class), and by `grantHolds` or, where the action takes it, as one's own class.
 */
export const grantHoldsAt = (grant: FacilityGrant, action: StaffAction, classId: number | null): boolean =>
  inClassScope(grant, classId) &&
  (grantHolds(grant, action) || (!!roleRule(action).ownClasses && classId !== null && grant.classIds.includes(classId)));

/**
 * Who may write for an audience (events; notices later): staff.md §1 gives class staff "notices/
 * events for their classes" and office "notices/events facility-wide". Directors, office and company
 * admins: the whole facility (`classId` null) or any of its classes; class staff: their own classes.
 */
export const mayAddressAudience = (grant: FacilityGrant, classId: number | null): boolean =>
  grantHoldsAt(grant, 'facility.address', classId);

/** Whether a class (or, null, the whole facility) is inside the grant's class scope (a class tablet's class). */
const inClassScope = (grant: FacilityGrant, classId: number | null) =>
  grant.scopeClassId === null || classId === grant.scopeClassId;

/**
 * Who writes a class's day (daily notes, board, inbox 確認): directors, office and company admins any
 * class, class staff their own; on a class tablet only its class.
 */
export const mayWriteClass = (grant: FacilityGrant, classId: number | null): boolean =>
  grantHoldsAt(grant, 'classes.write', classId);

/** 403 unless the grant writes the class's day (`mayWriteClass`): the day's 確認 and replies. */
export function authorizeClassWrite(grant: FacilityGrant, classId: number | null): void {
  if (!mayWriteClass(grant, classId)) throw forbidden();
}

/**
 * The class a facility-wide list keeps to (the inbox's filter): what was asked for, or on a class
 * tablet its class (another class: 404, as a class call would answer).
 */
export function classInScope(grant: FacilityGrant, requested: number | undefined): number | undefined {
  if (grant.scopeClassId === null) return requested;
  if (requested !== undefined && requested !== grant.scopeClassId) throw notFound();
  return grant.scopeClassId;
}

/** The strongest role first, when one person holds several memberships at a facility. */
const roleRank: Record<StaffRole, number> = { company_admin: 0, director: 1, office: 2, class_staff: 3 };

/** The membership rule, written once: a membership grants on the days of its 所属期間 only. */
export const membershipCovers = (m: { validFrom: SQLWrapper; validUntil: SQLWrapper }, day: Day): SQL => coversDay(m, day);

/** What a staff member may use of a facility: its ids, their role there and their classes. */
export interface FacilityGrant {
  facilityId: number;
  companyId: number;
  facilityName: string;
  role: StaffRole;
  classIds: number[];
  /** A class tablet's class: the grant reaches that class alone; null on a desktop or a facility-wide tablet. */
  scopeClassId: number | null;
  /** The grant of a tablet's PIN session (the desktop actions of roles.ts are not its). */
  pinSession: boolean;
  /** A membership covering today is marked 主任 (`staff_memberships.is_chief`; docs/decisions/staff-chief-flag.md). */
  chief: boolean;
}

const grantQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({
      facilityId: facilities.id,
      companyId: facilities.companyId,
      facilityName: facilities.name,
      role: staffMemberships.role,
      chief: staffMemberships.isChief,
      classIds: sql<number[]>`coalesce((select array_agg(${staffMembershipClasses.classId}) from ${staffMembershipClasses}
        where ${staffMembershipClasses.membershipId} = ${staffMemberships.id}), '{}')`,
    })
    .from(staffMemberships)
    .innerJoin(
      facilities,
      or(
        eq(facilities.id, staffMemberships.facilityId),
        and(isNull(staffMemberships.facilityId), eq(facilities.companyId, staffMemberships.companyId)),
      ),
    )
    .where(where)
    .orderBy(facilities.id);
type GrantRow = Awaited<ReturnType<typeof grantQuery>>[number];

/**
 * One facility's grant outside a transaction (every staff call naming a facility: the 園長 screens'
 * polls among them), prepared: its planning cost PostgreSQL several times its run (0.22 against
 * 0.03 ms, issue 35) and drizzle built it on every request.
 */
const facilityGrantStatement = prepared('staff_facility_grant', (db, name) =>
  grantQuery(
    db,
    and(
      eq(staffMemberships.userId, sql.placeholder('user')),
      membershipCovers(staffMemberships, sql.placeholder('today')),
      eq(facilities.id, sql.placeholder('facility')),
    ),
  ).prepare(name),
);

/**
 * The facilities a staff member's memberships grant today, one grant each (a company admin's
 * membership grants every facility of the company); a PIN session's, its tablet's facility only.
 * One statement; in a transaction it locks the memberships it read FOR SHARE (transactions.ts).
 */
export async function staffFacilities(db: Db, staff: StaffViewer, facilityId?: number): Promise<FacilityGrant[]> {
  const bounds = deviceBounds(staff);
  if (bounds === null) return [];
  let rows: GrantRow[];
  if (facilityId !== undefined && !inTransaction(db)) {
    // A PIN session's grant is its tablet's facility only (both ids must match).
    if (bounds && bounds.facilityId !== facilityId) return [];
    rows = await facilityGrantStatement(db).execute({ user: staff.userId, today: staff.today, facility: facilityId });
  } else {
    const query = grantQuery(
      db,
      and(
        eq(staffMemberships.userId, staff.userId),
        membershipCovers(staffMemberships, staff.today),
        facilityId === undefined ? undefined : eq(facilities.id, facilityId),
        bounds ? eq(facilities.id, bounds.facilityId) : undefined,
      ),
    ).$dynamic();
    // In a write's transaction the memberships hold until it ends (transactions.ts).
    rows = inTransaction(db) ? await query.for('share', { of: staffMemberships }) : await query;
  }
  const byFacility = new Map<number, FacilityGrant>();
  const scopeClassId = bounds?.classId ?? null;
  for (const row of rows) {
    const grant = { ...row, role: row.role as StaffRole, classIds: row.classIds.map(Number), scopeClassId, pinSession: !!bounds };
    const seen = byFacility.get(row.facilityId);
    if (!seen) byFacility.set(row.facilityId, grant);
    else if (roleRank[grant.role] < roleRank[seen.role])
      byFacility.set(row.facilityId, { ...grant, classIds: seen.classIds, chief: seen.chief || grant.chief });
    else {
      seen.classIds = [...new Set([...seen.classIds, ...grant.classIds])];
      seen.chief ||= grant.chief;
    }
  }
  return [...byFacility.values()];
}

/**
 * The one check of a staff call that names a facility: no membership covering today → 404 (a
 * facility that is not theirs does not exist for them); a member whose role does not allow the
 * action → 403.
 */
export async function authorizeFacility(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  action: StaffAction,
  db: Db = ctx.db,
): Promise<FacilityGrant> {
  const [grant] = await staffFacilities(db, staff, facilityId);
  if (!grant) throw notFound();
  if (!grantHolds(grant, action)) throw forbidden();
  return grant;
}

/** What a company admin may act on: the company (staff.md §1: create facilities, the roll-up). */
export interface CompanyGrant {
  companyId: number;
  companyName: string;
}

/**
 * The one check of a company call: no membership in the company covering today → 404; members who
 * are not its company admin (directors and the rest) → 403. One statement.
 */
export async function authorizeCompany(
  ctx: AppContext,
  staff: StaffViewer,
  companyId: number,
  db: Db = ctx.db,
): Promise<CompanyGrant> {
  // Company views need the desktop sign-in; the catalogue refuses them first (staff-calls.ts).
  if (staff.deviceId !== null) throw forbidden(staffMessages.desktopOnly);
  const rows = await db
    .select({ role: staffMemberships.role, companyName: companies.name })
    .from(staffMemberships)
    .innerJoin(companies, eq(companies.id, staffMemberships.companyId))
    .where(
      and(
        eq(staffMemberships.userId, staff.userId),
        eq(staffMemberships.companyId, companyId),
        membershipCovers(staffMemberships, staff.today),
      ),
    );
  if (rows.length === 0) throw notFound();
  const admin = rows.find((row) => row.role === 'company_admin');
  if (!admin) throw forbidden();
  return { companyId, companyName: admin.companyName };
}

/** A class of a facility the caller holds a grant for; 404 for another facility's class, and on a class tablet for another class. */
export async function authorizeClass(ctx: AppContext, staff: StaffViewer, classId: number, action: StaffAction, db: Db = ctx.db) {
  const [klass] = await db.select().from(classes).where(eq(classes.id, classId));
  if (!klass) throw notFound();
  const grant = await authorizeFacility(ctx, staff, klass.facilityId, action, db);
  if (!inClassScope(grant, klass.id)) throw notFound();
  return { klass, grant };
}

/**
 * A class's day work (daily notes, staff.md §4): directors and company admins read and write every
 * class; class staff read every class of the facility (covering another class) and write only
 * their own (403); office neither (403).
 */
export async function authorizeClassNotes(
  ctx: AppContext,
  staff: StaffViewer,
  classId: number,
  mode: 'read' | 'write',
  db: Db = ctx.db,
) {
  const { klass, grant } = await authorizeClass(ctx, staff, classId, 'daily.read', db);
  const canWrite = mayWriteClass(grant, klass.id);
  if (mode === 'write' && !canWrite) throw forbidden();
  return { klass, grant, canWrite };
}

export interface StaffChildGrant {
  child: typeof children.$inferSelect;
  /** The child's latest enrolment (by 入所日), at a facility the caller holds a grant for. */
  enrolment: typeof noteChildren.$inferSelect;
  grant: FacilityGrant;
}

/**
 * The one check of a staff call that names a child: the child's latest enrolment (past, current or
 * upcoming) must be at a facility where the caller's membership covers today; else 404, never
 * revealing the child. A child who moved to another facility belongs to the new one: the former
 * facility's staff no longer reach its record.
 */
export async function authorizeStaffChild(
  ctx: AppContext,
  staff: StaffViewer,
  childId: number,
  action: StaffAction,
  db: Db = ctx.db,
): Promise<StaffChildGrant> {
  const [row] = await db
    .select({ child: children, enrolment: noteChildren })
    .from(children)
    .innerJoin(noteChildren, eq(noteChildren.childId, children.id))
    .where(eq(children.id, childId))
    .orderBy(desc(noteChildren.admittedOn), desc(noteChildren.id))
    .limit(1);
  if (!row) throw notFound();
  const [grant] = await staffFacilities(db, staff, row.enrolment.facilityId);
  if (!grant || !inClassScope(grant, row.enrolment.classId)) throw notFound();
  if (!grantHolds(grant, action)) throw forbidden();
  return { ...row, grant };
}
