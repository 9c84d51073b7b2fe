import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classes, companies, facilities } from './organisation';
import { devices } from './staff';
import { users } from './users';

/**
 * A facility's staffing settings (staffing.md §1): its type (保育所, 小規模 A/B/C), which sets the
 * ratios that apply, and whether it takes the 1歳児配置改善加算 (1歳 at 5 : 1). No row: a 保育所
 * without the 加算.
 */
export const staffingSettings = pgTable('staffing_settings', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** nursery | small_a | small_b | small_c */
  facilityType: text('facility_type').notNull(),
  oneYearImprovement: boolean('one_year_improvement').notNull().default(false),
  /** 希望休 of a month are taken until this day of the month before (staffing.md §3). */
  wishDeadlineDay: integer('wish_deadline_day').notNull().default(20),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 打刻 (staffing.md §2): one clock event of a staff member's day (出勤, 退勤, 休憩開始, 休憩終了) at a
 * Tokyo wall time. The 園長's corrections add entries with a reason and void wrong ones with a
 * reason; nothing is edited or deleted, so the day's record shows what was stamped and what changed.
 */
export const staffTimeEntries = pgTable(
  'staff_time_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** in | out | break_start | break_end */
    kind: text('kind').notNull(),
    /** HH:MM (Asia/Tokyo) */
    time: text('time').notNull(),
    /** self (the person's own 打刻 on the desktop) | kiosk (at the gate, offline-first) | correction (the 園長's) */
    source: text('source').notNull(),
    /** A gate 打刻's id, made on the kiosk: each is recorded once (a resend answers `duplicate`). */
    clientId: uuid('client_id'),
    /** A gate 打刻 that did not fit the day's order when it arrived (kept for the 園長's review). */
    outOfOrder: boolean('out_of_order').notNull().default(false),
    /** A gate 打刻's device clock (its date and time are this instant in Tokyo). */
    deviceAt: timestamp('device_at', { withTimezone: true }),
    /** The correction's reason; null for one's own 打刻. */
    reason: text('reason'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_time_entries_facility_date_idx').on(t.facilityId, t.date),
    index('staff_time_entries_user_date_idx').on(t.userId, t.date),
    uniqueIndex('staff_time_entries_client_id_idx').on(t.clientId),
  ],
);

/**
 * Which room a staff member is in from a time of the day (staffing.md §2): without a move, the
 * membership's class; a move from the class tablet lasts until the next move of the day.
 */
export const staffRoomMoves = pgTable(
  'staff_room_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM (Asia/Tokyo) */
    time: text('time').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_room_moves_facility_date_idx').on(t.facilityId, t.date)],
);

/** A facility's shift patterns (staffing.md §3): A 7:30–16:15 with an hour's break, and so on. */
export const shiftPatterns = pgTable(
  'shift_patterns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The letter on the table (A, B, 早, 遅…). */
    code: text('code').notNull(),
    /** HH:MM (Asia/Tokyo) */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakMinutes: integer('break_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shift_patterns_facility_code_idx').on(t.facilityId, t.code)],
);

/** The month's shift table (staffing.md §3): one pattern per staff member and day, or none (off). */
export const shifts = pgTable(
  'shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => shiftPatterns.id),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shifts_facility_user_date_idx').on(t.facilityId, t.userId, t.date),
    index('shifts_facility_date_idx').on(t.facilityId, t.date),
  ],
);

/** A month's table once published: staff see it from then (staffing.md §3). */
export const shiftMonths = pgTable(
  'shift_months',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** YYYY-MM */
    month: text('month').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.month] })],
);

/**
 * 希望休 (staffing.md §3): a staff member's wished day off in a month still to be planned, sent before
 * the facility's deadline; the 園長 sees them on the month's シフト表. One row per person and day.
 */
export const shiftWishes = pgTable(
  'shift_wishes',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.userId, t.date] })],
);

/**
 * 勤務条件 (docs/decisions/staffing-working-conditions.md): a staff member's own limits at the facility
 * for the shift draft (a part-timer 3 days a week, only pattern F). A null limit is the facility's
 * default (5 a week, 23 a month, 5 in a row; hours unlimited); null patterns = every pattern.
 * No row: every default.
 */
export const staffWorkingConditions = pgTable(
  'staff_working_conditions',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    maxDaysPerWeek: integer('max_days_per_week'),
    maxDaysPerMonth: integer('max_days_per_month'),
    maxConsecutiveDays: integer('max_consecutive_days'),
    /** Working hours (a pattern's span less its break) a month. */
    maxHoursPerMonth: integer('max_hours_per_month'),
    /** The shift patterns (ids of the facility's) this person may work; null = all. */
    patternIds: integer('pattern_ids').array(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.userId] })],
);

/**
 * The live ratio's change counter (issue 35; docs/decisions/staffing-live-ratio.md): one row per
 * facility, bumped by statement triggers (migration `*_staffing_ratio_changes.sql`) in the transaction of every write of a
 * table the ratio now reads (attendances, 打刻, room moves, settings, rooms, enrolments, a child's
 * birth, memberships and their classes, a member's name), whoever writes it. ratio-version answers
 * the digest of the ratio's inputs as before, and recomputes it only when this count moved: the
 * count keys a cache, it is never the version. No foreign key: a bump takes no lock on the facility.
 */
export const staffingRatioChanges = pgTable('staffing_ratio_changes', {
  facilityId: integer('facility_id').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});
