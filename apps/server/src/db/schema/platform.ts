import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window rate-limit counters when no Redis is configured (docs/decisions/auth-atomic-limits.md):
 * one row per key, incremented by one upsert, so concurrent requests (and instances) each see
 * their own count.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
