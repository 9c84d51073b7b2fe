import {
  deleteStaffRecordPhrase,
  getStaffClassRecords,
  getStaffRecordPhrases,
  getStaffRecord,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordReturn,
  postStaffRecordPhrase,
  postStaffRecordSubmit,
  staffRecordPdfPath,
} from '@renraku/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeRecord, authorizeRecordClass } from './access';
import { classRecords } from './list';
import { openClassRecord } from './open';
import { presentDocument } from './present';
import { addPhrase, authorizePhrases, listPhrases, removePhrase } from './phrases';
import { printRecord } from './print';
import { recordsSocket } from './socket';
import { changeStatus, reopenRecord } from './status';

/**
 * 保育に関する計画・記録 (records.md): the class's month, opening a document, its status; the text
 * itself goes over the co-editing socket (socket.ts), authorised by the same rules (access.ts).
 */
export function recordsRoutes(app: App, ctx: AppContext) {
  const socket = recordsSocket(app, ctx);

  staffRoute(app, getStaffClassRecords, {}, async ({ staff, params, query }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    return classRecords(ctx.db, access, query.month ?? staff.today.slice(0, 7), staff.today);
  });

  staffRoute(app, postStaffClassRecord, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    return (await openClassRecord(ctx.db, staff, access, body, now)).document;
  });

  staffRoute(app, getStaffRecord, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'read');
    return presentDocument(ctx.db, staff, access, access.doc, now);
  });

  staffCsvRoute(app, staffRecordPdfPath, 'documentId', z.object({}), async ({ staff, id, now }) => {
    const access = await authorizeRecord(ctx, staff, id, 'read');
    await socket.flush(access.doc.id);
    return printRecord(ctx.db, staff, access, now);
  });

  staffRoute(app, postStaffRecordSubmit, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'write');
    await socket.flush(access.doc.id);
    const answer = await changeStatus(ctx.db, staff, access, access.doc, 'submit', null, now);
    socket.reconnect(access.doc.id);
    return answer;
  });

  staffRoute(app, postStaffRecordApprove, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'approve');
    await socket.flush(access.doc.id);
    const answer = await changeStatus(ctx.db, staff, access, access.doc, 'approve', null, now);
    socket.reconnect(access.doc.id);
    return answer;
  });

  staffRoute(app, postStaffRecordReturn, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'approve');
    const answer = await changeStatus(ctx.db, staff, access, access.doc, 'return', body.comment, now);
    socket.reconnect(access.doc.id);
    return answer;
  });

  staffRoute(app, postStaffRecordReopen, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'write');
    await socket.flush(access.doc.id);
    return reopenRecord(ctx.db, staff, access, access.doc, now);
  });

  staffRoute(app, getStaffRecordPhrases, {}, async ({ staff, params, query }) => {
    const { canAdd } = await authorizePhrases(ctx, staff, params.facilityId, 'read');
    return { phrases: await listPhrases(ctx.db, params.facilityId, query), can_add: canAdd };
  });

  staffRoute(app, postStaffRecordPhrase, {}, async ({ staff, params, body, now }) => {
    const { grant } = await authorizePhrases(ctx, staff, params.facilityId, 'manage');
    return addPhrase(ctx.db, staff, grant, body, now);
  });

  staffRoute(app, deleteStaffRecordPhrase, {}, async ({ staff, params, now }) => {
    const { grant } = await authorizePhrases(ctx, staff, params.facilityId, 'manage');
    return removePhrase(ctx.db, staff, grant, params.phraseId, now);
  });
}
