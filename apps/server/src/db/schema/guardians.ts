import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { children, companies, facilities } from './organisation';
import { users } from './users';

/**
 * A co-guardian invitation (A §2 invite). The mail carries a random token; the table keeps its
 * SHA-256. `userId` is set once the address belongs to a user and a pending link exists.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    type: smallint('type').notNull(),
    writable: boolean('writable').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The verify link was opened (single use). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Refused, detached or superseded: never turns into a link again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.tokenHash),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
    index('invitations_child_idx').on(t.childId),
    index('invitations_company_idx').on(t.companyId),
  ],
);

/** A facility-issued child registration URL (/children/register/{company}/{token}); token stored as SHA-256. */
export const childRegistrationTokens = pgTable(
  'child_registration_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('child_registration_tokens_token_idx').on(t.companyId, t.tokenHash),
    index('child_registration_tokens_child_idx').on(t.childId),
  ],
);

/** Wrong birth dates per registration token: at most 5 per hour. */
export const childRegistrationAttempts = pgTable(
  'child_registration_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    tokenId: integer('token_id')
      .notNull()
      .references(() => childRegistrationTokens.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('child_registration_attempts_token_idx').on(t.tokenId, t.attemptedAt)],
);

/** Per-user email notification settings; no row = everything on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailDisabled: boolean('email_disabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Device push tokens (FCM) of the native wrapper; a token belongs to one user at a time. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_tokens_token_idx').on(t.token), index('push_tokens_user_idx').on(t.userId)],
);

/** Functions a facility has switched on (notice, schedule, body_measurement, event); no row = off. */
export const facilityFunctions = pgTable(
  'facility_functions',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    functionKey: text('function_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.functionKey] })],
);
