import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import { readEach, readTogether } from '../src/db/reads';
import { createTestDatabase } from './helpers';

/*
 * db/reads.ts: independent reads at once on the pool, one after the other in a transaction (its one
 * connection; pg queues overlapping queries with a deprecation warning and pg@9 refuses them).
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** A read that notes when it started and ended, taking `ms`. */
function timedRead(db: Db, log: string[], name: string, ms: number) {
  return async () => {
    log.push(`${name} start`);
    await db.execute(sql`select pg_sleep(${ms / 1000})`);
    log.push(`${name} end`);
    return name;
  };
}

describe('readTogether and readEach', () => {
  it('in a transaction: each read starts after the one before ended, results in order', async () => {
    const log: string[] = [];
    const [a, b] = await database.db.transaction(async (tx) => {
      const t: Db = tx;
      return readTogether(t, timedRead(t, log, 'a', 50), timedRead(t, log, 'b', 10));
    });
    expect([a, b]).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
    const each = await database.db.transaction(async (tx) => {
      const t: Db = tx;
      return readEach(t, [3, 1, 2], async (n) => {
        await t.execute(sql`select pg_sleep(${n / 100})`);
        return n * 10;
      });
    });
    expect(each).toEqual([30, 10, 20]);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on the pool (PostgreSQL): the reads run at once (the short one ends first), results in order',
    async () => {
      const log: string[] = [];
      const [a, b] = await readTogether(database.db, timedRead(database.db, log, 'a', 200), timedRead(database.db, log, 'b', 10));
      expect([a, b]).toEqual(['a', 'b']);
      expect(log).toEqual(['a start', 'b start', 'b end', 'a end']);
      expect(await readEach(database.db, [1, 2], async (n) => n * 2)).toEqual([2, 4]);
    },
  );
});
