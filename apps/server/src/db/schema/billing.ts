import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { children, classes, companies, facilities } from './organisation';
import { users } from './users';

/**
 * Billing (spec/billing.md): every amount is integer yen. Rules that change are dated rows: a row
 * applies from its month (`valid_from`, the first day of a month) until a later row's month.
 */

/** A facility's fee rules from a month on (spec §2; docs/decisions/billing-dated-rules.md). */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** First day of the month the rules apply from. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Decides whether 保育料 is billed (私立認可保育所: never). */
    facilityType: text('facility_type').notNull(),
    /** The certified clock windows, HH:MM. */
    standardStart: text('standard_start').notNull(),
    standardEnd: text('standard_end').notNull(),
    shortStart: text('short_start').notNull(),
    shortEnd: text('short_end').notNull(),
    unitMinutes: smallint('unit_minutes').notNull(),
    graceMinutes: smallint('grace_minutes').notNull(),
    pricePerUnit: integer('price_per_unit').notNull(),
    /** From this clock time on a unit costs `late_price_per_unit` (null: one price). */
    lateFrom: text('late_from'),
    latePricePerUnit: integer('late_price_per_unit'),
    dailyCap: integer('daily_cap'),
    monthlyCap: integer('monthly_cap'),
    /** The monthly flat registration's price (null: not offered). */
    flatMonthly: integer('flat_monthly'),
    sideDishFee: integer('side_dish_fee').notNull(),
    stapleFee: integer('staple_fee').notNull(),
    /** 副食費/主食費 also in a month without any attendance. */
    chargeWithoutAttendance: boolean('charge_without_attendance').notNull().default(false),
    /** Day of the following month the statement is due (1–28). */
    dueDay: smallint('due_day').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_settings_facility_from_idx').on(t.facilityId, t.validFrom),
    index('billing_settings_company_idx').on(t.companyId),
  ],
);

/** 実費 items (教材費, 行事費, …) with the explanation guardians read (spec §2). */
export const billingItems = pgTable(
  'billing_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    /** once | monthly */
    frequency: text('frequency').notNull(),
    /** facility | class | children */
    target: text('target').notNull(),
    classId: integer('class_id').references(() => classes.id),
    childIds: integer('child_ids').array().notNull().default([]),
    explanation: text('explanation').notNull(),
    /** First day of the (first) month billed; a once item is billed in this month only. */
    monthFrom: date('month_from', { mode: 'string' }).notNull(),
    /** First day of the last month billed (monthly items; null: open-ended). */
    monthUntil: date('month_until', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_items_facility_idx').on(t.facilityId), index('billing_items_company_idx').on(t.companyId)],
);

/** A child's billing attributes from a month on (spec §1). */
export const billingChildAttributes = pgTable(
  'billing_child_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** 認定区分 1, 2 or 3 (号). */
    certification: smallint('certification').notNull(),
    /** 保育必要量: standard (標準時間) | short (短時間). */
    need: text('need').notNull(),
    /** 副食費 exemption: low_income | third_child | other; null = none. */
    sideDishExemption: text('side_dish_exemption'),
    exemptionNote: text('exemption_note').notNull().default(''),
    /** 保育料 from the 市町村's notice where the facility bills it. */
    childcareFee: integer('childcare_fee'),
    /** per_use | flat (the monthly flat registration for 延長). */
    extensionPlan: text('extension_plan').notNull().default('per_use'),
    /** Older siblings outside the facility, as declared (billing-sibling-discount.md). */
    olderSiblingsOutside: smallint('older_siblings_outside').notNull().default(0),
    payerUserId: integer('payer_user_id')
      .notNull()
      .references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_child_attributes_child_from_idx').on(t.facilityId, t.childId, t.validFrom),
    index('billing_child_attributes_company_idx').on(t.companyId),
  ],
);

/** A facility's month: the row whose `closed_at` is set once, by the one 確定 that wins. */
export const billingMonths = pgTable(
  'billing_months',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    month: date('month', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('billing_months_facility_month_idx').on(t.facilityId, t.month)],
);

/** A staff adjustment (or a correction of an issued statement) on a month's draft, with its reason. */
export const billingAdjustments = pgTable(
  'billing_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    month: date('month', { mode: 'string' }).notNull(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id),
    /** Signed yen: negative is a credit. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The issued statement this line corrects (a later month's line, never an edit). */
    correctsStatementId: integer('corrects_statement_id'),
    /** The earlier statement whose unpaid rest this line carries (billing-carry-over.md); one line per statement. */
    carriedStatementId: integer('carried_statement_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_adjustments_facility_month_idx').on(t.facilityId, t.month),
    uniqueIndex('billing_adjustments_carried_idx').on(t.carriedStatementId),
  ],
);

/** An issued statement: numbered, immutable (its lines are the snapshot taken at 確定). */
export const billingStatements = pgTable(
  'billing_statements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    month: date('month', { mode: 'string' }).notNull(),
    /** 請求番号: `<facility>-<YYYYMM>-<seq>`. */
    number: text('number').notNull(),
    payerUserId: integer('payer_user_id')
      .notNull()
      .references(() => users.id),
    payerName: text('payer_name').notNull(),
    childIds: integer('child_ids').array().notNull(),
    /** The children as named at 確定: [{id, name}]. */
    children: jsonb('children').notNull(),
    /** The lines as computed at 確定 (the contract's StatementLine[]), never edited. */
    lines: jsonb('lines').notNull(),
    total: integer('total').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** unpaid | scheduled | paid | failed */
    status: text('status').notNull().default('unpaid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('billing_statements_number_idx').on(t.number),
    uniqueIndex('billing_statements_month_payer_idx').on(t.facilityId, t.month, t.payerUserId),
    index('billing_statements_payer_idx').on(t.payerUserId),
    index('billing_statements_company_idx').on(t.companyId),
  ],
);

/** A payment of an issued statement recorded at the office (cash with a receipt, or a transfer seen); never deleted. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    statementId: integer('statement_id')
      .notNull()
      .references(() => billingStatements.id),
    amount: integer('amount').notNull(),
    /** cash | transfer (recorded at the office) | debit (口座振替, from the bank's result file) */
    method: text('method').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** 領収書番号 for cash: `<statement number>-R<n>`. */
    receiptNumber: text('receipt_number'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_payments_statement_idx').on(t.statementId), index('billing_payments_company_idx').on(t.companyId)],
);
