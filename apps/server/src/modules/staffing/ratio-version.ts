import { tokyoTime } from '@renraku/contract';
import type { Db } from '../../db/client';
import { ratioInputsDigest } from './ratio-inputs';

/**
 * The live ratio's fingerprint (docs/decisions/staffing-live-ratio.md): the ratio screens poll this
 * and refetch the ratio now only when it moves. The day, the minute and the digest of the very row the
 * ratio now computes from (ratio-inputs.ts): a gate scan, a board entry, an 打刻 at the gate or the
 * desktop, a correction or a void, a room move, the settings, a room, a child's class or birth date,
 * a member of the day: each changes that row, so the fingerprint moves. What changes the answer with
 * no write is the clock: the minute is part of the key (an entry or a move stamped later than now
 * starts counting when its minute comes, and the answer shows the time), and so is the date (the
 * dated ratio table, the ages, the 年度's rooms). One statement; the digest, never the rows, leaves
 * the database.
 */
export async function ratioVersion(db: Db, facilityId: number, today: string, now: Date): Promise<string> {
  return `${today} ${tokyoTime(now)} ${await ratioInputsDigest(db, facilityId, today)}`;
}
