import { fiscalYearOf, getStaffClasses, postStaffClass, putStaffClass } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClass, authorizeFacility } from '../access';
import { createClass, listClasses, updateClass } from './classes';
import { companyStaffRoutes } from './company-routes';
import { facilitySetupStaffRoutes } from './setup-routes';

/** Facility setup's staff calls (staff.md §3): classes per 年度. */
export function facilitiesStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffClasses, {}, async ({ staff, params, query, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listClasses(ctx.db, grant.facilityId, query.fiscal_year ?? fiscalYearOf(today), today);
  });

  staffRoute(app, postStaffClass, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return createClass(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, putStaffClass, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClass(ctx, staff, params.classId, 'facility.setup');
    return updateClass(ctx.db, staff, klass, body, now);
  });

  facilitySetupStaffRoutes(app, ctx);
  companyStaffRoutes(app, ctx);
}
