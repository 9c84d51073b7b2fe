import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordsArchiveMessages as M, staffRecordsArchiveDownloadPath, type RecordsArchiveJob } from '@renraku/contract';
import type { AppContext } from '../../context';
import { recordsArchives } from '../../db/schema';
import { hmac, safeEqual } from '../../lib/crypto';
import { HttpError, invalid, notFound } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { RecordGrant } from './access';
import { archiveDocuments, archiveFileName } from './archive';

/*
 * The inspection archive built in the background (docs/decisions/records-archive-background.md):
 * the screen asks (a `records_archives` row), the records archive worker (archive-worker.ts) builds
 * and stores the ZIP, the screen polls the row until its signed download URL.
 */

export type ArchiveJobRow = typeof recordsArchives.$inferSelect;

const signatureOf = (secret: string, row: Pick<ArchiveJobRow, 'id' | 'classId' | 'userId'>, exp: number) =>
  hmac(secret, `records-archive:${row.id}:${row.classId}:${row.userId}:${exp}`);

/** The ready archive's download URL: signed for its member and class, valid until the row expires. */
function downloadUrlOf(ctx: AppContext, row: ArchiveJobRow, now: Date): string | null {
  if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now) return null;
  const exp = Math.floor(row.expiresAt.getTime() / 1000);
  const base = staffRecordsArchiveDownloadPath.replace('{classId}', String(row.classId)).replace('{archiveId}', String(row.id));
  return `${base}?exp=${exp}&sig=${signatureOf(ctx.config.sessionSecret, row, exp)}`;
}

/** A ready archive past its expiry reads as expired at once, before the cleanup removed its file. */
const statusOf = (row: ArchiveJobRow, now: Date) =>
  (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now) ? 'expired' : row.status) as RecordsArchiveJob['status'];

function present(ctx: AppContext, row: ArchiveJobRow, now: Date): RecordsArchiveJob {
  const status = statusOf(row, now);
  return {
    id: row.id,
    year: row.year,
    status,
    done: row.done,
    total: row.total,
    created_at: row.createdAt.toISOString(),
    expires_at: status === 'ready' || status === 'expired' ? (row.expiresAt?.toISOString() ?? null) : null,
    size_bytes: row.sizeBytes,
    download_url: downloadUrlOf(ctx, row, now),
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
      .where(and(mine(staff, klass.id, year), inArray(recordsArchives.status, ['queued', 'running'])))
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
  const exp = Number(query.exp);
  if (!query.sig || !Number.isInteger(exp) || !safeEqual(query.sig, signatureOf(ctx.config.sessionSecret, row, exp))) {
    throw notFound();
  }
  if (row.status === 'expired') throw new HttpError(410, M.expired);
  if (row.status !== 'ready' || !row.storageKey) throw new HttpError(409, M.notReady);
  if (!row.expiresAt || row.expiresAt <= now || exp * 1000 <= now.getTime()) throw new HttpError(410, M.expired);
  const stream = await ctx.storage.get(row.storageKey);
  if (!stream) throw new HttpError(410, M.expired);
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
