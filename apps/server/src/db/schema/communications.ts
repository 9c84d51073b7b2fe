import { boolean, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    companyId: integer('company_id').notNull().references(() => companies.id),
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
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_information_note_child_day_idx').on(t.noteChildId, t.contactOn), index('family_information_company_idx').on(t.companyId)],
);
