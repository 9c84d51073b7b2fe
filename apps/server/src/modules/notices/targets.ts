import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { tokyoDate, type NoticeAudience } from '@renraku/contract';
import type { Db } from '../../db/client';
import { noteChildren, noticeTargets, notices } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { viewableEnrolments, type Viewer } from '../access';

/*
 * notice_targets, written here only (one writer per table, DESIGN §3.2): a published notice's
 * targets, written when it is published (`writeTargets`) and dropped when it is edited before release
 * or withdrawn (`dropTargets`), and the families' read marks (`markRead`). The copies of the notice's
 * release time and facility, and the release days, are kept by the database (migration 0009).
 */

/**
 * The enrolments a published notice addresses: enrolled at its facility today or from its release day
 * on. Answers the children addressed (their guardians get the push).
 */
export async function writeTargets(
  db: Db,
  notice: { id: number; companyId: number; facilityId: number; releasedAt: Date },
  audience: NoticeAudience,
  today: string,
) {
  const releaseDay = tokyoDate(notice.releasedAt);
  const firstDay = releaseDay > today ? releaseDay : today;
  const enrolled = and(
    eq(noteChildren.facilityId, notice.facilityId),
    sql`${noteChildren.admittedOn} <= ${firstDay}`,
    or(isNull(noteChildren.leftOn), sql`${noteChildren.leftOn} >= ${today}`),
  );
  const where =
    audience.kind === 'facility'
      ? enrolled
      : audience.kind === 'classes'
        ? and(enrolled, inArray(noteChildren.classId, audience.ids))
        : and(enrolled, inArray(noteChildren.childId, audience.ids));
  const rows = await db.select({ id: noteChildren.id, childId: noteChildren.childId }).from(noteChildren).where(where);
  if (rows.length === 0) return [];
  await db
    .insert(noticeTargets)
    .values(
      rows.map((r) => ({
        companyId: notice.companyId,
        noticeId: notice.id,
        noteChildId: r.id,
        releasedAt: notice.releasedAt,
        facilityId: notice.facilityId,
      })),
    )
    .onConflictDoNothing();
  return [...new Set(rows.map((r) => r.childId))];
}

/** A notice edited before its release, or withdrawn, reaches nobody until it is published again. */
export async function dropTargets(db: Db, noticeId: number) {
  await db.delete(noticeTargets).where(eq(noticeTargets.noticeId, noticeId));
}

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
export async function markRead(db: Db, viewer: Viewer, now: Date, noticeId: number, childIds: number[]): Promise<void> {
  const targets = await addressedTargets(db, viewer, now, noticeId, childIds);
  if (targets.length === 0) throw notFound();
  const unread = targets.filter((t) => t.readAt === null).map((t) => t.id);
  if (unread.length === 0) return;
  await db
    .update(noticeTargets)
    .set({ readAt: now })
    .where(and(inArray(noticeTargets.id, unread), isNull(noticeTargets.readAt)));
}
