import {
  getStaffClassNaps,
  napsCsvQuery,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffNapCheck,
  putStaffClassNapSettings,
  staffNapsCsvPath,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClassNotes } from '../access';
import { classNaps, endNap, napsCsv, recordCheck, setNapInterval, startNap } from './service';

/**
 * 午睡チェック (staff.md §4): the class's day work, under the daily notes' rule — class staff of the
 * class, directors and company admins write; class staff of other classes read; office neither.
 */
export function napsRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffClassNaps, {}, async ({ staff, params, query }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    const date = query.date ?? staff.today;
    return classNaps(ctx.db, klass, date, canWrite && date === staff.today);
  });

  staffRoute(app, putStaffClassNapSettings, {}, async ({ staff, params, body, now }) => {
    const { klass, grant } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return setNapInterval(ctx.db, staff, grant, klass, body.interval_minutes, now);
  });

  staffRoute(app, postStaffClassNapStart, {}, async ({ staff, params, now }) => {
    const { klass, grant } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return startNap(ctx.db, staff, grant, klass, now);
  });

  staffRoute(app, postStaffClassNapEnd, {}, async ({ staff, params, now }) => {
    const { klass, grant } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return endNap(ctx.db, staff, grant, klass, now);
  });

  staffRoute(app, postStaffNapCheck, {}, async ({ staff, params, body, now }) => {
    const { klass, grant } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return recordCheck(ctx.db, staff, grant, klass, body, now);
  });

  staffCsvRoute(app, staffNapsCsvPath, 'classId', napsCsvQuery, async ({ staff, id, query }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, id, 'read');
    const date = query.date ?? staff.today;
    return { filename: `naps-${klass.id}-${date}.csv`, body: napsCsv(await classNaps(ctx.db, klass, date, false)) };
  });
}
