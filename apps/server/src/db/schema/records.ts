import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { children, classes, companies, facilities } from './organisation';
import { users } from './users';

/** PostgreSQL's bytea as a Node Buffer (a Yjs document's state). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A facility's template of a kind of plan or record (records.md §2): typed sections and fields as
 * data. A change is a new row (version + 1): the documents made from the old one keep it, so they
 * stay readable as written (docs/decisions/records-templates.md).
 */
export const recordTemplates = pgTable(
  'record_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    version: smallint('version').notNull(),
    /** The sections and fields (contract `recordSectionSchema[]`). */
    sections: jsonb('sections').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('record_templates_facility_kind_version_idx').on(t.facilityId, t.kind, t.version)],
);

/**
 * A plan or a record: a kind, for a class, for a period, made from a template, with a status. A
 * correction of an approved document is a new row (version + 1); the old one stays as approved.
 */
export const recordDocuments = pgTable(
  'record_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id').references(() => classes.id),
    /** The child of a 個別指導計画 (and the other per-child records); null for a class's document. */
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => recordTemplates.id),
    /** draft | submitted | approved | returned */
    status: text('status').notNull().default('draft'),
    version: smallint('version').notNull().default(1),
    returnComment: text('return_comment'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('record_documents_class_kind_period_version_idx')
      .on(t.classId, t.kind, t.periodStart, t.version)
      .where(sql`${t.childId} is null`),
    uniqueIndex('record_documents_child_kind_period_version_idx')
      .on(t.childId, t.kind, t.periodStart, t.version)
      .where(sql`${t.childId} is not null`),
    // A facility's own document (the 全体的な計画): one per period and version (records-rollover.md).
    uniqueIndex('record_documents_facility_kind_period_version_idx')
      .on(t.facilityId, t.kind, t.periodStart, t.version)
      .where(sql`${t.classId} is null and ${t.childId} is null`),
    index('record_documents_facility_period_idx').on(t.facilityId, t.periodStart),
  ],
);

/** The snapshot of a document's Yjs state (Y.encodeStateAsUpdate): the tail of record_document_updates folded in. */
export const recordDocumentStates = pgTable('record_document_states', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => recordDocuments.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The updates stored since a document's snapshot (record_document_states): every store of the
 * co-editing server appends what its copy gained, and compaction folds the tail into the snapshot
 * once it is long (docs/decisions/records-co-editing.md). Never overwritten: two instances or a
 * late offline edit only ever add rows.
 */
export const recordDocumentUpdates = pgTable(
  'record_document_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => recordDocuments.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_document_updates_document_idx').on(t.documentId, t.id)],
);

/** What happened to a document's status: created, 提出, 承認, 差し戻し (with the comment), 修正版. */
export const recordDocumentEvents = pgTable(
  'record_document_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => recordDocuments.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    comment: text('comment'),
  },
  (t) => [index('record_document_events_document_idx').on(t.documentId, t.at)],
);

/** A facility's own 文例 (records.md §3), added by its 園長 or 主任 beside the shipped ones. */
export const recordPhrases = pgTable(
  'record_phrases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** contract `recordPhraseTopics` */
    topic: text('topic').notNull(),
    text: text('text').notNull(),
    /** The age bands (0–5) it suits; empty: every age. */
    ageBands: smallint('age_bands').array().notNull().default([]),
    /** 1–12, or null for any month. */
    month: smallint('month'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_phrases_facility_idx').on(t.facilityId, t.topic)],
);

/**
 * A facility's settings of its plans and records (docs/decisions/records-child-records.md): the 期
 * (the month each of its terms starts, in 年度 order from April) that the 年間指導計画 and the
 * 経過記録 of older children share, and the age (満年齢 on April 1) from which a child's 経過記録 is
 * written per 期 instead of per month. No row: the defaults (4–5 / 6–8 / 9–12 / 1–3; from 3).
 */
export const recordSettings = pgTable('record_settings', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  termStartMonths: smallint('term_start_months').array().notNull().default([4, 6, 9, 1]),
  progressTermsFromAge: smallint('progress_terms_from_age').notNull().default(3),
  /** Whether the facility writes 日案 (records-daily-plans.md): off by default, many write only 週案. */
  writesDailyPlans: boolean('writes_daily_plans').notNull().default(false),
  /** Years a 要録 is kept past the legal minimum (records-yoroku-retention.md): 0 = until the child would finish 小学校. */
  yorokuRetentionExtraYears: smallint('yoroku_retention_extra_years').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A 緊急連絡先 line of a 児童票. */
export interface ChildRecordContact {
  name: string;
  relation: string;
  phone: string;
}

/**
 * The 児童票's own fields (records.md §2; docs/decisions/records-child-records.md): what the roster
 * does not hold. One row per child, written by the 園長, 法人管理者 and the child's class staff;
 * kept with the child (it follows the child across classes and stays after the child leaves).
 */
export const childRecords = pgTable('child_records', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  admissionNotes: text('admission_notes').notNull().default(''),
  birthHistory: text('birth_history').notNull().default(''),
  developmentHistory: text('development_history').notNull().default(''),
  medicalHistory: text('medical_history').notNull().default(''),
  immunizations: text('immunizations').notNull().default(''),
  allergyCause: text('allergy_cause').notNull().default(''),
  familyDoctor: text('family_doctor').notNull().default(''),
  familySituation: text('family_situation').notNull().default(''),
  emergencyContacts: jsonb('emergency_contacts').$type<ChildRecordContact[]>().notNull().default([]),
  notes: text('notes').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A class's 最終年度の重点 (records.md §5; docs/decisions/records-yoroku.md): written once per
 * class (a class row is of one 年度) and shown read-only on every child's 要録 of the class.
 */
export const recordYorokuFocuses = pgTable('record_yoroku_focuses', {
  classId: integer('class_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  text: text('text').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
