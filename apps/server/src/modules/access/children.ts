import { and, asc, eq, exists, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { Viewer } from '../../lib/sessions';
import { childUser, children, facilities, noteChildren } from '../../db/schema';
import { enrolmentCovers } from './enrolment';
import { inTransaction } from './transactions';
import { activeLinksOf, authorizeLink, type ChildAction, type GuardianLink } from './guardian-links';

/** What an allowed caller may use of a child: the child, the caller's link, today's enrolment. */
export interface ChildGrant {
  child: typeof children.$inferSelect;
  link: GuardianLink;
  /** The enrolment that covers today ("existence"), null when the child has none. */
  enrolment: typeof noteChildren.$inferSelect | null;
  /** The facility of that enrolment. */
  facilityName: string | null;
}

export type EnrolledGrant = ChildGrant & { enrolment: typeof noteChildren.$inferSelect; facilityName: string };

type Value<T> = T | Placeholder;

const grantQuery = (db: Db, userId: Value<number>, childId: Value<number>, today: Value<string>) =>
  db
    .select({ child: children, link: childUser, enrolment: noteChildren, facilityName: facilities.name })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .leftJoin(noteChildren, and(eq(noteChildren.childId, children.id), enrolmentCovers(noteChildren, today)))
    .leftJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .where(and(eq(childUser.childId, childId), activeLinksOf(childUser, sql`${userId}`)))
    .orderBy(sql`${noteChildren.admittedOn} desc nulls last`)
    .limit(1);

const grantStatement = prepared('child_grant', (db, name) =>
  grantQuery(db, sql.placeholder('userId'), sql.placeholder('childId'), sql.placeholder('today')).prepare(name),
);

export interface AuthorizeOptions {
  /** A transaction to read in (prepared statements run on the pool, outside it). */
  db?: Db;
  /** The area's 403 message (default: the common one). */
  forbidden?: string;
}

/**
 * The one check of a guardian's call that names a child (DESIGN §4): one statement reads the
 * caller's activated link, the child and today's enrolment. Not the caller's child (or only
 * pending) → 404; allowed to see but not to do the action → 403.
 */
export async function authorizeChild(
  ctx: AppContext,
  viewer: Viewer,
  childId: number,
  action: ChildAction,
  options: AuthorizeOptions = {},
): Promise<ChildGrant> {
  const values = { userId: viewer.userId, childId, today: viewer.today };
  // In a transaction (the write's): the link holds until it ends (transactions.ts).
  const [row] = options.db
    ? inTransaction(options.db)
      ? await grantQuery(options.db, values.userId, values.childId, values.today).for('share', { of: childUser })
      : await grantQuery(options.db, values.userId, values.childId, values.today)
    : await grantStatement(ctx.db).execute(values);
  authorizeLink(row?.link, action, options.forbidden);
  return row!;
}

/** The grant's enrolment, or the area's error when the child has none today. */
export function requireEnrolment(grant: ChildGrant, orElse: () => Error): EnrolledGrant {
  if (!grant.enrolment) throw orElse();
  return grant as EnrolledGrant;
}

/** A guardian's link to a child, whatever its state (pending ones included), for the flows that change it. */
export async function findLink(db: Db, userId: number, childId: number): Promise<GuardianLink | undefined> {
  const [link] = await db
    .select()
    .from(childUser)
    .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
  return link;
}

/**
 * The caller's activated children (only those enrolled today when `enrolledOnly`), in the caller's
 * order. One query.
 */
export async function viewableChildren(ctx: AppContext, viewer: Viewer, enrolledOnly: boolean) {
  const enrolled = exists(
    ctx.db
      .select({ one: noteChildren.id })
      .from(noteChildren)
      .where(and(eq(noteChildren.childId, children.id), enrolmentCovers(noteChildren, viewer.today))),
  );
  return ctx.db
    .select({ child: children, link: childUser })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(and(activeLinksOf(childUser, viewer.userId), enrolledOnly ? enrolled : undefined))
    .orderBy(asc(childUser.sortOrder), asc(children.id));
}

/**
 * The caller's activated children with the enrolments that cover today (among `childIds` when
 * given). One query. What the facility addresses to an enrolment is visible through these only:
 * never through a pending invitation or a past or future enrolment.
 */
export async function viewableEnrolments(db: Db, viewer: Viewer, childIds?: number[]) {
  if (childIds && childIds.length === 0) return [];
  return db
    .select({ link: childUser, enrolment: noteChildren })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .where(
      and(
        activeLinksOf(childUser, viewer.userId),
        enrolmentCovers(noteChildren, viewer.today),
        childIds ? inArray(childUser.childId, childIds) : undefined,
      ),
    );
}
