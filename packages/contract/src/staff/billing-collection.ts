import { z } from 'zod';
import { bankAccountInput, bankAccountMessages, bankAccountSchema, bankAccountTypes, toZenginKana } from '../billing-accounts';
import { defineCall, idParam, yearMonthString } from '../common';
import { statementStatuses } from '../constants/billing';

/**
 * 集金 / 口座振替 (spec/billing.md §4): the payers' accounts (entered from the paper 預金口座振替依頼書),
 * the facility's 委託者 settings for the 全銀 header, a closed month's collection state, the request
 * file (created once per month, then answered the same) and the import of the bank's result file.
 * 事務, 園長 and 法人管理者 (`billing.manage`).
 */

export const debitMessages = {
  consignorCode: '委託者コードは10桁の数字で入力してください',
  consignorName: '委託者名はカタカナ・英数字で入力してください（40文字以内）',
  bankName: '金融機関名はカタカナで入力してください（15文字以内）',
  branchName: '支店名はカタカナで入力してください（15文字以内）',
  noSettings: '口座振替の委託者設定（委託者コード・取引銀行）を登録してください',
  notClosed: 'この月はまだ確定していません。確定した月の請求だけを口座振替にできます',
  nothingToDebit: '口座振替にする請求がありません（口座が登録された支払者の未払いの請求がありません）',
  noRequest: 'この月の口座振替依頼ファイルはまだ作成されていません',
  file: 'ファイルを選択してください',
  fileTooLarge: 'ファイルが大きすぎます（700KBまで）',
  notThisRequest: 'この月の口座振替依頼に含まれない顧客番号です',
  amountMismatch: '引落金額が依頼した金額と一致しません',
  withdrawAnswered: '振替結果を取り込んだ依頼は取り下げできません',
} as const;
const D = debitMessages;

const kanaField = (max: number, message: string) =>
  z
    .string({ message })
    .max(max * 2, message)
    .refine(
      (v) => {
        const kana = toZenginKana(v);
        return kana !== null && kana.length >= 1 && kana.length <= max;
      },
      { message },
    );

/** The facility's 口座振替 contract with its bank (plain, not dated: docs/decisions/billing-debit-settings.md). */
export const debitSettingsInput = z.object({
  consignor_code: z.string({ message: D.consignorCode }).regex(/^\d{10}$/, D.consignorCode),
  consignor_name: kanaField(40, D.consignorName),
  bank_code: bankAccountInput.shape.bank_code,
  bank_name: kanaField(15, D.bankName),
  branch_code: bankAccountInput.shape.branch_code,
  branch_name: kanaField(15, D.branchName),
  account_type: bankAccountInput.shape.account_type,
  account_number: bankAccountInput.shape.account_number,
});

export const debitSettingsSchema = z.object({
  consignor_code: z.string(),
  consignor_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.enum(bankAccountTypes),
  account_number: z.string(),
  updated_at: z.string(),
});

const facilityParams = z.object({ facilityId: idParam });
const monthParams = z.object({ facilityId: idParam, month: yearMonthString });

export const staffPayerAccountSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  children: z.array(z.string()),
  account: bankAccountSchema.nullable(),
});

export const getStaffBillingAccounts = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/accounts',
  summary: 'The guardians who may pay for this month’s children, each with their 口座振替 account (number masked)',
  params: facilityParams,
  response: z.array(staffPayerAccountSchema),
});

export const putStaffBillingAccount = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/accounts/{userId}',
  summary: 'Enters a payer’s account from the paper 預金口座振替依頼書 (replaces theirs); audited with the number masked',
  params: z.object({ facilityId: idParam, userId: idParam }),
  body: bankAccountInput,
  response: staffPayerAccountSchema,
});

export const putStaffBillingAccountRegistered = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/accounts/{userId}/registered',
  summary: 'Marks a payer’s account 登録済 at the bank (true) or 未登録 again (false); audited',
  params: z.object({ facilityId: idParam, userId: idParam }),
  body: z.object({ registered: z.boolean({ message: bankAccountMessages.registered }) }),
  response: staffPayerAccountSchema,
});

/** A payer's 預金口座振替依頼書 (PDF, the full number printed for the payer to sign); audited. */
export const staffBillingDebitFormPdfPath = '/api/staff/facilities/{facilityId}/billing/accounts/{userId}/debit-form.pdf';

export const getStaffDebitSettings = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/debit-settings',
  summary: 'The facility’s 口座振替 委託者 settings (null until entered)',
  params: facilityParams,
  response: z.object({ settings: debitSettingsSchema.nullable() }),
});

export const putStaffDebitSettings = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/billing/debit-settings',
  summary: 'Sets the 委託者コード, 委託者名 and the facility’s bank account for the 全銀 header; audited',
  params: facilityParams,
  body: debitSettingsInput,
  response: z.object({ settings: debitSettingsSchema.nullable() }),
});

export const debitResultCodes = ['0', '1', '2', '3', '4', '8', '9'] as const;
export const debitResultLabels: Record<(typeof debitResultCodes)[number], string> = {
  '0': '振替済',
  '1': '資金不足',
  '2': '預金取引なし',
  '3': '預金者の都合による振替停止',
  '4': '預金口座振替依頼書なし',
  '8': '委託者の都合による振替停止',
  '9': 'その他',
};

export const collectionMethods = ['debit', 'office'] as const;
export const collectionMethodLabels = { debit: '口座振替', office: '窓口（現金・振込）' } as const;

export const collectionRowSchema = z.object({
  statement_id: z.number().int(),
  number: z.string(),
  payer: z.object({ id: z.number().int(), name: z.string() }),
  children: z.array(z.string()),
  total: z.number().int(),
  paid: z.number().int(),
  due_date: z.string(),
  status: z.enum(statementStatuses),
  method: z.enum(collectionMethods),
  account_number_masked: z.string().nullable(),
  /** The bank's answer once a result file is imported. */
  result: z.object({ code: z.enum(debitResultCodes), label: z.string() }).nullable(),
});

export const staffCollectionSchema = z.object({
  month: yearMonthString,
  closed: z.boolean(),
  settings_ready: z.boolean(),
  request: z
    .object({
      created_at: z.string(),
      debit_date: z.string(),
      count: z.number().int(),
      total: z.number().int(),
      filename: z.string(),
    })
    .nullable(),
  rows: z.array(collectionRowSchema),
});
export type StaffCollection = z.infer<typeof staffCollectionSchema>;

export const getStaffCollection = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/collection',
  summary: 'The month’s collection: per family the amount, how it is collected, its status and the bank’s result',
  params: monthParams,
  response: staffCollectionSchema,
});

export const postStaffDebitRequest = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/debit-request',
  summary: 'Creates the month’s 口座振替 request once (statements → 引落予定); later calls answer the same request; audited',
  params: monthParams,
  response: staffCollectionSchema,
});

export const postStaffDebitRequestWithdraw = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/debit-request/withdraw',
  summary:
    'Withdraws the month’s request before any result is imported (statements back to 未払い; the next request is a new file); audited',
  params: monthParams,
  response: staffCollectionSchema,
});

/** The request file itself (Shift_JIS bytes), once created: a download, not a JSON call. */
export const staffDebitRequestFilePath = '/api/staff/facilities/{facilityId}/billing/months/{month}/debit-request.txt';

export const debitResultImportBody = z.object({
  /** The bank's result file as the browser read it, base64. */
  file_base64: z.string({ message: D.file }).min(1, D.file).max(960_000, D.fileTooLarge),
});

export const postStaffDebitResults = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/debit-results',
  summary:
    'Imports the bank’s 振替結果 file all-or-nothing (a malformed file 400 naming the line): 振替済 → a payment, the others 引落不能 with the reason; audited',
  params: monthParams,
  body: debitResultImportBody,
  response: z.object({
    paid: z.object({ count: z.number().int(), amount: z.number().int() }),
    failed: z.object({ count: z.number().int(), amount: z.number().int() }),
    /** Lines already imported before (a second import of the same file changes nothing). */
    unchanged: z.number().int(),
    failures: z.array(
      z.object({
        number: z.string(),
        payer_name: z.string(),
        amount: z.number().int(),
        code: z.enum(debitResultCodes),
        reason: z.string(),
      }),
    ),
    collection: staffCollectionSchema,
  }),
});

// The account's shape and words, for the staff app's forms (the same as the guardians').
export {
  bankAccountInput,
  bankAccountMessages,
  bankAccountTypeLabels,
  bankAccountTypes,
  type BankAccount,
} from '../billing-accounts';
