import { and, eq } from 'drizzle-orm';
import type { Inbox } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { FacilityGrant } from '../access';
import { bookItem, contactBookRows, reportItem, reportRows, sentAt } from './entries';

/** The inbox of a facility's day, of one class when given: two statements. */
export async function loadInbox(db: Db, grant: FacilityGrant, date: string, classId: number | undefined): Promise<Inbox> {
  const scope = { facilityId: grant.facilityId, date, classId };
  const [reports, books, klass] = await Promise.all([
    reportRows(db, scope),
    contactBookRows(db, scope),
    classId === undefined
      ? [{ id: 0 }]
      : db
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.id, classId), eq(classes.facilityId, grant.facilityId))),
  ]);
  // Another facility's class does not exist for them.
  if (klass.length === 0) throw notFound();
  const items = [...reports.map((r) => reportItem(grant, r)), ...books.map((b) => bookItem(grant, b))];
  items.sort((a, b) => (sentAt(a) < sentAt(b) ? 1 : sentAt(a) > sentAt(b) ? -1 : a.key.localeCompare(b.key)));
  return { date, items };
}
