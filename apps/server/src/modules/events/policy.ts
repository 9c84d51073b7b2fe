import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { ViewableChild } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, children, noteChildren } from '../../db/schema';
import { prepared } from '../../db/prepared';
import { forbidden, notFound } from '../../lib/errors';
import { currentEnrolment } from '../children/service';

/**
 * Who may see or write a child's events, schedules and growth (F §6): an activated link only;
 * any other child reads as 404. Writing needs pivot.writable (403 otherwise).
 */
export interface LinkedChild {
  child: typeof children.$inferSelect;
  pivot: typeof childUser.$inferSelect;
  /** The current enrolment (existence), if any. */
  enrolment: typeof noteChildren.$inferSelect | null;
}

export type ChildAction = 'view' | 'write';

const linkedChildStatement = prepared('linked_child', (db, name) =>
  db
    .select({ child: children, pivot: childUser, enrolment: noteChildren })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .leftJoin(noteChildren, and(eq(noteChildren.childId, children.id), currentEnrolment(sql.placeholder('today'))))
    .where(
      and(
        eq(childUser.userId, sql.placeholder('userId')),
        eq(childUser.childId, sql.placeholder('childId')),
        eq(childUser.activated, true),
      ),
    )
    .orderBy(desc(noteChildren.admittedOn))
    .limit(1)
    .prepare(name),
);

/** One prepared statement: the link, the child and its current enrolment. Throws 404 / 403. */
export async function authorizeChild(
  ctx: AppContext,
  userId: number,
  childId: number,
  today: string,
  action: ChildAction,
): Promise<LinkedChild> {
  const [row] = await linkedChildStatement(ctx.db).execute({ userId, childId, today });
  if (!row) throw notFound();
  if (action === 'write' && !row.pivot.writable) throw forbidden();
  return row;
}

/** The caller's activated children (optionally only those enrolled today), in the caller's order. One query. */
export async function listViewableChildren(
  ctx: AppContext,
  userId: number,
  today: string,
  enrolledOnly: boolean,
): Promise<ViewableChild[]> {
  const enrolled = exists(
    ctx.db
      .select({ one: noteChildren.id })
      .from(noteChildren)
      .where(and(eq(noteChildren.childId, children.id), currentEnrolment(today))),
  );
  const rows = await ctx.db
    .select({ child: children, activated: childUser.activated })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(and(eq(childUser.userId, userId), eq(childUser.activated, true), enrolledOnly ? enrolled : undefined))
    .orderBy(asc(childUser.sortOrder), asc(children.id));
  return rows.map(({ child, activated }) => ({
    id: child.id,
    first_name: child.firstName,
    first_name_kana: child.firstNameKana,
    image_url: ctx.files.url(child.imageKey, { variant: 'thumb' }),
    pivot: { activated },
  }));
}
