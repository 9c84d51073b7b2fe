import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { noteChildren, noticeTargets, notices } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { viewableEnrolments, type Viewer } from '../access';

/**
 * A target row is visible when it addresses one of these enrolments, the notice is released and it
 * comes from the enrolment's own facility (a wrongly addressed notice of another facility never shows).
 */
export const visibleTarget = (noteChildIds: number[], now: Date) =>
  and(
    inArray(noticeTargets.noteChildId, noteChildIds),
    lte(noticeTargets.releasedAt, now),
    lte(notices.releasedAt, now),
    eq(notices.facilityId, noteChildren.facilityId),
  );

/** The caller's enrolments among childIds that the notice addresses (visible ones only). */
export async function addressedTargets(db: Db, viewer: Viewer, now: Date, noticeId: number, childIds: number[]) {
  const enrolments = await viewableEnrolments(db, viewer, childIds);
  if (enrolments.length === 0) return [];
  return db
    .select({ id: noticeTargets.id, readAt: noticeTargets.readAt, noteChildId: noticeTargets.noteChildId })
    .from(noticeTargets)
    .innerJoin(notices, eq(notices.id, noticeTargets.noticeId))
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .where(
      and(
        eq(noticeTargets.noticeId, noticeId),
        visibleTarget(
          enrolments.map((e) => e.enrolment.id),
          now,
        ),
      ),
    );
}

/** PUT /api/notices/read: idempotent (the first read time stays). */
export async function markRead(ctx: AppContext, viewer: Viewer, now: Date, noticeId: number, childIds: number[]): Promise<void> {
  const targets = await addressedTargets(ctx.db, viewer, now, noticeId, childIds);
  if (targets.length === 0) throw notFound();
  const unread = targets.filter((t) => t.readAt === null).map((t) => t.id);
  if (unread.length === 0) return;
  await ctx.db
    .update(noticeTargets)
    .set({ readAt: now })
    .where(and(inArray(noticeTargets.id, unread), isNull(noticeTargets.readAt)));
}
