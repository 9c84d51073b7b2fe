import { staffingMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { authorizeFacility, grantHolds, type FacilityGrant, type StaffViewer } from '../access';
import { facilityStaff } from './day-data';

/*
 * Who may do what of staffing (staffing.md §5) is the role catalogue's `staffing.*` actions
 * (access/roles.ts, docs/permissions.md; docs/decisions/staffing-roles.md, staffing-report.md):
 * every member reads the live ratio and the day; 園長 and 法人管理者 everything; the 主任 shifts,
 * corrections and the month's report; 事務 the 勤務実績 export and the report. What stays here is
 * one's own 打刻, which asks for a membership of the facility itself rather than a role.
 */

/**
 * 勤務条件 (docs/decisions/staffing-working-conditions.md): 園長 and 法人管理者 read and save anyone's;
 * the 主任 reads anyone's (she does the shifts: `staffing.correct`); a 保育士 reads her own; 事務 none
 * (403). Writing is `staffing.settings` of the role catalogue (access/roles.ts).
 */
export async function authorizeConditions(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  userId: number,
  action: 'read' | 'write',
): Promise<{ grant: FacilityGrant; editable: boolean }> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.read');
  const editable = grantHolds(grant, 'staffing.settings');
  const reads = editable || grantHolds(grant, 'staffing.correct') || (grant.role === 'class_staff' && userId === staff.userId);
  if (action === 'write' ? !editable : !reads) throw forbidden();
  return { grant, editable };
}

/**
 * One's own 打刻 needs a membership of the facility itself on the day (a company admin's company-wide
 * membership has none: 403); returns the person's row (name, default class).
 */
export async function authorizeOwnClock(ctx: AppContext, staff: StaffViewer, facilityId: number) {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.read');
  const me = (await facilityStaff(ctx.db, facilityId, staff.today)).find((m) => m.userId === staff.userId);
  if (!me) throw forbidden(staffingMessages.notMember);
  return { grant, me };
}
