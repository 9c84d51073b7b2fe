import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { authorizeRecordClass, type DocumentGrant, type RecordDocumentRow } from './access';
import { authorizeChildDocument } from './child-access';
import { authorizeOverallPlan } from './overall-plan';

/**
 * A document the caller may reach (else 404, never revealing it), with its grant: a class's
 * document by its class (access.ts), a child's by the child's class now (child-access.ts: the
 * records follow the child), the facility's 全体的な計画 by the facility (overall-plan.ts).
 */
export async function authorizeRecord(
  ctx: AppContext,
  staff: StaffViewer,
  documentId: number,
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
): Promise<DocumentGrant & { doc: RecordDocumentRow }> {
  const [doc] = await db.select().from(recordDocuments).where(eq(recordDocuments.id, documentId));
  if (!doc) throw notFound();
  if (doc.childId !== null)
    return { ...(await authorizeChildDocument(ctx, staff, { ...doc, childId: doc.childId }, mode, db)), doc };
  if (doc.classId === null) {
    if (doc.kind !== 'overall_plan') throw notFound();
    return { ...(await authorizeOverallPlan(ctx, staff, doc.facilityId, mode, db)), doc };
  }
  const grant = await authorizeRecordClass(ctx, staff, doc.classId, mode, db);
  return { ...grant, doc };
}
