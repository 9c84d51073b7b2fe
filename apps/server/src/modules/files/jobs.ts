import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { hmac, safeEqual } from '../../lib/crypto';
import { HttpError, notFound } from '../../lib/errors';

/*
 * Generated-file jobs: a file built in the background for the one who asked (a child's archive,
 * child_exports; an inspection archive, records_archives). Each area keeps its table (an id, the
 * asker's userId, its own columns and db/schema/generated-files.ts's) and its build; this helper
 * holds the rest: the claim with a lease (a job left `running` by a stopped worker is taken up again
 * once its lease ends), progress that renews the lease, the stored file, ready or a retry (up to
 * `maxAttempts`, then `failed`), the signed download URL and its checks. The cleanup (cleanup.ts)
 * expires the files.
 */

export type JobStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

/** A job's row as the helper reads it (db/schema/generated-files.ts). */
export interface GeneratedFileJob {
  id: number;
  userId: number;
  status: string;
  done: number;
  total: number;
  storageKey: string | null;
  sizeBytes: number | null;
  error: string | null;
  attempts: number;
  leaseUntil: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

/** A table of generated-file jobs. */
export type GeneratedFileTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  $inferSelect: GeneratedFileJob;
};

type Row<T extends GeneratedFileTable> = T['$inferSelect'];

/** One kind of job: its table and how its files are named, kept and signed. */
export interface GeneratedFileKind<T extends GeneratedFileTable> {
  table: T;
  /** For the logs: `<name> failed`. */
  name: string;
  /** A running job is held this long (renewed by its progress); then another worker may take it. */
  leaseMs: number;
  maxAttempts: number;
  /** A ready file is downloadable this long. */
  validHours: number;
  /** The local build folder's prefix under the system's temporary folder. */
  tmpPrefix: string;
  /** Storage: `<folder>/<scope>/<id>-<hmac of keyLabel:id>.zip`. */
  folder: string;
  keyLabel: string;
  /** The download signature: hmac of `<signLabel>:<id>:<scope>:<userId>:<exp>`. */
  signLabel: string;
  /** The job's scope (its child, its class): in its key, its signature and its download path. */
  scopeOf: (job: Row<T>) => number;
  /** The download route's path of the job, without the query. */
  downloadPathOf: (job: Row<T>) => string;
}

/** A build that cannot succeed (its asker lost the right): the job fails at once, unlogged and not retried. */
export class JobRefused extends Error {}

/** The helper's writes: the fields of the job's row (a cast only in the type: the table has these columns). */
const setJob = <T extends GeneratedFileTable>(db: Db, table: T, id: number, values: Partial<GeneratedFileJob>) =>
  db
    .update(table)
    .set(values as PgUpdateSetSource<T>)
    .where(eq(table.id, id));

/** Takes the oldest waiting job (or one whose worker stopped: its lease ended), or none. */
async function claimJob<T extends GeneratedFileTable>(db: Db, kind: GeneratedFileKind<T>, now: Date) {
  const { table } = kind;
  const rows = await db
    .update(table)
    .set({
      status: 'running',
      attempts: sql`${table.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + kind.leaseMs),
    } as PgUpdateSetSource<T>)
    .where(
      eq(
        table.id,
        sql`(select id from ${sql.identifier(getTableName(table))}
          where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
          order by created_at, id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return (rows as Row<T>[])[0];
}

const fail = <T extends GeneratedFileTable>(db: Db, table: T, id: number, error: string, at: Date) =>
  setJob(db, table, id, { status: 'failed', error, finishedAt: at, leaseUntil: null });

/** What a build reports: its size of work, then how much is done (each report renews the lease). */
export interface JobProgress {
  start(total: number): Promise<void>;
  done(done: number): Promise<void>;
}

function progressOf<T extends GeneratedFileTable>(db: Db, kind: GeneratedFileKind<T>, id: number, now: () => Date) {
  let total = 0;
  const progress: JobProgress & { total: () => number } = {
    total: () => total,
    start: async (n) => {
      total = n;
      await setJob(db, kind.table, id, { total, done: 0 });
    },
    done: async (done) => {
      await setJob(db, kind.table, id, { done, leaseUntil: new Date(now().getTime() + kind.leaseMs) });
    },
  };
  return progress;
}

export interface JobRun<T extends GeneratedFileTable, R> {
  /** Builds the job's file at `file` (a fresh temporary folder's), reporting its progress. */
  build: (job: Row<T>, file: string, progress: JobProgress) => Promise<R>;
  /** Runs in the transaction that marks the job ready (a mail with the link). */
  ready?: (tx: Db, job: Row<T>, built: R, expiresAt: Date) => Promise<void>;
}

/**
 * Runs the waiting jobs of a kind one by one (its worker calls it every few seconds; tests call it
 * directly): each built to local disk, stored, then ready until `validHours` from now. A refused
 * build fails the job; any other error is logged and the job tried again. Answers how many it finished.
 */
export async function runGeneratedFileJobs<T extends GeneratedFileTable, R>(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'config'>,
  kind: GeneratedFileKind<T>,
  now: () => Date,
  run: JobRun<T, R>,
): Promise<number> {
  const { db, storage } = ctx;
  let finished = 0;
  for (let job = await claimJob(db, kind, now()); job; job = await claimJob(db, kind, now())) {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), kind.tmpPrefix));
    try {
      const file = path.join(dir, 'archive.zip');
      const progress = progressOf(db, kind, job.id, now);
      const built = await run.build(job, file, progress);
      const secret = hmac(ctx.config.sessionSecret, `${kind.keyLabel}:${job.id}`).slice(0, 16);
      const key = `${kind.folder}/${kind.scopeOf(job)}/${job.id}-${secret}.zip`;
      await storage.putFile(key, file);
      const { size } = await fs.promises.stat(file);
      const at = now();
      const expiresAt = new Date(at.getTime() + kind.validHours * 60 * 60 * 1000);
      const done = progress.total();
      await db.transaction(async (tx) => {
        const t: Db = tx;
        await setJob(t, kind.table, job.id, {
          status: 'ready',
          done,
          storageKey: key,
          sizeBytes: size,
          finishedAt: at,
          expiresAt,
          leaseUntil: null,
        });
        await run.ready?.(t, job, built, expiresAt);
      });
      finished += 1;
    } catch (error) {
      if (error instanceof JobRefused) {
        await fail(db, kind.table, job.id, error.message, now());
        continue;
      }
      ctx.log.error({ err: error, table: getTableName(kind.table), jobId: job.id }, `${kind.name} failed`);
      if (job.attempts >= kind.maxAttempts) await fail(db, kind.table, job.id, String(error), now());
      else await setJob(db, kind.table, job.id, { status: 'queued', leaseUntil: null });
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
  return finished;
}

// -------------------------------------------------------------------------------------------------
// Asking and downloading

/** The asker's job under way (queued or running): a second ask answers it instead of a new one. */
export const unfinished = (table: GeneratedFileTable) => inArray(table.status, ['queued', 'running']);

const signatureOf = <T extends GeneratedFileTable>(secret: string, kind: GeneratedFileKind<T>, job: Row<T>, exp: number) =>
  hmac(secret, `${kind.signLabel}:${job.id}:${kind.scopeOf(job)}:${job.userId}:${exp}`);

/**
 * What a screen shows of a job: its progress; a ready file past its expiry reads as expired at once
 * (before the cleanup removed it); the expiry of a ready or expired one; a ready one's download URL,
 * signed for its user and scope, valid until the job expires.
 */
export function jobView<T extends GeneratedFileTable>(secret: string, kind: GeneratedFileKind<T>, job: Row<T>, now: Date) {
  const live = job.expiresAt !== null && job.expiresAt > now;
  const status = (job.status === 'ready' && !live ? 'expired' : job.status) as JobStatus;
  let downloadUrl: string | null = null;
  if (job.status === 'ready' && live) {
    const exp = Math.floor(job.expiresAt!.getTime() / 1000);
    downloadUrl = `${kind.downloadPathOf(job)}?exp=${exp}&sig=${signatureOf(secret, kind, job, exp)}`;
  }
  return {
    status,
    done: job.done,
    total: job.total,
    createdAt: job.createdAt.toISOString(),
    expiresAt: status === 'ready' || status === 'expired' ? (job.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: job.sizeBytes,
    downloadUrl,
  };
}

/**
 * The stored file of the asker's job behind a download URL: a valid signature (404 otherwise),
 * ready (409) and neither the job nor the URL expired (410).
 */
export async function openJobFile<T extends GeneratedFileTable>(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  kind: GeneratedFileKind<T>,
  job: Row<T>,
  query: { exp?: string; sig?: string },
  now: Date,
  messages: { expired: string; notReady: string },
) {
  const exp = Number(query.exp);
  if (!query.sig || !Number.isInteger(exp) || !safeEqual(query.sig, signatureOf(ctx.config.sessionSecret, kind, job, exp))) {
    throw notFound();
  }
  if (job.status === 'expired') throw new HttpError(410, messages.expired);
  if (job.status !== 'ready' || !job.storageKey) throw new HttpError(409, messages.notReady);
  if (!job.expiresAt || job.expiresAt <= now || exp * 1000 <= now.getTime()) throw new HttpError(410, messages.expired);
  const stream = await ctx.storage.get(job.storageKey);
  if (!stream) throw new HttpError(410, messages.expired);
  return stream;
}
