import { getStaffCompanyRollup, postStaffCompanyFacility } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeCompany } from '../access';
import { companyRollup, createFacility } from './company';

/** The company admin's calls (staff.md §1): create a facility, the company roll-up. */
export function companyStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, postStaffCompanyFacility, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeCompany(ctx, staff, params.companyId);
    return createFacility(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, getStaffCompanyRollup, {}, async ({ staff, params, today, now }) => {
    const grant = await authorizeCompany(ctx, staff, params.companyId);
    return companyRollup(ctx.db, grant, today, now);
  });
}
