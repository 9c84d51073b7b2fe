import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { countAttempt, databaseCounter, memoryCounter, redisCounter, type Counter } from '../src/lib/rate-limit';
import { randomToken } from '../src/lib/crypto';
import { createTestDatabase } from './helpers';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<Redis | null> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

const redis = await redisAvailable();
// The table counter on this run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
const database = await createTestDatabase();
const counters: [string, Counter | null][] = [
  ['memory', memoryCounter()],
  ['redis', redis ? redisCounter(redis) : null],
  ['database', databaseCounter(database.db)],
];
afterAll(async () => {
  for (const [, c] of counters) await c?.close();
  await database.close();
});

describe.each(counters)('%s counter', (_name, counter) => {
  it.skipIf(!counter)('counts hits in a window, peeks without counting, resets', async () => {
    const key = `test:${randomToken(6)}`;
    expect((await counter!.peek(key)).count).toBe(0);
    await counter!.hit(key, 60);
    const second = await counter!.hit(key, 60);
    expect(second.count).toBe(2);
    expect(second.retryAfterSec).toBeGreaterThan(0);
    expect(second.retryAfterSec).toBeLessThanOrEqual(60);
    expect((await counter!.peek(key)).count).toBe(2);
    await counter!.reset(key);
    expect((await counter!.peek(key)).count).toBe(0);
  });

  it.skipIf(!counter)('counts concurrent hits one by one: 40 at once answer 1…40; release takes one back', async () => {
    const key = `test:${randomToken(6)}`;
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter!.hit(key, 60).then((r) => r.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await counter!.release(key);
    expect((await counter!.peek(key)).count).toBe(39);
    // A key without a live window is not taken below zero.
    const fresh = `test:${randomToken(6)}`;
    await counter!.release(fresh);
    expect((await counter!.peek(fresh)).count).toBe(0);
  });

  it.skipIf(!counter)('countAttempt refuses past the limit with 429, and a window that ended starts again', async () => {
    const key = `test:${randomToken(6)}`;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => countAttempt(counter!, key, 3, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { status: number }).status)).toEqual([429, 429, 429, 429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await countAttempt(counter!, key, 3, 1)).count).toBe(1);
  });
});
