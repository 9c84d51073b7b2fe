import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import {
  getChildEvents,
  getChildGrowths,
  getChildSchedules,
  getEventsCalendarSubscription,
  getEventsViewableChildren,
  getGrowthsViewableChildren,
  getSchedulesViewableChildren,
  postChildSchedule,
  postChildSchedulesBulk,
} from '@renraku/contract';
import { seedDemo, type DemoIds } from '../src/seed';
import { type Agent, call, setupApp } from './harness';

/**
 * Query budgets of the events, schedules and growths calls, on the demo data: a bounded number of
 * statements per call whatever the number of days, events or records (no N+1).
 */
const t = setupApp();
let ids: DemoIds;
let agent: Agent;
beforeAll(async () => {
  ids = await seedDemo(t.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
  agent = await t.agent().login('hogosha@example.com', 'hoiku-demo-2026');
});

async function statements(run: () => Promise<{ statusCode: number }>) {
  const before = t.database.queryCount();
  const res = await run();
  expect(res.statusCode).toBeLessThan(300);
  return t.database.queryCount() - before;
}

describe('query budgets (statements beyond loading the session)', () => {
  it('stay bounded for every call', async () => {
    const session = await statements(() => call(agent, getEventsCalendarSubscription));
    const of = async (run: () => Promise<{ statusCode: number }>) => (await statements(run)) - session + 1;
    const haruto = ids.children.haruto;
    const nextMonth = (await call(agent, getChildSchedules, { params: { id: haruto }, query: { month: '1' } })).data;
    const open = Object.keys(nextMonth.schedules)
      .filter((d) => nextMonth.schedules[d]!.is_un_registered && nextMonth.schedules[d]!.school_day)
      .slice(0, 10);
    const budgets = {
      eventsViewable: await of(() => call(agent, getEventsViewableChildren)),
      events: await of(() => call(agent, getChildEvents, { params: { id: haruto } })),
      schedulesViewable: await of(() => call(agent, getSchedulesViewableChildren)),
      schedulePost: await of(() =>
        call(agent, postChildSchedule, { params: { id: haruto }, body: { date: open[0]!, isAbsent: true } }),
      ),
      scheduleBulk10: await of(() =>
        call(agent, postChildSchedulesBulk, { params: { id: haruto }, body: { dates: open, isAbsent: true } }),
      ),
      growthsViewable: await of(() => call(agent, getGrowthsViewableChildren)),
      growths37Records: await of(() => call(agent, getChildGrowths, { params: { id: haruto } })),
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
    expect(await statements(() => call(agent, getChildSchedules, { params: { id: haruto }, query: { month: '1' } }))).toBe(1);
  });
});
