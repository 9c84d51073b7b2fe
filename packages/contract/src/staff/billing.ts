import { z } from 'zod';
import { dateString, defineCall, idNumber, idParam, timeString, yearMonthString } from '../common';
import { billingStatementSchema } from '../billing';
import {
  facilityTypes,
  needs,
  sideDishExemptions,
  extensionPlans,
  itemFrequencies,
  itemTargets,
  MAX_YEN,
  billingMessages,
  feeMessages,
} from './billing-terms';
import { itemConsentSchema } from '../billing-items';
export * from './billing-terms';

/**
 * 請求 (spec/billing.md): children's billing attributes and the facility's fee rules as dated data
 * (a change applies from a month on), the month's draft statements per family, adjustments with a
 * reason, and 確定 that issues numbered immutable statements once. 事務, 園長 and 法人管理者 only.
 */

const M = billingMessages;

const yen = z.number({ message: M.yen }).int(M.yen).min(0, M.yen).max(MAX_YEN, M.yen);
const window = z
  .object({ start: timeString, end: timeString })
  .refine((w) => w.start < w.end, { message: M.window, path: ['end'] });

/** Rules for a facility from a month on (spec §2). */
export const billingSettingsInput = z
  .object({
    valid_from: yearMonthString,
    facility_type: z.enum(facilityTypes, { message: '施設類型を選択してください' }),
    standard_window: window,
    short_window: window,
    unit_minutes: z.union([z.literal(10), z.literal(15), z.literal(30), z.literal(60)], { message: M.unit }),
    grace_minutes: z.number({ message: M.grace }).int(M.grace).min(0, M.grace).max(59, M.grace),
    price_per_unit: yen,
    late_from: timeString.nullable(),
    late_price_per_unit: yen.nullable(),
    daily_cap: yen.nullable(),
    monthly_cap: yen.nullable(),
    flat_monthly: yen.nullable(),
    side_dish_fee: yen,
    staple_fee: yen,
    charge_without_attendance: z.boolean(),
    due_day: z.number({ message: M.dueDay }).int(M.dueDay).min(1, M.dueDay).max(28, M.dueDay),
  })
  .refine((s) => (s.late_from === null) === (s.late_price_per_unit === null), {
    message: M.lateFrom,
    path: ['late_from'],
  });
export type BillingSettingsInput = z.infer<typeof billingSettingsInput>;

export const billingSettingsSchema = z.object({
  id: z.number().int(),
  valid_from: yearMonthString,
  facility_type: z.enum(facilityTypes),
  standard_window: z.object({ start: z.string(), end: z.string() }),
  short_window: z.object({ start: z.string(), end: z.string() }),
  unit_minutes: z.number().int(),
  grace_minutes: z.number().int(),
  price_per_unit: z.number().int(),
  late_from: z.string().nullable(),
  late_price_per_unit: z.number().int().nullable(),
  daily_cap: z.number().int().nullable(),
  monthly_cap: z.number().int().nullable(),
  flat_monthly: z.number().int().nullable(),
  side_dish_fee: z.number().int(),
  staple_fee: z.number().int(),
  charge_without_attendance: z.boolean(),
  due_day: z.number().int(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const billingItemInput = z
  .object({
    name: z.string().trim().min(1, M.name).max(50, M.name),
    amount: yen,
    frequency: z.enum(itemFrequencies, { message: '頻度を選択してください' }),
    target: z.enum(itemTargets, { message: '対象を選択してください' }),
    class_id: idNumber(M.itemClass).nullable().default(null),
    child_ids: z.array(idNumber(M.itemChildren)).max(500).default([]),
    explanation: z.string().trim().min(1, M.explanation).max(500, M.explanation),
    month_from: yearMonthString,
    month_until: yearMonthString.nullable().default(null),
  })
  .refine((i) => i.target !== 'class' || i.class_id !== null, { message: M.itemClass, path: ['class_id'] })
  .refine((i) => i.target !== 'children' || i.child_ids.length > 0, { message: M.itemChildren, path: ['child_ids'] })
  .refine((i) => i.month_until === null || i.month_until >= i.month_from, { message: M.monthUntil, path: ['month_until'] });

export const billingItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  frequency: z.enum(itemFrequencies),
  target: z.enum(itemTargets),
  class_id: z.number().int().nullable(),
  child_ids: z.array(z.number().int()),
  explanation: z.string(),
  month_from: yearMonthString,
  month_until: yearMonthString.nullable(),
  /** Who consented for which child (only consented items are billed). */
  consents: z.array(z.object({ child_id: z.number().int(), child_name: z.string() }).merge(itemConsentSchema)),
});
export type BillingItem = z.infer<typeof billingItemSchema>;

export const staffBillingSettingsSchema = z.object({
  facility: z.object({ id: z.number().int(), name: z.string() }),
  /** Newest first. */
  settings: z.array(billingSettingsSchema),
  items: z.array(billingItemSchema),
});
export type StaffBillingSettings = z.infer<typeof staffBillingSettingsSchema>;

export const billingChildAttributesInput = z
  .object({
    valid_from: yearMonthString,
    certification: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: '認定区分を選択してください' }),
    need: z.enum(needs, { message: '保育必要量を選択してください' }),
    side_dish_exemption: z.enum(sideDishExemptions, { message: '免除の理由を選択してください' }).nullable(),
    exemption_note: z.string().trim().max(200, '免除の備考は200文字以内で入力してください').default(''),
    childcare_fee: yen.nullable(),
    extension_plan: z.enum(extensionPlans, { message: '延長保育の利用形態を選択してください' }),
    payer_user_id: idNumber(M.payer),
    /** Older siblings outside the facility the family declared (counted where the sibling rule says so). */
    older_siblings_outside: z
      .number({ message: feeMessages.olderOutside })
      .int(feeMessages.olderOutside)
      .min(0, feeMessages.olderOutside)
      .max(9, feeMessages.olderOutside)
      .default(0),
  })
  .refine((a) => a.side_dish_exemption !== 'other' || a.exemption_note.length > 0, {
    message: 'その他の理由で免除するときは備考を入力してください',
    path: ['exemption_note'],
  });

export const billingChildAttributesSchema = z.object({
  id: z.number().int(),
  valid_from: yearMonthString,
  certification: z.number().int(),
  need: z.enum(needs),
  side_dish_exemption: z.enum(sideDishExemptions).nullable(),
  exemption_note: z.string(),
  childcare_fee: z.number().int().nullable(),
  extension_plan: z.enum(extensionPlans),
  payer: z.object({ id: z.number().int(), name: z.string() }),
  older_siblings_outside: z.number().int(),
});
export type BillingChildAttributes = z.infer<typeof billingChildAttributesSchema>;

export const staffBillingChildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  birth: dateString,
  class_name: z.string().nullable(),
  /** The guardians who may pay (activated main or writable). */
  payers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The attributes in force in the asked month (null: none registered). */
  current: billingChildAttributesSchema.nullable(),
  /** Every dated row, newest first. */
  history: z.array(billingChildAttributesSchema),
});
export type StaffBillingChild = z.infer<typeof staffBillingChildSchema>;

export const staffBillingMonthSchema = z.object({
  month: yearMonthString,
  status: z.enum(['open', 'closed']),
  closed_at: z.string().nullable(),
  /** No fee rules apply to the month: nothing can be computed. */
  settings_missing: z.boolean(),
  /** Children enrolled in the month without billing attributes (not billed until entered). */
  missing_children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Drafts while open (id and number null), the issued statements once closed. */
  statements: z.array(billingStatementSchema),
  total: z.number().int(),
});
export type StaffBillingMonth = z.infer<typeof staffBillingMonthSchema>;

export const staffBillingMonthSummarySchema = z.object({
  month: yearMonthString,
  status: z.enum(['open', 'closed']),
  statements: z.number().int(),
  total: z.number().int().nullable(),
});

const facilityParams = z.object({ facilityId: idParam });
const monthParams = z.object({ facilityId: idParam, month: yearMonthString });

export const getStaffBillingSettings = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/settings',
  summary: 'The facility’s dated fee rules (newest first) and its 実費 items',
  params: facilityParams,
  response: staffBillingSettingsSchema,
});

export const putStaffBillingSettings = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/settings',
  summary: 'Sets the fee rules from a month on (replaces that month’s row; a closed month is 409); audited',
  params: facilityParams,
  body: billingSettingsInput,
  response: staffBillingSettingsSchema,
});

export const postStaffBillingItem = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/items',
  status: 201,
  summary: 'Adds a 実費 item (name, amount, once or monthly, target, explanation); audited',
  params: facilityParams,
  body: billingItemInput,
  response: staffBillingSettingsSchema,
});

export const getStaffBillingChildren = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/children',
  summary: 'Children enrolled in the month with their billing attributes in force and their history',
  params: facilityParams,
  query: z.object({ month: yearMonthString.optional() }),
  response: z.object({
    month: yearMonthString,
    facility_type: z.enum(facilityTypes).nullable(),
    children: z.array(staffBillingChildSchema),
  }),
});

export const putStaffBillingChildAttributes = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/children/{childId}/attributes',
  summary: 'Sets a child’s billing attributes from a month on (replaces that month’s row); audited',
  params: z.object({ facilityId: idParam, childId: idParam }),
  body: billingChildAttributesInput,
  response: staffBillingChildSchema,
});

export const getStaffBillingMonths = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/months',
  summary: 'The facility’s months: this month, the previous one and every month with statements, newest first',
  params: facilityParams,
  response: z.array(staffBillingMonthSummarySchema),
});

export const getStaffBillingMonth = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}',
  summary: 'A month: the draft statements per family while open, the issued ones once closed',
  params: monthParams,
  response: staffBillingMonthSchema,
});

export const billingAdjustmentInput = z.object({
  child_id: idNumber(M.notEnrolled),
  amount: z
    .number({ message: M.signedYen })
    .int(M.signedYen)
    .min(-MAX_YEN, M.signedYen)
    .max(MAX_YEN, M.signedYen)
    .refine((v) => v !== 0, M.signedYen),
  reason: z.string().trim().min(1, M.reason).max(200, M.reason),
  corrects_statement_id: idNumber(M.corrects).nullable().default(null),
});

export const postStaffBillingAdjustment = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/adjustments',
  status: 201,
  summary: 'Adds a signed adjustment line for a child with a reason (or a correction of an earlier statement); audited',
  params: monthParams,
  body: billingAdjustmentInput,
  response: staffBillingMonthSchema,
});

export const postStaffBillingMonthClose = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/close',
  summary: '確定: issues the month’s statements, numbered and immutable, exactly once (409 when already closed); audited',
  params: monthParams,
  response: staffBillingMonthSchema,
});

// The statement's shape and texts, for the staff app's screens (the same as the guardians').
export {
  billingStatementSchema,
  billingTexts,
  statementStatusLabels,
  yenLabel,
  type BillingStatement,
  type StatementLine,
} from '../billing';

export const paymentMethods = ['cash', 'transfer'] as const;
export const paymentMethodLabels = { cash: '現金（領収書を発行）', transfer: '振込（入金を確認）' } as const;

export const billingPaymentInput = z.object({
  method: z.enum(paymentMethods, { message: '入金の方法を選択してください' }),
  paid_on: dateString,
  amount: z
    .number({ message: '入金額は1円以上の整数（円）で入力してください' })
    .int('入金額は1円以上の整数（円）で入力してください')
    .min(1, '入金額は1円以上の整数（円）で入力してください')
    .max(MAX_YEN, '入金額は1円以上の整数（円）で入力してください'),
});

export const postStaffBillingPayment = defineCall({
  method: 'POST',
  path: '/api/staff/billing/statements/{statementId}/payments',
  status: 201,
  summary:
    'Records a payment of an issued statement at the office (cash with a receipt number, or a transfer seen); 支払済 once paid in full; audited',
  params: z.object({ statementId: idParam }),
  body: billingPaymentInput,
  response: billingStatementSchema,
});

export const postStaffBillingStatementCarry = defineCall({
  method: 'POST',
  path: '/api/staff/billing/statements/{statementId}/carry',
  summary:
    'Carries the unpaid rest of a statement (引落不能, or 未払い past its due date) onto the first open month as a line of the family’s next statement; the statement becomes 翌月へ繰越; once; audited',
  params: z.object({ statementId: idParam }),
  response: z.object({ statement_id: z.number().int(), month: yearMonthString, amount: z.number().int() }),
});

/** The 領収書 of a paid statement as an A4 PDF (not a JSON call): the same file the guardian downloads; 409 until 支払済. */
export const staffBillingReceiptPdfPath = '/api/staff/billing/statements/{statementId}/receipt.pdf';
