import {
  deleteStaffRecordPhrase,
  fiscalYearOf,
  getStaffChildRecord,
  getStaffRecordMaterial,
  getStaffRecordRollover,
  getStaffRecordSettings,
  getStaffRecordTemplates,
  postStaffRecordRollover,
  putStaffRecordTemplate,
  postStaffChildProgressRecord,
  putStaffChildRecord,
  putStaffRecordSettings,
  getStaffClassRecords,
  getStaffOverallPlan,
  postStaffClassAnnualPlan,
  postStaffOverallPlan,
  getStaffRecordPhrases,
  getStaffRecord,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordReturn,
  postStaffRecordPhrase,
  postStaffRecordSubmit,
  staffChildRecordPdfPath,
  staffRecordPdfPath,
} from '@renraku/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { notFound } from '../../lib/errors';
import { authorizeRecordClass } from './access';
import { authorizeRecord } from './document-access';
import { auditChildDocumentRead, authorizeRecordChild } from './child-access';
import { readChildRecord } from './child-record';
import { printChildRecord } from './child-record-print';
import { writeChildRecord } from './child-record-write';
import { classRecords } from './list';
import { progressMaterial } from './material';
import { openClassRecord } from './open';
import { openAnnualPlan } from './annual-plan';
import { authorizeOverallPlan, openOverallPlan, overallPlan } from './overall-plan';
import { presentDocument } from './present';
import { openProgressRecord } from './progress';
import { authorizeRecordSettings, readRecordSettings, writeRecordSettings } from './settings';
import { addPhrase, authorizePhrases, listPhrases, removePhrase } from './phrases';
import { printRecord } from './print';
import { archiveRoutes } from './archive-routes';
import { previewRollover, rollOver } from './rollover';
import { recordsSocket } from './socket';
import { listTemplates, saveTemplate } from './template-edit';
import { changeStatus, reopenRecord } from './status';
import { printYoroku } from './yoroku-print';
import { yorokuRoutes } from './yoroku-routes';

/**
 * 保育に関する計画・記録 (records.md): the class's month, opening a document, its status; the text
 * itself goes over the co-editing socket (socket.ts), authorised by the same rules (access.ts).
 */
export function recordsRoutes(app: App, ctx: AppContext) {
  const socket = recordsSocket(app, ctx);
  yorokuRoutes(app, ctx, socket);

  // The inspection archive (records-archive.md): a class's 年度 as one ZIP of PDFs.
  archiveRoutes(app, ctx, socket);

  staffRoute(app, getStaffClassRecords, {}, async ({ staff, params, query }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    return classRecords(ctx.db, access, query.month ?? staff.today.slice(0, 7), staff.today);
  });

  staffRoute(app, postStaffClassRecord, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    const { created, document } = await openClassRecord(ctx.db, staff, access, body, now);
    const d = document.document;
    // Opening a child's existing document is a read of the child's record.
    if (!created && d.child) {
      const doc = { id: d.id, kind: d.kind, periodStart: d.period_start, version: d.version, childId: d.child.id };
      await auditChildDocumentRead(ctx.db, staff, access, doc, now, 'open');
    }
    return document;
  });

  // The plans of a 年度 (records-plans-screens.md): a class's 年間指導計画, the facility's 全体的な計画.
  staffRoute(app, postStaffClassAnnualPlan, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    return openAnnualPlan(ctx, staff, access, now, (id) => socket.flush(id));
  });

  staffRoute(app, getStaffOverallPlan, {}, async ({ staff, params, query }) => {
    const access = await authorizeOverallPlan(ctx, staff, params.facilityId, 'read');
    return overallPlan(ctx.db, staff, access, query.year ?? fiscalYearOf(staff.today));
  });

  staffRoute(app, postStaffOverallPlan, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeOverallPlan(ctx, staff, params.facilityId, 'read');
    return openOverallPlan(ctx, staff, access, body.fiscal_year, now, (id) => socket.flush(id));
  });

  staffRoute(app, getStaffRecord, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'read');
    await auditChildDocumentRead(ctx.db, staff, access, access.doc, now, 'screen');
    return presentDocument(ctx.db, staff, access, access.doc, now);
  });

  staffRoute(app, getStaffRecordMaterial, {}, async ({ staff, params }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'read');
    if (access.doc.kind !== 'progress_record') throw notFound();
    return progressMaterial(ctx, access.doc);
  });

  // Each child's record (issue 33): the 児童票 and the 経過記録.
  staffRoute(app, getStaffChildRecord, {}, async ({ staff, params, now }) => {
    const access = await authorizeRecordChild(ctx, staff, params.childId, 'read');
    return readChildRecord(ctx.db, staff, access, now);
  });

  staffCsvRoute(app, staffChildRecordPdfPath, 'childId', z.object({}), async ({ staff, id, now }) => {
    const access = await authorizeRecordChild(ctx, staff, id, 'read');
    return printChildRecord(ctx.db, staff, access, now);
  });

  staffRoute(app, putStaffChildRecord, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordChild(ctx, staff, params.childId, 'write');
    return writeChildRecord(ctx.db, staff, access, body, now);
  });

  staffRoute(app, postStaffChildProgressRecord, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordChild(ctx, staff, params.childId, 'read');
    return openProgressRecord(ctx.db, staff, access, body.period, now);
  });

  staffRoute(app, getStaffRecordSettings, {}, async ({ staff, params }) =>
    readRecordSettings(ctx.db, await authorizeRecordSettings(ctx, staff, params.facilityId, 'read')),
  );

  staffRoute(app, putStaffRecordSettings, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeRecordSettings(ctx, staff, params.facilityId, 'write');
    return writeRecordSettings(ctx.db, staff, grant, body, now);
  });

  // The facility's templates and the fiscal-year rollover (園長, 法人管理者 on a desktop).
  staffRoute(app, getStaffRecordTemplates, {}, async ({ staff, params }) =>
    listTemplates(ctx.db, await authorizeRecordSettings(ctx, staff, params.facilityId, 'write')),
  );

  // The writes check the caller again in their transaction (a membership ended meanwhile writes nothing).
  staffRoute(app, putStaffRecordTemplate, {}, async ({ staff, params, body, now }) => {
    const authorize = (db: Db) => authorizeRecordSettings(ctx, staff, params.facilityId, 'write', db);
    await authorize(ctx.db);
    return saveTemplate(ctx.db, staff, authorize, params.kind, body, now);
  });

  staffRoute(app, getStaffRecordRollover, {}, async ({ staff, params, query }) => {
    const grant = await authorizeRecordSettings(ctx, staff, params.facilityId, 'write');
    return previewRollover(ctx.db, staff, grant, query.from_fiscal_year);
  });

  staffRoute(app, postStaffRecordRollover, {}, async ({ staff, params, body, now }) => {
    const authorize = (db: Db) => authorizeRecordSettings(ctx, staff, params.facilityId, 'write', db);
    const grant = await authorize(ctx.db);
    return rollOver(ctx.db, staff, grant, authorize, body.from_fiscal_year, now, (id) => socket.flush(id));
  });

  staffCsvRoute(app, staffRecordPdfPath, 'documentId', z.object({}), async ({ staff, id, now }) => {
    const access = await authorizeRecord(ctx, staff, id, 'read');
    await socket.flush(access.doc.id);
    // A 要録 prints as its two-page 様式 (yoroku-print.ts).
    if (access.doc.kind === 'yoroku' && access.klass) return printYoroku(ctx.db, staff, { ...access, klass: access.klass }, now);
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
