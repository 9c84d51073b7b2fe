import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedAccounts, type DemoIds } from './accounts';

export type { DemoIds };

/** The demo data of DESIGN §8: seeded once, on an empty database. */
export async function seedDemoIfEmpty(db: Db, config: Pick<AppConfig, 'dataDir'>, now = new Date()): Promise<DemoIds | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (row && row.count > 0) return null;
  return seedDemo(db, config, now);
}

export async function seedDemo(db: Db, _config: Pick<AppConfig, 'dataDir'>, now = new Date()): Promise<DemoIds> {
  return db.transaction(async (tx) => {
    const ids = await seedAccounts(tx as unknown as Db, now);
    // Later areas add their demo content here, each from the ids above.
    return ids;
  });
}
