import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes, companies, facilities, noteChildren } from './organisation';
import { users } from './users';

/** One staff record of a child's day; small lists always read with the note live in jsonb (docs/decisions/feed-daily-notes.md). */
export interface DailyNoteRecords {
  thermometries: { time: string; thermometry: number }[];
  sleeps: { start: string; end: string | null }[];
  defecations: { time: string; category: string; status: string }[];
  lunchItems: { categoryLabel: string; amountLabel: string }[];
  milks: { id: number; time: string; amount: number; contactToParents: string | null }[];
}

/** The facility's daily note (連絡帳 from the facility) for one enrolment and facility day. */
export const dailyNotes = pgTable(
  'daily_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM, as the facility recorded them. */
    attendanceTime: text('attendance_time'),
    leavingTime: text('leaving_time'),
    text: text('text'),
    employeeName: text('employee_name'),
    thermometries: jsonb('thermometries').$type<DailyNoteRecords['thermometries']>().notNull().default([]),
    sleeps: jsonb('sleeps').$type<DailyNoteRecords['sleeps']>().notNull().default([]),
    defecations: jsonb('defecations').$type<DailyNoteRecords['defecations']>().notNull().default([]),
    schoolMeal: text('school_meal'),
    lunchItems: jsonb('lunch_items').$type<DailyNoteRecords['lunchItems']>().notNull().default([]),
    lunchNote: text('lunch_note'),
    snackMorning: text('snack_morning'),
    snackAfternoon: text('snack_afternoon'),
    snackContactToParents: text('snack_contact_to_parents'),
    milks: jsonb('milks').$type<DailyNoteRecords['milks']>().notNull().default([]),
    /** Only published notes reach guardians. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** 1 at the first 公開, +1 at each correction; every version's content is in the audit log. */
    version: integer('version').notNull().default(1),
    /** The staff member who published this version (its name is `employee_name`). */
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_notes_note_child_date_idx').on(t.noteChildId, t.date),
    index('daily_notes_company_idx').on(t.companyId),
  ],
);

/**
 * Staff's working copy of a child's daily note (staff.md §4), saved as they type: never read by the
 * guardian feed. Publishing copies it into `daily_notes` and deletes it; a row beside a published
 * note is an unpublished correction (docs/decisions/feed-staff-daily-notes.md).
 */
export const dailyNoteDrafts = pgTable(
  'daily_note_drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** The contract's `DailyNoteContent` (snake_case), validated on every save. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_note_drafts_note_child_date_idx').on(t.noteChildId, t.date),
    index('daily_note_drafts_company_idx').on(t.companyId),
  ],
);

/** A class-wide broadcast of a day (photos, handouts), shown in the notes of every child of the class. */
export const classBroadcasts = pgTable(
  'class_broadcasts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_broadcasts_class_date_idx').on(t.classId, t.date), index('class_broadcasts_company_idx').on(t.companyId)],
);

/** A file of a daily note (staff files) or of a class broadcast; exactly one owner is set. */
export const feedFiles = pgTable(
  'feed_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    dailyNoteId: integer('daily_note_id').references(() => dailyNotes.id, { onDelete: 'cascade' }),
    classBroadcastId: integer('class_broadcast_id').references(() => classBroadcasts.id, { onDelete: 'cascade' }),
    /** Storage key; images have `{key}.thumb` and `{key}.medium` beside them (lib/images). */
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    isDocument: boolean('is_document').notNull().default(false),
    sizeBytes: integer('size_bytes').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('feed_files_daily_note_idx').on(t.dailyNoteId),
    index('feed_files_class_broadcast_idx').on(t.classBroadcastId),
    index('feed_files_company_idx').on(t.companyId),
  ],
);

/**
 * Banners over the feed (F §3 "Banner notification"): operator-wide when company_id is null,
 * company-wide when facility_id is null, else for the guardians of the facility's children.
 */
export const feedBanners = pgTable(
  'feed_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id),
    /** Set by the facility's staff (staff.md §3): shown to guardians with a child enrolled there. */
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'cascade' }),
    /** info | alert */
    level: text('level').notNull(),
    label: text('label').notNull(),
    message: text('message').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('feed_banners_starts_idx').on(t.startsAt),
    index('feed_banners_company_idx').on(t.companyId),
    index('feed_banners_facility_idx').on(t.facilityId),
  ],
);

/**
 * The manual (usage guide) banner, formerly a headless CMS entry: the operator's rows have no
 * facility (the newest published one is shown); a facility may set one of its own (staff.md §3),
 * shown to the guardians of its children instead (docs/decisions/facilities-manual-banner.md).
 */
export const manualBanners = pgTable(
  'manual_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id),
    /** null: the operator's; else the facility's own, at most one. */
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('manual_banners_published_idx').on(t.publishedAt), uniqueIndex('manual_banners_facility_idx').on(t.facilityId)],
);
