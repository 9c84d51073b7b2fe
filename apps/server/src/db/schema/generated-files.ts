import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every generated-file job shares (`child_exports`, `records_archives`): the job's
 * state as the files area's job helper (modules/files/jobs.ts) claims, builds, stores, fails and
 * the cleanup expires it. Each table spreads them after its own columns.
 */
export const generatedFileColumns = () => ({
  /** queued → running → ready | failed; ready → expired once the cleanup removed the file */
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
});
