import path from 'node:path';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { seedDemoIfEmpty } from '.';

/** `npm run seed -w apps/server`: the demo data on the configured database, if it is empty. */
const config = loadConfig();
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, { max: config.databasePoolMax, migrationUrl: config.migrationDatabaseUrl })
  : await openPglite(path.join(config.dataDir, 'pglite'));
const ids = await seedDemoIfEmpty(database.db, config);
console.log(ids ? 'demo data seeded' : 'database not empty: nothing seeded');
await database.close();
