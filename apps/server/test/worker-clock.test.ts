import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { workerClock } from '../src/lib/clock';

/*
 * The generated files' workers' clock (docs/decisions/tests-e2e-worker-clock.md): the real time, or
 * in test mode with E2E_NOW the run's pinned instant, flowing from the server's start.
 */
describe('workerClock', () => {
  const base = { DATA_DIR: '/tmp/renraku-worker-clock', SESSION_SECRET: 'x'.repeat(32) };

  it('is the real time without a start', () => {
    const before = Date.now();
    const now = workerClock(undefined)().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('starts at the pinned instant and flows with the real time', async () => {
    const start = new Date('2026-06-10T01:00:00.000Z');
    const clock = workerClock(start);
    const first = clock().getTime();
    expect(first - start.getTime()).toBeGreaterThanOrEqual(0);
    expect(first - start.getTime()).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(25);
  });

  it('takes E2E_NOW in test mode only', () => {
    const at = '2026-06-10T10:00:00+09:00';
    expect(loadConfig({ ...base, NODE_ENV: 'test', E2E_NOW: at }).workerClockStart?.toISOString()).toBe(
      '2026-06-10T01:00:00.000Z',
    );
    expect(loadConfig({ ...base, NODE_ENV: 'development', E2E_NOW: at }).workerClockStart).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).workerClockStart).toBeUndefined();
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', E2E_NOW: 'tomorrow' })).toThrow(ConfigError);
  });
});
