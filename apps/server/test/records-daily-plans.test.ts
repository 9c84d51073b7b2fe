import { describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  childRecordMessages,
  getStaffClassRecords,
  getStaffRecordSettings,
  postStaffClassRecord,
  putStaffRecordSettings,
  recordsMessages as M,
} from '@renraku/contract';
import { auditLog, recordDocuments, recordSettings } from '../src/db/schema';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, readAll, setupOnly, statuses } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * 日案 in the lists (records.md §2, §4; docs/decisions/records-daily-plans.md): whether a facility
 * writes 日案 is its records setting (default off); when on, each care day's 日案 up to the next one
 * after today is listed and counted when missing. The setting × every caller, the opening × every
 * caller, a class tablet, bad input.
 */

// Friday 2026-11-20, 13:00 Tokyo.
const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

const { db, w, as } = setupRecordsWorld(clock, '8642');

const settingsOf = (agent: Agent) =>
  callRaw(agent, getStaffRecordSettings, { params: { facilityId: w.facilityId }, headers: clock });
const put = (agent: Agent, body: Record<string, unknown>) =>
  callRaw(agent, putStaffRecordSettings, {
    params: { facilityId: w.facilityId },
    body: body as { term_start_months: number[]; progress_terms_from_age: number },
    headers: clock,
  });
const month = async (agent: Agent, m = '2026-11') =>
  (await call(agent, getStaffClassRecords, { params: { classId: w.classA.id }, query: { month: m }, headers: clock })).data;
const open = (agent: Agent, body: Record<string, unknown>) =>
  callRaw(agent, postStaffClassRecord, { params: { classId: w.classA.id }, body, headers: clock });
const dailyPlans = async () =>
  (await db().select({ n: count() }).from(recordDocuments).where(eq(recordDocuments.kind, 'daily_plan')))[0]!.n;
const defaults = { term_start_months: [4, 6, 9, 1], progress_terms_from_age: 3 };

describe('日案 in the lists', () => {
  it('off by default: no 日案 listed or counted, and none can be made (422 in Japanese, nothing written)', async () => {
    const got = await settingsOf(as.classStaffA);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ writes_daily_plans: false, can_edit: false });
    const nov = await month(as.classStaffA);
    expect(nov.daily_plans).toEqual([]);
    // 1 月案 + 5 週案 + 16 日誌, as before the setting existed.
    expect(nov.counts.missing).toBe(22);
    expectInvalid(await open(as.director, { kind: 'daily_plan', period: '2026-11-20' }), 'kind', M.noDailyPlans);
    expect(await dailyPlans()).toBe(0);
  });

  it('the setting: read by every member but office; set by directors and company admins on a desktop; audited', async () => {
    await expectMatrix(as, { ...readAll, office: 403 }, (agent) => settingsOf(agent));
    await expectMatrix(as, setupOnly(200), (agent) => put(agent, { ...defaults, writes_daily_plans: false }));
    expect((await put(as.chief, { ...defaults, writes_daily_plans: true })).statusCode).toBe(403);
    // A class tablet's PIN session changes no setting (a desktop action).
    expect((await put(as.tablet, { ...defaults, writes_daily_plans: true })).statusCode).toBe(403);
    const [before] = await db().select().from(recordSettings).where(eq(recordSettings.facilityId, w.facilityId));
    expect(before!.writesDailyPlans).toBe(false);
    const on = await put(as.director, { ...defaults, writes_daily_plans: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ writes_daily_plans: true, can_edit: true });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.settings.update'), eq(auditLog.facilityId, w.facilityId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.details).toMatchObject({ writes_daily_plans: true });
    // Omitted: unchanged (a client that sends only the 期).
    expect((await put(as.director, defaults)).json()).toMatchObject({ writes_daily_plans: true });
  });

  it('bad input: not a yes/no is a 422 in Japanese; nothing written', async () => {
    for (const value of ['yes', 1, null]) {
      expectInvalid(
        await put(as.director, { ...defaults, writes_daily_plans: value }),
        'writes_daily_plans',
        childRecordMessages.dailyPlans,
      );
    }
    expect((await settingsOf(as.director)).json()).toMatchObject({ writes_daily_plans: true });
  });

  it('on: each care day’s 日案 up to the next care day after today, newest first, counted when missing', async () => {
    const nov = await month(as.classStaffA);
    // Mon–Sat up to Saturday the 21st (the next care day), less 11/3 文化の日: 17 days.
    expect(nov.daily_plans).toHaveLength(17);
    expect(nov.daily_plans[0]).toMatchObject({
      kind: 'daily_plan',
      period: '2026-11-21',
      label: '11月21日(土)の日案',
      state: 'missing',
    });
    expect(nov.daily_plans.map((s) => s.period)).not.toContain('2026-11-03');
    expect(nov.daily_plans.map((s) => s.period)).not.toContain('2026-11-22');
    expect(nov.counts.missing).toBe(22 + 17);
    // Next month: none due yet.
    expect((await month(as.director, '2026-12')).daily_plans).toEqual([]);
  });

  it('opening a 日案: the class’s writers (its tablet too); readers 403, another facility 404; then it is being written', async () => {
    // A new 日案 each, by persona order (an existing one is read by every reader): the 9th to the 18th.
    const days = ['09', '10', '11', '12', '13', '14', '16', '17', '18'];
    await expectMatrix(as, { ...statuses(200, { office: 403, classStaff: 403 }), classStaffA: 200 }, (agent, _, i) =>
      open(agent, { kind: 'daily_plan', period: `2026-11-${days[i]}` }),
    );
    expect(await dailyPlans()).toBe(3);
    expect((await open(as.tablet, { kind: 'daily_plan', period: '2026-11-20' })).statusCode).toBe(200);
    expect((await open(as.chief, { kind: 'daily_plan', period: '2026-11-19' })).statusCode).toBe(200);
    expect(await dailyPlans()).toBe(5);
    // Class B's staff read the 日案 that exists.
    expect((await open(as.classStaffB, { kind: 'daily_plan', period: '2026-11-20' })).statusCode).toBe(200);
    const nov = await month(as.classStaffA);
    expect(nov.daily_plans.find((s) => s.period === '2026-11-20')).toMatchObject({ state: 'writing' });
    expect(nov.counts.missing).toBe(22 + 17 - 5);
    // A plan is written ahead: next week's may be made now.
    const ahead = await open(as.classStaffA, { kind: 'daily_plan', period: '2026-11-24' });
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json()).toMatchObject({ document: { kind: 'daily_plan', period_start: '2026-11-24', status: 'draft' } });
    // A 日案 written ahead is listed with the due ones.
    expect((await month(as.classStaffA)).daily_plans[0]).toMatchObject({ period: '2026-11-24', state: 'writing' });
  });

  it('bad input: a 日案 of a month or of a day that does not exist is a 422; nothing written', async () => {
    const before = await dailyPlans();
    for (const period of ['2026-11', '2026-11-31', '2026-1-05', '']) {
      expectInvalid(await open(as.director, { kind: 'daily_plan', period }), 'period');
    }
    expect(await dailyPlans()).toBe(before);
  });

  it('turned off again: the 日案 already written stay listed and open; no new one', async () => {
    expect((await put(as.companyAdmin, { ...defaults, writes_daily_plans: false })).statusCode).toBe(200);
    const nov = await month(as.classStaffA);
    expect(nov.daily_plans.map((s) => s.period)).toEqual([
      '2026-11-24',
      '2026-11-20',
      '2026-11-19',
      '2026-11-12',
      '2026-11-10',
      '2026-11-09',
    ]);
    expect(nov.counts.missing).toBe(22);
    expect((await open(as.classStaffA, { kind: 'daily_plan', period: '2026-11-20' })).statusCode).toBe(200);
    expectInvalid(await open(as.classStaffA, { kind: 'daily_plan', period: '2026-11-17' }), 'kind', M.noDailyPlans);
  });
});
