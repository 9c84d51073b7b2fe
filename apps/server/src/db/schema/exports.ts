import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { generatedFileColumns } from './generated-files';
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
    ...generatedFileColumns(),
  },
  (t) => [
    index('child_exports_child_user_idx').on(t.childId, t.userId, t.createdAt),
    index('child_exports_status_idx').on(t.status, t.createdAt),
  ],
);
