import type { Db } from '../../db/client';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/**
 * The tracking of a notice lists the families who read and answered it, with their answers (which
 * may be about a child's health): each read of it, on screen or as CSV, is one audit entry
 * (staff.md §2, issue 30). Written after the read succeeded; a refused read (4xx) writes none.
 */
export async function recordTrackingRead(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  noticeId: number,
  action: 'notice.tracking.read' | 'notice.tracking.csv',
  now: Date,
): Promise<void> {
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action,
    targetType: 'notice',
    targetId: noticeId,
  });
}
