import { z } from 'zod';
import { defineCall, idNumber, idParam, yearMonthString } from './common';
import { billingItemMessages } from './constants/billing';

/**
 * 実費 in the guardian app (spec/billing.md §2): the facility's items that apply to the caller's
 * children, with the written explanation, and the guardian's consent per item and child (who, when).
 * Only consented items are billed. Main and writable guardians consent; read-only co-guardians are
 * refused (403) and see none (docs/decisions/billing-item-consent.md).
 */

export const itemConsentSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  consented_at: z.string(),
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
