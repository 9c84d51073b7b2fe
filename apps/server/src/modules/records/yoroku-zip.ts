import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { yorokuMessages as M } from '@renraku/contract';
import type { Db } from '../../db/client';
import { invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import type { RecordDocumentRow, RecordGrant } from './access';
import { finalYearChildren } from './yoroku-class';
import { latestYorokus } from './yoroku-open';
import { renderYoroku } from './yoroku-print';

/** The latest version of every final-year child's 要録 of the class and 年度 that has been made, by name. */
export async function classYorokuDocuments(db: Db, classId: number, year: number) {
  const kids = await finalYearChildren(db, classId, year);
  const docs = await latestYorokus(
    db,
    kids.map((k) => k.id),
    year,
  );
  const byChild = new Map(docs.map((d) => [d.childId, d]));
  return kids.flatMap((k) => {
    const doc = byChild.get(k.id);
    return doc ? [{ doc, name: k.name }] : [];
  });
}

/** Each 要録's read in the log, in one statement, with its child as the subject and how it was read (`view`). */
export async function auditYorokuReads(
  db: Db,
  staff: StaffViewer,
  access: Pick<RecordGrant, 'grant' | 'klass'>,
  docs: RecordDocumentRow[],
  view: 'zip' | 'admission',
  now: Date,
) {
  await recordAudits(
    db,
    staff,
    now,
    docs.map((doc) => ({
      companyId: access.grant.companyId,
      facilityId: access.grant.facilityId,
      action: 'yoroku.read',
      targetType: 'record_document',
      targetId: doc.id,
      childId: doc.childId,
      details: { kind: doc.kind, period: doc.periodStart, version: doc.version, view, class_id: access.klass.id },
    })),
  );
}

/** A file name a ZIP holds safely (no path separators). */
const safe = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/**
 * The class's 要録 as one ZIP of PDFs to send to the 小学校 (records.md §5): each child's two-page
 * 様式, made one at a time as the ZIP is read (a lazy entry per child: one PDF in memory at a time,
 * the ZIP streamed to the caller), PDFs stored as they are (already compressed). Every child's read
 * is in the log first, in one transaction, with the child as its subject (view `zip`). 422 when no
 * 要録 of the class and 年度 has been made.
 */
export async function classYorokuZip(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant,
  docs: { doc: RecordDocumentRow; name: string }[],
  year: number,
  now: Date,
): Promise<{ filename: string; body: Readable; type: string }> {
  if (docs.length === 0) throw invalid('year', M.noChildren);
  const { klass } = access;
  await auditYorokuReads(
    db,
    staff,
    access,
    docs.map(({ doc }) => doc),
    'zip',
    now,
  );
  const zip = new ZipFile();
  // A PDF that fails mid-stream ends the download with an error (an unheard `error` would end the process).
  zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
  for (const { doc, name } of docs)
    zip.addReadStreamLazy(`${year}年度_保育所児童保育要録_${safe(name)}.pdf`, { compress: false, mtime: now }, (callback) => {
      renderYoroku(db, doc, klass.name, now).then(
        (pdf) => callback(null, Readable.from([pdf])),
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  zip.end();
  return {
    filename: `yoroku-${klass.id}-${year}.zip`,
    body: zip.outputStream as unknown as Readable,
    type: 'application/zip',
  };
}
