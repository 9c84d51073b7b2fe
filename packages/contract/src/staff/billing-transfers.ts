import { z } from 'zod';
import { defineCall, idParam } from '../common';

/**
 * 振込 (spec/billing.md §4): the bank statement's credits (入出金明細 CSV) imported once each, matched
 * to open statements by the payer's カナ name and the amount; what does not match waits for the 事務
 * to assign it to a statement or to record it as not a fee. 事務, 園長 and 法人管理者 (`billing.manage`).
 * docs/decisions/billing-transfer-matching.md.
 */

export const transferMessages = {
  file: 'ファイルを選択してください',
  fileTooLarge: 'ファイルが大きすぎます（700KBまで）',
  unreadable: 'ファイルを読み取れませんでした。銀行の入出金明細（CSV）を選んでください',
  noHeader: '入出金明細の見出し（日付・摘要・入金金額）が見つかりません',
  date: '日付を読み取れません',
  amount: '入金金額を読み取れません',
  noCredits: '入金の行がありません',
  statement: '割り当てる請求を選んでください',
  reason: '理由を入力してください（100文字以内）',
  resolved: 'この入金はすでに照合済みです',
  overpaid: '入金額が請求の残額を超えています',
  notOpen: 'この請求は入金を受け付けていません（支払済・引落予定）',
} as const;
const T = transferMessages;

export const transferStatuses = ['matched', 'assigned', 'waiting', 'dismissed'] as const;
export type TransferStatus = (typeof transferStatuses)[number];
export const transferStatusLabels: Record<TransferStatus, string> = {
  matched: '自動照合',
  assigned: '手動で割当',
  waiting: '照合待ち',
  dismissed: '請求以外',
};

export const transferSchema = z.object({
  id: z.number().int(),
  received_on: z.string(),
  /** The 摘要 as the bank wrote it (the 振込依頼人名). */
  description: z.string(),
  amount: z.number().int(),
  status: z.enum(transferStatuses),
  statement: z.object({ id: z.number().int(), number: z.string(), payer_name: z.string() }).nullable(),
  /** Why a credit is not a fee (dismissed). */
  note: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** An issued statement that can still take a payment: what the 事務 assigns a credit to. */
export const openStatementSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  month: z.string(),
  payer_name: z.string(),
  children: z.array(z.string()),
  total: z.number().int(),
  remaining: z.number().int(),
});

export const staffTransfersSchema = z.object({
  waiting: z.array(transferSchema),
  /** The latest resolved credits (matched, assigned, dismissed), newest first. */
  recent: z.array(transferSchema),
  open_statements: z.array(openStatementSchema),
});
export type StaffTransfers = z.infer<typeof staffTransfersSchema>;

const facilityParams = z.object({ facilityId: idParam });
const transferParams = z.object({ facilityId: idParam, transferId: idParam });

export const getStaffBillingTransfers = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/transfers',
  summary: 'The bank statement’s credits waiting to be matched, the latest resolved ones and the open statements',
  params: facilityParams,
  response: staffTransfersSchema,
});

export const postStaffBillingTransfersImport = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/transfers/import',
  summary:
    'Imports the bank’s 入出金明細 CSV all-or-nothing (a malformed file 400 naming the line): each credit once, matched by カナ name and amount into a payment, or left waiting; audited',
  params: facilityParams,
  body: z.object({
    file_base64: z.string({ message: T.file }).min(1, T.file).max(960_000, T.fileTooLarge),
  }),
  response: z.object({
    /** Credits new to the facility (a line imported before is counted in `duplicates`). */
    imported: z.number().int(),
    duplicates: z.number().int(),
    matched: z.object({ count: z.number().int(), amount: z.number().int() }),
    waiting: z.object({ count: z.number().int(), amount: z.number().int() }),
    transfers: staffTransfersSchema,
  }),
});

export const postStaffBillingTransferAssign = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/transfers/{transferId}/assign',
  summary: 'Assigns a waiting credit to an open statement (a 振込 payment on the credit’s date); audited',
  params: transferParams,
  body: z.object({ statement_id: z.number({ message: T.statement }).int(T.statement).positive(T.statement) }),
  response: staffTransfersSchema,
});

export const postStaffBillingTransferDismiss = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/transfers/{transferId}/dismiss',
  summary: 'Records a waiting credit as not a fee (with the reason; it stays listed); audited',
  params: transferParams,
  body: z.object({ reason: z.string({ message: T.reason }).trim().min(1, T.reason).max(100, T.reason) }),
  response: staffTransfersSchema,
});
