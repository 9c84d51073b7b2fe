import { z } from 'zod';
import { dateString, defineCall, idNumber, idParam, timeString, yearMonthString } from '../common';
import { withdrawalInput } from '../billing-items';
import { billingItemMessages } from '../constants/billing';
import { staffBillingSettingsSchema } from './billing';
import { billingMessages, discountKinds, discountableKinds, feeMessages, MAX_YEN } from './billing-terms';

/**
 * Dated fee rules beside the main settings (spec/billing.md §2): the sibling discount (which lines,
 * how siblings are counted, a percentage or an amount by child order) and 一時預かり (half or full day
 * prices by age band, from the staff's record of each use). 事務, 園長 and 法人管理者 only.
 * docs/decisions/billing-sibling-discount.md, billing-temporary-care.md.
 */

const F = feeMessages;
const yen = z
  .number({ message: billingMessages.yen })
  .int(billingMessages.yen)
  .min(0, billingMessages.yen)
  .max(MAX_YEN, billingMessages.yen);

export const discountTierSchema = z
  .object({
    /** The child order from which this tier applies (2 = 第2子); the last tier applies to all later children. */
    from_order: z.number({ message: F.tiers }).int(F.tiers).min(2, F.tiers).max(9, F.tiers),
    kind: z.enum(discountKinds, { message: '割合か金額かを選択してください' }),
    /** percent: 1–100; amount: yen off per month. */
    value: yen,
  })
  .refine((t) => t.kind !== 'percent' || (t.value >= 1 && t.value <= 100), { message: F.percent, path: ['value'] });
export type DiscountTier = z.infer<typeof discountTierSchema>;

export const siblingDiscountInput = z
  .object({
    valid_from: yearMonthString,
    applies_to: z.array(z.enum(discountableKinds, { message: F.appliesTo })).min(1, F.appliesTo),
    /** Also count the older siblings a child's attributes declare outside the facility. */
    count_declared_older: z.boolean(),
    /** Empty: no discount from this month on. */
    tiers: z.array(discountTierSchema).max(8, F.tiers),
  })
  .refine((r) => new Set(r.tiers.map((t) => t.from_order)).size === r.tiers.length, { message: F.tiers, path: ['tiers'] });
export type SiblingDiscountInput = z.infer<typeof siblingDiscountInput>;

export const siblingDiscountSchema = z.object({
  id: z.number().int(),
  valid_from: yearMonthString,
  applies_to: z.array(z.enum(discountableKinds)),
  count_declared_older: z.boolean(),
  /** By `from_order`. */
  tiers: z.array(z.object({ from_order: z.number().int(), kind: z.enum(discountKinds), value: z.number().int() })),
});
export type SiblingDiscount = z.infer<typeof siblingDiscountSchema>;

export const temporaryBandSchema = z.object({
  /** The 歳児 from which this band's prices apply (the first band is 0). */
  from_age: z.number({ message: F.bands }).int(F.bands).min(0, F.bands).max(5, F.bands),
  half_day: yen,
  full_day: yen,
});

export const temporaryRatesInput = z
  .object({
    valid_from: yearMonthString,
    /** A use of at most this many hours is a half day; longer is a full day. */
    half_day_hours: z.number({ message: F.halfDayHours }).int(F.halfDayHours).min(1, F.halfDayHours).max(12, F.halfDayHours),
    bands: z.array(temporaryBandSchema).min(1, F.bands).max(6, F.bands),
  })
  .refine((r) => r.bands.some((b) => b.from_age === 0) && new Set(r.bands.map((b) => b.from_age)).size === r.bands.length, {
    message: F.bands,
    path: ['bands'],
  });
export type TemporaryRatesInput = z.infer<typeof temporaryRatesInput>;

export const temporaryRatesSchema = z.object({
  id: z.number().int(),
  valid_from: yearMonthString,
  half_day_hours: z.number().int(),
  bands: z.array(z.object({ from_age: z.number().int(), half_day: z.number().int(), full_day: z.number().int() })),
});

export const staffFeeRulesSchema = z.object({
  /** Newest first. */
  sibling_discounts: z.array(siblingDiscountSchema),
  temporary_rates: z.array(temporaryRatesSchema),
});
export type StaffFeeRules = z.infer<typeof staffFeeRulesSchema>;

const facilityParams = z.object({ facilityId: idParam });

export const getStaffBillingFeeRules = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/fee-rules',
  summary: 'The facility’s dated sibling discounts and 一時預かり prices (newest first)',
  params: facilityParams,
  response: staffFeeRulesSchema,
});

export const putStaffBillingSiblingDiscount = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/fee-rules/sibling-discount',
  summary: 'Sets the sibling discount from a month on (that month’s rule replaced; a closed month 409); audited',
  params: facilityParams,
  body: siblingDiscountInput,
  response: staffFeeRulesSchema,
});

export const putStaffBillingTemporaryRates = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/fee-rules/temporary',
  summary: 'Sets the 一時預かり prices from a month on (that month’s row replaced; a closed month 409); audited',
  params: facilityParams,
  body: temporaryRatesInput,
  response: staffFeeRulesSchema,
});

export const temporaryUseInput = z
  .object({
    child_id: idNumber(billingMessages.notEnrolled),
    date: dateString,
    start: timeString,
    end: timeString,
  })
  .refine((u) => u.start < u.end, { message: F.useTimes, path: ['end'] });

/** Where a use's times come from: the 事務's record, the day's arrival and pick-up, or the booking's plan. */
export const temporaryUseSources = ['record', 'attendance', 'booking'] as const;
export type TemporaryUseSource = (typeof temporaryUseSources)[number];

export const temporaryUseSchema = z.object({
  /** The 事務's record (removable); null: the use of a booking. */
  id: z.number().int().nullable(),
  source: z.enum(temporaryUseSources),
  booking_id: z.number().int().nullable(),
  child_id: z.number().int(),
  child_name: z.string(),
  date: dateString,
  start: z.string(),
  end: z.string(),
  /** half | full, and the price, as the month's rates give them. */
  span: z.enum(['half', 'full']),
  amount: z.number().int(),
});
export type TemporaryUse = z.infer<typeof temporaryUseSchema>;

const monthParams = z.object({ facilityId: idParam, month: yearMonthString });

export const getStaffBillingTemporaryUses = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/temporary-uses',
  summary:
    'The month’s 一時預かり uses with their price: the 事務’s records, and each booking’s day without one (times from the day’s attendance, else the booking)',
  params: monthParams,
  response: z.array(temporaryUseSchema),
});

export const postStaffBillingTemporaryUse = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/temporary-uses',
  status: 201,
  summary: 'Records a 一時預かり use (child, date, times) in an open month with prices set; audited',
  params: facilityParams,
  body: temporaryUseInput,
  response: z.array(temporaryUseSchema),
});

export const deleteStaffBillingTemporaryUse = defineCall({
  method: 'DELETE',
  path: '/api/staff/facilities/{facilityId}/billing/temporary-uses/{useId}',
  summary: 'Removes a mistaken 一時預かり record of an open month; audited',
  params: z.object({ facilityId: idParam, useId: idParam }),
  response: z.array(temporaryUseSchema),
});

/** The guardian who signed the form: one of the child's guardians who may consent (omitted or null: not named). */
const signedBy = idNumber(billingItemMessages.signer).nullable().optional();

/**
 * A paper form the office received (docs/decisions/billing-item-consent-withdrawal.md): the 事務
 * records a family's consent or its withdrawal on the guardian's behalf (audited: who and when).
 */
export const postStaffBillingItemConsent = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/items/{itemId}/consents',
  status: 201,
  summary:
    'Records a paper consent to a 実費 item for a child (a standing consent is kept; after a withdrawal it applies from this month or the first open month)',
  params: z.object({ facilityId: idParam, itemId: idParam }),
  body: z.object({ child_id: idNumber(billingMessages.itemChildren), signed_by: signedBy }),
  response: staffBillingSettingsSchema,
});

export const postStaffBillingItemWithdrawal = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/items/{itemId}/withdrawals',
  status: 201,
  summary:
    'Records a paper withdrawal of a child’s consent to a 実費 item from a month on (any month not closed); no standing consent 409',
  params: z.object({ facilityId: idParam, itemId: idParam }),
  body: withdrawalInput.extend({ signed_by: signedBy }),
  response: staffBillingSettingsSchema,
});
