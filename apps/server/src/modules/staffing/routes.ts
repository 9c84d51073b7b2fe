import {
  getStaffShiftMonth,
  getStaffShiftPatterns,
  postStaffShiftPattern,
  postStaffShiftGenerate,
  postStaffShiftPublish,
  putStaffShift,
  getStaffMyClock,
  getStaffMyShifts,
  getStaffMyWishes,
  putStaffMyWishes,
  addMonths,
  getStaffRatioDay,
  getStaffRatioNow,
  getStaffRatioVersion,
  getStaffRatioMonth,
  getStaffShiftRatio,
  ratioMonthQuery,
  staffRatioMonthCsvPath,
  getStaffStaffingSettings,
  getStaffTimeEntries,
  postStaffClock,
  postStaffTimeEntry,
  postStaffTimeEntryVoid,
  putStaffClassRoom,
  putStaffStaffingSettings,
  staffWorkRecordsCsvPath,
  workRecordsCsvQuery,
  getStaffWorkingConditions,
  putStaffWorkingConditions,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClass, authorizeFacility } from '../access';
import { parseDay } from '../day/service';
import { authorizeConditions, authorizeOwnClock } from './access';
import { clock, myClock } from './clock';
import { saveWorkingConditions, workingConditions } from './conditions';
import { generateDraft } from './generate';
import { myShifts } from './my-shifts';
import { myWishes, saveMyWishes } from './wishes';
import { addTimeEntry, entryPlace, timeEntriesDay, voidTimeEntry } from './corrections';
import { ratioDay } from './ratio-day';
import { ratioMonth } from './ratio-month';
import { ratioMonthCsv } from './ratio-month-csv';
import { shiftRatio } from './shift-ratio';
import { moveToRoom, ratioNow } from './ratio-now';
import { ratioVersion } from './ratio-version';
import { saveSettings, settingsOf } from './settings';
import { addPattern, patternsOf, publishMonth, setShift, shiftMonth } from './shifts';
import { workRecordsCsv } from './work-records';

/** 職員の勤怠と配置基準 (staffing.md): HTTP only; one file per use case beside it. */
export function staffingRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffStaffingSettings, {}, async ({ staff, params }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return settingsOf(ctx.db, grant.facilityId, staff.today);
  });

  staffRoute(app, putStaffStaffingSettings, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.settings');
    return saveSettings(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, getStaffMyClock, {}, async ({ staff, params, now }) => {
    const { grant, me } = await authorizeOwnClock(ctx, staff, params.facilityId);
    return myClock(ctx.db, grant.facilityId, me, staff.today, now);
  });

  staffRoute(app, postStaffClock, {}, async ({ staff, params, body, now }) => {
    const { grant, me } = await authorizeOwnClock(ctx, staff, params.facilityId);
    return clock(ctx.db, staff, grant, me, body.kind, now);
  });

  // わたしの勤務: one's own published shifts (a membership of the facility itself, as one's 打刻).
  staffRoute(app, getStaffMyShifts, {}, async ({ staff, params, query }) => {
    const { grant } = await authorizeOwnClock(ctx, staff, params.facilityId);
    return myShifts(ctx.db, grant.facilityId, staff.userId, query.month ?? staff.today.slice(0, 7));
  });

  // 希望休: one's own, before the month's deadline (docs/decisions/staffing-wishes.md).
  staffRoute(app, getStaffMyWishes, {}, async ({ staff, params, query }) => {
    const { grant } = await authorizeOwnClock(ctx, staff, params.facilityId);
    const month = query.month ?? addMonths(staff.today.slice(0, 7), 1);
    return myWishes(ctx.db, grant.facilityId, staff.userId, month, staff.today);
  });

  staffRoute(app, putStaffMyWishes, {}, async ({ staff, params, body, now }) => {
    const { grant } = await authorizeOwnClock(ctx, staff, params.facilityId);
    return saveMyWishes(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, getStaffTimeEntries, {}, async ({ staff, params, query, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return timeEntriesDay(ctx.db, grant.facilityId, parseDay(query.date, today));
  });

  staffRoute(app, postStaffTimeEntry, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return addTimeEntry(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, postStaffTimeEntryVoid, {}, async ({ staff, params, body, now }) => {
    const entry = await entryPlace(ctx.db, params.entryId);
    const grant = await authorizeFacility(ctx, staff, entry.facilityId, 'staffing.correct');
    return voidTimeEntry(ctx.db, staff, grant, entry, body.reason, now);
  });

  // Fetched by the 園長's desktop and the class tablets when ratio-version moves: passive (a tablet still locks).
  staffRoute(app, getStaffRatioNow, { passive: true }, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return ratioNow(ctx.db, grant, staff.userId, staff.today, now);
  });

  // What the ratio screens poll: one statement; they refetch the ratio when it moves (passive as well).
  staffRoute(app, getStaffRatioVersion, { passive: true }, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return { date: staff.today, version: await ratioVersion(ctx.db, grant.facilityId, staff.today, now) };
  });

  staffRoute(app, getStaffRatioDay, {}, async ({ staff, params, query, today, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return ratioDay(ctx.db, grant, parseDay(query.date, today), today, now);
  });

  // The month on paper and its 1歳児配置改善加算 self-check (docs/decisions/staffing-report.md).
  staffRoute(app, getStaffRatioMonth, {}, async ({ staff, params, query, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.report');
    return ratioMonth(ctx.db, grant, query.month ?? staff.today.slice(0, 7), staff.today, now);
  });

  staffCsvRoute(app, staffRatioMonthCsvPath, 'facilityId', ratioMonthQuery, async ({ staff, id, query, now }) => {
    const grant = await authorizeFacility(ctx, staff, id, 'staffing.report');
    return ratioMonthCsv(ctx.db, staff, grant, query.month ?? staff.today.slice(0, 7), now);
  });

  staffRoute(app, putStaffClassRoom, {}, async ({ staff, params, body, now }) => {
    const { klass, grant } = await authorizeClass(ctx, staff, params.classId, 'staffing.read');
    return moveToRoom(ctx.db, staff, grant, klass, body.user_id, now);
  });

  staffRoute(app, getStaffShiftPatterns, {}, async ({ staff, params }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return { patterns: await patternsOf(ctx.db, grant.facilityId) };
  });

  staffRoute(app, postStaffShiftPattern, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return addPattern(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, getStaffShiftMonth, {}, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.read');
    return shiftMonth(ctx.db, grant, staff.userId, query.month ?? staff.today.slice(0, 7));
  });

  // シフト表's red slots: the table's planned ratio per day (redrawn after each tap).
  staffRoute(app, getStaffShiftRatio, {}, async ({ staff, params, query }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return shiftRatio(ctx.db, grant, query.month ?? staff.today.slice(0, 7));
  });

  staffRoute(app, putStaffShift, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return setShift(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, postStaffShiftPublish, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return publishMonth(ctx.db, staff, grant, body.month, now);
  });

  // 下書きを作成: the generated draft over an unpublished month (docs/decisions/staffing-generator.md).
  staffRoute(app, postStaffShiftGenerate, {}, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'staffing.correct');
    return generateDraft(ctx.db, staff, grant, params.month, now);
  });

  // 勤務条件: a person's limits and patterns that the draft keeps (docs/decisions/staffing-working-conditions.md).
  staffRoute(app, getStaffWorkingConditions, {}, async ({ staff, params }) => {
    const { grant, editable } = await authorizeConditions(ctx, staff, params.facilityId, params.userId, 'read');
    return workingConditions(ctx.db, grant, params.userId, staff.today, editable);
  });

  staffRoute(app, putStaffWorkingConditions, {}, async ({ staff, params, body, now }) => {
    const { grant } = await authorizeConditions(ctx, staff, params.facilityId, params.userId, 'write');
    return saveWorkingConditions(ctx.db, staff, grant, params.userId, body, now);
  });

  staffCsvRoute(app, staffWorkRecordsCsvPath, 'facilityId', workRecordsCsvQuery, async ({ staff, id, query, now }) => {
    const grant = await authorizeFacility(ctx, staff, id, 'staffing.export');
    return workRecordsCsv(ctx.db, staff, grant, query.month ?? staff.today.slice(0, 7), now);
  });
}
