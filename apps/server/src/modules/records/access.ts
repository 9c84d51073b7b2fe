import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { facilities, recordDocuments, staffMemberships } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { authorizeClass, mayWriteClass, membershipCovers, type FacilityGrant, type StaffViewer } from '../access';

export type RecordDocumentRow = typeof recordDocuments.$inferSelect;

/**
 * Who may do what with a class's plans and records (records.md §7, docs/decisions/records-access.md):
 * every class staff member, the 主任, the 園長 and company admins read every class's documents of
 * the facility; office none (403); a class tablet its own class's only (404 for another class).
 * Writers: the class's own staff (on its tablet too), the 主任 for the whole facility, directors
 * and company admins. Approvers: directors, company admins and 主任, on a desktop sign-in only.
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

/** Whether the caller holds a 主任 membership at the facility covering today. One statement. */
export async function isChief(db: Db, staff: StaffViewer, facilityId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffMemberships.id })
    .from(staffMemberships)
    .innerJoin(facilities, eq(facilities.id, facilityId))
    .where(
      and(
        eq(staffMemberships.userId, staff.userId),
        eq(staffMemberships.isChief, true),
        membershipCovers(staffMemberships, staff.today),
        or(
          eq(staffMemberships.facilityId, facilityId),
          and(isNull(staffMemberships.facilityId), eq(staffMemberships.companyId, facilities.companyId)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function authorizeRecordClass(
  ctx: AppContext,
  staff: StaffViewer,
  classId: number,
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
): Promise<RecordGrant> {
  const { klass, grant } = await authorizeClass(ctx, staff, classId, 'daily.read', db);
  const manager = grant.role === 'director' || grant.role === 'company_admin';
  const chief = !manager && (await isChief(db, staff, klass.facilityId));
  const canWrite = mayWriteClass(grant, klass.id) || (chief && grant.scopeClassId === null);
  const canApprove = (manager || chief) && staff.deviceId === null;
  if (mode === 'write' && !canWrite) throw forbidden();
  if (mode === 'approve' && !canApprove) throw forbidden();
  return { klass, grant, canWrite, canApprove };
}

/** The statuses in which writers type: 作成中 and 差し戻し (提出済み and 承認済み are read-only). */
export const isEditable = (status: string) => status === 'draft' || status === 'returned';
