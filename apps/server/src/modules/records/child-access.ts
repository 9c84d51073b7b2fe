import { childRecordMessages, yorokuMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { authorizeStaffChild, grantHolds, type StaffChildGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { authorizeRecordClass, type RecordDocumentRow, type RecordGrant } from './access';

export interface ChildRecordGrant extends RecordGrant {
  child: StaffChildGrant['child'];
  enrolment: StaffChildGrant['enrolment'];
  /** The child has left the facility: the records are kept and read-only. */
  left: boolean;
}

/**
 * Who may do what with a child's records (個別指導計画, 経過記録, 児童票; records.md §7,
 * docs/decisions/records-child-records.md). The records follow the child: the class that decides
 * is the child's class now, not the one a document was written in. Readers: every member of the
 * child's facility but office (403); another facility 404; a class tablet its own class's children
 * only (404). Writers: the child's class staff (on its tablet too), the 主任, directors and company
 * admins. Approvers: directors, company admins and 主任 on a desktop. A child who has left: read
 * only, for everyone.
 */
export async function authorizeRecordChild(
  ctx: AppContext,
  staff: StaffViewer,
  childId: number,
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
  fallbackClassId: number | null = null,
): Promise<ChildRecordGrant> {
  const { child, enrolment } = await authorizeStaffChild(ctx, staff, childId, 'records.read', db);
  const classId = enrolment.classId ?? fallbackClassId;
  if (classId === null) throw notFound();
  const left = enrolment.leftOn !== null && enrolment.leftOn < staff.today;
  const access = await authorizeRecordClass(ctx, staff, classId, 'read', db);
  const canWrite = access.canWrite && !left;
  const canApprove = access.canApprove && !left;
  if (mode === 'write' && !canWrite) throw forbidden(left ? childRecordMessages.left : undefined);
  if (mode === 'approve' && !canApprove) throw forbidden(left ? childRecordMessages.left : undefined);
  return { ...access, canWrite, canApprove, child, enrolment, left };
}

/** A child's document: the child's grant, and the document must be of the child's facility. */
export async function authorizeChildDocument(
  ctx: AppContext,
  staff: StaffViewer,
  doc: RecordDocumentRow & { childId: number },
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
): Promise<ChildRecordGrant> {
  // A 要録 is approved by the 園長 (and 法人管理者) only, not the 主任 (records-yoroku.md).
  const yoroku = doc.kind === 'yoroku';
  const access = await authorizeRecordChild(
    ctx,
    staff,
    doc.childId,
    yoroku && mode === 'approve' ? 'read' : mode,
    db,
    doc.classId,
  );
  if (access.grant.facilityId !== doc.facilityId) throw notFound();
  if (!yoroku) return access;
  const canApprove = access.canApprove && grantHolds(access.grant, 'records.approve-yoroku');
  if (mode === 'approve' && !canApprove) throw forbidden(access.left ? childRecordMessages.left : yorokuMessages.directorOnly);
  return { ...access, canApprove };
}

/**
 * A read of a child's document on screen (records.md §6: every read of a child's record is in
 * the log), with the child as its subject so the audit screen finds it by child.
 */
export async function auditChildDocumentRead(
  db: Db,
  staff: StaffViewer,
  access: Pick<RecordGrant, 'grant'>,
  doc: Pick<RecordDocumentRow, 'id' | 'kind' | 'periodStart' | 'version' | 'childId'>,
  now: Date,
  view: 'screen' | 'open',
) {
  if (doc.childId === null) return;
  await recordAudit(db, staff, now, {
    companyId: access.grant.companyId,
    facilityId: access.grant.facilityId,
    // A 要録's reads have their own action, so the audit screen by child answers who read it.
    action: doc.kind === 'yoroku' ? 'yoroku.read' : 'record.view',
    targetType: 'record_document',
    targetId: doc.id,
    childId: doc.childId,
    details: { kind: doc.kind, period: doc.periodStart, version: doc.version, view },
  });
}
