import { and, desc, type SQL } from 'drizzle-orm';
import type { RecordKind } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordDocumentEvents, recordDocuments } from '../../db/schema';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { RecordDocumentRow } from './access';
import { currentTemplate } from './templates';

/** A document to make: whose it is (a class's has no child, the facility's neither), its kind and period. */
export interface NewDocument {
  companyId: number;
  facilityId: number;
  classId: number | null;
  childId: number | null;
  kind: RecordKind;
  start: string;
  end: string;
}

/** The latest version of the document the conditions name (a version is a row of the same document and period), or undefined. */
export async function latestVersion(db: Db, ...conditions: (SQL | undefined)[]): Promise<RecordDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(recordDocuments)
    .where(and(...conditions))
    .orderBy(desc(recordDocuments.version))
    .limit(1);
  return row;
}

/** A document of a class (and of one of its children): the class's company, facility and id. */
export const ofClass = (klass: { id: number; companyId: number; facilityId: number }, childId: number | null = null) => ({
  companyId: klass.companyId,
  facilityId: klass.facilityId,
  classId: klass.id,
  childId,
});

/** What a new document starts from: its first text, stored under the new id in the same transaction. */
export type InitialContent = (db: Db, documentId: number) => Promise<void>;

/**
 * Inserts a document's first version in the caller's transaction: a draft on the facility's current
 * template of its kind, its initial content (none: the template's empty fields) and its 作成 event.
 * Answers undefined when it exists already: two first opens (or a rollover) at once meet the unique
 * index, and the second reads the first's row.
 */
export async function insertDocument(
  t: Db,
  staff: StaffViewer,
  doc: NewDocument,
  now: Date,
  initial?: InitialContent,
): Promise<RecordDocumentRow | undefined> {
  const template = await currentTemplate(t, { id: doc.facilityId, companyId: doc.companyId }, doc.kind, staff.userId);
  const [row] = await t
    .insert(recordDocuments)
    .values({
      companyId: doc.companyId,
      facilityId: doc.facilityId,
      classId: doc.classId,
      childId: doc.childId,
      kind: doc.kind,
      periodStart: doc.start,
      periodEnd: doc.end,
      templateId: template.id,
      createdBy: staff.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await initial?.(t, row.id);
  await t.insert(recordDocumentEvents).values({ documentId: row.id, action: 'created', byId: staff.userId, at: now });
  return row;
}

/**
 * Makes a document (insertDocument) with its audit entry `record.create` (its kind, period, class,
 * child, and `details`) in one transaction; `authorize` checks the caller again in it.
 */
export function createDocument(
  db: Db,
  staff: StaffViewer,
  doc: NewDocument,
  now: Date,
  options: { initial?: InitialContent; authorize?: (db: Db) => Promise<unknown>; details?: Record<string, unknown> } = {},
): Promise<RecordDocumentRow | undefined> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await options.authorize?.(t);
    const row = await insertDocument(t, staff, doc, now, options.initial);
    if (!row) return undefined;
    await recordAudit(t, staff, now, {
      companyId: doc.companyId,
      facilityId: doc.facilityId,
      action: 'record.create',
      targetType: 'record_document',
      targetId: row.id,
      childId: doc.childId,
      details: {
        kind: doc.kind,
        period: doc.start,
        class_id: doc.classId,
        ...(doc.childId === null ? {} : { child_id: doc.childId }),
        ...options.details,
      },
    });
    return row;
  });
}
