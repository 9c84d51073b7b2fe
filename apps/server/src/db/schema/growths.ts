import { date, index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { children, companies } from './organisation';

/** One measurement of a child by the facility (F §3 "Growth record"); follows the child across facilities. */
export const growths = pgTable(
  'growths',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    /** cm, one decimal */
    height: numeric('height', { precision: 5, scale: 1, mode: 'number' }),
    /** kg, two decimals */
    weight: numeric('weight', { precision: 5, scale: 2, mode: 'number' }),
    head: numeric('head', { precision: 4, scale: 1, mode: 'number' }),
    chest: numeric('chest', { precision: 4, scale: 1, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('growths_child_measured_idx').on(t.childId, t.measuredOn)],
);
