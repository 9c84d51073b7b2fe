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
  postScheduleByDate,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { tokyoDate } from '../../lib/clock';
import { hotRoute, route, type App } from '../../lib/route';
import { ensureDiseaseMaster } from './diseases';
import { authorizeWrite, loadChildAccess } from './policy';
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

/** Routes of the communications area (F §2 Communications, §7). */
export function communicationsRoutes(app: App, ctx: AppContext) {
  // The disease/symptom master is reference data every deployment needs, not only the demo.
  app.addHook('onReady', async () => {
    await ensureDiseaseMaster(ctx.db);
  });

  // Contact book
  hotRoute(app, getFamiliesInformation, async ({ caller, query }) => familyInformationOf(ctx, caller, query.date));
  route(app, postFamiliesInformationConfirm, {}, async ({ user, body, now }) => {
    const access = await authorizeWrite(ctx, user.id, body.childId, tokyoDate(now));
    return confirmContactBook(ctx, access, body, now);
  });
  route(app, postFamiliesInformation, {}, async ({ user, params, body, now }) => {
    const access = await authorizeWrite(ctx, user.id, params.childId, tokyoDate(now));
    return saveContactBook(ctx, access, user.id, body, now);
  });

  // Attendance changes and absences
  route(app, getChildrenDiseases, {}, async () => listDiseases(ctx));
  route(app, getChildAttendances, {}, async ({ user, params, query, now }) =>
    listAttendances(ctx, await loadChildAccess(ctx, user.id, params.childId, tokyoDate(now)), query),
  );
  route(app, getChildIsAbsence, {}, async ({ user, params, query, now }) =>
    isAbsence(ctx, await loadChildAccess(ctx, user.id, params.childId, tokyoDate(now)), query.target_date),
  );
  route(app, getCheckTargetDate, {}, async ({ user, params, query, now }) => {
    const today = tokyoDate(now);
    return checkTargetDate(ctx, await loadChildAccess(ctx, user.id, params.childId, today), query.target_date, today);
  });
  route(app, postScheduleByDate, {}, async ({ user, params, body, now }) =>
    scheduleByDate(ctx, await loadChildAccess(ctx, user.id, params.childId, tokyoDate(now)), body.date),
  );
  route(app, postAttendance, {}, async ({ user, params, body, now }) => {
    const access = await authorizeWrite(ctx, user.id, params.childId, tokyoDate(now));
    return sendAttendanceChange(ctx, access, user.id, body, now);
  });
  route(app, postAbsence, {}, async ({ user, params, body, now }) => {
    const access = await authorizeWrite(ctx, user.id, params.childId, tokyoDate(now));
    return sendAbsence(ctx, access, user.id, body, now);
  });
}
