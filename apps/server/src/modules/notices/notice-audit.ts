import type { Db } from '../../db/client';
import type { StaffViewer } from '../access';
import { recordAudit, type AuditAction } from '../audit/service';

/**
 * Every audit entry of the notices area, in one shape: about the notice, at its facility (staff.md §2).
 * The tracking lists the families who read and answered, with their answers (which may be about a
 * child's health): each read of it, on screen or as CSV, is an entry too (issue 30), written after the
 * read succeeded; a refused read (4xx) writes none.
 */
export async function auditNotice(
  db: Db,
  staff: StaffViewer,
  now: Date,
  notice: { id: number; companyId: number; facilityId: number },
  action: Extract<AuditAction, `notice.${string}`>,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, staff, now, {
    companyId: notice.companyId,
    facilityId: notice.facilityId,
    action,
    targetType: 'notice',
    targetId: notice.id,
    ...(details ? { details } : {}),
  });
}
