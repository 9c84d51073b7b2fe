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

  it('this month is a draft ready to close, sub’s family’s with last month’s 資金不足 carried as a 未収金 line', async () => {
    const agent = t.agent(clock);
    const login = await call(agent, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: 'hoiku-demo-2026' } });
    expect(login.statusCode).toBe(200);
    const res = await call(agent, getStaffBillingMonth, { params: { facilityId: ids.facilities.sakura, month: '2026-11' } });
    expect(res.statusCode).toBe(200);
    expect(res.data.status).toBe('open');
    expect(res.data.statements.length).toBeGreaterThan(0);
    const october = await call(agent, getStaffBillingMonth, { params: { facilityId: ids.facilities.sakura, month: '2026-10' } });
    const failed = october.data.statements.find((s) => s.payer.id === ids.users.sub)!;
    expect(failed.status).toBe('carried');
    const draft = res.data.statements.find((s) => s.payer.id === ids.users.sub)!;
    const carried = draft.lines.filter((l) => l.kind === 'carried_over');
    expect(carried).toEqual([
      expect.objectContaining({
        amount: failed.total,
        label: `2026年10月分の未収金（請求番号 ${failed.number}）`,
        explanation: expect.stringContaining('（口座振替：資金不足）'),
      }),
    ]);
    expect(draft.total).toBe(draft.lines.reduce((sum, l) => sum + l.amount, 0));
    // hogosha’s family owes nothing from October: no carried line.
    const paid = res.data.statements.find((s) => s.payer.id === ids.users.main)!;
    expect(paid.lines.some((l) => l.kind === 'carried_over')).toBe(false);
    // 山本 ひなた (一時預かり only): her line has both booked days, 11/19 with the gate's times, 11/23 as booked.
    const temporary = res.data.statements.flatMap((s) => s.lines).filter((l) => l.child_name === '山本 ひなた');
    expect(temporary.map((l) => [l.kind, l.amount])).toEqual([['temporary', 7000]]);
    expect(temporary[0]!.explanation).toBe(
      '0〜2歳児の料金（4時間までは半日）：11/19 09:10〜12:35 半日2,500円、11/23 08:30〜16:30 1日4,500円',
    );
  });

  it('last month is collected by 口座振替: hogosha’s and the 渡辺 family’s 振替済 (支払済), sub’s 資金不足 (翌月へ繰越); the request file downloads', async () => {
    const agent = t.agent(clock);
    await call(agent, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: 'hoiku-demo-2026' } });
    const res = await call(agent, getStaffCollection, { params: { facilityId: ids.facilities.sakura, month: '2026-10' } });
    expect(res.data).toMatchObject({ closed: true, settings_ready: true });
    const states = res.data.rows.map((r) => [r.payer.id, r.status, r.method, r.result?.code, r.result?.label]);
    // Two families 振替済 (hogosha's and the 渡辺 siblings'), one 資金不足 carried (sub's).
    expect(states).toEqual([
      [ids.users.main, 'paid', 'debit', '0', '振替済'],
      [ids.users.sub, 'carried', 'debit', '1', '資金不足'],
      [expect.any(Number), 'paid', 'debit', '0', '振替済'],
    ]);
    expect(res.data.rows.every((r) => /^\*{4}\d{3}$/.test(r.account_number_masked!))).toBe(true);
    const [paid, failed, siblings] = res.data.rows;
    expect(paid!.paid).toBe(paid!.total);
    expect(siblings!.paid).toBe(siblings!.total);
    expect(failed!.paid).toBe(0);
    expect(res.data.request).toMatchObject({ count: 3, total: paid!.total + failed!.total + siblings!.total });
    const file = await agent.get(`/api/staff/facilities/${ids.facilities.sakura}/billing/months/2026-10/debit-request.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe((3 + 3) * 122);
  });

  it('the guardians see it: hogosha’s October 支払済, sub’s October 翌月へ繰越', async () => {
    const sub = await t.agent(clock).login('sub@example.com', 'hoiku-demo-2026');
    const list = (await call(sub, getBillingStatements)).data;
    expect(list.map((s) => [s.month, s.status])).toEqual([['2026-10', 'carried']]);
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
