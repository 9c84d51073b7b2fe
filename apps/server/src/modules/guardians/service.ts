import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { guardianMessages, relationTypes, type Guardian } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childUser, children, invitations, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { forbidden, HttpError, invalid, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import {
  activeLinks,
  activeLinksOf,
  authorizeLink,
  findLink,
  isGuardianOf,
  isMainGuardianOf,
  isPendingLink,
  isStandingLink,
} from '../access';
import { presentGuardian } from './presenter';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const inTx = <T>(ctx: AppContext, work: (db: Db) => Promise<T>) => ctx.db.transaction((tx) => work(tx));

/** The caller manages the child (main guardian) and the target is another guardian of it. */
async function loadManagedPair(db: Db, callerId: number, childId: number, userId: number, { activatedOnly = true } = {}) {
  const caller = authorizeLink(await findLink(db, callerId, childId), 'manage');
  const [row] = await db
    .select({ user: users, pivot: childUser })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
  if (!row || !(activatedOnly ? isGuardianOf(row.pivot) : isStandingLink(row.pivot))) throw notFound();
  return { caller, target: row };
}

export async function toggleWritable(ctx: AppContext, callerId: number, childId: number, userId: number) {
  return inTx(ctx, async (db) => {
    const { target } = await loadManagedPair(db, callerId, childId, userId);
    if (userId === callerId || isMainGuardianOf(target.pivot)) throw invalid('userId', guardianMessages.mainCannotChangeSelf);
    const [pivot] = await db
      .update(childUser)
      .set({ writable: !target.pivot.writable })
      .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)))
      .returning();
    return presentGuardian(ctx, target.user, pivot!);
  });
}

export async function detachGuardian(ctx: AppContext, callerId: number, childId: number, userId: number, now: Date) {
  return inTx(ctx, async (db) => {
    if (userId === callerId) {
      authorizeLink(await findLink(db, callerId, childId), 'manage');
      throw invalid('userId', guardianMessages.mainCannotDetachSelf);
    }
    await loadManagedPair(db, callerId, childId, userId, { activatedOnly: false });
    await db.delete(childUser).where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
    await db
      .update(invitations)
      .set({ closedAt: now })
      .where(and(eq(invitations.childId, childId), eq(invitations.userId, userId), isNull(invitations.closedAt)));
    return { message: '保護者の登録を解除しました' };
  });
}

/** Hands the main role over; the caller stops being main in the same transaction. */
export async function changeMain(ctx: AppContext, callerId: number, childId: number, userId: number) {
  return inTx(ctx, async (db) => {
    if (userId === callerId) {
      authorizeLink(await findLink(db, callerId, childId), 'manage');
      throw invalid('userId', guardianMessages.mainCannotChangeSelf);
    }
    const { target } = await loadManagedPair(db, callerId, childId, userId);
    const [currentPivot] = await db
      .update(childUser)
      .set({ main: false })
      .where(and(eq(childUser.childId, childId), eq(childUser.userId, callerId)))
      .returning();
    const [mainPivot] = await db
      .update(childUser)
      .set({ main: true, writable: true })
      .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)))
      .returning();
    const [me] = await db.select().from(users).where(eq(users.id, callerId));
    return { mainUser: presentGuardian(ctx, target.user, mainPivot!), currentUser: presentGuardian(ctx, me!, currentPivot!) };
  });
}

export async function changeRelationType(ctx: AppContext, callerId: number, childId: number, userId: number, type: number) {
  authorizeLink(await findLink(ctx.db, callerId, childId), 'view');
  if (userId !== callerId) throw forbidden(guardianMessages.onlySelfType);
  await ctx.db
    .update(childUser)
    .set({ type })
    .where(and(eq(childUser.childId, childId), eq(childUser.userId, callerId)));
  return { message: guardianMessages.relationUpdated };
}

const absoluteUrl = (ctx: AppContext, path: string) =>
  /^https?:\/\//.test(path) ? path : new URL(path, ctx.config.appUrl).toString();

/**
 * Invites a co-guardian. A registered address gets a pending link and an invitation mail (200);
 * an unregistered one gets a sign-up guidance mail and the invitation is kept for it (202).
 * Mails are written to the outbox in the same transaction.
 */
export async function invite(
  ctx: AppContext,
  caller: typeof users.$inferSelect,
  input: { child_id: number; email: string; type: number; writable: boolean },
  now: Date,
): Promise<{ status: 200 | 202; message: string }> {
  return inTx(ctx, async (db) => {
    authorizeLink(await findLink(db, caller.id, input.child_id), 'manage');
    const [child] = await db.select().from(children).where(eq(children.id, input.child_id));
    const [invitee] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`);
    const open = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.childId, input.child_id),
          sql`lower(${invitations.email}) = lower(${input.email})`,
          isNull(invitations.closedAt),
          isNull(invitations.userId),
          gt(invitations.expiresAt, now),
        ),
      );
    if (open.length > 0) throw invalid('email', guardianMessages.alreadyInvited);
    if (invitee) {
      const link = await findLink(db, invitee.id, input.child_id);
      if (isStandingLink(link)) throw invalid('email', guardianMessages.alreadyInvited);
    }
    const token = randomToken(32);
    await db.insert(invitations).values({
      companyId: child!.companyId,
      childId: child!.id,
      email: input.email,
      type: input.type,
      writable: input.writable,
      tokenHash: sha256(token),
      invitedBy: caller.id,
      userId: invitee?.id ?? null,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    const inviterName = caller.name ?? caller.email;
    const childName = `${child!.lastName} ${child!.firstName}`;
    const appName = ctx.config.operator.app_name;
    const relation = relationTypes[input.type] ?? '';
    if (invitee) {
      await db.insert(childUser).values({
        childId: child!.id,
        userId: invitee.id,
        companyId: child!.companyId,
        type: input.type,
        main: false,
        writable: input.writable,
        activated: null,
        sortOrder: 1000,
        invitedBy: caller.id,
      });
      await enqueueMail(db, {
        to: invitee.email,
        userId: invitee.id,
        kind: 'invitation',
        subject: `【${appName}】保護者としての招待が届いています`,
        text: [
          `${invitee.name ?? invitee.email} 様`,
          '',
          `${inviterName} さんから、${childName} さんの保護者（${relation}）として${appName}に招待されました。`,
          '次のURLを開いてログインし、招待を承認してください（有効期限：7日間）。',
          '',
          absoluteUrl(ctx, `/users/invite/verify/${token}`),
          '',
          'お心当たりのない場合は、このメールを破棄してください。',
        ].join('\n'),
      });
      return { status: 200, message: guardianMessages.invitationSent };
    }
    const idName = ctx.config.operator.id_service_name;
    await enqueueMail(db, {
      to: input.email,
      kind: 'signup_guidance',
      subject: `【${appName}】${idName}登録のご案内`,
      text: [
        `${inviterName} さんから、${childName} さんの保護者として${appName}に招待されました。`,
        `ご利用には${idName}の登録が必要です。次のURLから、このメールアドレスで登録してください。`,
        '登録が完了してログインすると、招待の承認画面が表示されます（招待の有効期限：7日間）。',
        '',
        absoluteUrl(ctx, ctx.config.operator.id_registration_url),
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
    });
    return { status: 202, message: guardianMessages.invitationSignupGuidance };
  });
}

/** Opens an invitation link: single use, 7 days, only for the invited account; else 403 with A §8's text. */
export async function verifyInvitation(ctx: AppContext, callerId: number, token: string, now: Date) {
  return inTx(ctx, async (db) => {
    const [invitation] = await db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, sha256(token)));
    const expired = () => new HttpError(403, guardianMessages.invitationExpired);
    if (!invitation || invitation.usedAt || invitation.closedAt || invitation.expiresAt <= now || invitation.userId !== callerId)
      throw expired();
    const link = await findLink(db, callerId, invitation.childId);
    if (!isPendingLink(link)) throw expired();
    await db.update(invitations).set({ usedAt: now }).where(eq(invitations.id, invitation.id));
    return { child_id: invitation.childId };
  });
}

/** The activated guardians of a child, main first. */
export async function listGuardians(ctx: AppContext, childId: number, db: Db = ctx.db): Promise<Guardian[]> {
  const rows = await db
    .select({ user: users, pivot: childUser })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, childId), activeLinks(childUser)))
    .orderBy(sql`${childUser.main} desc`, asc(childUser.createdAt), asc(users.id));
  return rows.map(({ user, pivot }) => presentGuardian(ctx, user, pivot));
}

/** One activated guardian of a child (the caller's right to see the child is checked before), or 404. */
export async function getGuardian(ctx: AppContext, childId: number, userId: number): Promise<Guardian> {
  const [row] = await ctx.db
    .select({ user: users, pivot: childUser })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, childId), activeLinksOf(childUser, userId)));
  if (!row) throw notFound();
  return presentGuardian(ctx, row.user, row.pivot);
}
