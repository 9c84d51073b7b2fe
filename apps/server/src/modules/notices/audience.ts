import { and, eq, inArray } from 'drizzle-orm';
import { noticeMessages, type NoticeAudience, type NoticeStatus, staffNoticeBody } from '@renraku/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { classes, noteChildren, notices } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { enrolmentCovers, mayAddressAudience, type FacilityGrant } from '../access';

/*
 * お知らせ written by staff (staff.md §5; docs/decisions/notices-staff-authoring.md). A notice is a
 * draft, published (scheduled while its release time is ahead) or withdrawn; only a published one
 * has notice_targets rows, so the guardians' read model (targets, release days, body versions, all
 * kept by the database) follows every staff action without code of its own.
 */

export type NoticeInput = z.output<typeof staffNoticeBody>;
export type NoticeRow = typeof notices.$inferSelect;

export const NOTICE_FILES_MAX = 10;

/** What the screen calls the notice's state at `now`. */
export const noticeStatus = (row: Pick<NoticeRow, 'state' | 'releasedAt'>, now: Date): NoticeStatus =>
  row.state === 'draft'
    ? 'draft'
    : row.state === 'withdrawn'
      ? 'withdrawn'
      : row.releasedAt.getTime() > now.getTime()
        ? 'scheduled'
        : 'released';

/** The notice and its facility (404 when there is none). */
export async function loadNotice(db: Db, noticeId: number): Promise<NoticeRow> {
  const [row] = await db.select().from(notices).where(eq(notices.id, noticeId));
  if (!row) throw notFound();
  return row;
}

/** The children's enrolments at the facility covering the day, with their class (the audience's classes). */
const enrolledClasses = (db: Db, facilityId: number, childIds: number[], today: string) =>
  db
    .select({ childId: noteChildren.childId, classId: noteChildren.classId })
    .from(noteChildren)
    .where(
      and(inArray(noteChildren.childId, childIds), eq(noteChildren.facilityId, facilityId), enrolmentCovers(noteChildren, today)),
    );

/**
 * The classes an audience reaches, checked against the facility (422 for a class or child not of it):
 * null stands for the whole facility. Children count by the class of their enrolment covering today.
 */
export async function audienceClasses(db: Db, grant: FacilityGrant, audience: NoticeAudience | null, today: string) {
  if (!audience || audience.kind === 'facility') return [null];
  const ids = [...new Set(audience.ids)];
  if (audience.kind === 'classes') {
    const found = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(inArray(classes.id, ids), eq(classes.facilityId, grant.facilityId)));
    if (found.length !== ids.length) throw invalid('audience', noticeMessages.classNotOfFacility);
    return ids;
  }
  const found = await enrolledClasses(db, grant.facilityId, ids, today);
  if (new Set(found.map((f) => f.childId)).size !== ids.length) throw invalid('audience', noticeMessages.childNotOfFacility);
  return [...new Set(found.map((f) => f.classId))];
}

/** Whether the caller may address every class the audience reaches (staff.md §1: class staff their own). */
export const mayAddressAll = (grant: FacilityGrant, classIds: (number | null)[]) =>
  classIds.every((classId) => mayAddressAudience(grant, classId));

/** The audience in words for the list. */
export async function audienceLabels(db: Db, rows: { id: number; audience: NoticeAudience | null }[]) {
  const classIds = rows.flatMap((r) => (r.audience?.kind === 'classes' ? r.audience.ids : []));
  const names = classIds.length
    ? new Map(
        (await db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, classIds))).map((c) => [
          c.id,
          c.name,
        ]),
      )
    : new Map<number, string>();
  return new Map(
    rows.map((r) => [
      r.id,
      !r.audience || r.audience.kind === 'facility'
        ? r.audience
          ? '施設全体'
          : '在籍のお子さま'
        : r.audience.kind === 'classes'
          ? r.audience.ids.map((id) => names.get(id) ?? '').join('・')
          : `${r.audience.ids.length}人のお子さま`,
    ]),
  );
}

/** May the caller edit, track and remind this notice? */
export async function mayAddressNotice(db: Db, grant: FacilityGrant, row: NoticeRow, today: string) {
  try {
    return mayAddressAll(grant, await audienceClasses(db, grant, row.audience, today));
  } catch {
    // A child who has left since: the class staff can no longer be told apart; only who addresses the whole facility.
    return mayAddressAudience(grant, null);
  }
}

/**
 * `editable` of many notices at once (the list): the facility's roles may address every notice;
 * class staff their classes, and children whose enrolment today is in one of them (one statement).
 */
export async function editableOf(db: Db, grant: FacilityGrant, rows: NoticeRow[], today: string): Promise<Map<number, boolean>> {
  if (mayAddressAudience(grant, null)) return new Map(rows.map((r) => [r.id, true]));
  const childIds = [...new Set(rows.flatMap((r) => (r.audience?.kind === 'children' ? r.audience.ids : [])))];
  const classOf = new Map(
    childIds.length ? (await enrolledClasses(db, grant.facilityId, childIds, today)).map((c) => [c.childId, c.classId]) : [],
  );
  const mine = (classId: number | null | undefined) => classId != null && mayAddressAudience(grant, classId);
  return new Map(
    rows.map((r) => [
      r.id,
      r.audience?.kind === 'classes'
        ? r.audience.ids.every(mine)
        : r.audience?.kind === 'children'
          ? r.audience.ids.every((id) => mine(classOf.get(id)))
          : false,
    ]),
  );
}
