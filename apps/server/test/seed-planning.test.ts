import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { getChildGrowths, getChildSchedules, getChildEvents } from '@renraku/contract';
import { seedDemo, type DemoIds } from '../src/seed';
import { Agent, createTestApp, type TestApp } from './helpers';

/** The demo data of the events, schedules and growths areas, seen through the API as the demo guardian sees it. */
let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.database.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
});
afterAll(() => t.close());

describe('demo data of events, schedules and growths', () => {
  it('shows events, an open window for next month and three years of growth', async () => {
    const agent = await new Agent(t.app).login('hogosha@example.com', 'hoiku-demo-2026');
    const events = getChildEvents.response.parse((await agent.get(`/api/children/${ids.children.haruto}/events`)).json());
    expect(Object.values(events).flatMap((d) => d.events).length).toBeGreaterThan(4);
    const next = getChildSchedules.response.parse(
      (await agent.get(`/api/children/${ids.children.haruto}/schedules?month=1`)).json(),
    );
    expect(next.can_register).toBe(true);
    expect(Object.values(next.schedules).filter((d) => !d.is_un_registered)).toHaveLength(5);
    const haruto = getChildGrowths.response.parse((await agent.get(`/api/children/${ids.children.haruto}/growths`)).json());
    expect(haruto.sex).toBe(1);
    expect(haruto.actual.length).toBeGreaterThanOrEqual(36);
    const yui = getChildGrowths.response.parse((await agent.get(`/api/children/${ids.children.yui}/growths`)).json());
    expect(yui.sex).toBe(2);
    expect(yui.actual).toHaveLength(13);
    expect(yui.actual.some((r) => r.head !== null)).toBe(true);
  });
});
