import {
  getStaffScheduleMonth,
  getStaffSchedulePlan,
  getStaffSchedulesVersion,
  postStaffScheduleReminders,
  postStaffScheduleWindow,
  postStaffScheduleWindowClose,
  putStaffScheduleWindow,
  schedulePlanCsvQuery,
  staffSchedulePlanCsvPath,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility, type StaffViewer } from '../access';
import { schedulesVersion } from './staff-version';
import { scheduleMonth, windowById } from './month';
import { schedulePlan, schedulePlanCsv } from './plan';
import { remindUnregistered } from './reminders';
import { closeWindow, editWindow, openWindow } from './window';

/**
 * Next-month schedules by staff (staff.md §5). Every member reads; windows and reminders are
 * written by directors, office and company admins: the kernel's `roster.write` role set, class
 * staff 403 (docs/decisions/schedules-staff-windows.md).
 */
export function schedulesStaffRoutes(app: App, ctx: AppContext) {
  /** A window of a facility the caller may write for; another facility's (or none) is 404. */
  const writableWindow = async (staff: StaffViewer, windowId: number) => {
    const window = await windowById(ctx.db, windowId);
    if (!window) throw notFound();
    const grant = await authorizeFacility(ctx, staff, window.facilityId, 'roster.write');
    return { window, grant };
  };

  staffRoute(app, getStaffScheduleMonth, {}, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return scheduleMonth(ctx.db, grant, query.month, staff.today);
  });

  // Polled every few seconds while the screen is open: passive, as the board's day-version.
  staffRoute(app, getStaffSchedulesVersion, { passive: true }, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return { month: query.month, version: await schedulesVersion(ctx.db, grant.facilityId, query.month) };
  });

  staffRoute(app, postStaffScheduleWindow, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'roster.write');
    return openWindow(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, putStaffScheduleWindow, {}, async ({ staff, params, body, now }) => {
    const { window, grant } = await writableWindow(staff, params.windowId);
    return editWindow(ctx.db, staff, grant, window, body, now);
  });

  staffRoute(app, postStaffScheduleWindowClose, {}, async ({ staff, params, now }) => {
    const { window, grant } = await writableWindow(staff, params.windowId);
    return closeWindow(ctx.db, staff, grant, window, now);
  });

  staffRoute(app, postStaffScheduleReminders, {}, async ({ staff, params, now }) => {
    const { window, grant } = await writableWindow(staff, params.windowId);
    return remindUnregistered(ctx, staff, grant, window, now);
  });

  staffRoute(app, getStaffSchedulePlan, {}, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return schedulePlan(ctx.db, grant, query.month);
  });

  staffCsvRoute(app, staffSchedulePlanCsvPath, 'facilityId', schedulePlanCsvQuery, async ({ staff, id, query }) => {
    const grant = await authorizeFacility(ctx, staff, id, 'facility.read');
    const plan = await schedulePlan(ctx.db, grant, query.month);
    return { filename: `schedule-plan-${query.month}-${query.view}.csv`, body: schedulePlanCsv(plan, query.view) };
  });
}
