import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facilities_company_idx').on(t.companyId)],
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
  },
  (t) => [index('note_children_child_idx').on(t.childId), index('note_children_facility_idx').on(t.facilityId)],
);
