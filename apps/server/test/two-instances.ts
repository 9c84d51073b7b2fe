import path from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from '../src/config';

/*
 * What the tests of two app instances behind one load balancer share (docs/scaling.md): whether
 * a Redis answers (without one, or without PostgreSQL, they skip), and an instance's config.
 */

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the test Redis answers a ping within half a second (no retries: a missing one is a skip, not a wait). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * The config of one instance on the shared database and Redis: its own data dir, the session secret
 * both share (a cookie from one is good on the other), `env` added (an S3 bucket).
 */
export function instanceConfig(dataDir: string, databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'two-instances-share-this-session-secret-0123456789',
    REDIS_URL: redisUrl,
    ...env,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
  });
}
