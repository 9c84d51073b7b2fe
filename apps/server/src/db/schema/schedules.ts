import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('schedule_windows_facility_idx').on(t.facilityId, t.firstDay)],
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
