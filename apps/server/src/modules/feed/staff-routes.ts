import {
  deleteStaffBanner,
  getStaffClassDailyNotes,
  getStaffFacilityBanners,
  postStaffClassDailyNotesPublish,
  postStaffFacilityBanner,
  putStaffClassDailyNoteDrafts,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClassNotes, authorizeFacility } from '../access';
import { loadClassDay, parseDay, publishDrafts, saveDrafts } from './daily-notes';
import { bannerFacility, createFacilityBanner, deleteFacilityBanner, listFacilityBanners } from './banners';

/**
 * The feed's staff calls (staff.md §3): the facility's banners over the guardians' home feed. The
 * manual (usage guide) banner is the operator's and has no staff call. The class's daily notes
 * (staff.md §4 entry grid): drafts saved as staff type, 公開 to the guardians' feed.
 */
export function feedStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacilityBanners, {}, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listFacilityBanners(ctx.db, grant.facilityId, now);
  });

  staffRoute(app, postStaffFacilityBanner, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return createFacilityBanner(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, deleteStaffBanner, {}, async ({ staff, params, now }) => {
    const facilityId = await bannerFacility(ctx.db, params.bannerId);
    if (facilityId === undefined) throw notFound();
    const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.setup');
    return deleteFacilityBanner(ctx.db, staff, grant, params.bannerId, now);
  });

  staffRoute(app, getStaffClassDailyNotes, {}, async ({ staff, params, query, today }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    return loadClassDay(ctx.db, klass, parseDay(query.date, today), canWrite, today);
  });

  staffRoute(app, putStaffClassDailyNoteDrafts, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return saveDrafts(ctx.db, staff, klass, body, now);
  });

  // On a paired tablet the session's person is the one who unlocked it with their PIN: the writer.
  staffRoute(app, postStaffClassDailyNotesPublish, {}, async ({ staff, session, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return publishDrafts(ctx.db, staff, session.user.name ?? session.user.email, klass, body, now);
  });
}
