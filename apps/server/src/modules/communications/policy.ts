import { and, eq, sql } from 'drizzle-orm';
import { communicationMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, children, facilities, noteChildren } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { currentEnrolment } from '../children/service';

/** The caller's activated link to a child and the child's current enrolment ("existence"). */
export interface ChildAccess {
  childId: number;
  childName: string;
  writable: boolean;
  noteChildId: number;
  companyId: number;
  facilityId: number;
  facilityName: string;
}

/**
 * One query: the link and the current enrolment. A child that is not the caller's (or not
 * activated) reads as 404; a linked child without a current enrolment cannot use communications (403).
 */
export async function loadChildAccess(ctx: AppContext, userId: number, childId: number, today: string): Promise<ChildAccess> {
  const [row] = await ctx.db
    .select({
      childId: children.id,
      firstName: children.firstName,
      writable: childUser.writable,
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      facilityId: noteChildren.facilityId,
      facilityName: facilities.name,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .leftJoin(noteChildren, and(eq(noteChildren.childId, children.id), currentEnrolment(today)))
    .leftJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .where(and(eq(childUser.userId, userId), eq(childUser.childId, childId), eq(childUser.activated, true)))
    .orderBy(sql`${noteChildren.admittedOn} desc nulls last`)
    .limit(1);
  if (!row) throw notFound();
  if (row.noteChildId == null) throw forbidden(communicationMessages.childNotEnrolled);
  return {
    childId: row.childId,
    childName: row.firstName,
    writable: row.writable,
    noteChildId: row.noteChildId,
    companyId: row.companyId!,
    facilityId: row.facilityId!,
    facilityName: row.facilityName ?? '',
  };
}

/** Sending anything for a child needs write permission (read-only guardians: 403). */
export async function authorizeWrite(ctx: AppContext, userId: number, childId: number, today: string): Promise<ChildAccess> {
  const access = await loadChildAccess(ctx, userId, childId, today);
  if (!access.writable) throw forbidden(communicationMessages.readOnly);
  return access;
}
