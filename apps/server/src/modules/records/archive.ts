import { Readable } from 'node:stream';
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  fullDateTimeLabel,
  recordKindLabels,
  recordsArchiveMessages as M,
  recordStatusLabels,
  slashDateTimeLabel,
  type RecordKind,
  type RecordStatus,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, facilities, recordDocuments } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import { childName } from '../../lib/child-names';
import type { StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import type { RecordDocumentRow, RecordGrant } from './access';
import { renderArchiveIndex, type ArchiveLine } from './archive-index';
import { namesOf } from './present';
import { printLabel, recordTitle, renderRecord } from './print';
import { renderYoroku } from './yoroku-print';

/** The kinds the archive holds, in its order: the class's plans and 日誌, then each child's records. */
const ARCHIVE_KINDS = [
  'annual_plan',
  'monthly_plan',
  'weekly_plan',
  'daily_plan',
  'daily_journal',
  'individual_plan',
  'progress_record',
  'yoroku',
] as const satisfies readonly RecordKind[];

/** Only the 園長, 法人管理者 and 主任 on a desktop (records-archive.md): the approvers' seats, 保育士 403. */
export function authorizeArchive(access: RecordGrant): void {
  if (!access.canApprove) throw forbidden();
}

export interface ArchiveDocument {
  doc: RecordDocumentRow;
  child: string | null;
}

/**
 * The latest version of every plan, 日誌 and child's record written in the class with its period
 * starting in the 年度 (1 April–31 March), in the archive's order (kind, period, child's kana). A
 * child who has left keeps theirs in it: documents go by the class they were written in.
 */
export async function archiveDocuments(db: Db, classId: number, year: number): Promise<ArchiveDocument[]> {
  const rows = await db
    .select({ doc: recordDocuments, child: childName })
    .from(recordDocuments)
    .leftJoin(children, eq(children.id, recordDocuments.childId))
    .where(
      and(
        eq(recordDocuments.classId, classId),
        inArray(recordDocuments.kind, [...ARCHIVE_KINDS]),
        between(recordDocuments.periodStart, `${year}-04-01`, `${year + 1}-03-31`),
      ),
    )
    .orderBy(
      asc(recordDocuments.periodStart),
      asc(children.lastNameKana),
      asc(children.firstNameKana),
      asc(recordDocuments.childId),
      desc(recordDocuments.version),
    );
  const latest = new Map<string, ArchiveDocument>();
  for (const { doc, child } of rows) {
    const key = `${doc.kind}:${doc.periodStart}:${doc.childId ?? ''}`;
    if (!latest.has(key)) latest.set(key, { doc, child: doc.childId ? child : null });
  }
  const rank = (kind: string) => ARCHIVE_KINDS.indexOf(kind as (typeof ARCHIVE_KINDS)[number]);
  return [...latest.values()].sort((a, b) => rank(a.doc.kind) - rank(b.doc.kind));
}

/** A file name a ZIP holds safely (no path separators). */
const safe = (name: string) => name.replace(/[\\/:*?"<>|\s]/g, '_');

/** The archive's audit entries (records-archive.md): a read per child's document with the child as subject, one `record.archive`. */
export async function auditArchive(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant,
  docs: ArchiveDocument[],
  year: number,
  now: Date,
): Promise<void> {
  const { grant, klass } = access;
  const where = { companyId: grant.companyId, facilityId: grant.facilityId, targetType: 'record_document' } as const;
  await recordAudits(db, staff, now, [
    ...docs
      .filter(({ doc }) => doc.childId !== null)
      .map(({ doc }) => ({
        ...where,
        action: doc.kind === 'yoroku' ? ('yoroku.read' as const) : ('record.read' as const),
        targetId: doc.id,
        childId: doc.childId,
        details: { kind: doc.kind, period: doc.periodStart, version: doc.version, view: 'archive', class_id: klass.id },
      })),
    {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.archive' as const,
      targetType: 'class',
      targetId: klass.id,
      details: { year, documents: docs.length, child_ids: [...new Set(docs.flatMap(({ doc }) => doc.childId ?? []))] },
    },
  ]);
}

/**
 * The archive's ZIP (records.md §6; records-archive.md): its index PDF first (every document: 種類,
 * 期間, 状態, 承認者 and time), then each document's PDF, made one at a time as the ZIP is read (lazy
 * entries: one PDF in memory at a time; stored, PDFs are compressed already). `made` hears each
 * PDF once it is made (the background build's progress).
 */
export async function archiveZip(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant,
  docs: ArchiveDocument[],
  year: number,
  now: Date,
  flush: (documentId: number) => Promise<void>,
  made: () => Promise<void> = async () => {},
): Promise<ZipFile> {
  const { klass } = access;
  const approvers = await namesOf(db, [...new Set(docs.flatMap(({ doc }) => (doc.approvedBy ? [doc.approvedBy] : [])))]);
  const [facility] = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, klass.facilityId));
  const width = String(docs.length).length;
  const lines: ArchiveLine[] = docs.map(({ doc, child }, i) => {
    const kind = doc.kind as RecordKind;
    const approved = doc.status === 'approved' && doc.approvedAt;
    return {
      file: `${String(i + 1).padStart(width, '0')}_${safe(`${recordKindLabels[kind]}_${printLabel(kind, doc.periodStart, doc.periodEnd)}${child ? `_${child}` : ''}`)}.pdf`,
      kind: recordKindLabels[kind],
      title: recordTitle(klass.name, child, kind, doc.periodStart, doc.periodEnd),
      status: `${recordStatusLabels[doc.status as RecordStatus]}（第${doc.version}版）`,
      approver: approved && doc.approvedBy ? (approvers.get(doc.approvedBy) ?? '（退職した職員）') : '',
      approvedAt: approved ? slashDateTimeLabel(doc.approvedAt!) : '',
    };
  });
  const zip = new ZipFile();
  // A PDF that fails mid-stream ends the ZIP with an error (an unheard `error` would end the process).
  zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
  const lazy = (name: string, make: () => Promise<Buffer>) =>
    zip.addReadStreamLazy(name, { compress: false, mtime: now }, (callback) => {
      make().then(
        async (pdf) => {
          await made();
          callback(null, Readable.from([pdf]));
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  lazy(`${'0'.repeat(width)}_索引.pdf`, () =>
    renderArchiveIndex(
      `${klass.name} ${year}年度 計画・記録 索引`,
      `${facility?.name ?? ''}\u3000${docs.length}件\u3000作成 ${fullDateTimeLabel(now)}`,
      lines,
    ),
  );
  docs.forEach(({ doc }, i) =>
    lazy(lines[i]!.file, async () => {
      await flush(doc.id);
      return doc.kind === 'yoroku' ? renderYoroku(db, doc, klass.name, now) : renderRecord(db, staff, { ...access, doc }, now);
    }),
  );
  zip.end();
  return zip;
}

/**
 * The archive streamed to the caller (records-archive.md): logged first in one statement, then the
 * ZIP as it is made. 422 when empty.
 */
export async function recordsArchive(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant,
  docs: ArchiveDocument[],
  year: number,
  now: Date,
  flush: (documentId: number) => Promise<void>,
): Promise<{ filename: string; body: Readable; type: string }> {
  if (docs.length === 0) throw invalid('year', M.empty);
  await auditArchive(db, staff, access, docs, year, now);
  const zip = await archiveZip(db, staff, access, docs, year, now, flush);
  return {
    filename: archiveFileName(access.klass.id, year),
    body: zip.outputStream as unknown as Readable,
    type: 'application/zip',
  };
}

export const archiveFileName = (classId: number, year: number) => `records-archive-${classId}-${year}.zip`;
