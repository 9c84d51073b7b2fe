import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, noteChildren } from './organisation';
import { users } from './users';

/**
 * The contact book (連絡帳): what the family tells the facility, one entry per enrolment and
 * facility day; a draft until sent, read-only after (F §3 "Family information entry").
 * The feed shows it as the guardian-side family information of that day.
 */
export const familyInformation = pgTable(
  'family_information',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    contactOn: date('contact_on', { mode: 'string' }).notNull(),
    /** HH:MM */
    sleepStartedAt: text('sleep_started_at'),
    sleepEndedAt: text('sleep_ended_at'),
    temperature: numeric('temperature', { precision: 3, scale: 1 }),
    thermometryDoneAt: text('thermometry_done_at'),
    defecationCategoryId: smallint('defecation_category_id'),
    defecationStatusId: smallint('defecation_status_id'),
    defecationDoneAt: text('defecation_done_at'),
    dinner: text('dinner'),
    breakfast: text('breakfast'),
    message: text('message'),
    isParticipate: boolean('is_participate'),
    isSent: boolean('is_sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The device's id of the send (Idempotency-Key): a second delivery answers as the first. */
    clientKey: text('client_key'),
    /** 確認 by the facility (staff.md §4 inbox): the guardian sees 施設確認済. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff's short reply, shown under the entry in the guardian app, with the writer's name as written. */
    staffReply: text('staff_reply'),
    staffReplyAt: timestamp('staff_reply_at', { withTimezone: true }),
    staffReplyBy: integer('staff_reply_by').references(() => users.id, { onDelete: 'set null' }),
    staffReplyName: text('staff_reply_name'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_information_note_child_day_idx').on(t.noteChildId, t.contactOn),
    index('family_information_company_idx').on(t.companyId),
  ],
);

/** Diseases and symptoms an absence can name (master data, shared by every company). */
export const diseases = pgTable(
  'diseases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** 'disease' | 'symptom' */
    type: text('type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('diseases_name_idx').on(t.name)],
);

/**
 * What a family reports about a day's attendance (F §3 "Attendance item"): status 1 arrival time
 * change, 2 pick-up time change, 3 absence (with absence_type 1 sick / 2 personal and diseases).
 * One row per day; read_at is set when the facility has read it.
 */
export const attendanceReports = pgTable(
  'attendance_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    statusId: smallint('status_id').notNull(),
    /** HH:MM */
    attendanceTime: text('attendance_time'),
    leavingTime: text('leaving_time'),
    absenceType: smallint('absence_type'),
    message: text('message').notNull().default(''),
    /** SHA-256 of the request (child, kind, payload): a repeat within seconds is not stored twice. */
    requestHash: text('request_hash').notNull(),
    /** The device's id of the report (Idempotency-Key): a second delivery writes nothing. */
    clientKey: text('client_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** 確認 by the facility (staff.md §4 inbox): the guardian sees 施設確認済. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('attendance_reports_note_child_date_idx').on(t.noteChildId, t.targetDate, t.statusId),
    index('attendance_reports_note_child_created_idx').on(t.noteChildId, t.createdAt),
    index('attendance_reports_company_idx').on(t.companyId),
    index('attendance_reports_client_key_idx')
      .on(t.noteChildId, t.clientKey)
      .where(sql`client_key is not null`),
  ],
);

/** The diseases/symptoms named by an absence. */
export const attendanceReportDiseases = pgTable(
  'attendance_report_diseases',
  {
    attendanceReportId: integer('attendance_report_id')
      .notNull()
      .references(() => attendanceReports.id, { onDelete: 'cascade' }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.attendanceReportId, t.diseaseId] })],
);

/**
 * A child's actual arrival and pick-up of a day (staff.md §4 board, §6 gate kiosk): entered or
 * corrected by staff on the class board, and later written by the gate kiosk (source 'kiosk',
 * device_id set). One row per enrolment and day.
 */
export const childAttendances = pgTable(
  'child_attendances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: it is the enrolment's company (note_child_id's row, which has one), and the
    // check locked the company's row on every kiosk scan (docs/decisions/kiosk-scans-no-foreign-keys.md).
    companyId: integer('company_id').notNull(),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM (Asia/Tokyo) */
    arrivedAt: text('arrived_at'),
    pickedUpAt: text('picked_up_at'),
    /** 'staff' | 'kiosk' */
    source: text('source').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The kiosk (a paired device) that recorded it; null from the board. */
    deviceId: integer('device_id'),
    /**
     * Device time of the last recorded kiosk scan of each kind: a scan within 60 s of it is a repeat
     * (docs/decisions/kiosk-scans-once.md; the upsert's condition, on the locked row).
     */
    arrivalScannedAt: timestamp('arrival_scanned_at', { withTimezone: true }),
    pickupScannedAt: timestamp('pickup_scanned_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('child_attendances_note_child_date_idx').on(t.noteChildId, t.date),
    index('child_attendances_company_idx').on(t.companyId),
  ],
);
