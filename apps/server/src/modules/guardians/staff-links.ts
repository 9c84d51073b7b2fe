import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { rosterMessages } from '@renraku/contract';
import type { Db } from '../../db/client';
import { childRegistrationTokens, childUser, invitations, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { activeLinks, isGuardianOf, isMainGuardianOf, standingLinks, type StaffChildGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/**
 * A child's guardians as the facility sees them (staff.md §3): the activated links, the invitations
 * not answered yet, and the registration URL currently valid. The read is a read of the child's
 * personal record: audited `child.guardians.read` in the same transaction.
 */
export async function childGuardiansForStaff(db: Db, staff: StaffViewer, granted: StaffChildGrant, now: Date) {
  const childId = granted.child.id;
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const linked = await t
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        main: childUser.main,
        writable: childUser.writable,
        relation: childUser.type,
      })
      .from(childUser)
      .innerJoin(users, eq(users.id, childUser.userId))
      .where(and(eq(childUser.childId, childId), activeLinks(childUser)))
      .orderBy(desc(childUser.main), asc(childUser.createdAt), asc(users.id));
    const pending = await t
      .select({ email: invitations.email, createdAt: invitations.createdAt })
      .from(invitations)
      .where(
        and(
          eq(invitations.childId, childId),
          isNull(invitations.closedAt),
          // An invitation to an account waits for its answer (the pending link); one to an address without an account, until it expires.
          or(isNotNull(invitations.userId), gt(invitations.expiresAt, now)),
          // Superseded when the person linked themself otherwise (the facility's registration URL).
          sql`not exists (select 1 from ${childUser} where ${childUser.childId} = ${invitations.childId}
            and ${childUser.userId} = ${invitations.userId} and ${activeLinks(childUser)})`,
        ),
      )
      .orderBy(asc(invitations.createdAt), asc(invitations.id));
    const [registration] = await t
      .select({ expiresAt: childRegistrationTokens.expiresAt, usedAt: childRegistrationTokens.usedAt })
      .from(childRegistrationTokens)
      .where(and(eq(childRegistrationTokens.childId, childId), gt(childRegistrationTokens.expiresAt, now)))
      .orderBy(desc(childRegistrationTokens.createdAt), desc(childRegistrationTokens.id))
      .limit(1);
    await recordAudit(t, staff, now, {
      companyId: granted.grant.companyId,
      facilityId: granted.enrolment.facilityId,
      action: 'child.guardians.read',
      targetType: 'child',
      targetId: childId,
      childId,
    });
    const seen = new Set<string>();
    return {
      linked,
      pending: pending
        .filter((p) => !seen.has(p.email.toLowerCase()) && seen.add(p.email.toLowerCase()))
        .map((p) => ({ email: p.email, invited_at: p.createdAt.toISOString() })),
      registration: registration
        ? { expires_at: registration.expiresAt.toISOString(), used: registration.usedAt !== null }
        : null,
    };
  });
}

/**
 * Unlinks a guardian (or withdraws a pending invitation's link) from the child; their open
 * invitations to it close. When the main guardian goes and others remain, the oldest remaining
 * activated link becomes main (and writable, as a main guardian always is). 404 when not linked.
 * Audited `child.guardian.unlink`.
 */
export async function unlinkGuardian(db: Db, staff: StaffViewer, granted: StaffChildGrant, userId: number, now: Date) {
  const childId = granted.child.id;
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [link] = await t
      .delete(childUser)
      .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId), standingLinks(childUser)))
      .returning();
    if (!link) throw notFound();
    await t
      .update(invitations)
      .set({ closedAt: now })
      .where(and(eq(invitations.childId, childId), eq(invitations.userId, userId), isNull(invitations.closedAt)));
    let newMain: number | null = null;
    if (isMainGuardianOf(link)) {
      const [next] = await t
        .select({ userId: childUser.userId })
        .from(childUser)
        .where(and(eq(childUser.childId, childId), activeLinks(childUser)))
        .orderBy(asc(childUser.createdAt), asc(childUser.userId))
        .limit(1);
      if (next) {
        newMain = next.userId;
        await t
          .update(childUser)
          .set({ main: true, writable: true })
          .where(and(eq(childUser.childId, childId), eq(childUser.userId, next.userId)));
      }
    }
    await recordAudit(t, staff, now, {
      companyId: granted.grant.companyId,
      facilityId: granted.enrolment.facilityId,
      action: 'child.guardian.unlink',
      targetType: 'user',
      targetId: userId,
      childId,
      details: { activated: isGuardianOf(link), was_main: link.main, new_main_user_id: newMain },
    });
  });
  return { message: rosterMessages.guardianUnlinked };
}
