import { getStaffClassGrowths, putStaffClassGrowths } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClassNotes } from '../access';
import { loadGrowthSession, parseDay, saveGrowthSession } from './staff';

/**
 * The class's measurement session (staff.md §4 "Growth"): who reads and writes as the day's notes
 * (class staff of the class, directors, company admins; office none).
 */
export function growthsStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffClassGrowths, {}, async ({ staff, params, query, today }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    return loadGrowthSession(ctx.db, klass, parseDay(query.date, today), canWrite, today);
  });

  staffRoute(app, putStaffClassGrowths, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return saveGrowthSession(ctx, staff, klass, body, now);
  });
}
