import {
  getCheckTargetDate,
  getChildAttendances,
  getChildIsAbsence,
  getChildrenDiseases,
  getFamiliesInformation,
  postAbsence,
  postAttendance,
  postFamiliesInformation,
  postFamiliesInformationConfirm,
  communicationMessages,
  postScheduleByDate,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { idempotencyKeyOf, markReplayed } from '../../lib/idempotency';
import { hotRoute, route, type App } from '../../lib/route';
import { authorizeChild, authorizeLink, requireEnrolment, type Viewer } from '../access';
import { ensureDiseaseMaster } from './diseases';
import {
  checkTargetDate,
  confirmContactBook,
  familyInformationOf,
  isAbsence,
  listAttendances,
  listDiseases,
  saveContactBook,
  scheduleByDate,
  sendAbsence,
  sendAttendanceChange,
} from './service';

/**
 * Communications need the child's enrolment of today: a linked child without one cannot use them
 * (403), and sending needs write permission (read-only guardians: 403).
 */
async function authorizeCommunications(ctx: AppContext, viewer: Viewer, childId: number, action: 'view' | 'write') {
  const grant = requireEnrolment(await authorizeChild(ctx, viewer, childId, 'view'), () =>
    forbidden(communicationMessages.childNotEnrolled),
  );
  if (action === 'write') authorizeLink(grant.link, 'write', communicationMessages.readOnly);
  return grant;
}

/** Routes of the communications area (F §2 Communications, §7). */
export function communicationsRoutes(app: App, ctx: AppContext) {
  // The disease/symptom master is reference data every deployment needs, not only the demo.
  app.addHook('onReady', async () => {
    await ensureDiseaseMaster(ctx.db);
  });

  // Contact book
  hotRoute(app, getFamiliesInformation, async ({ caller, query }) => familyInformationOf(ctx, caller, query.date));
  route(app, postFamiliesInformationConfirm, {}, async ({ viewer, body, today }) => {
    const access = await authorizeCommunications(ctx, viewer, body.childId, 'write');
    return confirmContactBook(ctx, access, body, today);
  });
  route(app, postFamiliesInformation, {}, async ({ req, reply, viewer, params, body, now, today }) => {
    const clientKey = idempotencyKeyOf(req);
    const access = await authorizeCommunications(ctx, viewer, params.childId, 'write');
    const { replayed, ...answer } = await saveContactBook(ctx, access, viewer.userId, body, now, today, clientKey);
    markReplayed(reply, replayed);
    return answer;
  });

  // Attendance changes and absences
  route(app, getChildrenDiseases, {}, async () => listDiseases(ctx));
  route(app, getChildAttendances, {}, async ({ viewer, params, query }) =>
    listAttendances(ctx, await authorizeCommunications(ctx, viewer, params.childId, 'view'), query),
  );
  route(app, getChildIsAbsence, {}, async ({ viewer, params, query }) =>
    isAbsence(ctx, await authorizeCommunications(ctx, viewer, params.childId, 'view'), query.target_date),
  );
  route(app, getCheckTargetDate, {}, async ({ viewer, params, query, today }) =>
    checkTargetDate(ctx, await authorizeCommunications(ctx, viewer, params.childId, 'view'), query.target_date, today),
  );
  route(app, postScheduleByDate, {}, async ({ viewer, params, body }) =>
    scheduleByDate(ctx, await authorizeCommunications(ctx, viewer, params.childId, 'view'), body.date),
  );
  // Offline-capable sends: the device's Idempotency-Key makes a second delivery a no-op.
  route(app, postAttendance, {}, async ({ req, reply, viewer, params, body, now, today }) => {
    const clientKey = idempotencyKeyOf(req);
    const access = await authorizeCommunications(ctx, viewer, params.childId, 'write');
    const { replayed } = await sendAttendanceChange(ctx, access, viewer.userId, body, now, today, clientKey);
    markReplayed(reply, replayed);
    return { result: true };
  });
  route(app, postAbsence, {}, async ({ req, reply, viewer, params, body, now, today }) => {
    const clientKey = idempotencyKeyOf(req);
    const access = await authorizeCommunications(ctx, viewer, params.childId, 'write');
    const { replayed } = await sendAbsence(ctx, access, viewer.userId, body, now, today, clientKey);
    markReplayed(reply, replayed);
    return { result: true };
  });
}
