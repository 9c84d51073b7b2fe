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
