import {
  getStaffClassRecordsArchive,
  idParam,
  messages,
  postStaffClassRecordsArchive,
  recordsArchiveMessages,
  staffClassRecordsArchivePath,
  staffRecordsArchiveDownloadPath,
} from '@renraku/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { invalidMany, unauthenticated } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffCallerOf, staffRoute } from '../../lib/staff-route';
import { loadStaffSession } from '../../lib/staff-sessions';
import { authorizeRecordClass } from './access';
import { archiveDocuments, authorizeArchive, recordsArchive } from './archive';
import { latestArchive, openArchiveDownload, requestArchive } from './archive-jobs';
import type { RecordsSocket } from './socket';

const yearOf = z.coerce
  .number({ message: recordsArchiveMessages.year })
  .int(recordsArchiveMessages.year)
  .min(2000, recordsArchiveMessages.year)
  .max(2100, recordsArchiveMessages.year);
const archiveYear = z.object({ year: yearOf.optional() });
const downloadParams = z.object({ classId: idParam, archiveId: idParam });
const downloadQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() });

/**
 * The inspection archive (records-archive.md, records-archive-background.md): `records.export`, the
 * 園長, 法人管理者 and 主任 on a desktop. The screen asks for it and polls; the worker builds it
 * (archive-worker.ts); the streamed GET stays for scripts and small classes.
 */
export function archiveRoutes(app: App, ctx: AppContext, socket: RecordsSocket) {
  const authorize = async (staff: Parameters<typeof authorizeRecordClass>[1], classId: number) => {
    const access = await authorizeRecordClass(ctx, staff, classId, 'read');
    authorizeArchive(access);
    return access;
  };

  // Streamed as it is made: the ZIP's bytes go to the caller while the PDFs are made.
  staffCsvRoute(app, staffClassRecordsArchivePath, 'classId', archiveYear, async ({ staff, id, query, now }) => {
    const access = await authorize(staff, id);
    const year = query.year ?? access.klass.fiscalYear;
    const docs = await archiveDocuments(ctx.db, id, year);
    return recordsArchive(ctx.db, staff, access, docs, year, now, (documentId) => socket.flush(documentId));
  });

  staffRoute(app, getStaffClassRecordsArchive, {}, async ({ staff, params, query, now }) =>
    latestArchive(ctx, staff, await authorize(staff, params.classId), query.year, now),
  );

  staffRoute(app, postStaffClassRecordsArchive, {}, async ({ staff, params, body, now }) =>
    requestArchive(ctx, staff, await authorize(staff, params.classId), body.year, now, (id) => socket.flush(id)),
  );

  // The built ZIP: the staff session, the seat checked again, the caller's own row and the URL's signature.
  app.get<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>(
    fastifyPath(staffRecordsArchiveDownloadPath),
    async (req, reply) => {
      const session = await loadStaffSession(ctx.db, req, req.now);
      if (!session || session.pending) throw unauthenticated();
      const params = downloadParams.safeParse(req.params);
      const query = downloadQuery.safeParse(req.query);
      if (!params.success || !query.success) throw invalidMany({ _: [messages.invalidInput] });
      const staff = staffCallerOf(session, req);
      const access = await authorize(staff, params.data.classId);
      const file = await openArchiveDownload(ctx, staff, access, params.data.archiveId, query.data, req.now);
      reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`);
      if (file.sizeBytes) reply.header('content-length', String(file.sizeBytes));
      return reply.send(file.stream);
    },
  );
}
