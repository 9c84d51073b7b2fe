import {
  deleteStaffChildImage,
  deleteStaffPickupPersonImage,
  postStaffChildImage,
  postStaffPickupPersonImage,
  rosterMessages,
  getStaffChild,
  getStaffChildren,
  postStaffChild,
  postStaffChildRegistration,
  postStaffChildrenImport,
  postStaffChildrenImportPreview,
  putStaffChild,
  deleteStaffPickupPerson,
  getStaffPickupPersons,
  postStaffPickupPerson,
  putStaffPickupPerson,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { readImageUpload, withMultipart } from '../../lib/upload';
import { authorizeFacility, authorizeStaffChild, checkedWrite } from '../access';
import { importChildren, previewImport } from './import';
import {
  addPickupPerson,
  authorizePickup,
  listPickupPersons,
  removePickupPerson,
  setPickupPersonImage,
  updatePickupPerson,
} from './pickup';
import { issueRegistration } from './registration';
import { createChild, listRoster, readChildRecord, setChildImage, updateChild } from './roster';
import { auditViewOf } from '../audit/service';

/** The roster's staff calls (staff.md §3): children and enrolments, CSV import, registration URLs. */
export function childrenStaffRoutes(app: App, ctx: AppContext) {
  // Names, birth dates and enrolments only: no sensitive field, so no read entry.
  staffRoute(app, getStaffChildren, {}, async ({ staff, params, query, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listRoster(ctx.db, ctx.files, grant.facilityId, today, {
      classId: query.class_id,
      includeLeft: query.include_left === '1',
    });
  });

  // The roster's writes check in their own transaction (access/transactions.ts): a membership ended meanwhile cannot write.
  staffRoute(app, postStaffChild, {}, async ({ staff, params, body, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeFacility(ctx, staff, params.facilityId, 'roster.write', db),
      (db, grant) => createChild(db, ctx.files, staff, grant, body, now),
    ),
  );

  staffRoute(app, getStaffChild, {}, async ({ staff, params, now, req }) => {
    const granted = await authorizeStaffChild(ctx, staff, params.childId, 'facility.read');
    return readChildRecord(ctx.db, ctx.files, { ...staff, auditView: auditViewOf(req.headers) }, granted, now);
  });

  staffRoute(app, putStaffChild, {}, async ({ staff, params, body, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeStaffChild(ctx, staff, params.childId, 'roster.write', db),
      (db, granted) => updateChild(db, ctx.files, staff, granted, body, now),
    ),
  );

  staffRoute(app, postStaffChildrenImportPreview, {}, async ({ staff, params, body, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'roster.write');
    const { encoding, rows, valid } = await previewImport(ctx.db, grant, body.file_base64, today);
    return { encoding, rows: rows.map(({ line, values, errors }) => ({ line, values, errors })), valid };
  });

  staffRoute(app, postStaffChildrenImport, {}, async ({ staff, params, body, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeFacility(ctx, staff, params.facilityId, 'roster.write', db),
      (db, grant) => importChildren(db, staff, grant, body.file_base64, now),
    ),
  );

  staffRoute(app, postStaffChildRegistration, {}, async ({ staff, params, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeStaffChild(ctx, staff, params.childId, 'roster.write', db),
      (db, granted) => issueRegistration({ ...ctx, db }, staff, granted, now),
    ),
  );

  // お迎え登録者: reading them is reading the child's personal record (audited).
  staffRoute(app, getStaffPickupPersons, {}, async ({ staff, params, now, req }) => {
    const granted = await authorizeStaffChild(ctx, staff, params.childId, 'facility.read');
    return listPickupPersons(ctx, { ...staff, auditView: auditViewOf(req.headers) }, granted, now);
  });

  staffRoute(app, postStaffPickupPerson, {}, async ({ staff, params, body, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeStaffChild(ctx, staff, params.childId, 'roster.write', db),
      (db, granted) => addPickupPerson({ ...ctx, db }, staff, granted, body, now),
    ),
  );

  staffRoute(app, putStaffPickupPerson, {}, async ({ staff, params, body, now }) =>
    updatePickupPerson(ctx, staff, params.pickupPersonId, body, now),
  );

  staffRoute(app, deleteStaffPickupPerson, {}, async ({ staff, params, now }) =>
    removePickupPerson(ctx, staff, params.pickupPersonId, now),
  );

  staffRoute(app, deleteStaffChildImage, {}, async ({ staff, params, now }) => {
    const granted = await authorizeStaffChild(ctx, staff, params.childId, 'roster.write');
    await setChildImage(ctx, staff, granted, null, now);
    return { message: rosterMessages.photoRemoved };
  });

  staffRoute(app, deleteStaffPickupPersonImage, {}, async ({ staff, params, now }) =>
    setPickupPersonImage(ctx, staff, params.pickupPersonId, null, now),
  );

  // Photos (staff.md §3, shown at the gate in §6): multipart in this scope only, authorised before the body is read.
  app.register(async (scope) => {
    await withMultipart(scope);
    staffRoute(scope, postStaffChildImage, {}, async ({ staff, params, req, now }) => {
      const granted = await authorizeStaffChild(ctx, staff, params.childId, 'roster.write');
      const { bytes } = await readImageUpload(req);
      const key = await setChildImage(ctx, staff, granted, bytes, now);
      return { image_url: ctx.files.url(key, { variant: 'thumb' })! };
    });

    staffRoute(scope, postStaffPickupPersonImage, {}, async ({ staff, params, req, now }) => {
      await authorizePickup(ctx, staff, params.pickupPersonId, 'roster.write');
      const { bytes } = await readImageUpload(req);
      return setPickupPersonImage(ctx, staff, params.pickupPersonId, bytes, now);
    });
  });
}
