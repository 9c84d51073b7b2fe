/** The payer's bank account's words (spec/billing.md §4), without zod: the guardian app's form uses them. */
import { toZenginKana } from './zengin-kana';

export const bankAccountTypes = ['ordinary', 'current'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];
export const bankAccountTypeLabels: Record<BankAccountType, string> = { ordinary: '普通', current: '当座' };
/** The 全銀 預金種目 code of each type. */
export const bankAccountTypeCodes: Record<BankAccountType, 1 | 2> = { ordinary: 1, current: 2 };

export const bankAccountMessages = {
  bankCode: '金融機関コードは4桁の数字で入力してください',
  branchCode: '支店コードは3桁の数字で入力してください',
  accountType: '預金種目（普通・当座）を選択してください',
  accountNumber: '口座番号は7桁以内の数字で入力してください',
  holder: '口座名義はカタカナ（半角・全角）で入力してください（30文字以内、使える記号は ( ) . - / のみ）',
  notMain: '口座振替の口座は、園児の代表者（主たる保護者）のみ登録できます',
  notPayer: '口座を登録できるのは、この施設に在籍する園児の保護者（閲覧のみを除く）です',
  saved: '口座振替の口座を登録しました',
  noAccount: '口座振替の口座がまだ登録されていません',
  formNotReady: '園の口座振替の準備（委託者設定）がまだ整っていないため、依頼書を作成できません',
  registered: '登録済かどうか（true / false）を指定してください',
} as const;

/** The form's own check (the same rules as the contract's schema), field by field: the messages to show. */
export function bankAccountErrors(v: {
  bank_code: string;
  branch_code: string;
  account_type: string;
  account_number: string;
  holder: string;
}): Partial<Record<keyof typeof v, string>> {
  const errors: Partial<Record<keyof typeof v, string>> = {};
  const M = bankAccountMessages;
  if (!/^\d{4}$/.test(v.bank_code)) errors.bank_code = M.bankCode;
  if (!/^\d{3}$/.test(v.branch_code)) errors.branch_code = M.branchCode;
  if (!(bankAccountTypes as readonly string[]).includes(v.account_type)) errors.account_type = M.accountType;
  if (!/^\d{1,7}$/.test(v.account_number)) errors.account_number = M.accountNumber;
  const kana = toZenginKana(v.holder);
  if (kana === null || kana.length === 0 || kana.length > 30) errors.holder = M.holder;
  return errors;
}
