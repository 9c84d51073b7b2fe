import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  billingAdjustments,
  billingChildAttributes,
  billingItems,
  billingMonths,
  billingSettings,
  billingStatements,
  children,
  classes,
  noteChildren,
  users,
} from '../../db/schema';
import { childName, childKana } from '../../lib/child-names';
import { enrolmentDuring } from '../access';
import { attendanceBetween } from '../day/service';
import { loadFeeInputs } from './fee-inputs';
import { temporaryUsesOfMonth } from './temporary-month';
/** The statement a carry-over line comes from (billing-carry-over.md). */
const carried = alias(billingStatements, 'carried');
import type { AdjustmentRow, AttributesRow, BilledChild, MonthInputs, SettingsRow } from './compute';

/** 'YYYY-MM' → its first and last days. */
export function monthRange(month: string) {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The rules in force in a month: the latest row from that month or before. */
export async function settingsFor(db: Db, facilityId: number, month: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSettings)
    .where(and(eq(billingSettings.facilityId, facilityId), lte(billingSettings.validFrom, `${month}-01`)))
    .orderBy(desc(billingSettings.validFrom))
    .limit(1);
  return row;
}

export const guardianName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;

/** Children enrolled at the facility on any day of the month, once each, with their class then. */
export async function enrolledInMonth(db: Db, facilityId: number, month: string) {
  const { start, end } = monthRange(month);
  const rows = await db
    .select({
      noteChildId: noteChildren.id,
      id: children.id,
      name: childName,
      kana: childKana,
      birth: children.birth,
      classId: noteChildren.classId,
      className: classes.name,
      temporaryOnly: noteChildren.temporaryOnly,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .where(and(eq(noteChildren.facilityId, facilityId), enrolmentDuring(noteChildren, start, end)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id), desc(noteChildren.admittedOn));
  const seen = new Map<number, (typeof rows)[number] & { noteChildIds: number[] }>();
  for (const row of rows) {
    const known = seen.get(row.id);
    // Registered for 一時預かり only when no enrolment of the month is a regular one.
    if (known) {
      known.noteChildIds.push(row.noteChildId);
      known.temporaryOnly &&= row.temporaryOnly;
    } else seen.set(row.id, { ...row, noteChildIds: [row.noteChildId] });
  }
  return [...seen.values()];
}

/** Every dated attributes row of the facility's children, newest first, with the payer's name. */
export async function attributeRows(db: Db, facilityId: number, childIds: number[]) {
  if (childIds.length === 0) return [];
  return db
    .select({ row: billingChildAttributes, payerName: guardianName })
    .from(billingChildAttributes)
    .innerJoin(users, eq(users.id, billingChildAttributes.payerUserId))
    .where(and(eq(billingChildAttributes.facilityId, facilityId), inArray(billingChildAttributes.childId, childIds)))
    .orderBy(desc(billingChildAttributes.validFrom));
}

/** The row in force in the month: the newest one from that month or before. */
export function inForce<T extends { row: AttributesRow }>(rows: T[], childId: number, month: string): T | undefined {
  return rows.find((r) => r.row.childId === childId && r.row.validFrom <= `${month}-01`);
}

/** The month's row (its closing), if any. */
export async function monthRow(db: Db, facilityId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingMonths)
    .where(and(eq(billingMonths.facilityId, facilityId), eq(billingMonths.month, `${month}-01`)));
  return row;
}

/** Namespace of the facility's billing-months lock (pg_advisory_xact_lock(namespace, facility id)). */
const BILLING_MONTHS_LOCK = 5040;

/**
 * Serialises 確定 with every write that first checks "not a closed month" (docs/decisions/
 * billing-closed-month-lock.md): both take this lock inside their transaction, so a rule, an
 * attribute or a consent saved at the moment a month closes either lands before the close reads it
 * or is refused with the closed message after; never written into a month already issued.
 */
export async function lockBillingMonths(t: Db, facilityId: number): Promise<void> {
  await t.execute(sql`select pg_advisory_xact_lock(${BILLING_MONTHS_LOCK}, ${facilityId})`);
}
/** The latest closed month of the facility ('YYYY-MM'), or null. */
export async function lastClosedMonth(db: Db, facilityId: number): Promise<string | null> {
  const [row] = await db
    .select({ month: billingMonths.month })
    .from(billingMonths)
    .where(and(eq(billingMonths.facilityId, facilityId), sql`${billingMonths.closedAt} is not null`))
    .orderBy(desc(billingMonths.month))
    .limit(1);
  return row ? monthOf(row.month) : null;
}

/**
 * Everything a month's computation reads, or what is missing: no rules (settings null), children
 * enrolled without attributes. Runs in the caller's transaction when given one (確定).
 */
export async function loadMonthInputs(db: Db, facilityId: number, month: string) {
  const settings = await settingsFor(db, facilityId, month);
  const enrolled = await enrolledInMonth(db, facilityId, month);
  const attrs = await attributeRows(
    db,
    facilityId,
    enrolled.map((c) => c.id),
  );
  const { start, end } = monthRange(month);
  const attendance = await attendanceBetween(
    db,
    enrolled.flatMap((c) => c.noteChildIds),
    start,
    end,
  );
  const temporaryUses = await temporaryUsesOfMonth(db, facilityId, start, end);
  const used = new Set(temporaryUses.map((u) => u.childId));
  const billed: BilledChild[] = [];
  const missing: { id: number; name: string }[] = [];
  for (const c of enrolled) {
    // A child registered for 一時預かり only is billed (and needs attributes) in a month it used it.
    if (c.temporaryOnly && !used.has(c.id)) continue;
    const a = inForce(attrs, c.id, month);
    if (!a) {
      missing.push({ id: c.id, name: c.name });
      continue;
    }
    billed.push({
      id: c.id,
      name: c.name,
      birth: c.birth,
      classId: c.classId,
      temporaryOnly: c.temporaryOnly,
      attributes: a.row,
      payerName: a.payerName,
      attendance: attendance.filter((d) => c.noteChildIds.includes(d.noteChildId)),
    });
  }
  const items = await db
    .select()
    .from(billingItems)
    .where(and(eq(billingItems.facilityId, facilityId), lte(billingItems.monthFrom, start)))
    .orderBy(asc(billingItems.id));
  const adjustments: AdjustmentRow[] = await db
    .select({
      id: billingAdjustments.id,
      companyId: billingAdjustments.companyId,
      facilityId: billingAdjustments.facilityId,
      month: billingAdjustments.month,
      childId: billingAdjustments.childId,
      amount: billingAdjustments.amount,
      reason: billingAdjustments.reason,
      correctsStatementId: billingAdjustments.correctsStatementId,
      carriedStatementId: billingAdjustments.carriedStatementId,
      createdBy: billingAdjustments.createdBy,
      createdAt: billingAdjustments.createdAt,
      correctsNumber: billingStatements.number,
      carriedNumber: carried.number,
      carriedMonth: carried.month,
    })
    .from(billingAdjustments)
    .leftJoin(billingStatements, eq(billingStatements.id, billingAdjustments.correctsStatementId))
    .leftJoin(carried, eq(carried.id, billingAdjustments.carriedStatementId))
    .where(and(eq(billingAdjustments.facilityId, facilityId), eq(billingAdjustments.month, start)))
    .orderBy(asc(billingAdjustments.id));
  const fees = await loadFeeInputs(
    db,
    facilityId,
    month,
    { start, end },
    enrolled,
    new Map(billed.map((c) => [c.id, c.attributes.olderSiblingsOutside])),
    items.map((i) => i.id),
  );
  const inputs: MonthInputs | null = settings
    ? { month, settings, children: billed, items, adjustments, ...fees, temporaryUses }
    : null;
  return { inputs, missing };
}
