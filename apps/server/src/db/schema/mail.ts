import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The transactional mail outbox (DESIGN §2 "mail"): written in the caller's transaction, sent by
 * the worker over SMTP when configured; otherwise the mails stay here (dev mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    /**
     * pending | sending (claimed by a worker until locked_until) | sent | failed
     * (docs/decisions/platform-outbox-delivery.md).
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this instant (the retry backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the worker that claimed it: past it, a worker that died is presumed gone and the row is retried. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set by callers that must not mail twice (a reminder pressed twice): unique per kind. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.id), uniqueIndex('mail_outbox_kind_dedupe_idx').on(t.kind, t.dedupeKey)],
);

/**
 * Push notifications to a user's registered devices, delivered like mails (same lease, retries and
 * dedupe key); without a push provider configured they stay pending, as mails do without SMTP.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where the app opens (a path of the guardian app). */
    link: text('link'),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [index('push_outbox_status_idx').on(t.status, t.id), uniqueIndex('push_outbox_kind_dedupe_idx').on(t.kind, t.dedupeKey)],
);
