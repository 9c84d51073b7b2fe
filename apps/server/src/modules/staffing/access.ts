import { staffingMessages, type StaffRole } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { authorizeFacility, type FacilityGrant, type StaffViewer } from '../access';
import { facilityStaff } from './day-data';

/**
 * Who may do what of staffing (staffing.md §5): every member reads the live ratio and the day;
 * 園長 and 法人管理者 everything; the 主任 (a 保育士 marked so) shifts, corrections and the month's
 * report; 事務 the 勤務実績 export and the report; each person their own 打刻
 * (docs/decisions/staffing-roles.md, staffing-report.md).
 */
export type StaffingAction = 'read' | 'correct' | 'settings' | 'export' | 'report';

const staffingMay: Record<StaffRole, readonly StaffingAction[]> = {
  company_admin: ['read', 'correct', 'settings', 'export', 'report'],
  director: ['read', 'correct', 'settings', 'export', 'report'],
  office: ['read', 'export', 'report'],
  class_staff: ['read'],
};

/** What the 主任 mark adds to a 保育士 (staffing.md §5: shifts and corrections). */
const chiefMay: readonly StaffingAction[] = ['correct', 'report'];

const may = (grant: FacilityGrant, action: StaffingAction) =>
  staffingMay[grant.role].includes(action) || (grant.chief && chiefMay.includes(action));

export async function authorizeStaffing(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  action: StaffingAction,
  db: Db = ctx.db,
): Promise<FacilityGrant> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.read', db);
  if (!may(grant, action)) throw forbidden();
  return grant;
}

export const mayCorrect = (grant: FacilityGrant) => may(grant, 'correct');

/**
 * 勤務条件 (docs/decisions/staffing-working-conditions.md): 園長 and 法人管理者 read and save anyone's;
 * the 主任 reads anyone's (she does the shifts); a 保育士 reads her own; 事務 none (403).
 */
export async function authorizeConditions(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  userId: number,
  action: 'read' | 'write',
): Promise<{ grant: FacilityGrant; editable: boolean }> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.read');
  const editable = may(grant, 'settings');
  const reads = editable || may(grant, 'correct') || (grant.role === 'class_staff' && userId === staff.userId);
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
