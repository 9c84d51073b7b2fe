import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { getChildEvents, getChildGrowths, getChildSchedules } from '@renraku/contract';
import { seedDemo, type DemoIds } from '../src/seed';
import { call, setupApp } from './harness';

/** The demo data of the events, schedules and growths areas, seen through the API as the demo guardian sees it. */
const t = setupApp();
let ids: DemoIds;
beforeAll(async () => {
  ids = await seedDemo(t.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
});

describe('demo data of events, schedules and growths', () => {
  it('shows events, an open window for next month and three years of growth', async () => {
    const agent = await t.agent().login('hogosha@example.com', 'hoiku-demo-2026');
    const events = (await call(agent, getChildEvents, { params: { id: ids.children.haruto } })).data;
    expect(Object.values(events).flatMap((d) => d.events).length).toBeGreaterThan(4);
    const next = (await call(agent, getChildSchedules, { params: { id: ids.children.haruto }, query: { month: '1' } })).data;
    expect(next.can_register).toBe(true);
    expect(Object.values(next.schedules).filter((d) => !d.is_un_registered)).toHaveLength(5);
    const haruto = (await call(agent, getChildGrowths, { params: { id: ids.children.haruto } })).data;
    expect(haruto.sex).toBe(1);
    expect(haruto.actual.length).toBeGreaterThanOrEqual(36);
    const yui = (await call(agent, getChildGrowths, { params: { id: ids.children.yui } })).data;
    expect(yui.sex).toBe(2);
    expect(yui.actual).toHaveLength(13);
    expect(yui.actual.some((r) => r.head !== null)).toBe(true);
  });
});
