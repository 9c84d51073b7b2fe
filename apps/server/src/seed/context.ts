import type { Db } from '../db/client';
import type { Storage } from '../lib/files';
import type { DemoIds } from './accounts';

/** What each area's demo seeder gets: the transaction, the base ids, "now" and file storage. */
export interface SeedContext {
  db: Db;
  ids: DemoIds;
  now: Date;
  storage: Storage;
}
