import { z } from 'zod';
import { yearMonthString } from '../common';

/**
 * Books (spec/billing.md §5; docs/decisions/billing-books.md): a month's statements and payments as
 * a CSV that opens in Excel (UTF-8 with BOM), and the same month as 仕訳 in 弥生会計's import format
 * (弥生インポート形式, Shift_JIS). Downloads, not JSON calls; `billing.manage`; audited.
 */
export const billingBooksQuery = z.object({ month: yearMonthString });
export const staffBillingBooksCsvPath = '/api/staff/facilities/{facilityId}/billing/books.csv';
export const staffBillingJournalCsvPath = '/api/staff/facilities/{facilityId}/billing/journal.csv';

/** The accounts the 仕訳 use by default (a facility's 勘定科目 names differ: they are matched at import). */
export const journalAccounts = {
  receivable: '未収金',
  bank: '普通預金',
  cash: '現金',
  childcare_fee: '保育料収入',
  extension: '延長保育料収入',
  side_dish: '副食費収入',
  staple: '主食費収入',
  item: '実費徴収収入',
  temporary: '一時預かり収入',
  /** A reduction of revenue (a debit of 売上値引高 against 未収金). */
  sibling_discount: '売上値引高',
  adjustment: '雑収入',
  correction: '雑収入',
} as const;
