import { z } from 'zod';
import { dateString, defineCall, idParam, yearMonthString } from './common';
import { statementStatuses } from './constants/billing';
export * from './constants/billing';

/**
 * 請求 in the guardian app's my page (spec/billing.md §3): the family's issued statements with
 * their lines and each day's 延長 minutes. The main guardian and writable co-guardians of a child
 * on the statement see it; read-only co-guardians and everyone else get 404.
 */

export const statementLineKinds = [
  'childcare_fee',
  'extension',
  'side_dish',
  'staple',
  'item',
  'adjustment',
  'correction',
  'carried_over',
  'temporary',
  'sibling_discount',
] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

export const extensionDaySchema = z.object({
  date: dateString,
  arrived_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  /** Minutes outside the certified window before and after it (after the grace). */
  early_minutes: z.number().int(),
  late_minutes: z.number().int(),
  units: z.number().int(),
  amount: z.number().int(),
});
export type ExtensionDay = z.infer<typeof extensionDaySchema>;

export const statementLineSchema = z.object({
  child_id: z.number().int(),
  child_name: z.string(),
  kind: z.enum(statementLineKinds),
  label: z.string(),
  amount: z.number().int(),
  /** How it was computed, in words a guardian reads. */
  explanation: z.string(),
  /** 延長 only: each day with minutes outside the window. */
  days: z.array(extensionDaySchema),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const billingStatementSchema = z.object({
  /** null for a draft. */
  id: z.number().int().nullable(),
  number: z.string().nullable(),
  month: yearMonthString,
  facility_name: z.string(),
  payer: z.object({ id: z.number().int(), name: z.string() }),
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lines: z.array(statementLineSchema),
  total: z.number().int(),
  due_date: dateString,
  status: z.enum(statementStatuses),
  issued_at: z.string().nullable(),
});
export type BillingStatement = z.infer<typeof billingStatementSchema>;

export const billingStatementSummarySchema = billingStatementSchema.omit({ lines: true });
export type BillingStatementSummary = z.infer<typeof billingStatementSummarySchema>;

export const getBillingStatements = defineCall({
  method: 'GET',
  path: '/api/billing/statements',
  summary: 'The issued statements of the caller’s families (main or writable links), newest month first',
  response: z.array(billingStatementSummarySchema),
});

export const getBillingStatement = defineCall({
  method: 'GET',
  path: '/api/billing/statements/{id}',
  summary: 'One issued statement with its lines and each day’s 延長 minutes; 404 unless the caller may see it',
  params: z.object({ id: idParam }),
  response: billingStatementSchema,
});
