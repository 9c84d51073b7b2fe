import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, facilities, noteChildren } from './organisation';
import { users } from './users';

/**
 * A facility opens registration of a month's attendance schedule: the days it covers
 * (first_day … last_day) and the deadline for guardians (F §3 "Schedule check response").
 */
export const scheduleWindows = pgTable(
  'schedule_windows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** The last day on which guardians may register or change (inclusive, Asia/Tokyo). */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /**
     * The days of first_day … last_day the facility is open, as staff set them (staff.md §5); null
     * (windows made before staff opened them): every day of the range.
     */
    openDays: date('open_days', { mode: 'string' }).array(),
    /** When staff closed it early (the deadline then moved to the day before; docs/decisions/schedules-staff-windows.md). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One window per facility and first day: staff open one per month, and two directors opening the
  // same month at once get one window and a 409.
  (t) => [uniqueIndex('schedule_windows_facility_first_day_idx').on(t.facilityId, t.firstDay)],
);

/**
 * The reminders sent for a window (staff.md §5 "remind them"): one row per guardian and day, so a
 * second press on the same day (or two staff pressing at once) never mails a guardian twice.
 */
export const scheduleReminders = pgTable(
  'schedule_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    windowId: integer('window_id')
      .notNull()
      .references(() => scheduleWindows.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Tokyo day it was sent on. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    /** The outbox row, null when the guardian has turned notification mails off. */
    mailId: integer('mail_id'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedule_reminders_window_user_day_idx').on(t.windowId, t.userId, t.sentOn)],
);

/** One registered day of a child's attendance schedule; absent = no times (F §3 "Schedule day"). */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    isAbsent: boolean('is_absent').notNull().default(false),
    /** HH:MM, null when absent */
    attendanceTime: text('attendance_time'),
    leavingTime: text('leaving_time'),
    remarks: text('remarks'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Migration 0008 adds INCLUDE (id, is_absent, attendance_time, leaving_time): the month is read
  // from the index alone (drizzle's builder cannot say INCLUDE).
  (t) => [uniqueIndex('schedules_note_child_date_idx').on(t.noteChildId, t.date)],
);
