import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { recordsArchiveValidHours, tokyoDate } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordsArchives } from '../../db/schema';
import { hmac } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { authorizeRecordClass } from './access';
import { archiveDocuments, archiveZip, auditArchive, authorizeArchive } from './archive';
import type { ArchiveJobRow } from './archive-jobs';

/*
 * The records archive worker (docs/decisions/records-archive-background.md): claims a waiting
 * `records_archives` row with a lease (a job left `running` by a stopped server is taken up again
 * once its lease ends), checks the member's seat again, logs the reads, builds the ZIP on local
 * disk as it streams (one PDF in memory at a time), stores it through the files module's storage
 * and marks the row ready. A failure is retried up to MAX_ATTEMPTS times, then `failed`.
 */

/** A running build holds its job this long past its last PDF (renewed with each); a stopped server's job is free after it. */
export const LEASE_MS = 60 * 1000;
const MAX_ATTEMPTS = 3;

/** Takes the oldest waiting job (or one whose worker stopped: its lease ended), or none. */
async function claimJob(db: Db, now: Date): Promise<ArchiveJobRow | undefined> {
  const [row] = await db
    .update(recordsArchives)
    .set({
      status: 'running',
      attempts: sql`${recordsArchives.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    })
    .where(
      eq(
        recordsArchives.id,
        sql`(select id from records_archives
          where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
          order by created_at, id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

const fail = (db: Db, id: number, error: string, at: Date) =>
  db.update(recordsArchives).set({ status: 'failed', error, finishedAt: at, leaseUntil: null }).where(eq(recordsArchives.id, id));

/** One job: the seat checked as of now, the reads logged, the ZIP built to `file`; answers its size. */
async function build(ctx: AppContext, job: ArchiveJobRow, clock: () => Date, file: string) {
  const now = clock();
  // The member who asked, as a desktop caller of today (the build's reads are theirs).
  const staff: StaffViewer = { userId: job.userId, today: tokyoDate(now), deviceId: null, device: null, ip: job.ip };
  const access = await authorizeRecordClass(ctx, staff, job.classId, 'read');
  authorizeArchive(access);
  const docs = await archiveDocuments(ctx.db, job.classId, job.year);
  if (docs.length === 0) throw new HttpError(422, 'empty');
  const total = docs.length + 1;
  await ctx.db.update(recordsArchives).set({ total, done: 0 }).where(eq(recordsArchives.id, job.id));
  await auditArchive(ctx.db, staff, access, docs, job.year, now);
  let done = 0;
  // Progress and the lease's renewal with each PDF made.
  const made = async () => {
    done += 1;
    const leaseUntil = new Date(clock().getTime() + LEASE_MS);
    await ctx.db.update(recordsArchives).set({ done, leaseUntil }).where(eq(recordsArchives.id, job.id));
  };
  const zip = await archiveZip(ctx.db, staff, access, docs, job.year, now, async () => {}, made);
  await pipeline(zip.outputStream, fs.createWriteStream(file));
  return { total, size: (await fs.promises.stat(file)).size };
}

/**
 * Runs the waiting jobs one by one (the worker calls it every few seconds; tests and the bench
 * call it directly). Answers how many archives it finished.
 */
export async function runArchiveJobs(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  let finished = 0;
  for (let job = await claimJob(ctx.db, now()); job; job = await claimJob(ctx.db, now())) {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'renraku-records-archive-'));
    try {
      const file = path.join(dir, 'archive.zip');
      const { total, size } = await build(ctx, job, now, file);
      const key = `records-archives/${job.classId}/${job.id}-${hmac(ctx.config.sessionSecret, `records-archive-key:${job.id}`).slice(0, 16)}.zip`;
      await ctx.storage.putFile(key, file);
      const at = now();
      const expiresAt = new Date(at.getTime() + recordsArchiveValidHours * 60 * 60 * 1000);
      await ctx.db
        .update(recordsArchives)
        .set({ status: 'ready', done: total, storageKey: key, sizeBytes: size, finishedAt: at, expiresAt, leaseUntil: null })
        .where(eq(recordsArchives.id, job.id));
      finished += 1;
    } catch (error) {
      // A seat lost meanwhile (403/404) or an emptied 年度 is final; anything else is tried again.
      if (error instanceof HttpError) {
        await fail(ctx.db, job.id, `${error.status} ${error.message}`, now());
        continue;
      }
      ctx.log.error({ err: error, archiveId: job.id }, 'records archive failed');
      if (job.attempts >= MAX_ATTEMPTS) await fail(ctx.db, job.id, String(error), now());
      else await ctx.db.update(recordsArchives).set({ status: 'queued', leaseUntil: null }).where(eq(recordsArchives.id, job.id));
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
  return finished;
}

/** Starts the worker in the server process: every 2 s, one job at a time; answers the stop function. */
export function startRecordsArchiveWorker(ctx: AppContext, intervalMs = 2000, now: () => Date = () => new Date()): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runArchiveJobs(ctx, now)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'records archive worker'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
