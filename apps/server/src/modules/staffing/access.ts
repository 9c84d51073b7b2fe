import { staffingMessages, type StaffRole } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { authorizeFacility, type FacilityGrant, type StaffViewer } from '../access';
import { facilityStaff } from './day-data';

/**
 * Who may do what of staffing (staffing.md §5): every member reads the live ratio and the day;
 * 園長 and 法人管理者 everything; 事務 the 勤務実績 export; each person their own 打刻. There is no
 * 主任 role in the product yet (docs/decisions/staffing-roles.md).
 */
export type StaffingAction = 'read' | 'correct' | 'settings' | 'export';

const staffingMay: Record<StaffRole, readonly StaffingAction[]> = {
  company_admin: ['read', 'correct', 'settings', 'export'],
  director: ['read', 'correct', 'settings', 'export'],
  office: ['read', 'export'],
  class_staff: ['read'],
};

export async function authorizeStaffing(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  action: StaffingAction,
  db: Db = ctx.db,
): Promise<FacilityGrant> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.read', db);
  if (!staffingMay[grant.role].includes(action)) throw forbidden();
  return grant;
}

export const mayCorrect = (grant: FacilityGrant) => staffingMay[grant.role].includes('correct');

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
