import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every tenant table carries company_id so data can later be distributed by company (DESIGN §5). */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const facilities = pgTable(
  'facilities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** The profile guardians and staff see (staff.md §3); '' = not entered. */
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Opening hours, 'HH:MM' in Tokyo time; null = not entered. */
    openingTime: text('opening_time'),
    closingTime: text('closing_time'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facilities_company_idx').on(t.companyId)],
);

/** Days a facility is closed besides the Japanese public holidays (年末年始, 創立記念日...). */
export const facilityClosedDays = pgTable(
  'facility_closed_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facility_closed_days_facility_date_idx').on(t.facilityId, t.date),
    index('facility_closed_days_company_idx').on(t.companyId),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    /** 年度: the April of its fiscal year (2026 = April 2026 to March 2027). */
    fiscalYear: integer('fiscal_year').notNull(),
    /** 0–5 (歳児), null = mixed ages. */
    ageBand: smallint('age_band'),
    /** The class its children move to at 進級. */
    nextClassId: integer('next_class_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('classes_facility_idx').on(t.facilityId, t.fiscalYear)],
);

/**
 * A facility's 進級 from one 年度 to the next, done once: the unique key is how a second promotion
 * of the same year is refused (409), also when two directors confirm at the same moment.
 */
export const facilityPromotions = pgTable(
  'facility_promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    fromFiscalYear: integer('from_fiscal_year').notNull(),
    /** The user who confirmed it (the audit log's `facility.promotion` entry names them too). */
    promotedBy: integer('promoted_by').notNull(),
    promotedAt: timestamp('promoted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('facility_promotions_facility_year_idx').on(t.facilityId, t.fromFiscalYear),
    index('facility_promotions_company_idx').on(t.companyId),
  ],
);

/** The child as guardians know it. */
export const children = pgTable(
  'children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    birth: date('birth', { mode: 'string' }).notNull(),
    /** 1 boy, 2 girl: picks the growth reference curves. */
    sex: integer('sex').notNull().default(1),
    imageKey: text('image_key'),
    /** Sensitive (staff.md §3): shown on tablets only after the PIN; every staff read is audited. */
    allergies: text('allergies').notNull().default(''),
    careNotes: text('care_notes').notNull().default(''),
    qrToken: text('qr_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('children_qr_token_idx').on(t.qrToken), index('children_company_idx').on(t.companyId)],
);

/** The child's enrolment at a facility; "existence" = one whose admitted/left range covers today. */
export const noteChildren = pgTable(
  'note_children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id').references(() => classes.id),
    admittedOn: date('admitted_on', { mode: 'string' }).notNull(),
    leftOn: date('left_on', { mode: 'string' }),
    /**
     * Registered for 一時預かり only (docs/decisions/billing-temporary-care.md): no class; on the gate's
     * roster on a booked day only; billed the 一時預かり line only.
     */
    temporaryOnly: boolean('temporary_only').notNull().default(false),
  },
  (t) => [index('note_children_child_idx').on(t.childId), index('note_children_facility_idx').on(t.facilityId)],
);
