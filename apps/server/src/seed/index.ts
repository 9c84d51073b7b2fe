import { sql } from 'drizzle-orm';
import { createStorage } from '../lib/files';
import type { SeedContext } from './context';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedAccounts, type DemoIds } from './accounts';
import { seedFeed } from './feed';
import { seedCommunications } from './communications';
import { seedNotices } from './notices';
import { seedEvents } from './events';
import { seedSchedules } from './schedules';
import { seedGrowths } from './growths';
import { seedGuardians } from './guardians';
import { seedPush } from './push';
import { seedIdp } from './idp';
import { seedStaff } from './staff';
import { seedDay } from './day';
import { seedKiosk } from './kiosk';
import { seedNaps } from './naps';
import { seedRecords } from './records';
import { seedYearPlans } from './records-plans';
import { seedChildRecords } from './child-records';
import { seedYoroku } from './yoroku';
import { seedBilling } from './billing';
import { seedBillingCollection } from './billing-collection';
import { seedFacilitySetup } from './facility-setup';
import { seedStaffing } from './staffing';

export type { DemoIds };

/** The demo data of DESIGN §8: seeded once, on an empty database. */
export async function seedDemoIfEmpty(db: Db, config: SeedConfig, now = new Date()): Promise<DemoIds | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (row && row.count > 0) return null;
  return seedDemo(db, config, now);
}

/** The server's secret seals the demo's bank account numbers; without it (unit tests) none are seeded. */
type SeedConfig = Pick<AppConfig, 'dataDir' | 's3'> & Partial<Pick<AppConfig, 'sessionSecret'>>;

export async function seedDemo(db: Db, config: SeedConfig, now = new Date()): Promise<DemoIds> {
  return db.transaction(async (tx) => {
    const db: Db = tx;
    const ids = await seedAccounts(db, now);
    const seed: SeedContext = { db, ids, now, storage: await createStorage(config), secret: config.sessionSecret };
    // Each area adds its demo content from the ids above; the staff first, who write the notices.
    const staff = await seedStaff(seed);
    await seedFeed(seed);
    await seedCommunications(seed);
    await seedNotices(seed, staff);
    await seedEvents(seed);
    await seedSchedules(seed);
    await seedGrowths(seed);
    await seedGuardians(seed);
    await seedPush(seed);
    await seedIdp(seed);
    await seedDay(seed, staff);
    await seedKiosk(seed, staff);
    await seedNaps(seed);
    await seedRecords(seed, staff);
    await seedChildRecords(seed, staff);
    await seedYoroku(seed, staff);
    await seedYearPlans(seed, staff);
    await seedFacilitySetup(seed);
    await seedBilling(seed, staff);
    await seedBillingCollection(seed, staff, seed.secret);
    await seedStaffing(seed);
    return ids;
  });
}
