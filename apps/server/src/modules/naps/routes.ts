import {
  getStaffClassNaps,
  getStaffDeviceNapStatus,
  napsCsvQuery,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffNapCheck,
  putStaffClassNapSettings,
  staffNapsCsvPath,
} from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeClassNotes, authorizeDevice } from '../access';
import { findDevice } from '../staff/service';
import { napsCsv } from './csv';
import { deviceNapStatus } from './device-status';
import { classNaps, endNap, recordCheck, setNapInterval, startNap } from './service';

/**
 * 午睡チェック (staff.md §4): the class's day work, under the daily notes' rule — class staff of the
 * class, directors and company admins write; class staff of other classes read; office neither.
 */
export function napsRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffClassNaps, {}, async ({ staff, params, query, now }) => {
    const { klass, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    const date = query.date ?? staff.today;
    return classNaps(ctx.db, klass, date, canWrite && date === staff.today, now);
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

  staffCsvRoute(app, staffNapsCsvPath, 'classId', napsCsvQuery, async ({ staff, id, query, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, id, 'read');
    const date = query.date ?? staff.today;
    return { filename: `naps-${klass.id}-${date}.csv`, body: napsCsv(await classNaps(ctx.db, klass, date, false, now)) };
  });

  /**
   * The PIN pad's nap line: a class tablet's device cookie alone (no PIN session), checked before
   * anything else; not paired or revoked → 401, a gate kiosk → 403. Not an audit entry: it names no
   * personal record, only given names and due times, and the pad polls it (docs/decisions/naps-presence.md).
   */
  const onClassTablet = async (req: FastifyRequest) => {
    req.pairedDevice = authorizeDevice(await findDevice(ctx.db, req, req.now), 'naps.pad');
  };
  route(
    app,
    getStaffDeviceNapStatus,
    { auth: false, audience: 'device', authenticate: onClassTablet },
    async ({ req, now, today }) => deviceNapStatus(ctx.db, req.pairedDevice!, today, now),
  );
}
