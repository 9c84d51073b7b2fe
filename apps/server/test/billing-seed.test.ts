import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import {
  getBillingStatement,
  getBillingStatements,
  getStaffBillingMonth,
  getStaffBillingTransfers,
  getStaffCollection,
  postStaffLogin,
} from '@renraku/contract';
import { seedDemo, type DemoIds } from '../src/seed';
import { DEMO_STAFF_EMAILS } from '../src/seed/staff';
import { call, setupApp } from './harness';

/** The billing demo (spec/billing.md), seen as the demo guardian and the demo 園長 see it. */
const t = setupApp();
let ids: DemoIds;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
beforeAll(async () => {
  ids = await seedDemo(
    t.db,
    { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')), sessionSecret: t.config.sessionSecret },
    new Date(clock['x-test-now']),
  );
}, 180_000);

describe('demo data of billing', () => {
  it('hogosha sees last month’s statement, paid, with per-day 延長; sub (read-only on 陽翔) sees only their own family’s', async () => {
    const main = await t.agent(clock).login('hogosha@example.com', 'hoiku-demo-2026');
    const list = (await call(main, getBillingStatements)).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ month: '2026-10', status: 'paid', facility_name: 'さくら保育園' });
    const detail = (await call(main, getBillingStatement, { params: { id: list[0]!.id! } })).data;
    expect(detail.lines.some((l) => l.kind === 'extension' && l.days.length > 0)).toBe(true);
    expect(detail.total).toBe(detail.lines.reduce((s, l) => s + l.amount, 0));
    const sub = await t.agent(clock).login('sub@example.com', 'hoiku-demo-2026');
    const subList = (await call(sub, getBillingStatements)).data;
    expect(subList.every((s) => s.children.every((c) => c.id !== ids.children.haruto))).toBe(true);
  });

  it('this month is a draft ready to close', async () => {
    const agent = t.agent(clock);
    const login = await call(agent, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: 'hoiku-demo-2026' } });
    expect(login.statusCode).toBe(200);
    const res = await call(agent, getStaffBillingMonth, { params: { facilityId: ids.facilities.sakura, month: '2026-11' } });
    expect(res.statusCode).toBe(200);
    expect(res.data.status).toBe('open');
    expect(res.data.statements.length).toBeGreaterThan(0);
  });

  it('last month’s 口座振替 is requested for the other payers (accounts from the paper form); the file downloads', async () => {
    const agent = t.agent(clock);
    await call(agent, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: 'hoiku-demo-2026' } });
    const res = await call(agent, getStaffCollection, { params: { facilityId: ids.facilities.sakura, month: '2026-10' } });
    expect(res.data).toMatchObject({ closed: true, settings_ready: true });
    const others = res.data.rows.filter((r) => r.status !== 'paid');
    expect(others.length).toBeGreaterThan(0);
    expect(
      others.every((r) => r.status === 'scheduled' && r.method === 'debit' && /^\*{4}\d{3}$/.test(r.account_number_masked!)),
    ).toBe(true);
    expect(res.data.request).toMatchObject({ count: others.length, total: others.reduce((s, r) => s + r.total, 0) });
    const file = await agent.get(`/api/staff/facilities/${ids.facilities.sakura}/billing/months/2026-10/debit-request.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe((others.length + 3) * 122);
  });

  it('振込入金: this month’s bank statement left one credit waiting for the 事務 (no family’s fee)', async () => {
    const agent = t.agent(clock);
    await call(agent, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: 'hoiku-demo-2026' } });
    const res = await call(agent, getStaffBillingTransfers, { params: { facilityId: ids.facilities.sakura } });
    expect(res.data.waiting).toEqual([
      expect.objectContaining({ amount: 12000, status: 'waiting', description: '振込 サクラカイ バザー' }),
    ]);
  });
});
