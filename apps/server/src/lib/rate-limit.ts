import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { tooMany } from './errors';

export interface HitResult {
  count: number;
  retryAfterSec: number;
}

/**
 * Fixed-window counters: Redis when configured, else the database (instances share both), memory in
 * unit tests. `hit` counts and answers the new count in one atomic step, so a limit is checked on
 * its result, never on an earlier `peek` (docs/decisions/auth-atomic-limits.md).
 */
export interface Counter {
  peek(key: string): Promise<HitResult>;
  hit(key: string, windowSec: number): Promise<HitResult>;
  /** Takes back one hit (an attempt counted before it was known to succeed). */
  release(key: string): Promise<void>;
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
    async release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
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
    async release(key) {
      // Only a live window: a DECR on a key gone would leave a -1 without expiry.
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Counters in the `rate_limit_counters` table: one upsert increments a live window or starts a new
 * one and answers the count, atomically under concurrent requests and across instances.
 */
export function databaseCounter(db: Db): Counter {
  const retryAfter = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  let hitsSinceSweep = 0;
  return {
    async peek(key) {
      const [row] = await db
        .select()
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, new Date())));
      return row ? { count: row.count, retryAfterSec: retryAfter(row.resetAt) } : { count: 0, retryAfterSec: 0 };
    },
    async hit(key, windowSec) {
      const now = new Date();
      const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt: new Date(now.getTime() + windowSec * 1000) })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning();
      // Windows that ended are swept now and then, not on every hit.
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, now));
      }
      return { count: row!.count, retryAfterSec: retryAfter(row!.resetAt) };
    },
    async release(key) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, new Date())));
    },
    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
    async close() {},
  };
}

/**
 * Counts one attempt and refuses it (429) when it is over `limit`: the count and the check are one
 * atomic step, so concurrent attempts cannot all pass a check made before any of them was counted.
 * An attempt that turns out fine is taken back by the caller (`release` or `reset`).
 */
export async function countAttempt(
  counter: Counter,
  key: string,
  limit: number,
  windowSec: number,
  message?: string,
): Promise<HitResult> {
  const result = await counter.hit(key, windowSec);
  if (result.count > limit) throw tooMany(message, result.retryAfterSec);
  return result;
}
