import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  PICKUP_PROPOSALS_MAX,
  pickupMessages,
  pickupPersonBody,
  type ChildPickupPerson,
  type PickupPerson,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pickupPersons, users } from '../../db/schema';
import { conflict, invalidMany, notFound } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import type { Viewer } from '../../lib/sessions';
import {
  authorizeChild,
  authorizeStaffChild,
  checkedWrite,
  type StaffAction,
  type StaffChildGrant,
  type StaffViewer,
} from '../access';
import { recordAudit, type AuditAction } from '../audit/service';
import { removeImage } from '../../lib/images';

type Row = typeof pickupPersons.$inferSelect;
interface PickupInput {
  name: string;
  relation: string;
  phone: string;
}

const auditTarget = (granted: StaffChildGrant, action: AuditAction, targetId: number | null) => ({
  companyId: granted.grant.companyId,
  facilityId: granted.grant.facilityId,
  action,
  targetType: 'pickup_person',
  targetId,
  childId: granted.child.id,
});

/** Where a pick-up person's photo is stored (beside the child's photos, by company and child). */
const photoFolder = (row: Pick<Row, 'companyId' | 'childId'>) => `pickup/${row.companyId}/${row.childId}`;

async function present(ctx: AppContext, db: Db, rows: Row[]): Promise<PickupPerson[]> {
  const approverIds = [...new Set(rows.map((r) => r.approvedBy).filter((id): id is number => id !== null))];
  const found = approverIds.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, approverIds))
    : [];
  const approvers = new Map(found.map((u) => [u.id, u.name ?? u.email]));
  return rows.map((r) => ({
    ...presentForGuardian(ctx, r),
    approved_by: r.approvedBy ? { id: r.approvedBy, name: approvers.get(r.approvedBy) ?? '' } : null,
  }));
}

/** What the child's guardians see: no staff names, no creator. */
const presentForGuardian = (ctx: AppContext, r: Row): ChildPickupPerson => ({
  id: r.id,
  name: r.name,
  relation: r.relation,
  phone: r.phone,
  status: r.status as ChildPickupPerson['status'],
  image_url: ctx.files.url(r.imageKey, { variant: 'thumb' }),
});

const childRows = (db: Db, childId: number) =>
  db
    .select()
    .from(pickupPersons)
    .where(eq(pickupPersons.childId, childId))
    .orderBy(asc(pickupPersons.status), asc(pickupPersons.id));

/** The child's pick-up persons, approved first; an audited read of the child's personal record. */
export async function listPickupPersons(ctx: AppContext, staff: StaffViewer, granted: StaffChildGrant, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const rows = await childRows(db, granted.child.id);
    await recordAudit(db, staff, now, auditTarget(granted, 'child.pickup.read', null));
    return present(ctx, db, rows);
  });
}

export async function addPickupPerson(
  ctx: AppContext,
  staff: StaffViewer,
  granted: StaffChildGrant,
  input: PickupInput,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const [row] = await db
      .insert(pickupPersons)
      .values({
        companyId: granted.grant.companyId,
        childId: granted.child.id,
        ...input,
        status: 'approved',
        createdBy: staff.userId,
        approvedBy: staff.userId,
      })
      .returning();
    await recordAudit(db, staff, now, auditTarget(granted, 'child.pickup.create', row!.id));
    return (await present(ctx, db, [row!]))[0]!;
  });
}

/** A pick-up person of a child the caller may act on (the kernel decides on the child); else 404. */
export async function authorizePickup(ctx: AppContext, staff: StaffViewer, id: number, action: StaffAction, db: Db = ctx.db) {
  const [row] = await db.select().from(pickupPersons).where(eq(pickupPersons.id, id));
  if (!row) throw notFound();
  const granted = await authorizeStaffChild(ctx, staff, row.childId, action, db);
  return { row, granted };
}

/** Edits one; a guardian's proposal becomes approved by the caller (audited as an approval). */
export async function updatePickupPerson(ctx: AppContext, staff: StaffViewer, id: number, input: PickupInput, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const { row: before, granted } = await authorizePickup(ctx, staff, id, 'roster.write', db);
    const [row] = await db
      .update(pickupPersons)
      .set({ ...input, status: 'approved', approvedBy: staff.userId })
      .where(eq(pickupPersons.id, id))
      .returning();
    const action = before.status === 'proposed' ? 'child.pickup.approve' : 'child.pickup.update';
    await recordAudit(db, staff, now, auditTarget(granted, action, id));
    return (await present(ctx, db, [row!]))[0]!;
  });
}

/** Removes one; removing a guardian's proposal is its rejection (audited as such). */
export async function removePickupPerson(ctx: AppContext, staff: StaffViewer, id: number, now: Date) {
  const imageKey = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const { row, granted } = await authorizePickup(ctx, staff, id, 'roster.write', db);
    await db.delete(pickupPersons).where(eq(pickupPersons.id, id));
    const action = row.status === 'proposed' ? 'child.pickup.reject' : 'child.pickup.delete';
    await recordAudit(db, staff, now, auditTarget(granted, action, id));
    return row.imageKey;
  });
  if (imageKey) await removeImage(ctx, imageKey);
  return { message: pickupMessages.deleted };
}

/**
 * Sets (bytes) or removes (null) a pick-up person's photo: stored stripped before the transaction,
 * the row and its audit entry together, the replaced file removed after the commit (and the new
 * one when the transaction fails, so no orphan stays).
 */
export async function setPickupPersonImage(ctx: AppContext, staff: StaffViewer, id: number, bytes: Buffer | null, now: Date) {
  const { row: found } = await authorizePickup(ctx, staff, id, 'roster.write');
  const key = bytes ? await storeImage(ctx.storage, photoFolder(found), bytes) : null;
  try {
    const { person, previous } = await ctx.db.transaction(async (tx) => {
      const db: Db = tx;
      const { row: before, granted } = await authorizePickup(ctx, staff, id, 'roster.write', db);
      const [row] = await db.update(pickupPersons).set({ imageKey: key }).where(eq(pickupPersons.id, id)).returning();
      const action = key ? 'child.pickup.photo.update' : 'child.pickup.photo.delete';
      await recordAudit(db, staff, now, auditTarget(granted, action, id));
      return { person: (await present(ctx, db, [row!]))[0]!, previous: before.imageKey };
    });
    if (previous) await removeImage(ctx, previous);
    return person;
  } catch (error) {
    if (key) await removeImage(ctx, key);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The guardians' side (docs/decisions/children-pickup-proposals.md): every activated guardian reads,
// the main guardian proposes and withdraws proposals; staff approve (PUT) or reject (DELETE).

/** The child's pick-up persons as its guardians see them, registered first. */
export async function listPickupPersonsForGuardian(ctx: AppContext, viewer: Viewer, childId: number) {
  await authorizeChild(ctx, viewer, childId, 'view');
  return (await childRows(ctx.db, childId)).map((r) => presentForGuardian(ctx, r));
}

/** The text fields of a proposal as the multipart form sent them, validated by the staff form's schema. */
export function parseProposal(fields: Record<string, string>): PickupInput {
  const parsed = pickupPersonBody.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
  throw invalidMany(errors);
}

/**
 * A main guardian's proposal, waiting for staff (`status = 'proposed'`, `created_by` the guardian).
 * The photo is re-encoded (metadata stripped; 422 for a non-image) before the row is written; at most PICKUP_PROPOSALS_MAX wait
 * at once per child.
 */
export async function proposePickupPerson(
  ctx: AppContext,
  viewer: Viewer,
  childId: number,
  input: PickupInput,
  photo: Buffer | null,
) {
  const { link } = await authorizeChild(ctx, viewer, childId, 'manage', { forbidden: pickupMessages.mainOnly });
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(pickupPersons)
    .where(and(eq(pickupPersons.childId, childId), eq(pickupPersons.status, 'proposed')));
  if ((waiting?.n ?? 0) >= PICKUP_PROPOSALS_MAX) throw conflict(pickupMessages.tooManyProposals);
  const key = photo ? await storeImage(ctx.storage, photoFolder({ companyId: link.companyId, childId }), photo) : null;
  try {
    const [row] = await ctx.db
      .insert(pickupPersons)
      .values({ companyId: link.companyId, childId, ...input, imageKey: key, status: 'proposed', createdBy: viewer.userId })
      .returning();
    return presentForGuardian(ctx, row!);
  } catch (error) {
    if (key) await removeImage(ctx, key);
    throw error;
  }
}

/** The main guardian withdraws a proposal staff have not approved yet; a registered person stays (409). */
export async function withdrawPickupProposal(ctx: AppContext, viewer: Viewer, childId: number, id: number) {
  // Checked in the withdrawal's transaction: a link revoked meanwhile cannot withdraw (access/transactions.ts).
  const imageKey = await checkedWrite(
    ctx,
    (db) => authorizeChild(ctx, viewer, childId, 'manage', { db, forbidden: pickupMessages.mainOnly }),
    async (db) => {
      const [row] = await db
        .select()
        .from(pickupPersons)
        .where(and(eq(pickupPersons.id, id), eq(pickupPersons.childId, childId)));
      if (!row) throw notFound();
      if (row.status !== 'proposed') throw conflict(pickupMessages.notProposed);
      // Only while still proposed: a staff approval between the read and here wins.
      const deleted = await db
        .delete(pickupPersons)
        .where(and(eq(pickupPersons.id, id), eq(pickupPersons.status, 'proposed')))
        .returning({ id: pickupPersons.id });
      if (deleted.length === 0) throw conflict(pickupMessages.notProposed);
      return row.imageKey;
    },
  );
  if (imageKey) await removeImage(ctx, imageKey);
  return { message: pickupMessages.withdrawn };
}
