import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { children, classes, companies, facilities } from './organisation';
import { devices } from './staff';
import { users } from './users';

/** 午睡チェック (staff.md §4): a class's check interval, when staff changed it from the age band's default. */
export const classNapSettings = pgTable('class_nap_settings', {
  classId: integer('class_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  intervalMinutes: smallint('interval_minutes').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A class's nap time of a day: started (and ended) by a tap on the class tablet. */
export const napSessions = pgTable(
  'nap_sessions',
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
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('nap_sessions_class_date_idx').on(t.classId, t.date)],
);

/**
 * One check of a sleeping child: position and breathing, by the person who looked (the PIN person on
 * a paired tablet) and on which device. Never edited: the day's sheet is the record for audits.
 */
export const napChecks = pgTable(
  'nap_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => napSessions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** supine 仰向け | side 横向き | prone うつ伏せ */
    position: text('position').notNull(),
    breathingOk: boolean('breathing_ok').notNull(),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  },
  (t) => [index('nap_checks_session_child_idx').on(t.sessionId, t.childId, t.checkedAt)],
);
