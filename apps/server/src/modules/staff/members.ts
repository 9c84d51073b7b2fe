import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { addDays, staffMessages, type StaffMember, type StaffRole } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  classes,
  devices,
  staffMembershipClasses,
  staffMemberships,
  staffPins,
  staffSessions,
  staffTotp,
  users,
} from '../../db/schema';
import { conflict, HttpError, invalid, notFound } from '../../lib/errors';
import { authorizeFacility, type FacilityGrant, type StaffViewer } from '../access';
import { inviteStaffAccount } from '../idp/service';
import { recordAudit } from '../audit/service';
import { hasCurrentMembership } from './memberships';

const statusOn = (m: { validFrom: string; validUntil: string | null }, day: string): StaffMember['status'] =>
  m.validFrom > day ? 'upcoming' : m.validUntil !== null && m.validUntil < day ? 'ended' : 'current';
const statusOrder = { current: 0, upcoming: 1, ended: 2 } as const;

/** The memberships at a facility (and the company admins of its company), with the people's sign-in state. */
export async function listMembers(db: Db, grant: FacilityGrant, today: string, only?: number): Promise<StaffMember[]> {
  const rows = await db
    .select({
      m: staffMemberships,
      // The person's own name, else the one typed at the invitation (an ID from sign-up has none).
      name: sql<string | null>`coalesce(${users.name}, ${staffMemberships.invitedName})`,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      pinSet: sql<boolean>`${staffPins.userId} is not null`,
      totpEnabled: sql<boolean>`${staffTotp.enabledAt} is not null`,
      classIds: sql<number[]>`coalesce((select array_agg(${staffMembershipClasses.classId}) from ${staffMembershipClasses}
        where ${staffMembershipClasses.membershipId} = ${staffMemberships.id}), '{}')`,
    })
    .from(staffMemberships)
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .leftJoin(staffPins, eq(staffPins.userId, users.id))
    .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
    .where(
      and(
        sql`(${staffMemberships.facilityId} = ${grant.facilityId} or (${staffMemberships.facilityId} is null and ${staffMemberships.companyId} = ${grant.companyId}))`,
        only === undefined ? undefined : eq(staffMemberships.id, only),
      ),
    )
    .orderBy(staffMemberships.id);
  return rows
    .map((r) => ({
      membership_id: r.m.id,
      user_id: r.m.userId,
      name: r.name,
      email: r.email,
      role: r.m.role as StaffRole,
      class_ids: r.classIds.map(Number),
      valid_from: r.m.validFrom,
      valid_until: r.m.validUntil,
      status: statusOn(r.m, today),
      pin_set: r.pinSet,
      totp_enabled: r.totpEnabled,
      has_password: r.hasPassword,
      is_chief: r.m.isChief,
    }))
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
}

/** The classes given must be the facility's; 422 otherwise (never another facility's class). */
async function checkClasses(db: Db, facilityId: number, classIds: number[]) {
  if (classIds.length === 0) return;
  const found = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), inArray(classes.id, classIds)));
  if (found.length !== new Set(classIds).size) throw invalid('class_ids', staffMessages.memberClassInvalid);
}

function checkPeriod(validFrom: string, validUntil: string | null) {
  if (validUntil !== null && validUntil < validFrom) throw invalid('valid_until', staffMessages.memberPeriodInvalid);
}

export interface MemberInput {
  email: string;
  name: string;
  role: Exclude<StaffRole, 'company_admin'>;
  class_ids: number[];
  valid_from: string;
  valid_until: string | null;
}

/** Invites a person as staff of the facility: their ID (created when new), the membership, the mail, the audit entry. */
export async function inviteMember(ctx: AppContext, staff: StaffViewer, grant: FacilityGrant, input: MemberInput, now: Date) {
  checkPeriod(input.valid_from, input.valid_until);
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    await checkClasses(db, grant.facilityId, input.class_ids);
    const user = await inviteStaffAccount(ctx, db, {
      email: input.email,
      name: input.name,
      facilityName: grant.facilityName,
      now,
    });
    const [existing] = await db
      .select({ id: staffMemberships.id })
      .from(staffMemberships)
      .where(
        and(
          eq(staffMemberships.userId, user.id),
          eq(staffMemberships.facilityId, grant.facilityId),
          sql`(${staffMemberships.validUntil} is null or ${staffMemberships.validUntil} >= ${staff.today})`,
        ),
      );
    if (existing) throw conflict(staffMessages.memberExists);
    const [membership] = await db
      .insert(staffMemberships)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        userId: user.id,
        role: input.role,
        validFrom: input.valid_from,
        validUntil: input.valid_until,
        invitedName: input.name,
      })
      .returning();
    await setClasses(db, membership!.id, input.role, input.class_ids);
    await recordAudit(db, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staff.member.invite',
      targetType: 'staff_membership',
      targetId: membership!.id,
      details: { role: input.role, user_id: user.id },
    });
    return (await listMembers(db, grant, staff.today, membership!.id))[0]!;
  });
}

async function setClasses(db: Db, membershipId: number, role: StaffRole, classIds: number[]) {
  await db.delete(staffMembershipClasses).where(eq(staffMembershipClasses.membershipId, membershipId));
  // Only a 保育士's membership has classes; the other roles cover the whole facility.
  const ids = role === 'class_staff' ? [...new Set(classIds)] : [];
  if (ids.length) await db.insert(staffMembershipClasses).values(ids.map((classId) => ({ membershipId, classId })));
}

/**
 * Before the check, the rows a change of a membership rests on — the target and the caller's own
 * memberships — are locked in one fixed order (by id). Two directors ending each other's membership
 * at once then queue instead of deadlocking: the second finds their own membership ended and gets the
 * kernel's 404 (docs/decisions/access-check-in-transaction.md).
 */
async function lockInOrder(db: Db, staff: StaffViewer, membershipId: number) {
  await db
    .select({ id: staffMemberships.id })
    .from(staffMemberships)
    .where(or(eq(staffMemberships.id, membershipId), eq(staffMemberships.userId, staff.userId)))
    .orderBy(staffMemberships.id)
    .for('no key update');
}

/**
 * A membership the caller may manage: one of a facility where they hold `facility.setup`, not a
 * company admin's (those are the company's), and not their own (no one locks themself out).
 */
export async function manageableMembership(ctx: AppContext, staff: StaffViewer, membershipId: number, db: Db) {
  await lockInOrder(db, staff, membershipId);
  const [membership] = await db.select().from(staffMemberships).where(eq(staffMemberships.id, membershipId));
  if (!membership || membership.facilityId === null) throw notFound();
  const grant = await authorizeFacility(ctx, staff, membership.facilityId, 'facility.setup', db);
  if (membership.userId === staff.userId) throw new HttpError(403, staffMessages.memberSelf);
  return { membership, grant };
}

export async function updateMember(
  ctx: AppContext,
  staff: StaffViewer,
  membershipId: number,
  input: Pick<MemberInput, 'role' | 'class_ids' | 'valid_until'>,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const { membership, grant } = await manageableMembership(ctx, staff, membershipId, db);
    checkPeriod(membership.validFrom, input.valid_until);
    await checkClasses(db, grant.facilityId, input.class_ids);
    await db
      .update(staffMemberships)
      // 主任 is a 保育士's mark: another role drops it (docs/decisions/staff-chief-flag.md).
      .set({ role: input.role, validUntil: input.valid_until, ...(input.role === 'class_staff' ? {} : { isChief: false }) })
      .where(eq(staffMemberships.id, membershipId));
    await setClasses(db, membershipId, input.role, input.class_ids);
    await recordAudit(db, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staff.member.update',
      targetType: 'staff_membership',
      targetId: membershipId,
      details: { role: input.role, class_ids: input.class_ids, valid_until: input.valid_until },
    });
    return (await listMembers(db, grant, staff.today, membershipId))[0]!;
  });
}

/** Ends a membership as of yesterday (so it grants nothing today); a membership that has not begun ends before it begins. */
export async function endMember(ctx: AppContext, staff: StaffViewer, membershipId: number, now: Date) {
  await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const { membership, grant } = await manageableMembership(ctx, staff, membershipId, db);
    const yesterday = addDays(staff.today, -1);
    const lastDay = membership.validFrom > yesterday ? addDays(membership.validFrom, -1) : yesterday;
    if (membership.validUntil !== null && membership.validUntil <= lastDay) return;
    await db.update(staffMemberships).set({ validUntil: lastDay }).where(eq(staffMemberships.id, membershipId));
    await endSessionsOf(db, membership.userId, grant, staff.today);
    await recordAudit(db, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staff.member.end',
      targetType: 'staff_membership',
      targetId: membershipId,
      details: { valid_until: lastDay },
    });
  });
}

/**
 * An ended membership's sessions end with it (issue 30): the person's PIN sessions on the facility's
 * tablets, and every session when no membership covers today any more. (The session lookup refuses
 * such sessions anyway; this removes them.)
 */
async function endSessionsOf(db: Db, userId: number, grant: FacilityGrant, today: string) {
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.userId, userId),
        inArray(
          staffSessions.deviceId,
          db.select({ id: devices.id }).from(devices).where(eq(devices.facilityId, grant.facilityId)),
        ),
      ),
    );
  if (!(await hasCurrentMembership(db, userId, today))) await db.delete(staffSessions).where(eq(staffSessions.userId, userId));
}
