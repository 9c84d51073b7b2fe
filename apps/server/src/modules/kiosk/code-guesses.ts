import { and, count, eq, gte, sql } from 'drizzle-orm';
import {
  addDays,
  KIOSK_CODE_TRIES_PER_CHILD,
  KIOSK_CODE_TRIES_PER_DAY,
  kioskMessages,
  tokyoDate,
  tokyoInstant,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { kioskScans } from '../../db/schema';
import { tooMany } from '../../lib/errors';
import type { PairedDevice } from '../staff/service';

/**
 * One-time pick-up codes are guessed no further than this (issue 30;
 * docs/decisions/kiosk-pickup-codes-guessing.md): a kiosk's wrong codes of the Tokyo day (rejected
 * code scans it sent, counted on the partial index `kiosk_scans_code_refused_idx`) reach
 * `KIOSK_CODE_TRIES_PER_CHILD` for the child or `KIOSK_CODE_TRIES_PER_DAY` in all → 429 until the
 * day ends; the scans after it in the post are not read. 6 digits, 5 tries: 1 in 200,000 a child a day.
 */
export async function refuseGuessing(db: Db, device: PairedDevice, noteChildId: number, now: Date): Promise<void> {
  const today = tokyoDate(now);
  const [tries] = await db
    .select({
      all: count(),
      child: sql<number>`count(*) filter (where ${kioskScans.noteChildId} = ${noteChildId})`.mapWith(Number),
    })
    .from(kioskScans)
    .where(
      and(
        eq(kioskScans.deviceId, device.id),
        sql`${kioskScans.pickupType} = 'code' and ${kioskScans.status} = 'rejected'`,
        gte(kioskScans.receivedAt, tokyoInstant(today)),
      ),
    );
  if ((tries?.child ?? 0) >= KIOSK_CODE_TRIES_PER_CHILD || (tries?.all ?? 0) >= KIOSK_CODE_TRIES_PER_DAY) {
    const untilMidnight = Math.ceil((tokyoInstant(addDays(today, 1)).getTime() - now.getTime()) / 1000);
    throw tooMany(kioskMessages.codeTooMany, Math.max(1, untilMidnight));
  }
}
