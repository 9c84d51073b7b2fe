import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Child } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, children, facilities, noteChildren } from '../../db/schema';
import { tokyoDate } from '../../lib/clock';

/** An enrolment is current ("existence") when today lies within admitted_on … left_on. */
export const currentEnrolment = (today: string) =>
  and(lte(noteChildren.admittedOn, today), or(isNull(noteChildren.leftOn), gte(noteChildren.leftOn, today)));

/**
 * The caller's links with the facility of the child's current (else latest) enrolment.
 * One query whatever the number of children.
 */
export async function listChildrenOf(ctx: AppContext, userId: number, now: Date): Promise<Child[]> {
  const today = tokyoDate(now);
  const latestFacility = sql<string | null>`(
    select ${facilities.name} from ${noteChildren}
    join ${facilities} on ${facilities.id} = ${noteChildren.facilityId}
    where ${noteChildren.childId} = ${children.id}
    order by (${noteChildren.admittedOn} <= ${today} and (${noteChildren.leftOn} is null or ${noteChildren.leftOn} >= ${today})) desc,
      ${noteChildren.admittedOn} desc
    limit 1)`;
  const rows = await ctx.db
    .select({ child: children, pivot: childUser, facilityName: latestFacility })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(and(eq(childUser.userId, userId), or(isNull(childUser.activated), eq(childUser.activated, true))))
    .orderBy(asc(childUser.sortOrder), asc(children.id));
  return rows.map(({ child, pivot, facilityName }) => presentChild(ctx, child, pivot, facilityName));
}

export function presentChild(
  ctx: AppContext,
  child: typeof children.$inferSelect,
  pivot: typeof childUser.$inferSelect,
  facilityName: string | null,
): Child {
  return {
    id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    first_name_kana: child.firstNameKana,
    last_name_kana: child.lastNameKana,
    image_url: ctx.files.url(child.imageKey),
    facility_name: facilityName,
    // The QR token is for the guardian's own, activated children only.
    qr_token: pivot.activated ? child.qrToken : '',
    pivot: { type: pivot.type, main: pivot.main, writable: pivot.writable, activated: pivot.activated },
  };
}

/** Current enrolments of the caller's activated children. */
export async function listExistence(ctx: AppContext, userId: number, now: Date) {
  const today = tokyoDate(now);
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
    .where(and(eq(childUser.userId, userId), eq(childUser.activated, true), currentEnrolment(today)))
    .orderBy(asc(childUser.sortOrder), asc(noteChildren.childId));
}
