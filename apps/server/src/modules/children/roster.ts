import { desc, eq, sql } from 'drizzle-orm';
import { rosterMessages, type StaffChild, type StaffChildInput, type StaffChildListItem } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childUser, children, classes, noteChildren, pickupPersons } from '../../db/schema';
import type { FileUrls } from '../../lib/files';
import { randomToken } from '../../lib/crypto';
import { invalidMany, notFound } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { activeLinks, enrolmentCovers, type FacilityGrant, type StaffChildGrant, type StaffViewer } from '../access';
import { classOfFacility } from '../facilities/service';
import { recordAudit } from '../audit/service';
import { removeImage } from '../../lib/images';
import { presentRosterChild, presentStaffChild } from './staff-presenter';

const rosterChildColumns = {
  id: children.id,
  lastName: children.lastName,
  firstName: children.firstName,
  lastNameKana: children.lastNameKana,
  firstNameKana: children.firstNameKana,
  birth: children.birth,
  sex: children.sex,
  imageKey: children.imageKey,
};
const enrolmentColumns = {
  id: noteChildren.id,
  classId: noteChildren.classId,
  admittedOn: noteChildren.admittedOn,
  leftOn: noteChildren.leftOn,
  facilityId: noteChildren.facilityId,
  temporaryOnly: noteChildren.temporaryOnly,
};
const guardiansCount = sql<number>`(select count(*)::int from ${childUser}
  where ${childUser.childId} = ${children.id} and ${activeLinks(childUser)})`;
const pickupProposals = sql<number>`(select count(*)::int from ${pickupPersons}
  where ${pickupPersons.childId} = ${children.id} and ${pickupPersons.status} = 'proposed')`;

/**
 * The facility's roster: each child once, with its enrolment there that covers today (else the
 * latest), so that a child who left and came back shows as enrolled. One statement.
 */
export async function listRoster(
  db: Db,
  files: FileUrls,
  facilityId: number,
  today: string,
  filter: { classId?: number; includeLeft: boolean },
): Promise<StaffChildListItem[]> {
  const covers = enrolmentCovers(noteChildren, today);
  const rows = await db
    .selectDistinctOn([noteChildren.childId], {
      child: rosterChildColumns,
      enrolment: enrolmentColumns,
      className: classes.name,
      covers: sql<boolean>`${covers}`,
      guardiansCount,
      pickupProposals,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .where(eq(noteChildren.facilityId, facilityId))
    .orderBy(noteChildren.childId, sql`${covers} desc`, desc(noteChildren.admittedOn), desc(noteChildren.id));
  return rows
    .map((row) => presentRosterChild(row, today, files))
    .filter((child) => (filter.includeLeft || child.status !== 'left') && (!filter.classId || child.class_id === filter.classId))
    .sort(
      (a, b) =>
        a.last_name_kana.localeCompare(b.last_name_kana, 'ja') ||
        a.first_name_kana.localeCompare(b.first_name_kana, 'ja') ||
        a.id - b.id,
    );
}

/** The child's record through one of its enrolments (the one the access kernel granted). */
export async function loadStaffChild(db: Db, files: FileUrls, enrolmentId: number, today: string): Promise<StaffChild> {
  const [row] = await db
    .select({
      child: children,
      enrolment: enrolmentColumns,
      className: classes.name,
      covers: sql<boolean>`${enrolmentCovers(noteChildren, today)}`,
      guardiansCount,
      pickupProposals,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .where(eq(noteChildren.id, enrolmentId));
  if (!row) throw notFound();
  return presentStaffChild(row, today, files);
}

/**
 * What the schema cannot know (staff.md §3): the birth date is not in the future, admission is
 * not before birth, and the class is one of the facility's. Field errors, empty when valid.
 */
export async function childRuleErrors(
  db: Db,
  facilityId: number,
  input: Pick<StaffChildInput, 'birth' | 'admitted_on' | 'class_id'>,
  today: string,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (input.birth > today) errors.birth = [rosterMessages.birthInFuture];
  else if (input.admitted_on < input.birth) errors.admitted_on = [rosterMessages.admittedBeforeBirth];
  if (input.class_id !== null && !(await classOfFacility(db, facilityId, input.class_id)))
    errors.class_id = [rosterMessages.classNotFound];
  return errors;
}

async function assertChildRules(db: Db, facilityId: number, input: StaffChildInput, today: string) {
  const errors = await childRuleErrors(db, facilityId, input, today);
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
}

const childValues = (input: StaffChildInput) => ({
  lastName: input.last_name,
  firstName: input.first_name,
  lastNameKana: input.last_name_kana,
  firstNameKana: input.first_name_kana,
  birth: input.birth,
  sex: input.sex,
  allergies: input.allergies,
  careNotes: input.care_notes,
});

const enrolmentValues = (input: StaffChildInput) => ({
  classId: input.class_id,
  admittedOn: input.admitted_on,
  leftOn: input.left_on,
  temporaryOnly: input.temporary_only,
});

/**
 * Inserts children with their enrolments at the facility (a random QR token each, as the guardian
 * app's QR page needs), and a `child.create` entry per child. Run inside the caller's transaction.
 */
export async function insertChildren(
  tx: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  inputs: StaffChildInput[],
  now: Date,
  details: Record<string, unknown> = {},
): Promise<{ childId: number; enrolmentId: number }[]> {
  if (inputs.length === 0) return [];
  const tokens = inputs.map(() => randomToken(24));
  const created = await tx
    .insert(children)
    .values(inputs.map((input, i) => ({ companyId: grant.companyId, ...childValues(input), qrToken: tokens[i]! })))
    .returning({ id: children.id, qrToken: children.qrToken });
  // Matched by the unique QR token, not by the order RETURNING happens to use.
  const idOf = new Map(created.map((c) => [c.qrToken, c.id]));
  const childIds = tokens.map((token) => idOf.get(token)!);
  const enrolments = await tx
    .insert(noteChildren)
    .values(
      inputs.map((input, i) => ({
        companyId: grant.companyId,
        childId: childIds[i]!,
        facilityId: grant.facilityId,
        ...enrolmentValues(input),
      })),
    )
    .returning({ id: noteChildren.id, childId: noteChildren.childId });
  const enrolmentOf = new Map(enrolments.map((e) => [e.childId, e.id]));
  for (const childId of childIds) {
    await recordAudit(tx, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'child.create',
      targetType: 'child',
      targetId: childId,
      childId,
      details,
    });
  }
  return childIds.map((childId) => ({ childId, enrolmentId: enrolmentOf.get(childId)! }));
}

/** Creates one child with its enrolment; audited `child.create`. */
export async function createChild(
  db: Db,
  files: FileUrls,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: StaffChildInput,
  now: Date,
) {
  await assertChildRules(db, grant.facilityId, input, staff.today);
  const [created] = await db.transaction((tx) => insertChildren(tx, staff, grant, [input], now));
  return loadStaffChild(db, files, created!.enrolmentId, staff.today);
}

/** The record's fields an edit changed, by name only (allergies and care notes stay out of the log). */
function changedFields(before: StaffChildGrant, input: StaffChildInput): string[] {
  const was: Record<string, unknown> = {
    last_name: before.child.lastName,
    first_name: before.child.firstName,
    last_name_kana: before.child.lastNameKana,
    first_name_kana: before.child.firstNameKana,
    birth: before.child.birth,
    sex: before.child.sex,
    allergies: before.child.allergies,
    care_notes: before.child.careNotes,
    class_id: before.enrolment.classId,
    admitted_on: before.enrolment.admittedOn,
    left_on: before.enrolment.leftOn,
    temporary_only: before.enrolment.temporaryOnly,
  };
  return Object.keys(was).filter((key) => was[key] !== input[key as keyof StaffChildInput]);
}

/** Edits the child and the enrolment the kernel granted; audited `child.update` with the changed fields' names. */
export async function updateChild(
  db: Db,
  files: FileUrls,
  staff: StaffViewer,
  granted: StaffChildGrant,
  input: StaffChildInput,
  now: Date,
) {
  const { child, enrolment, grant } = granted;
  await assertChildRules(db, enrolment.facilityId, input, staff.today);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.update(children).set(childValues(input)).where(eq(children.id, child.id));
    await t.update(noteChildren).set(enrolmentValues(input)).where(eq(noteChildren.id, enrolment.id));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: enrolment.facilityId,
      action: 'child.update',
      targetType: 'child',
      targetId: child.id,
      childId: child.id,
      details: { fields: changedFields(granted, input) },
    });
  });
  return loadStaffChild(db, files, enrolment.id, staff.today);
}

/** A child's personal record (allergies, care notes): the read and its `child.read` entry go together. */
export async function readChildRecord(db: Db, files: FileUrls, staff: StaffViewer, granted: StaffChildGrant, now: Date) {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const record = await loadStaffChild(t, files, granted.enrolment.id, staff.today);
    await recordAudit(t, staff, now, {
      companyId: granted.grant.companyId,
      facilityId: granted.enrolment.facilityId,
      action: 'child.read',
      targetType: 'child',
      targetId: granted.child.id,
      childId: granted.child.id,
    });
    return record;
  });
}

/** Keys (姓・名・生年月日) of the children with an enrolment at the facility, for the import's duplicate check. */
export async function enrolledChildKeys(db: Db, facilityId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ lastName: children.lastName, firstName: children.firstName, birth: children.birth })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(eq(noteChildren.facilityId, facilityId));
  return new Set(rows.map((r) => childKey(r.lastName, r.firstName, r.birth)));
}

export const childKey = (lastName: string, firstName: string, birth: string) => `${lastName}\u0000${firstName}\u0000${birth}`;

/**
 * Sets (bytes) or removes (null) the child's photo as staff (staff.md §3), the one the guardian app
 * shows as `children.image_key`: stored stripped, with its variants, before the transaction; the
 * row and its audit entry together; the replaced file removed after the commit (the new one if the
 * transaction fails).
 */
export async function setChildImage(
  ctx: AppContext,
  staff: StaffViewer,
  granted: StaffChildGrant,
  bytes: Buffer | null,
  now: Date,
) {
  const { child, grant } = granted;
  const key = bytes ? await storeImage(ctx.storage, `children/${child.companyId}/${child.id}`, bytes) : null;
  try {
    const previous = await ctx.db.transaction(async (tx) => {
      const t: Db = tx;
      const [before] = await t.select({ key: children.imageKey }).from(children).where(eq(children.id, child.id)).for('update');
      await t.update(children).set({ imageKey: key }).where(eq(children.id, child.id));
      await recordAudit(t, staff, now, {
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        action: key ? 'child.photo.update' : 'child.photo.delete',
        targetType: 'child',
        targetId: child.id,
        childId: child.id,
      });
      return before?.key ?? null;
    });
    if (previous) await removeImage(ctx, previous);
  } catch (error) {
    if (key) await removeImage(ctx, key);
    throw error;
  }
  return key;
}
