import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use links of the ID service (sign-up verification, password reset, email change).
 * Only the SHA-256 of the token is stored; each expires after 60 minutes.
 */
export const idpTokens = pgTable(
  'idp_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** signup | password_reset | email_change */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Where to go after the flow (already checked against the allowed origins). */
    redirectUrl: text('redirect_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idp_tokens_token_idx').on(t.tokenHash), index('idp_tokens_user_idx').on(t.userId)],
);
