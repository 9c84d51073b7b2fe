import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingItems } from './billing';
import { children, companies, facilities } from './organisation';
import { users } from './users';

/**
 * Fee rules beside the main settings (spec/billing.md §2), dated like them (`valid_from` = the first
 * day of a month): the sibling discount and the 一時預かり prices; the staff's record of each
 * 一時預かり use; each guardian's consent to a 実費 item.
 */

/** The sibling discount from a month on (docs/decisions/billing-sibling-discount.md). */
export const billingSiblingDiscounts = pgTable(
  'billing_sibling_discounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** The line kinds the discount reduces. */
    appliesTo: text('applies_to').array().notNull(),
    countDeclaredOlder: boolean('count_declared_older').notNull().default(false),
    /** [{from_order, kind: percent | amount, value}] by from_order; empty: no discount. */
    tiers: jsonb('tiers').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_sibling_discounts_facility_from_idx').on(t.facilityId, t.validFrom),
    index('billing_sibling_discounts_company_idx').on(t.companyId),
  ],
);

/** 一時預かり prices from a month on: half or full day by age band (docs/decisions/billing-temporary-care.md). */
export const billingTemporaryRates = pgTable(
  'billing_temporary_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    halfDayHours: smallint('half_day_hours').notNull(),
    /** [{from_age, half_day, full_day}] by from_age (歳児), the first from 0. */
    bands: jsonb('bands').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_temporary_rates_facility_from_idx').on(t.facilityId, t.validFrom),
    index('billing_temporary_rates_company_idx').on(t.companyId),
  ],
);

/** A 一時預かり use as the staff recorded it (the kiosk records enrolled days only). */
export const billingTemporaryUses = pgTable(
  'billing_temporary_uses',
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
      .references(() => children.id),
    date: date('date', { mode: 'string' }).notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_temporary_uses_facility_date_idx').on(t.facilityId, t.date),
    index('billing_temporary_uses_company_idx').on(t.companyId),
  ],
);

/**
 * A 一時預かり booking (予約): a child booked for a day with planned times, one per child and day
 * (docs/decisions/billing-temporary-care.md). The day's use takes its times from the day's attendance
 * when both were recorded, else from here; cancelled (deleted, audited) while the day has not come.
 */
export const billingTemporaryBookings = pgTable(
  'billing_temporary_bookings',
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
      .references(() => children.id),
    date: date('date', { mode: 'string' }).notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_temporary_bookings_facility_child_date_idx').on(t.facilityId, t.childId, t.date),
    index('billing_temporary_bookings_facility_date_idx').on(t.facilityId, t.date),
    index('billing_temporary_bookings_company_idx').on(t.companyId),
  ],
);

/** A guardian's consent to a 実費 item for a child: once, with who and when (docs/decisions/billing-item-consent.md). */
export const billingItemConsents = pgTable(
  'billing_item_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => billingItems.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    /** The guardian who consented in the app; null for a paper form the office recorded. */
    userId: integer('user_id').references(() => users.id),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** The office member who recorded a paper consent (null: the guardian in the app). */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The first month this consent covers (null: from the item's first month; docs/decisions/billing-item-consent-withdrawal.md). */
    monthFrom: date('month_from', { mode: 'string' }),
    /** The first month no longer billed (null: the consent stands). */
    withdrawnFrom: date('withdrawn_from', { mode: 'string' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The guardian who withdrew in the app; null when the office recorded a paper withdrawal. */
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnRecordedBy: integer('withdrawn_recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One standing consent per item and child; withdrawn ones stay as the history.
    uniqueIndex('billing_item_consents_item_child_idx')
      .on(t.itemId, t.childId)
      .where(sql`withdrawn_from is null`),
    index('billing_item_consents_child_idx').on(t.childId),
    index('billing_item_consents_company_idx').on(t.companyId),
  ],
);
