import type { Db } from '../db/client';
import type { Storage } from '../lib/files';
import type { DemoIds } from './accounts';

/** What each area's demo seeder gets: the transaction, the base ids, "now" and file storage. */
export interface SeedContext {
  db: Db;
  ids: DemoIds;
  now: Date;
  storage: Storage;
  /** The server's secret (sealed bank account numbers); absent in unit tests' seeds. */
  secret?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A demo instant of "today" that has not come yet (seeding at 05:00 in Tokyo, a notice of today
 * 07:30) moved into the hour before `now`, keeping the order of such instants: the demo never holds
 * things from the future, whatever the hour it is seeded at.
 */
export function notInTheFuture(instant: Date, now: Date): Date {
  const ahead = instant.getTime() - now.getTime();
  if (ahead <= 0) return instant;
  return new Date(now.getTime() - HOUR_MS + (Math.min(ahead, DAY_MS) / DAY_MS) * (HOUR_MS - 60_000));
}
