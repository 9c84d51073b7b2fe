import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { generatedFileColumns } from './generated-files';
import { classes, companies, facilities } from './organisation';
import { users } from './users';

/**
 * An inspection archive asked for on the staff screen (issue 33; docs/decisions/records-archive-background.md):
 * a class's 年度 of plans and records as one ZIP, built by the records archive worker (claimed with
 * a lease, so a restarted server takes a job left `running` up again), stored under `storage_key`,
 * downloadable by the member who asked until `expires_at`.
 */
export const recordsArchives = pgTable(
  'records_archives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** The member who asked: the build's reads are logged as theirs, and only they download it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The request's address, for the build's audit entries. */
    ip: text('ip').notNull(),
    ...generatedFileColumns(),
  },
  (t) => [
    index('records_archives_class_user_idx').on(t.classId, t.userId, t.year, t.createdAt),
    index('records_archives_status_idx').on(t.status, t.createdAt),
  ],
);
