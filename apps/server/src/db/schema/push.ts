import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Web push subscriptions of the guardian app (the browser's PushSubscription: endpoint + keys;
 * docs/decisions/push-web-push.md). An endpoint belongs to one user at a time (the last to store
 * it); the push service answering 404/410 deletes it.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's P-256 public key and auth secret (base64url), for the payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('web_push_subscriptions_endpoint_idx').on(t.endpoint),
    index('web_push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Per-user push categories (A §2 /notification_settings); no row = every category on, no digest.
 * With `digest` on, the single pushes of the digestible categories wait for the day's summary.
 */
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyNote: boolean('daily_note').notNull().default(true),
  notice: boolean('notice').notNull().default(true),
  questionnaireClosing: boolean('questionnaire_closing').notNull().default(true),
  attendance: boolean('attendance').notNull().default(true),
  digest: boolean('digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
