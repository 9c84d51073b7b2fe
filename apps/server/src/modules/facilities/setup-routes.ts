import {
  deleteStaffClosedDay,
  fiscalYearOf,
  getStaffFacility,
  postStaffClosedDay,
  postStaffPromotion,
  postStaffPromotionPreview,
  putStaffFacility,
  putStaffFacilityFunctions,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility } from '../access';
import { addClosedDay, closedDayFacility, deleteClosedDay, loadFacilityProfile, setFunctions, updateProfile } from './profile';
import { previewPromotion, promote } from './promotion';

/** Facility setup's staff calls (staff.md §3): the profile, closed days, functions and 進級. */
export function facilitySetupStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacility, {}, async ({ staff, params, query, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return loadFacilityProfile(ctx.db, grant.facilityId, query.fiscal_year ?? fiscalYearOf(today));
  });

  staffRoute(app, putStaffFacility, {}, async ({ staff, params, body, now, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    await updateProfile(ctx.db, staff, grant, body, now);
    return loadFacilityProfile(ctx.db, grant.facilityId, fiscalYearOf(today));
  });

  staffRoute(app, postStaffClosedDay, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return addClosedDay(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, deleteStaffClosedDay, {}, async ({ staff, params, now }) => {
    const facilityId = await closedDayFacility(ctx.db, params.closedDayId);
    if (facilityId === undefined) throw notFound();
    const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.setup');
    return deleteClosedDay(ctx.db, staff, grant, params.closedDayId, now);
  });

  staffRoute(app, putStaffFacilityFunctions, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return setFunctions(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, postStaffPromotionPreview, {}, async ({ staff, params, body }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return previewPromotion(ctx.db, grant, body);
  });

  staffRoute(app, postStaffPromotion, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return promote(ctx.db, staff, grant, body, now);
  });
}
