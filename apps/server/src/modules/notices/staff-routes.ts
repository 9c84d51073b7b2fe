import type { FastifyRequest } from 'fastify';
import {
  deleteStaffNoticeFile,
  getStaffFacilityNotices,
  getStaffNotice,
  getStaffNoticesVersion,
  getStaffNoticeTracking,
  idParam,
  messages,
  noticeMessages,
  postStaffFacilityNotice,
  postStaffNoticeFile,
  postStaffNoticeReminder,
  postStaffNoticeWithdraw,
  putStaffNotice,
  staffNoticeCsvPath,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { forbidden, invalid, invalidMany, unauthenticated } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { staffCallerOf, staffRoute, type StaffCaller } from '../../lib/staff-route';
import { loadStaffSession } from '../../lib/staff-sessions';
import { withMultipart } from '../../lib/upload';
import { authorizeFacility } from '../access';
import { addStaffNoticeFile, deleteStaffNoticeFile as removeFile } from './attachments';
import { loadNotice, mayAddressNotice } from './audience';
import { createStaffNotice, updateStaffNotice, withdrawStaffNotice } from './compose';
import { listStaffNotices, readStaffNotice } from './listing';
import { noticeTracking, remindNotice, trackingCsv } from './tracking';
import { noticesVersion } from './staff-version';
import { auditNotice } from './notice-audit';

/** The notice and the caller's grant at its facility (404: no notice, or not theirs). */
async function authorizeNotice(ctx: AppContext, staff: StaffCaller, noticeId: number) {
  const row = await loadNotice(ctx.db, noticeId);
  const grant = await authorizeFacility(ctx, staff, row.facilityId, 'facility.read');
  return { row, grant };
}

/** Tracking, CSV and reminders: only who may address the notice (403 otherwise). */
async function authorizeTracking(ctx: AppContext, staff: StaffCaller, noticeId: number) {
  const found = await authorizeNotice(ctx, staff, noticeId);
  if (!(await mayAddressNotice(ctx.db, found.grant, found.row, staff.today))) throw forbidden();
  return found;
}

/** The one `upload_file` part with its name, size-limited while streaming; not multipart or empty → 422. */
async function readNoticeUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid('upload_file', noticeMessages.fileRequired);
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'upload_file' || file || !part.filename) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw invalid('upload_file', 'ファイルは20MB未満にしてください');
      file = { name: part.filename, bytes };
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw invalid('upload_file', noticeMessages.fileRequired);
  }
  if (!file || file.bytes.length === 0) throw invalid('upload_file', noticeMessages.fileRequired);
  return file;
}

/** お知らせ written by staff (staff.md §5); who may address which audience: `mayAddressAudience` in the kernel. */
export function noticesStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacilityNotices, {}, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return listStaffNotices(ctx.db, grant, staff.today, now);
  });

  // Polled every few seconds while the list or a tracking is open: passive, as the board's day-version.
  staffRoute(app, getStaffNoticesVersion, { passive: true }, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return { version: await noticesVersion(ctx.db, grant.facilityId, now) };
  });

  staffRoute(app, postStaffFacilityNotice, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.read');
    return createStaffNotice(ctx, staff, grant, body, now);
  });

  staffRoute(app, getStaffNotice, {}, async ({ staff, params, now }) => {
    const { grant } = await authorizeNotice(ctx, staff, params.noticeId);
    return readStaffNotice(ctx, ctx.db, grant, params.noticeId, staff.today, now);
  });

  staffRoute(app, putStaffNotice, {}, async ({ staff, params, body, now }) => {
    const { row, grant } = await authorizeNotice(ctx, staff, params.noticeId);
    return updateStaffNotice(ctx, staff, grant, row, body, now);
  });

  staffRoute(app, postStaffNoticeWithdraw, {}, async ({ staff, params, now }) => {
    const { row, grant } = await authorizeNotice(ctx, staff, params.noticeId);
    return withdrawStaffNotice(ctx.db, staff, grant, row, now);
  });

  staffRoute(app, deleteStaffNoticeFile, {}, async ({ staff, params, now }) => {
    const { row, grant } = await authorizeNotice(ctx, staff, params.noticeId);
    return removeFile(ctx, staff, grant, row, params.fileId, now);
  });

  staffRoute(app, getStaffNoticeTracking, {}, async ({ staff, params, now }) => {
    const { row } = await authorizeTracking(ctx, staff, params.noticeId);
    const { tracking } = await noticeTracking(ctx.db, row, now);
    await auditNotice(ctx.db, staff, now, row, 'notice.tracking.read');
    return tracking;
  });

  staffRoute(app, postStaffNoticeReminder, {}, async ({ staff, params, body, now }) => {
    const { row } = await authorizeTracking(ctx, staff, params.noticeId);
    return remindNotice(ctx, staff, row, body.to, now);
  });

  // The CSV export: not a JSON call, the same check as the tracking.
  app.get<{ Params: { noticeId: string } }>(fastifyPath(staffNoticeCsvPath), async (req, reply) => {
    const session = await loadStaffSession(ctx.db, req, req.now);
    if (!session || session.pending) throw unauthenticated();
    const noticeId = idParam.safeParse(req.params.noticeId);
    if (!noticeId.success) throw invalidMany({ _: [messages.invalidInput] });
    const staff = staffCallerOf(session, req);
    const { row } = await authorizeTracking(ctx, staff, noticeId.data);
    const body = await trackingCsv(ctx.db, row, req.now);
    await auditNotice(ctx.db, staff, req.now, row, 'notice.tracking.csv');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="notice-${row.id}-${req.today}.csv"`)
      .send(body);
  });

  // Files: multipart in this scope only, authorised before the body is read.
  app.register(async (scope) => {
    await withMultipart(scope);
    staffRoute(scope, postStaffNoticeFile, {}, async ({ staff, params, req, now }) => {
      const { row, grant } = await authorizeNotice(ctx, staff, params.noticeId);
      if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
      const file = await readNoticeUpload(req);
      return addStaffNoticeFile(ctx, staff, grant, row, file, now);
    });
  });
}
