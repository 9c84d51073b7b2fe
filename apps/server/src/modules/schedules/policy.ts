import { sql } from 'drizzle-orm';
import { sessionUserId } from '../auth/session';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { authorizeChild, type ChildAction } from '../events/policy';

/**
 * Schedules belong to the child's current enrolment: an activated link is needed (404 otherwise),
 * writing needs pivot.writable (403), and a child without a current enrolment has no schedules (404).
 */
export async function authorizeSchedules(ctx: AppContext, userId: number, childId: number, today: string, action: ChildAction) {
  const linked = await authorizeChild(ctx, userId, childId, today, action);
  if (!linked.enrolment) throw notFound();
  return { ...linked, enrolment: linked.enrolment };
}

/**
 * The same rule as `authorizeSchedules(…, 'view')` as a SQL fragment (placeholders `sessionId`,
 * `now` of the caller's session, `childId`, `today`) for statements that check and read at once: the caller's activated link with
 * the child's current enrolment (null columns when there is none), at most one row.
 */
export const viewableEnrolment = sql`
  select cu.writable, nc.id as note_child_id, nc.facility_id, nc.class_id
  from child_user cu
  left join note_children nc on nc.child_id = cu.child_id
    and nc.admitted_on <= ${sql.placeholder('today')} and (nc.left_on is null or nc.left_on >= ${sql.placeholder('today')})
  where cu.user_id = ${sessionUserId} and cu.child_id = ${sql.placeholder('childId')} and cu.activated
  order by nc.admitted_on desc limit 1`;
