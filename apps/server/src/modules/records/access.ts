import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { authorizeClass, grantHolds, grantHoldsAt, type FacilityGrant, type StaffViewer } from '../access';

export type RecordDocumentRow = typeof recordDocuments.$inferSelect;

/**
 * Who may do what with a class's plans and records (records.md §7, docs/decisions/records-access.md):
 * every class staff member, the 主任, the 園長 and company admins read every class's documents of
 * the facility; office none (403); a class tablet its own class's only (404 for another class).
 * Writers: the class's own staff (on its tablet too), the 主任 for the whole facility, directors
 * and company admins. Approvers: directors, company admins and 主任, on a desktop sign-in only.
 * The rules are the catalogue's `records.*` actions (access/roles.ts), printed in docs/permissions.md.
 */
export interface RecordGrant {
  klass: Awaited<ReturnType<typeof authorizeClass>>['klass'];
  grant: FacilityGrant;
  canWrite: boolean;
  canApprove: boolean;
}

/**
 * The grant a document is read and written under: a class's (or a child's) RecordGrant, or for the
 * facility's own 全体的な計画 one with no class (overall-plan.ts).
 */
export type DocumentGrant = Omit<RecordGrant, 'klass'> & { klass: RecordGrant['klass'] | null };

/** A class's documents by the role catalogue (access/roles.ts): `records.read`, then `records.write` and `records.approve`. */
export async function authorizeRecordClass(
  ctx: AppContext,
  staff: StaffViewer,
  classId: number,
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
): Promise<RecordGrant> {
  const { klass, grant } = await authorizeClass(ctx, staff, classId, 'records.read', db);
  const canWrite = grantHoldsAt(grant, 'records.write', klass.id);
  const canApprove = grantHolds(grant, 'records.approve');
  if (mode === 'write' && !canWrite) throw forbidden();
  if (mode === 'approve' && !canApprove) throw forbidden();
  return { klass, grant, canWrite, canApprove };
}

/** The statuses in which writers type: 作成中 and 差し戻し (提出済み and 承認済み are read-only). */
export const isEditable = (status: string) => status === 'draft' || status === 'returned';
