import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { tokyoDate } from '@renraku/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { repeatInBackground } from '../../lib/repeat';
import type { StaffViewer } from '../access';
import { type JobProgress, JobRefused, runGeneratedFileJobs } from '../files/service';
import { authorizeRecordClass } from './access';
import { archiveDocuments, archiveZip, auditArchive, authorizeArchive } from './archive';
import { archiveJobs, type ArchiveJobRow } from './archive-jobs';

/*
 * The records archive worker (docs/decisions/records-archive-background.md): claims a waiting
 * `records_archives` row with a lease (a job left `running` by a stopped server is taken up again
 * once its lease ends), checks the member's seat again, logs the reads, builds the ZIP on local
 * disk as it streams (one PDF in memory at a time), stores it through the files module's storage
 * and marks the row ready; the files area's job helper (modules/files/jobs.ts) runs the job. A
 * failure is retried up to its maxAttempts, then `failed`.
 */

/** One job: the seat checked as of now, the reads logged, the ZIP built to `file`. */
async function build(ctx: AppContext, job: ArchiveJobRow, clock: () => Date, file: string, progress: JobProgress) {
  const now = clock();
  // The member who asked, as a desktop caller of today (the build's reads are theirs).
  const staff: StaffViewer = { userId: job.userId, today: tokyoDate(now), deviceId: null, device: null, ip: job.ip };
  const access = await authorizeRecordClass(ctx, staff, job.classId, 'read');
  authorizeArchive(access);
  const docs = await archiveDocuments(ctx.db, job.classId, job.year);
  if (docs.length === 0) throw new HttpError(422, 'empty');
  await progress.start(docs.length + 1);
  await auditArchive(ctx.db, staff, access, docs, job.year, now);
  let done = 0;
  // Progress and the lease's renewal with each PDF made.
  const made = () => progress.done((done += 1));
  const zip = await archiveZip(ctx.db, staff, access, docs, job.year, now, async () => {}, made);
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

/**
 * Runs the waiting jobs one by one (the worker calls it every few seconds; tests and the bench
 * call it directly). Answers how many archives it finished.
 */
export function runArchiveJobs(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  return runGeneratedFileJobs(ctx, archiveJobs, now, {
    build: async (job, file, progress) => {
      try {
        await build(ctx, job, now, file, progress);
      } catch (error) {
        // A seat lost meanwhile (403/404) or an emptied 年度 is final; anything else is tried again.
        throw error instanceof HttpError ? new JobRefused(`${error.status} ${error.message}`) : error;
      }
    },
  });
}

/** Starts the worker in the server process: every 2 s, one job at a time; answers the stop function. */
export function startRecordsArchiveWorker(ctx: AppContext, intervalMs = 2000, now: () => Date = () => new Date()): () => void {
  return repeatInBackground(ctx.log, { name: 'records archive worker', intervalMs }, () => runArchiveJobs(ctx, now));
}
