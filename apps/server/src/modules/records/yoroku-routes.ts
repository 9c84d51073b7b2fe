import {
  getStaffClassYoroku,
  getStaffClassYorokuAdmissions,
  getStaffYorokuContext,
  postStaffChildYoroku,
  putStaffClassYorokuFocus,
  staffClassYorokuZipPath,
} from '@renraku/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeRecordClass } from './access';
import { authorizeRecordChild } from './child-access';
import { authorizeRecord } from './document-access';
import type { recordsSocket } from './socket';
import { authorizeYorokuAdmissions, classYorokuAdmissions } from './yoroku-admissions';
import { classYoroku, writeClassFocus } from './yoroku-class';
import { yorokuContext } from './yoroku-context';
import { openYoroku } from './yoroku-open';
import { classYorokuDocuments, classYorokuZip } from './yoroku-zip';

const yearQuery = z.object({
  year: z.coerce.number({ message: '年度は西暦4桁で指定してください' }).int().min(2000).max(2100).optional(),
});

/** 保育所児童保育要録 (records.md §5; docs/decisions/records-yoroku.md): the class's list, its 重点, a child's 要録, the ZIP. */
export function yorokuRoutes(app: App, ctx: AppContext, socket: ReturnType<typeof recordsSocket>) {
  staffRoute(app, getStaffClassYoroku, {}, async ({ staff, params, query }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'read');
    return classYoroku(ctx.db, staff, access, query.year ?? access.klass.fiscalYear);
  });

  staffRoute(app, putStaffClassYorokuFocus, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordClass(ctx, staff, params.classId, 'write');
    await writeClassFocus(ctx.db, staff, access, body.text, now);
    return classYoroku(ctx.db, staff, access, access.klass.fiscalYear);
  });

  staffRoute(app, postStaffChildYoroku, {}, async ({ staff, params, body, now }) => {
    const access = await authorizeRecordChild(ctx, staff, params.childId, 'read');
    return openYoroku(ctx.db, staff, access, body.year, now);
  });

  staffRoute(app, getStaffYorokuContext, {}, async ({ staff, params }) => {
    const access = await authorizeRecord(ctx, staff, params.documentId, 'read');
    if (access.doc.kind !== 'yoroku') throw notFound();
    // Read with the 要録's screen, whose GET is the audited read (record.view → yoroku.read).
    return yorokuContext(ctx.db, access.doc, 'left' in access && access.left === true);
  });

  // The 入所に関する記録 for the roster: the 事務 reads them too (records.md §7).
  staffRoute(app, getStaffClassYorokuAdmissions, {}, async ({ staff, params, query, now }) => {
    const access = await authorizeYorokuAdmissions(ctx, staff, params.classId);
    const year = query.year ?? access.klass.fiscalYear;
    for (const { doc } of await classYorokuDocuments(ctx.db, access.klass.id, year)) await socket.flush(doc.id);
    return classYorokuAdmissions(ctx.db, staff, access, year, now);
  });

  staffCsvRoute(app, staffClassYorokuZipPath, 'classId', yearQuery, async ({ staff, id, query, now }) => {
    const access = await authorizeRecordClass(ctx, staff, id, 'read');
    const year = query.year ?? access.klass.fiscalYear;
    const docs = await classYorokuDocuments(ctx.db, id, year);
    for (const { doc } of docs) await socket.flush(doc.id);
    return classYorokuZip(ctx.db, staff, access, docs, year, now);
  });
}
