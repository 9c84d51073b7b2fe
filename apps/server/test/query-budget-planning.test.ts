import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { seedDemo, type DemoIds } from '../src/seed';
import { Agent, createTestApp, type TestApp } from './helpers';

/**
 * Query budgets of the events, schedules and growths calls, on the demo data: a bounded number of
 * statements per call whatever the number of days, events or records (no N+1).
 */
let t: TestApp;
let ids: DemoIds;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.database.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
  agent = await new Agent(t.app).login('hogosha@example.com', 'hoiku-demo-2026');
});
afterAll(() => t.close());

async function statements(run: () => Promise<{ statusCode: number }>) {
  const before = t.database.queryCount();
  const res = await run();
  expect(res.statusCode).toBeLessThan(300);
  return t.database.queryCount() - before;
}

describe('query budgets (statements beyond loading the session)', () => {
  it('stay bounded for every call', async () => {
    const session = await statements(() => agent.get('/api/events/calendar_subscription'));
    const of = async (run: () => Promise<{ statusCode: number }>) => (await statements(run)) - session + 1;
    const haruto = ids.children.haruto;
    const nextMonth = (await agent.get(`/api/children/${haruto}/schedules?month=1`)).json() as {
      schedules: Record<string, { is_un_registered: boolean; school_day: boolean }>;
    };
    const open = Object.keys(nextMonth.schedules)
      .filter((d) => nextMonth.schedules[d]!.is_un_registered)
      .slice(0, 10);
    const budgets = {
      eventsViewable: await of(() => agent.get('/api/events/children/viewable')),
      events: await of(() => agent.get(`/api/children/${haruto}/events`)),
      schedulesViewable: await of(() => agent.get('/api/schedules/children/viewable')),
      schedulePost: await of(() => agent.post(`/api/children/${haruto}/schedules`, { date: open[0], isAbsent: true })),
      scheduleBulk10: await of(() => agent.post(`/api/children/${haruto}/schedules/bulk`, { dates: open, isAbsent: true })),
      growthsViewable: await of(() => agent.get('/api/growths/children/viewable')),
      growths37Records: await of(() => agent.get(`/api/children/${haruto}/growths`)),
    };
    expect(budgets).toEqual({
      eventsViewable: 1,
      events: 2,
      schedulesViewable: 1,
      schedulePost: 3,
      scheduleBulk10: 3,
      growthsViewable: 1,
      growths37Records: 2,
    });
    // A hot call: one statement in all, the session lookup included.
    expect(await statements(() => agent.get(`/api/children/${haruto}/schedules?month=1`))).toBe(1);
  });
});
