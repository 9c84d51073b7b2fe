import { and, desc, eq, sql } from 'drizzle-orm';
import {
  recordsArchiveMessages as M,
  recordsArchiveValidHours,
  staffRecordsArchiveDownloadPath,
  type RecordsArchiveJob,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { recordsArchives } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { type GeneratedFileKind, jobView, openJobFile, unfinished } from '../files/service';
import type { RecordGrant } from './access';
import { archiveDocuments, archiveFileName } from './archive';

/*
 * The inspection archive built in the background (docs/decisions/records-archive-background.md):
 * the screen asks (a `records_archives` row), the records archive worker (archive-worker.ts) builds
 * and stores the ZIP, the screen polls the row until its signed download URL.
 */

export type ArchiveJobRow = typeof recordsArchives.$inferSelect;

/** The inspection archive as a generated-file job (modules/files/jobs.ts). */
export const archiveJobs: GeneratedFileKind<typeof recordsArchives> = {
  table: recordsArchives,
  name: 'records archive',
  /** A running build holds its job this long past its last PDF (renewed with each); a stopped server's job is free after it. */
  leaseMs: 60 * 1000,
  maxAttempts: 3,
  validHours: recordsArchiveValidHours,
  tmpPrefix: 'renraku-records-archive-',
  folder: 'records-archives',
  keyLabel: 'records-archive-key',
  signLabel: 'records-archive',
  scopeOf: (row) => row.classId,
  downloadPathOf: (row) =>
    staffRecordsArchiveDownloadPath.replace('{classId}', String(row.classId)).replace('{archiveId}', String(row.id)),
};

/** The job as the staff screen reads it: the files helper's view, in the staff contract's names. */
function present(ctx: AppContext, row: ArchiveJobRow, now: Date): RecordsArchiveJob {
  const job = jobView(ctx.config.sessionSecret, archiveJobs, row, now);
  return {
    id: row.id,
    year: row.year,
    status: job.status,
    done: job.done,
    total: job.total,
    created_at: job.createdAt,
    expires_at: job.expiresAt,
    size_bytes: job.sizeBytes,
    download_url: job.downloadUrl,
  };
}

const mine = (staff: StaffViewer, classId: number, year: number) =>
  and(eq(recordsArchives.classId, classId), eq(recordsArchives.userId, staff.userId), eq(recordsArchives.year, year));

/** The caller's latest archive of the class and 年度 (each member sees their own: the build's reads are theirs). */
export async function latestArchive(ctx: AppContext, staff: StaffViewer, access: RecordGrant, year: number, now: Date) {
  const [row] = await ctx.db
    .select()
    .from(recordsArchives)
    .where(mine(staff, access.klass.id, year))
    .orderBy(desc(recordsArchives.createdAt), desc(recordsArchives.id))
    .limit(1);
  return { archive: row ? present(ctx, row, now) : null };
}

/**
 * Asks for the archive: the caller's one under way if any, else a new row, audited
 * `record.archive_request`. An empty 年度 is 422 at once. The open co-editing copies are flushed
 * here (the worker has no socket): the build reads what is stored.
 */
export async function requestArchive(
  ctx: AppContext,
  staff: StaffViewer,
  access: RecordGrant,
  year: number,
  now: Date,
  flush: (documentId: number) => Promise<void>,
) {
  const docs = await archiveDocuments(ctx.db, access.klass.id, year);
  if (docs.length === 0) throw invalid('year', M.empty);
  for (const { doc } of docs) await flush(doc.id);
  const { grant, klass } = access;
  const row = await ctx.db.transaction(async (tx) => {
    // One request at a time per member, class and 年度 (a double click asks once).
    await tx.execute(sql`select pg_advisory_xact_lock(5033, ${klass.id})`);
    const [open] = await tx
      .select()
      .from(recordsArchives)
      .where(and(mine(staff, klass.id, year), unfinished(recordsArchives)))
      .limit(1);
    if (open) return open;
    const [created] = await tx
      .insert(recordsArchives)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        classId: klass.id,
        year,
        userId: staff.userId,
        ip: staff.ip,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.archive_request',
      targetType: 'class',
      targetId: klass.id,
      details: { year, archive_id: created!.id, documents: docs.length },
    });
    return created!;
  });
  return { archive: present(ctx, row, now) };
}

/**
 * The built ZIP for the download route: the caller's own archive of the class (their role checked
 * again by the route), a valid signature (404 otherwise), ready (409) and not expired (410);
 * the download audited `record.archive_download`.
 */
export async function openArchiveDownload(
  ctx: AppContext,
  staff: StaffViewer,
  access: RecordGrant,
  archiveId: number,
  query: { exp?: string; sig?: string },
  now: Date,
) {
  const [row] = await ctx.db
    .select()
    .from(recordsArchives)
    .where(
      and(
        eq(recordsArchives.id, archiveId),
        eq(recordsArchives.classId, access.klass.id),
        eq(recordsArchives.userId, staff.userId),
      ),
    );
  if (!row) throw notFound();
  const stream = await openJobFile(ctx, archiveJobs, row, query, now, M);
  await recordAudit(ctx.db, staff, now, {
    companyId: row.companyId,
    facilityId: row.facilityId,
    action: 'record.archive_download',
    targetType: 'class',
    targetId: row.classId,
    details: { year: row.year, archive_id: row.id, size_bytes: row.sizeBytes },
  });
  return { stream, filename: archiveFileName(row.classId, row.year), sizeBytes: row.sizeBytes };
}
