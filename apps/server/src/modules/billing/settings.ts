import {
  billingMessages as M,
  type BillingItem,
  type BillingSettings,
  type BillingSettingsInput,
  type FacilityType,
  type StaffBillingSettings,
} from '@renraku/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { billingItemInput } from '@renraku/contract';
import type { Db } from '../../db/client';
import { billingItems, billingSettings, classes } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { consentHistory, type ConsentRow } from './consent-history';
import { enrolledInMonth, lastClosedMonth, lockBillingMonths, monthOf } from './inputs';

type SettingsRow = typeof billingSettings.$inferSelect;
type ItemRow = typeof billingItems.$inferSelect;

export function presentSettings(s: SettingsRow): BillingSettings {
  return {
    id: s.id,
    valid_from: monthOf(s.validFrom),
    facility_type: s.facilityType as FacilityType,
    standard_window: { start: s.standardStart, end: s.standardEnd },
    short_window: { start: s.shortStart, end: s.shortEnd },
    unit_minutes: s.unitMinutes,
    grace_minutes: s.graceMinutes,
    price_per_unit: s.pricePerUnit,
    late_from: s.lateFrom,
    late_price_per_unit: s.latePricePerUnit,
    daily_cap: s.dailyCap,
    monthly_cap: s.monthlyCap,
    flat_monthly: s.flatMonthly,
    side_dish_fee: s.sideDishFee,
    staple_fee: s.stapleFee,
    charge_without_attendance: s.chargeWithoutAttendance,
    due_day: s.dueDay,
  };
}

const presentItem = (i: ItemRow, consents: ConsentRow[]): BillingItem => ({
  id: i.id,
  name: i.name,
  amount: i.amount,
  frequency: i.frequency as BillingItem['frequency'],
  target: i.target as BillingItem['target'],
  class_id: i.classId,
  child_ids: i.childIds,
  explanation: i.explanation,
  month_from: monthOf(i.monthFrom),
  month_until: i.monthUntil === null ? null : monthOf(i.monthUntil),
  consents: consents
    .filter((c) => c.itemId === i.id)
    .map((c) => ({ child_id: c.childId, child_name: c.childName, ...c.consent })),
});

export async function billingSettingsView(db: Db, grant: FacilityGrant): Promise<StaffBillingSettings> {
  const [settings, items] = await Promise.all([
    db
      .select()
      .from(billingSettings)
      .where(eq(billingSettings.facilityId, grant.facilityId))
      .orderBy(desc(billingSettings.validFrom)),
    db
      .select()
      .from(billingItems)
      .where(eq(billingItems.facilityId, grant.facilityId))
      .orderBy(desc(billingItems.monthFrom), asc(billingItems.id)),
  ]);
  const consents = await consentHistory(
    db,
    items.map((i) => i.id),
  );
  return {
    facility: { id: grant.facilityId, name: grant.facilityName },
    settings: settings.map(presentSettings),
    items: items.map((i) => presentItem(i, consents)),
  };
}

/**
 * A dated change must start after the last closed month: issued statements never change. Call it in
 * the write's transaction: it takes the billing-months lock that 確定 takes (lockBillingMonths).
 */
export async function assertAfterClosed(db: Db, facilityId: number, month: string) {
  await lockBillingMonths(db, facilityId);
  const closed = await lastClosedMonth(db, facilityId);
  if (closed !== null && month <= closed) throw conflict(M.closed);
}

/** Sets the rules from a month on: that month's row is replaced, earlier and later rows stay. */
export async function saveSettings(db: Db, staff: StaffViewer, grant: FacilityGrant, body: BillingSettingsInput, now: Date) {
  const values = {
    facilityType: body.facility_type,
    standardStart: body.standard_window.start,
    standardEnd: body.standard_window.end,
    shortStart: body.short_window.start,
    shortEnd: body.short_window.end,
    unitMinutes: body.unit_minutes,
    graceMinutes: body.grace_minutes,
    pricePerUnit: body.price_per_unit,
    lateFrom: body.late_from,
    latePricePerUnit: body.late_price_per_unit,
    dailyCap: body.daily_cap,
    monthlyCap: body.monthly_cap,
    flatMonthly: body.flat_monthly,
    sideDishFee: body.side_dish_fee,
    stapleFee: body.staple_fee,
    chargeWithoutAttendance: body.charge_without_attendance,
    dueDay: body.due_day,
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await assertAfterClosed(t, grant.facilityId, body.valid_from);
    const [row] = await t
      .insert(billingSettings)
      .values({ companyId: grant.companyId, facilityId: grant.facilityId, validFrom: `${body.valid_from}-01`, ...values })
      .onConflictDoUpdate({ target: [billingSettings.facilityId, billingSettings.validFrom], set: values })
      .returning({ id: billingSettings.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.settings.update',
      targetType: 'billing_settings',
      targetId: row!.id,
      details: body as unknown as Record<string, unknown>,
    });
  });
  return billingSettingsView(db, grant);
}

/** Adds a 実費 item; its class or children must be the facility's. */
export async function addItem(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: z.infer<typeof billingItemInput>,
  now: Date,
) {
  if (body.target === 'class') {
    const [klass] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, body.class_id!), eq(classes.facilityId, grant.facilityId)));
    if (!klass) throw invalid('class_id', M.itemClass);
  }
  const childIds = body.target === 'children' ? [...new Set(body.child_ids)] : [];
  if (childIds.length > 0) {
    const enrolled = new Set((await enrolledInMonth(db, grant.facilityId, body.month_from)).map((c) => c.id));
    if (childIds.some((id) => !enrolled.has(id))) throw invalid('child_ids', M.notEnrolled);
  }
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await assertAfterClosed(t, grant.facilityId, body.month_from);
    const [row] = await t
      .insert(billingItems)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        name: body.name,
        amount: body.amount,
        frequency: body.frequency,
        target: body.target,
        classId: body.target === 'class' ? body.class_id : null,
        childIds,
        explanation: body.explanation,
        monthFrom: `${body.month_from}-01`,
        monthUntil: body.frequency === 'monthly' && body.month_until ? `${body.month_until}-01` : null,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning({ id: billingItems.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.item.create',
      targetType: 'billing_item',
      targetId: row!.id,
      details: { name: body.name, amount: body.amount, frequency: body.frequency, target: body.target },
    });
  });
  return billingSettingsView(db, grant);
}
