import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { memoryCounter, redisCounter, type Counter } from '../src/lib/rate-limit';
import { randomToken } from '../src/lib/crypto';

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
const counters: [string, Counter | null][] = [
  ['memory', memoryCounter()],
  ['redis', redis ? redisCounter(redis) : null],
];
afterAll(async () => {
  for (const [, c] of counters) await c?.close();
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
});
