import { z } from 'zod';
import { defineCall, idParam } from './common';
import { bankAccountMessages, bankAccountTypes } from './constants/bank-accounts';
import { toZenginKana } from './constants/zengin-kana';
export * from './constants/bank-accounts';
export * from './constants/zengin-kana';

/**
 * The payer's bank account for 口座振替 (spec/billing.md §4): entered by the main guardian in the
 * guardian app (請求 → 口座振替の口座) or by the 事務 from a paper 預金口座振替依頼書. The number is
 * stored sealed and every answer shows only its last 3 digits (docs/decisions/billing-bank-accounts.md).
 */

const A = bankAccountMessages;

/** 口座名義 as typed; valid when its 全銀 form has 1–30 characters the format allows. */
const holder = z
  .string({ message: A.holder })
  .max(60, A.holder)
  .refine(
    (v) => {
      const kana = toZenginKana(v);
      return kana !== null && kana.length >= 1 && kana.length <= 30;
    },
    { message: A.holder },
  );

export const bankAccountInput = z.object({
  bank_code: z.string({ message: A.bankCode }).regex(/^\d{4}$/, A.bankCode),
  branch_code: z.string({ message: A.branchCode }).regex(/^\d{3}$/, A.branchCode),
  account_type: z.enum(bankAccountTypes, { message: A.accountType }),
  /** 1–7 digits; stored zero-padded to 7. */
  account_number: z.string({ message: A.accountNumber }).regex(/^\d{1,7}$/, A.accountNumber),
  holder,
});
export type BankAccountInput = z.infer<typeof bankAccountInput>;

/** An account as every list shows it: the number masked but its last 3 digits. */
export const bankAccountSchema = z.object({
  bank_code: z.string(),
  branch_code: z.string(),
  account_type: z.enum(bankAccountTypes),
  /** `****567`. */
  account_number_masked: z.string(),
  /** The 全銀 form (half-width カナ). */
  holder: z.string(),
  entered_by: z.enum(['guardian', 'staff']),
  updated_at: z.string(),
  /** When the 事務 marked the signed 預金口座振替依頼書 登録済 at the bank; null while 未登録 (cleared when the account changes). */
  registered_at: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const guardianBankAccountSchema = z.object({
  facility_id: z.number().int(),
  facility_name: z.string(),
  account: bankAccountSchema.nullable(),
});

export const getBillingAccounts = defineCall({
  method: 'GET',
  path: '/api/billing/accounts',
  summary: 'The 口座振替 account the caller registered at each facility where they are a child’s main guardian',
  response: z.array(guardianBankAccountSchema),
});

export const putBillingAccount = defineCall({
  method: 'PUT',
  path: '/api/billing/accounts/{facilityId}',
  summary:
    'Registers (or replaces) the caller’s 口座振替 account at a facility: main guardians of an enrolled child only (others 403, no link 404)',
  params: z.object({ facilityId: idParam }),
  body: bankAccountInput,
  response: guardianBankAccountSchema,
});
