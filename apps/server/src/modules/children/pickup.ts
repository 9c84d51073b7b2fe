import { asc, eq, inArray } from 'drizzle-orm';
import { pickupMessages, type PickupPerson } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pickupPersons, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { authorizeStaffChild, type StaffAction, type StaffChildGrant, type StaffViewer } from '../access';
import { recordAudit } from '../staff/service';

type Row = typeof pickupPersons.$inferSelect;
interface PickupInput {
  name: string;
  relation: string;
  phone: string;
}

const auditTarget = (granted: StaffChildGrant, action: string, targetId: number | null) => ({
  companyId: granted.grant.companyId,
  facilityId: granted.grant.facilityId,
  action,
  targetType: 'pickup_person',
  targetId,
  childId: granted.child.id,
});

async function present(db: Db, rows: Row[]): Promise<PickupPerson[]> {
  const approverIds = [...new Set(rows.map((r) => r.approvedBy).filter((id): id is number => id !== null))];
  const found = approverIds.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, approverIds))
    : [];
  const approvers = new Map(found.map((u) => [u.id, u.name ?? u.email]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    relation: r.relation,
    phone: r.phone,
    status: r.status as PickupPerson['status'],
    approved_by: r.approvedBy ? { id: r.approvedBy, name: approvers.get(r.approvedBy) ?? '' } : null,
  }));
}

/** The child's pick-up persons, approved first; an audited read of the child's personal record. */
export async function listPickupPersons(ctx: AppContext, staff: StaffViewer, granted: StaffChildGrant, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const rows = await db
      .select()
      .from(pickupPersons)
      .where(eq(pickupPersons.childId, granted.child.id))
      .orderBy(asc(pickupPersons.status), asc(pickupPersons.id));
    await recordAudit(db, staff, now, auditTarget(granted, 'child.pickup.read', null));
    return present(db, rows);
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
    const db = tx as unknown as Db;
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
    return (await present(db, [row!]))[0]!;
  });
}

/** A pick-up person of a child the caller may act on (the kernel decides on the child); else 404. */
async function authorizePickup(ctx: AppContext, staff: StaffViewer, id: number, action: StaffAction, db: Db) {
  const [row] = await db.select().from(pickupPersons).where(eq(pickupPersons.id, id));
  if (!row) throw notFound();
  const granted = await authorizeStaffChild(ctx, staff, row.childId, action, db);
  return { row, granted };
}

/** Edits one; a guardian's proposal becomes approved by the caller. */
export async function updatePickupPerson(ctx: AppContext, staff: StaffViewer, id: number, input: PickupInput, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const { granted } = await authorizePickup(ctx, staff, id, 'roster.write', db);
    const [row] = await db
      .update(pickupPersons)
      .set({ ...input, status: 'approved', approvedBy: staff.userId })
      .where(eq(pickupPersons.id, id))
      .returning();
    await recordAudit(db, staff, now, auditTarget(granted, 'child.pickup.update', id));
    return (await present(db, [row!]))[0]!;
  });
}

export async function removePickupPerson(ctx: AppContext, staff: StaffViewer, id: number, now: Date) {
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const { granted } = await authorizePickup(ctx, staff, id, 'roster.write', db);
    await db.delete(pickupPersons).where(eq(pickupPersons.id, id));
    await recordAudit(db, staff, now, auditTarget(granted, 'child.pickup.delete', id));
  });
  return { message: pickupMessages.deleted };
}
