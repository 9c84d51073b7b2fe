import { and, eq } from 'drizzle-orm';
import { recordsMessages as M, type RecordDocument } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordDocumentEvents, recordDocuments } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { isEditable, type DocumentGrant, type RecordDocumentRow } from './access';
import { copyState } from './document-store';
import { presentDocument } from './present';

type Step = 'submit' | 'approve' | 'return' | 'reopen';

const rules: Record<Exclude<Step, 'reopen'>, { from: (s: string) => boolean; to: string; message: string; event: string }> = {
  submit: { from: isEditable, to: 'submitted', message: M.notSubmittable, event: 'submitted' },
  approve: { from: (s) => s === 'submitted', to: 'approved', message: M.notSubmitted, event: 'approved' },
  return: { from: (s) => s === 'submitted', to: 'returned', message: M.notSubmitted, event: 'returned' },
};

/**
 * 提出 → 承認 / 差し戻し (records.md §4): one conditional update (the status it left must still be
 * the one read: else 409, as when two approvers press at once), its event and its audit entry in
 * one transaction. The socket then drops the document's connections so every editor reconnects
 * read-only or writable as the new status says (records-co-editing.md).
 */
export async function changeStatus(
  db: Db,
  staff: StaffViewer,
  access: DocumentGrant,
  doc: RecordDocumentRow,
  step: Exclude<Step, 'reopen'>,
  comment: string | null,
  now: Date,
): Promise<RecordDocument> {
  const rule = rules[step];
  if (!rule.from(doc.status)) throw conflict(rule.message);
  const updated = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .update(recordDocuments)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(step === 'approve' ? { approvedBy: staff.userId, approvedAt: now } : {}),
        ...(step === 'return' ? { returnComment: comment } : {}),
      })
      .where(and(eq(recordDocuments.id, doc.id), eq(recordDocuments.status, doc.status)))
      .returning();
    if (!row) throw conflict(rule.message);
    await t.insert(recordDocumentEvents).values({ documentId: doc.id, action: rule.event, byId: staff.userId, at: now, comment });
    await recordAudit(t, staff, now, {
      companyId: access.grant.companyId,
      facilityId: access.grant.facilityId,
      action: `record.${step}`,
      targetType: 'record_document',
      targetId: doc.id,
      childId: doc.childId,
      details: { kind: doc.kind, period: doc.periodStart, version: doc.version, ...(comment ? { comment } : {}) },
    });
    return row;
  });
  return presentDocument(db, staff, access, updated, now);
}

/**
 * A correction of an approved document (records.md §4): a new version, a draft holding a copy of
 * the approved text; the approved version stays as it was, readable with its approver.
 */
export async function reopenRecord(
  db: Db,
  staff: StaffViewer,
  access: DocumentGrant,
  doc: RecordDocumentRow,
  now: Date,
): Promise<RecordDocument> {
  if (doc.status !== 'approved') throw conflict(M.notApproved);
  const made = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .insert(recordDocuments)
      .values({
        companyId: doc.companyId,
        facilityId: doc.facilityId,
        classId: doc.classId,
        // A child's document stays the child's (a 個別指導計画's 修正版 lost its child before).
        childId: doc.childId,
        kind: doc.kind,
        periodStart: doc.periodStart,
        periodEnd: doc.periodEnd,
        templateId: doc.templateId,
        version: doc.version + 1,
        createdBy: staff.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // A newer version exists already (pressed twice, or by someone else).
    if (!row) throw conflict(M.notApproved);
    await copyState(t, doc.id, row.id, now);
    await t.insert(recordDocumentEvents).values({ documentId: row.id, action: 'reopened', byId: staff.userId, at: now });
    await recordAudit(t, staff, now, {
      companyId: access.grant.companyId,
      facilityId: access.grant.facilityId,
      action: 'record.reopen',
      targetType: 'record_document',
      targetId: row.id,
      childId: doc.childId,
      details: { kind: doc.kind, period: doc.periodStart, version: row.version, from_document_id: doc.id },
    });
    return row;
  });
  return presentDocument(db, staff, access, made, now);
}
