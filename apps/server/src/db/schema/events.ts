import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes, companies, facilities } from './organisation';
import { users } from './users';

/** A facility event on one day; class_id null = the whole facility (F §3 "Event calendar"). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Shown in the iCal feed's description and to staff (staff.md §5 "name, details"). */
    details: text('details').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    /** The staff member who wrote it last (null: seeded or imported). */
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_facility_date_idx').on(t.facilityId, t.date)],
);

/**
 * A guardian's secret iCal subscription address: only the SHA-256 of the token is kept, so the
 * address is shown once when issued; issuing again or deleting revokes the old one.
 */
export const eventCalendarTokens = pgTable(
  'event_calendar_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('event_calendar_tokens_hash_idx').on(t.tokenHash)],
);
