import { beforeAll, describe, expect, it } from 'vitest';
import {
  getStaffMyShifts,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postStaffShiftPattern,
  postStaffShiftPublish,
  putStaffPin,
  putStaffShift,
} from '@renraku/contract';
import { buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, readAll } from './staff-persona-matrix';

/*
 * わたしの勤務 (staffing.md §3): each staff member reads their own published shifts of a month, on
 * their phone; another person's are never in the answer, nor a month not yet published.
 */

const t = setupApp();
const NOW = '2026-11-20T00:00:00.000Z';
const clock = { 'x-test-now': NOW };

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;

const mine = (agent: Agent, month?: string) =>
  call(agent, getStaffMyShifts, { params: { facilityId: w.facilityId }, query: month ? { month } : {}, headers: clock });

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  as = await staffAgents(t, w, clock);
  const params = { facilityId: w.facilityId };
  const pattern = await call(as.director, postStaffShiftPattern, {
    params,
    body: { code: 'A', start: '07:30', end: '16:15', break_minutes: 60 },
    headers: clock,
  });
  const late = await call(as.director, postStaffShiftPattern, {
    params,
    body: { code: 'H', start: '10:45', end: '19:00', break_minutes: 45 },
    headers: clock,
  });
  const put = (userId: number, date: string, patternId: number) =>
    call(as.director, putStaffShift, { params, body: { user_id: userId, date, pattern_id: patternId }, headers: clock });
  for (const [who, date, p] of [
    [w.staff.classStaffA.user.id, '2026-11-24', pattern.data.id],
    [w.staff.classStaffA.user.id, '2026-11-25', late.data.id],
    [w.staff.classStaffB.user.id, '2026-11-24', late.data.id],
    [w.staff.office.user.id, '2026-11-26', pattern.data.id],
    [w.staff.director.user.id, '2026-11-27', pattern.data.id],
    [w.staff.classStaffA.user.id, '2026-12-01', pattern.data.id],
  ] as const) {
    expect((await put(who, date, p)).statusCode).toBe(200);
  }
  expect(
    (await call(as.director, postStaffShiftPublish, { params, body: { month: '2026-11' }, headers: clock })).statusCode,
  ).toBeLessThan(300);
}, 120_000);

describe('GET my-shifts', () => {
  it('every member of the facility itself reads their own; a company-wide admin has no membership here (403)', async () => {
    await expectMatrix(as, { ...readAll, companyAdmin: 403 }, (agent) => mine(agent, '2026-11'));
  });

  it('own rows only: another staff member’s shifts are not in the answer', async () => {
    const a = await mine(as.classStaffA, '2026-11');
    expect(a.data).toMatchObject({ month: '2026-11', published_at: expect.any(String) });
    expect(a.data.days).toEqual([
      { date: '2026-11-24', code: 'A', start: '07:30', end: '16:15', break_minutes: 60 },
      { date: '2026-11-25', code: 'H', start: '10:45', end: '19:00', break_minutes: 45 },
    ]);
    expect((await mine(as.classStaffB, '2026-11')).data.days.map((d) => [d.date, d.code])).toEqual([['2026-11-24', 'H']]);
    // A director reads their own too, not the table's other rows.
    expect((await mine(as.director, '2026-11')).data.days.map((d) => d.date)).toEqual(['2026-11-27']);
    // The default month is this month (Tokyo).
    expect((await mine(as.office)).data.days.map((d) => d.date)).toEqual(['2026-11-26']);
  });

  it('a month not published answers nothing, even with shifts in the table', async () => {
    expect((await mine(as.classStaffA, '2026-12')).data).toEqual({ month: '2026-12', published_at: null, days: [] });
  });

  it('a class tablet’s PIN session may not read it (own data on one’s own device); bad month 422', async () => {
    const registered = await call(as.director, postStaffDevice, {
      params: { facilityId: w.facilityId },
      body: { name: 'ひよこ', class_id: w.classA.id },
      headers: clock,
    });
    const tablet = t.agent(clock);
    expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
    expect((await call(as.classStaffA, putStaffPin, { body: { pin: '5824' }, headers: clock })).statusCode).toBe(200);
    const unlocked = await call(tablet, postStaffDeviceUnlock, {
      body: { user_id: w.staff.classStaffA.user.id, pin: '5824' },
      headers: clock,
    });
    expect(unlocked.statusCode).toBe(200);
    expect((await mine(tablet, '2026-11')).statusCode).toBe(403);
    const bad = await callRaw(as.classStaffA, getStaffMyShifts, {
      params: { facilityId: w.facilityId },
      query: { month: '2026-13' },
      headers: clock,
    });
    expectInvalid(bad, 'month');
  });
});
