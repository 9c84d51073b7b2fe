import { deleteStaffEvent, getStaffFacilityEvents, postStaffFacilityEvent, putStaffEvent } from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility } from '../access';
import { createFacilityEvent, deleteFacilityEvent, eventFacility, listFacilityEvents, updateFacilityEvent } from './staff';

/** 行事 written by staff (staff.md §5); who may write which audience: `mayAddressAudience` in the kernel. */
export function eventsStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacilityEvents, {}, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listFacilityEvents(ctx.db, grant, query.month);
  });

  staffRoute(app, postStaffFacilityEvent, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return createFacilityEvent(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, putStaffEvent, {}, async ({ staff, params, body, now }) => {
    const event = await eventFacility(ctx.db, params.eventId);
    if (!event) throw notFound();
    const grant = await authorizeFacility(ctx, staff, event.facilityId, 'facility.read');
    return updateFacilityEvent(ctx.db, staff, grant, params.eventId, event.classId, body, now);
  });

  staffRoute(app, deleteStaffEvent, {}, async ({ staff, params, now }) => {
    const event = await eventFacility(ctx.db, params.eventId);
    if (!event) throw notFound();
    const grant = await authorizeFacility(ctx, staff, event.facilityId, 'facility.read');
    return deleteFacilityEvent(ctx.db, staff, grant, params.eventId, event.classId, now);
  });
}
