import { eq, sql } from 'drizzle-orm';
import { tokyoTime } from '@renraku/contract';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { staffingRatioChanges } from '../../db/schema';
import { ratioInputsDigest } from './ratio-inputs';

/**
 * The live ratio's fingerprint (docs/decisions/staffing-live-ratio.md): the ratio screens poll this
 * and refetch the ratio now only when it moves. The day, the minute and the digest of the very row the
 * ratio now computes from (ratio-inputs.ts): a gate scan, a board entry, an 打刻 at the gate or the
 * desktop, a correction or a void, a room move, the settings, a room, a child's class or birth date,
 * a member of the day: each changes that row, so the fingerprint moves. What changes the answer with
 * no write is the clock: the minute is part of the key (an entry or a move stamped later than now
 * starts counting when its minute comes, and the answer shows the time), and so is the date (the
 * dated ratio table, the ages, the 年度's rooms). The digest, never the rows, leaves the database.
 *
 * The digest is kept per facility and day and recomputed only when the facility's change count moved
 * (`staffing_ratio_changes`, bumped by triggers in every writer's transaction, migration staffing_ratio_changes): an
 * unchanged poll reads one row by its key instead of the six subqueries (issue 35). The count is read
 * before the digest, so a write committed in between leaves a count older than the digest: the next
 * poll recomputes. Each app process keeps its own copies; the count is the database's, so several
 * processes agree.
 */
const changesStatement = prepared('staffing_ratio_changes', (db, name) =>
  db
    .select({ changes: staffingRatioChanges.changes })
    .from(staffingRatioChanges)
    .where(eq(staffingRatioChanges.facilityId, sql.placeholder('facility')))
    .prepare(name),
);

interface Kept {
  date: string;
  changes: number;
  digest: string;
}
/** Per database (the API tests' workers share this module across databases), per facility. */
const keptByDatabase = new WeakMap<Db, Map<number, Kept>>();

export async function ratioVersion(db: Db, facilityId: number, today: string, now: Date): Promise<string> {
  let kept = keptByDatabase.get(db);
  if (!kept) keptByDatabase.set(db, (kept = new Map()));
  const [row] = await changesStatement(db).execute({ facility: facilityId });
  const changes = Number(row?.changes ?? 0);
  let entry = kept.get(facilityId);
  if (!entry || entry.date !== today || entry.changes !== changes) {
    entry = { date: today, changes, digest: await ratioInputsDigest(db, facilityId, today) };
    kept.set(facilityId, entry);
  }
  return `${today} ${tokyoTime(now)} ${entry.digest}`;
}
