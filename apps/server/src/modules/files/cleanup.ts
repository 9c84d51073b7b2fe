import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repeatInBackground } from '../../lib/repeat';

/*
 * The cleanup of expired generated files (docs/decisions/files-expired-cleanup.md): the inspection
 * archives (records_archives) and the children's archives (child_exports) are downloadable until
 * their row's `expires_at`; after it (and an hour's grace) the file is removed from storage and the
 * row marked `expired`, which the screens show as 期限切れ with もう一度作成. Only these generated
 * ZIPs: the documents themselves (要録 and the rest) keep their own retention.
 */

/** The tables of generated files: a `ready` row's file at `storage_key` is downloadable until `expires_at`. */
export const generatedFileTables = ['records_archives', 'child_exports'] as const;
export type GeneratedFileTable = (typeof generatedFileTables)[number];

/** A file is removed this long after its row expired: a download begun at the last minute finishes, a clock ahead deletes nothing early. */
export const CLEANUP_GRACE_MS = 60 * 60 * 1000;
/** Rows per transaction (the storage removals of a batch happen while its rows are locked). */
const BATCH = 50;
/** The advisory lock's first key: one instance cleans at a time (5133: issue 33's files). */
const CLEANUP_LOCK = 5133;

export interface CleanupResult {
  /** False when another instance held the lock: this run left the work to it. */
  ran: boolean;
  removed: number;
  /** Files whose removal failed (storage unreachable…): their rows stay `ready`, taken up again next run. */
  failed: number;
}

type Ctx = Pick<AppContext, 'db' | 'storage' | 'log'>;

/**
 * One batch of a table after `cursor` (by id): under the advisory lock, the expired `ready` rows
 * locked (skip locked), their files removed one by one (a failure logged, that row left as it is),
 * the removed ones marked `expired` without a key. Answers null when another instance holds the lock.
 */
async function sweepBatch(ctx: Ctx, table: GeneratedFileTable, cursor: number, cutoff: Date) {
  return ctx.db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}, 0) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return null;
    const { rows } = (await tx.execute(sql`
      select id, storage_key from ${sql.identifier(table)}
      where status = 'ready' and expires_at <= ${cutoff.toISOString()}::timestamptz and id > ${cursor}
      order by id limit ${BATCH} for update skip locked`)) as unknown as { rows: { id: number; storage_key: string | null }[] };
    const removed: number[] = [];
    let failed = 0;
    for (const row of rows) {
      try {
        if (row.storage_key) await ctx.storage.remove(row.storage_key);
        removed.push(row.id);
      } catch (error) {
        failed += 1;
        ctx.log.warn({ err: error, table, id: row.id }, 'expired file not removed');
      }
    }
    if (removed.length > 0) {
      await tx.execute(sql`
        update ${sql.identifier(table)} set status = 'expired', storage_key = null
        where id in (${sql.join(
          removed.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    }
    return { last: rows.at(-1)?.id ?? null, removed: removed.length, failed };
  });
}

/**
 * Removes the files of every generated archive that expired more than the grace ago (the worker
 * calls it every 10 minutes; tests call it directly). Restart-safe: a run stopped halfway left rows
 * `ready` whose files may be gone already, and removing a missing file is no error.
 */
export async function removeExpiredFiles(ctx: Ctx, now: Date): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - CLEANUP_GRACE_MS);
  const result: CleanupResult = { ran: true, removed: 0, failed: 0 };
  let first = true;
  for (const table of generatedFileTables) {
    for (let cursor = 0; ;) {
      const batch = await sweepBatch(ctx, table, cursor, cutoff);
      // Another instance holds the lock: it does the rest (each batch is whole or not at all).
      if (!batch) return first ? { ...result, ran: false } : result;
      first = false;
      result.removed += batch.removed;
      result.failed += batch.failed;
      if (batch.last === null) break;
      cursor = batch.last;
    }
  }
  return result;
}

/** Starts the cleanup in the server process: a minute after start, then every 10 minutes; answers the stop function. */
export function startFileCleanupWorker(ctx: Ctx, intervalMs = 10 * 60_000, now: () => Date = () => new Date()): () => void {
  const options = { name: 'file cleanup worker', intervalMs, firstAfterMs: Math.min(60_000, intervalMs) };
  return repeatInBackground(ctx.log, options, async () => {
    const r = await removeExpiredFiles(ctx, now());
    if (r.removed > 0 || r.failed > 0) ctx.log.info(r, 'expired generated files removed');
  });
}
