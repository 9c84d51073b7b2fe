import { and, asc, count, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { guardianMessages, type Child, type ChildDetail, type ViewableChild } from '@renraku/contract';
import { presentChild, presentViewableChild } from './presenter';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  childRegistrationAttempts,
  childRegistrationTokens,
  childUser,
  children,
  facilities,
  invitations,
  noteChildren,
  users,
} from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { invalid, notFound, tooMany } from '../../lib/errors';
import { removeImage, storeImage } from '../../lib/images';
import { callerValues, confirmCaller, sessionStateOfCaller, sessionUserId, type Caller } from '../../lib/sessions';
import { getGuardian, listGuardians } from '../guardians/service';

export { CHILD_REGISTRATION_COOKIE, pendingRegistrationPath } from './registration';
import {
  activeLinksOf,
  authorizeChild,
  checkedWrite,
  enrolmentCovers,
  findLink,
  isGuardianOf,
  isPendingLink,
  mainLinks,
  pendingLinks,
  standingLinks,
  viewableChildren,
  type Viewer,
} from '../access';

/** The facility of the child's current (else latest) enrolment, as a correlated subquery. */
const facilityNameOf = (today: string | Placeholder) => sql<string | null>`(
    select ${facilities.name} from ${noteChildren}
    join ${facilities} on ${facilities.id} = ${noteChildren.facilityId}
    where ${noteChildren.childId} = ${children.id}
    order by ${enrolmentCovers(noteChildren, today)} desc,
      ${noteChildren.admittedOn} desc
    limit 1)`;

async function selectLinkedChildren(ctx: AppContext, db: Db, userId: number, today: string, where: SQL | undefined) {
  const rows = await db
    .select({ child: children, pivot: childUser, facilityName: facilityNameOf(today) })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(and(eq(childUser.userId, userId), where))
    .orderBy(asc(childUser.sortOrder), asc(children.id));
  return rows.map(({ child, pivot, facilityName }) => presentChild(ctx, child, pivot, facilityName));
}

const linkedChildrenStatement = prepared('children_list', (db, name) =>
  db
    .select({
      child: children,
      pivot: childUser,
      facilityName: facilityNameOf(sql.placeholder('today')),
      session: sessionStateOfCaller,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(and(sql`${childUser.userId} = ${sessionUserId}`, standingLinks(childUser)))
    .orderBy(asc(childUser.sortOrder), asc(children.id))
    .prepare(name),
);

/**
 * The caller's links (activated and pending) with the facility of the child's current (else
 * latest) enrolment. One prepared statement whatever the number of children, the session lookup
 * included (a hot call); a second one only when the caller has no child at all.
 */
export async function listChildrenOfCaller(ctx: AppContext, caller: Caller): Promise<Child[]> {
  const rows = await linkedChildrenStatement(ctx.db).execute({ ...callerValues(caller), today: caller.today });
  await confirmCaller(ctx.db, caller, rows[0]?.session);
  return rows.map(({ child, pivot, facilityName }) => presentChild(ctx, child, pivot, facilityName));
}

/** The same list for a known user (after a change of theirs). */
export const listChildrenOf = (ctx: AppContext, viewer: Viewer): Promise<Child[]> =>
  selectLinkedChildren(ctx, ctx.db, viewer.userId, viewer.today, standingLinks(childUser));

/**
 * Invitations for an address that had no account yet become pending links once an account has it
 * verified: called where that can start to hold (sign-up, email change, sign-in for accounts made
 * elsewhere), not on every read of the children list (docs/decisions/guardians-invitations.md).
 */
export async function claimInvitations(db: Db, userId: number, now: Date) {
  await db.execute(sql`
    with me as (
      select id, email from ${users} where id = ${userId} and email_verified_at is not null
    ), claimed as (
      update ${invitations} i set user_id = me.id from me
      where lower(i.email) = lower(me.email) and i.user_id is null and i.closed_at is null and i.expires_at > ${now.toISOString()}
      returning i.child_id, i.company_id, i.type, i.writable, i.invited_by, i.user_id
    )
    insert into ${childUser} (child_id, user_id, company_id, type, main, writable, activated, sort_order, invited_by)
    select child_id, user_id, company_id, type, false, writable, null, 1000, invited_by from claimed
    on conflict do nothing`);
}

/** Current enrolments of the caller's activated children. */
export async function listExistence(ctx: AppContext, viewer: Viewer) {
  return ctx.db
    .select({
      child_id: noteChildren.childId,
      note_child_id: noteChildren.id,
      facility_id: noteChildren.facilityId,
      facility_name: facilities.name,
    })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .innerJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .where(and(activeLinksOf(childUser, viewer.userId), enrolmentCovers(noteChildren, viewer.today)))
    .orderBy(asc(childUser.sortOrder), asc(noteChildren.childId));
}

/** One activated child of the caller, or 404. */
export async function getOwnChild(ctx: AppContext, viewer: Viewer, childId: number): Promise<Child> {
  const [child] = await selectLinkedChildren(
    ctx,
    ctx.db,
    viewer.userId,
    viewer.today,
    and(eq(childUser.childId, childId), activeLinksOf(childUser, viewer.userId)),
  );
  if (!child) throw notFound();
  return child;
}

export async function getChildDetail(ctx: AppContext, viewer: Viewer, childId: number): Promise<ChildDetail> {
  const child = await getOwnChild(ctx, viewer, childId);
  return { ...child, users: await listGuardians(ctx, childId) };
}

export async function updateChildName(
  ctx: AppContext,
  viewer: Viewer,
  childId: number,
  input: { lastName: string; firstName: string; lastNameKana: string; firstNameKana: string },
): Promise<Child> {
  // Checked in the write's transaction: a link revoked meanwhile cannot write (access/transactions.ts).
  await checkedWrite(
    ctx,
    (db) => authorizeChild(ctx, viewer, childId, 'manage', { db }),
    (db) => db.update(children).set(input).where(eq(children.id, childId)),
  );
  return getOwnChild(ctx, viewer, childId);
}

export async function uploadChildImage(ctx: AppContext, viewer: Viewer, childId: number, bytes: Buffer) {
  const { link } = await authorizeChild(ctx, viewer, childId, 'write');
  const key = await storeImage(ctx.storage, `children/${link.companyId}/${childId}`, bytes);
  const [previous] = await ctx.db.select({ key: children.imageKey }).from(children).where(eq(children.id, childId));
  await ctx.db.update(children).set({ imageKey: key }).where(eq(children.id, childId));
  if (previous?.key) await removeImage(ctx, previous.key);
  return { image_url: ctx.files.url(key, { variant: 'thumb' })! };
}

/** The caller's pending invitation to a child, with the child's main guardian. */
export async function getRecognition(ctx: AppContext, viewer: Viewer, childId: number) {
  const [child] = await selectLinkedChildren(
    ctx,
    ctx.db,
    viewer.userId,
    viewer.today,
    and(eq(childUser.childId, childId), pendingLinks(childUser)),
  );
  if (!child) throw notFound();
  const [main] = await ctx.db
    .select({ id: users.id, name: users.name, imageKey: users.imageKey })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, childId), mainLinks(childUser)));
  return {
    child,
    mainUser: main ? { id: main.id, name: main.name, image_url: ctx.files.url(main.imageKey, { variant: 'thumb' }) } : null,
  };
}

/** Accept: the link becomes active, placed after the caller's other children. Refuse: the link goes. */
export async function answerRecognition(ctx: AppContext, viewer: Viewer, childId: number, activate: boolean, now: Date) {
  const { userId } = viewer;
  await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const link = await findLink(db, userId, childId);
    if (!isPendingLink(link)) throw notFound();
    if (activate) {
      const [row] = await db
        .select({ max: sql<number>`coalesce(max(${childUser.sortOrder}), -1)::int` })
        .from(childUser)
        .where(activeLinksOf(childUser, userId));
      await db
        .update(childUser)
        .set({ activated: true, sortOrder: (row?.max ?? -1) + 1 })
        .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
    } else {
      await db.delete(childUser).where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
    }
    await db
      .update(invitations)
      .set({ closedAt: now })
      .where(and(eq(invitations.childId, childId), eq(invitations.userId, userId), isNull(invitations.closedAt)));
  });
  return listChildrenOf(ctx, viewer);
}

/** One activated guardian of one of the caller's activated children. */
export async function getChildUser(ctx: AppContext, viewer: Viewer, childId: number, userId: number) {
  const child = await getOwnChild(ctx, viewer, childId);
  return { user: await getGuardian(ctx, childId, userId), child };
}

const REGISTRATION_ATTEMPTS = { max: 5, windowMs: 60 * 60 * 1000 };

async function findRegistrationToken(db: Db, companyId: number, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(childRegistrationTokens)
    .where(and(eq(childRegistrationTokens.companyId, companyId), eq(childRegistrationTokens.tokenHash, sha256(token))));
  if (!row || row.usedAt || row.expiresAt <= now) throw invalid('token', guardianMessages.registrationTokenInvalid);
  return row;
}

/**
 * Records an attempt before the birth date is compared, under a lock on the token's row, so that
 * concurrent tries are counted one after the other and never more than 5 per hour get compared
 * (docs/decisions/auth-atomic-limits.md). Committed at once: a wrong date stays counted.
 */
async function reserveRegistrationAttempt(
  db: Db,
  token: typeof childRegistrationTokens.$inferSelect,
  userId: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: childRegistrationTokens.id })
      .from(childRegistrationTokens)
      .where(eq(childRegistrationTokens.id, token.id))
      .for('update');
    const [attempts] = await tx
      .select({ n: count() })
      .from(childRegistrationAttempts)
      .where(
        and(
          eq(childRegistrationAttempts.tokenId, token.id),
          gt(childRegistrationAttempts.attemptedAt, new Date(now.getTime() - REGISTRATION_ATTEMPTS.windowMs)),
        ),
      );
    if ((attempts?.n ?? 0) >= REGISTRATION_ATTEMPTS.max) throw tooMany();
    const [row] = await tx
      .insert(childRegistrationAttempts)
      .values({ companyId: token.companyId, tokenId: token.id, userId, attemptedAt: now })
      .returning({ id: childRegistrationAttempts.id });
    return row!.id;
  });
}

/** A visitor not logged in: the URL is checked (so a dead link says so before login). */
export async function checkRegistrationToken(ctx: AppContext, companyId: number, token: string, now: Date) {
  await findRegistrationToken(ctx.db, companyId, token, now);
}

/**
 * Links the caller to the child of a registration token, proven by the birth date. Wrong dates
 * are recorded (and committed) so at most 5 per token per hour are tried. The first guardian
 * becomes main.
 */
export async function registerChild(
  ctx: AppContext,
  userId: number,
  input: { birth: string; type: number; token: string; company_id: number },
  now: Date,
): Promise<{ message: string; child_id: number }> {
  const token = await findRegistrationToken(ctx.db, input.company_id, input.token, now);
  const attempt = await reserveRegistrationAttempt(ctx.db, token, userId, now);
  const [child] = await ctx.db.select().from(children).where(eq(children.id, token.childId));
  if (!child) throw invalid('token', guardianMessages.registrationTokenInvalid);
  if (child.birth !== input.birth) throw invalid('birth', guardianMessages.wrongBirth);
  // The right date: the reserved attempt was no wrong one.
  await ctx.db.delete(childRegistrationAttempts).where(eq(childRegistrationAttempts.id, attempt));
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const existing = await findLink(db, userId, child.id);
    if (isGuardianOf(existing)) throw invalid('token', guardianMessages.alreadyLinked);
    // Single use: only the first of two concurrent requests marks the token.
    const used = await db
      .update(childRegistrationTokens)
      .set({ usedAt: now, usedBy: userId })
      .where(and(eq(childRegistrationTokens.id, token.id), isNull(childRegistrationTokens.usedAt)))
      .returning({ id: childRegistrationTokens.id });
    if (used.length === 0) throw invalid('token', guardianMessages.registrationTokenInvalid);
    const [mainRow] = await db
      .select({ n: count() })
      .from(childUser)
      .where(and(eq(childUser.childId, child.id), mainLinks(childUser)));
    const isFirst = (mainRow?.n ?? 0) === 0;
    const [order] = await db
      .select({ max: sql<number>`coalesce(max(${childUser.sortOrder}), -1)::int` })
      .from(childUser)
      .where(activeLinksOf(childUser, userId));
    const values = { type: input.type, main: isFirst, writable: true, activated: true, sortOrder: (order?.max ?? -1) + 1 };
    if (existing) {
      // A pending invitation to the same child is superseded by the facility's registration.
      await db
        .update(childUser)
        .set(values)
        .where(and(eq(childUser.childId, child.id), eq(childUser.userId, userId)));
    } else {
      await db.insert(childUser).values({ childId: child.id, userId, companyId: child.companyId, ...values });
    }
    return { message: guardianMessages.registered, child_id: child.id };
  });
}

/** The caller's activated children (only those enrolled today when `enrolledOnly`), for the child pickers of events, schedules and growths. */
export async function listViewableChildren(ctx: AppContext, viewer: Viewer, enrolledOnly: boolean): Promise<ViewableChild[]> {
  return (await viewableChildren(ctx, viewer, enrolledOnly)).map(({ child, link }) => presentViewableChild(ctx, child, link));
}
