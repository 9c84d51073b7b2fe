import { z } from 'zod';
import { defineCall, idNumber, idParam, yearMonthString } from './common';
import { billingItemMessages } from './constants/billing';

/**
 * 実費 in the guardian app (spec/billing.md §2): the facility's items that apply to the caller's
 * children, with the written explanation, and the guardian's consent per item and child (who, when).
 * Only consented items are billed. Main and writable guardians consent; read-only co-guardians are
 * refused (403) and see none (docs/decisions/billing-item-consent.md).
 */

export const consentVias = ['app', 'paper'] as const;

/**
 * A consent and its withdrawal (docs/decisions/billing-item-consent-withdrawal.md): given in the app
 * by a guardian or on a paper form the office recorded; billed from `month_from` (null: the item's
 * first month) until the month before `withdrawal.month_from`.
 */
export const itemConsentSchema = z.object({
  /** The guardian who consented: in the app, or who signed the paper form (null: a form the office recorded without naming them). */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  consented_at: z.string(),
  via: z.enum(consentVias),
  /** The office member who recorded the paper form. */
  recorded_by_name: z.string().nullable(),
  month_from: yearMonthString.nullable(),
  withdrawal: z
    .object({
      month_from: yearMonthString,
      at: z.string(),
      via: z.enum(consentVias),
      user_name: z.string().nullable(),
      recorded_by_name: z.string().nullable(),
    })
    .nullable(),
});
export type ItemConsent = z.infer<typeof itemConsentSchema>;

export const guardianBillingItemSchema = z.object({
  id: z.number().int(),
  facility_name: z.string(),
  name: z.string(),
  amount: z.number().int(),
  frequency: z.enum(['once', 'monthly']),
  explanation: z.string(),
  month_from: yearMonthString,
  month_until: yearMonthString.nullable(),
  /** The earliest month the caller may withdraw from (next month or later, not closed); null: not any more (a once item billed this month or before). */
  withdrawable_from: yearMonthString.nullable(),
  /** Each child's latest consent (a withdrawn one shows its withdrawal; consent again to be billed again). */
  children: z.array(z.object({ id: z.number().int(), name: z.string(), consent: itemConsentSchema.nullable() })),
});
export type GuardianBillingItem = z.infer<typeof guardianBillingItemSchema>;

export const getBillingItems = defineCall({
  method: 'GET',
  path: '/api/billing/items',
  summary:
    'The 実費 items (current and future) that apply to the caller’s children (main or writable links), with the explanation and each child’s consent',
  response: z.array(guardianBillingItemSchema),
});

export const postBillingItemConsent = defineCall({
  method: 'POST',
  path: '/api/billing/items/{id}/consents',
  status: 201,
  summary:
    'Records the caller’s consent to a 実費 item for a child (once: a later consent keeps the first); read-only co-guardians 403; another family’s child or item 404',
  params: z.object({ id: idParam }),
  body: z.object({ child_id: idNumber(billingItemMessages.notTargeted) }),
  response: guardianBillingItemSchema,
});

export const withdrawalInput = z.object({
  child_id: idNumber(billingItemMessages.notTargeted),
  /** The first month no longer billed. */
  month_from: yearMonthString,
});

export const postBillingItemWithdrawal = defineCall({
  method: 'POST',
  path: '/api/billing/items/{id}/withdrawals',
  status: 201,
  summary:
    'Withdraws the caller’s family’s consent to a 実費 item for a child from a month on (next month at the earliest, not a closed month; issued statements keep their lines); read-only co-guardians 403; another family’s child or item 404; no standing consent 409',
  params: z.object({ id: idParam }),
  body: withdrawalInput,
  response: guardianBillingItemSchema,
});
