import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingStatements } from './billing';
import { companies, facilities } from './organisation';
import { users } from './users';

/**
 * 集金 (spec/billing.md §4): payers' accounts for 口座振替, the facility's 委託者 settings, the month's
 * request file (created once) and the bank's answers (docs/decisions/billing-debit-*.md).
 */

/** A payer's account at a facility (one per guardian and facility); the number sealed, its last 3 digits for lists. */
export const billingBankAccounts = pgTable(
  'billing_bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    branchCode: text('branch_code').notNull(),
    /** ordinary (普通) | current (当座) */
    accountType: text('account_type').notNull(),
    /** The 7-digit number, AES-GCM sealed under the server's secret (lib/crypto `seal`). */
    numberSealed: text('number_sealed').notNull(),
    numberLast3: text('number_last3').notNull(),
    /** 口座名義 in its 全銀 form (half-width カナ). */
    holder: text('holder').notNull(),
    /** guardian | staff */
    enteredBy: text('entered_by').notNull(),
    /** Set when a request file first carried this account (its 新規コード is 1 until then). */
    firstRequestedAt: timestamp('first_requested_at', { withTimezone: true }),
    /**
     * Set when the 事務 marks the signed 預金口座振替依頼書 登録済 at the bank; cleared when the
     * account changes (docs/decisions/billing-debit-form.md).
     */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_bank_accounts_facility_user_idx').on(t.facilityId, t.userId),
    index('billing_bank_accounts_company_idx').on(t.companyId),
  ],
);

/** The facility's 口座振替 contract: 委託者コード, 委託者名 and its own account (one row, replaced). */
export const billingDebitSettings = pgTable('billing_debit_settings', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  consignorCode: text('consignor_code').notNull(),
  consignorName: text('consignor_name').notNull(),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  branchCode: text('branch_code').notNull(),
  branchName: text('branch_name').notNull(),
  accountType: text('account_type').notNull(),
  accountNumber: text('account_number').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A month's request file, created once: its bytes are kept, so every download answers the same file. */
export const billingDebitRequests = pgTable(
  'billing_debit_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    month: date('month', { mode: 'string' }).notNull(),
    debitDate: date('debit_date', { mode: 'string' }).notNull(),
    /** The file's bytes (Shift_JIS), base64. */
    fileBase64: text('file_base64').notNull(),
    count: integer('count').notNull(),
    total: integer('total').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('billing_debit_requests_facility_month_idx').on(t.facilityId, t.month)],
);

/** One statement in a request (its 顧客番号 and amount), with the bank's answer once imported. */
export const billingDebitItems = pgTable(
  'billing_debit_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    requestId: integer('request_id')
      .notNull()
      .references(() => billingDebitRequests.id),
    statementId: integer('statement_id')
      .notNull()
      .references(() => billingStatements.id),
    customerNumber: text('customer_number').notNull(),
    amount: integer('amount').notNull(),
    numberLast3: text('number_last3').notNull(),
    /** 振替結果コード once imported (null: no answer yet). */
    resultCode: text('result_code'),
    resultImportedAt: timestamp('result_imported_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_debit_items_request_customer_idx').on(t.requestId, t.customerNumber),
    uniqueIndex('billing_debit_items_statement_idx').on(t.statementId),
  ],
);

/**
 * A credit on the facility's bank statement (振込, spec §4), imported once: `line_key` is the line's
 * fingerprint (date, 摘要, amount, balance and its repeat within the file), so a statement imported
 * again, or two overlapping ones, adds nothing twice (docs/decisions/billing-transfer-matching.md).
 */
export const billingTransfers = pgTable(
  'billing_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    lineKey: text('line_key').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    /** matched (by the import) | assigned (by the 事務) | waiting | dismissed (not a fee) */
    status: text('status').notNull(),
    statementId: integer('statement_id').references(() => billingStatements.id),
    paymentId: integer('payment_id'),
    note: text('note'),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_transfers_facility_line_idx').on(t.facilityId, t.lineKey),
    index('billing_transfers_facility_status_idx').on(t.facilityId, t.status),
    index('billing_transfers_company_idx').on(t.companyId),
  ],
);
