import {
  deleteStaffBanner,
  deleteStaffPhotoFile,
  getStaffClassPhotos,
  postStaffClassPhoto,
  deleteStaffManualBanner,
  getStaffClassDailyNotes,
  getStaffFacilityBanners,
  getStaffManualBanner,
  postStaffClassDailyNotesApply,
  postStaffClassDailyNotesPublish,
  postStaffClassDailyNotesPublishClass,
  postStaffFacilityBanner,
  putStaffClassDailyNoteDrafts,
  putStaffManualBanner,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClassNotes, authorizeFacility } from '../access';
import { deleteFacilityManualBanner, facilityManualBanner, setFacilityManualBanner } from './manual-banner';
import { readUploadForm, withMultipart } from '../../lib/upload';
import { loadClassPhotos, placementOf, removePlacement, uploadClassPhoto } from './photos';
import { parseDay, readClassDay } from './daily-notes';
import { applyToClass, saveDrafts } from './daily-note-drafts';
import { publishClass, publishDrafts } from './daily-note-publish';
import { bannerFacility, createFacilityBanner, deleteFacilityBanner, listFacilityBanners } from './banners';

/**
 * The feed's staff calls (staff.md §3, §4): the facility's banners over the guardians' home feed and
 * its own manual banner (the operator's shows where a facility has none); the class's daily notes
 * (the entry grid): drafts saved as staff type, 公開 to the guardians' feed.
 */
export function feedStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacilityBanners, {}, async ({ req, staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listFacilityBanners(ctx.db, grant.facilityId, now, req.log);
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

  staffRoute(app, getStaffManualBanner, {}, async ({ staff, params }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return facilityManualBanner(ctx.db, grant.facilityId);
  });

  staffRoute(app, putStaffManualBanner, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return setFacilityManualBanner(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, deleteStaffManualBanner, {}, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return deleteFacilityManualBanner(ctx.db, staff, grant, now);
  });

  staffRoute(app, getStaffClassDailyNotes, {}, async ({ staff, params, query, today, now }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    return readClassDay(ctx.db, staff, klass, parseDay(query.date, today), canWrite, now);
  });

  staffRoute(app, putStaffClassDailyNoteDrafts, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return saveDrafts(ctx.db, staff, klass, body, now);
  });

  staffRoute(app, postStaffClassDailyNotesApply, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return applyToClass(ctx.db, staff, klass, body, now);
  });

  // On a paired tablet the session's person is the one who unlocked it with their PIN: the writer.
  staffRoute(app, postStaffClassDailyNotesPublish, {}, async ({ staff, session, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return publishDrafts(ctx.db, staff, session.user.name ?? session.user.email, klass, body, now);
  });

  staffRoute(app, postStaffClassDailyNotesPublishClass, {}, async ({ staff, session, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return publishClass(ctx.db, staff, session.user.name ?? session.user.email, klass, body, now);
  });

  // Photos of the day (staff.md §4): read like the notes; one photo per upload, authorised before the body is read.
  staffRoute(app, getStaffClassPhotos, {}, async ({ staff, params, query, today }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    return loadClassPhotos(ctx, klass, parseDay(query.date, today), canWrite, today);
  });

  staffRoute(app, deleteStaffPhotoFile, {}, async ({ staff, params, now }) => {
    const placement = await placementOf(ctx.db, params.fileId);
    if (!placement) throw notFound();
    const { klass } = await authorizeClassNotes(ctx, staff, placement.class_id!, 'write');
    return removePlacement(ctx, staff, klass, placement, now);
  });

  app.register(async (scope) => {
    await withMultipart(scope);
    staffRoute(scope, postStaffClassPhoto, {}, async ({ staff, params, req, now }) => {
      const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
      return uploadClassPhoto(ctx, staff, klass, await readUploadForm(req), now);
    });
  });
}
