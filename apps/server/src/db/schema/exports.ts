import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { children } from './organisation';
import { users } from './users';

/**
 * A guardian's archive of a child (issue 20; docs/decisions/exports-child-archive.md): asked for by
 * the main guardian, prepared by the export worker (claimed with a lease, so a killed worker's job
 * is taken up again), stored under `storage_key`, downloadable until `expires_at`.
 */
export const childExports = pgTable(
  'child_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    /** queued → running → ready | failed */
    status: text('status').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** A running job's worker holds it until then; after it, another worker takes the job again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('child_exports_child_user_idx').on(t.childId, t.userId, t.createdAt),
    index('child_exports_status_idx').on(t.status, t.createdAt),
  ],
);
