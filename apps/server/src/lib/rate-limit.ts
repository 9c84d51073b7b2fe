import type { Redis } from 'ioredis';

export interface HitResult {
  count: number;
  retryAfterSec: number;
}

/** Fixed-window counters; memory for one process, Redis when instances share them (DESIGN §10). */
export interface Counter {
  peek(key: string): Promise<HitResult>;
  hit(key: string, windowSec: number): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const result = (w?: { count: number; resetAt: number }) => ({
    count: w?.count ?? 0,
    retryAfterSec: w ? Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)) : 0,
  });
  return {
    async peek(key) {
      return result(live(key));
    },
    async hit(key, windowSec) {
      let w = live(key);
      if (!w) {
        if (windows.size > 100_000) windows.clear(); // bound memory under a flood
        w = { count: 0, resetAt: Date.now() + windowSec * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return result(w);
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {},
  };
}

/** `prefix` keeps apart counters that share a Redis (tests running side by side). */
export function redisCounter(redis: Redis, prefix = 'rl:'): Counter {
  return {
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return { count: Number(count ?? 0), retryAfterSec: Math.max(0, ttl) };
    },
    async hit(key, windowSec) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(prefix + key)
        .ttl(prefix + key)
        .exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.expire(prefix + key, windowSec);
      return { count, retryAfterSec: ttl < 0 ? windowSec : ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
