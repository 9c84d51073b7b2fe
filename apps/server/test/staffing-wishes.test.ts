import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  getStaffMyWishes,
  getStaffShiftMonth,
  putStaffMyWishes,
  putStaffStaffingSettings,
  wishMessages,
} from '@renraku/contract';
import { auditLog, shiftWishes } from '../src/db/schema';
import { buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, readAll } from './staff-persona-matrix';

/*
 * 希望休 (staffing.md §3; docs/decisions/staffing-wishes.md): each member sends their own wished days
 * off of a month before the facility's deadline (its day of the month before); the 園長 sees every
 * person's on the シフト表, a 保育士 only their own.
 */

const t = setupApp();
const NOW = '2026-11-20T14:00:00.000Z'; // 23:00 Tokyo on the default deadline day of December's wishes
const clock = { 'x-test-now': NOW };
const after = { 'x-test-now': '2026-11-20T15:00:00.000Z' }; // 11-21 00:00 Tokyo

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
const params = () => ({ facilityId: w.facilityId });
const send = (agent: Agent, dates: string[], headers = clock, month = '2026-12') =>
  call(agent, putStaffMyWishes, { params: params(), body: { month, dates }, headers });

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  as = await staffAgents(t, w, clock);
}, 120_000);

describe('my wishes', () => {
  it('every member of the facility itself sends and reads their own (a company-wide admin 403); audited', async () => {
    const members = { ...readAll, companyAdmin: 403 };
    await expectMatrix(as, members, (agent, _p, i) => send(agent, [`2026-12-${String(10 + i).padStart(2, '0')}`]));
    await expectMatrix(as, members, (agent) => call(agent, getStaffMyWishes, { params: params(), headers: clock }));
    const mine = await call(as.classStaffA, getStaffMyWishes, { params: params(), headers: clock });
    expect(mine.data).toEqual({ month: '2026-12', deadline: '2026-11-20', open: true, dates: ['2026-12-13'] });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staffing.wishes.update'), eq(auditLog.userId, w.staff.classStaffA.user.id)));
    expect(audits).toHaveLength(1);
  });

  it('a send replaces the month’s wishes as a whole; repeats are one', async () => {
    const res = await send(as.classStaffB, ['2026-12-24', '2026-12-01', '2026-12-24']);
    expect(res.data.dates).toEqual(['2026-12-01', '2026-12-24']);
    expect((await send(as.classStaffB, ['2026-12-31'])).data.dates).toEqual(['2026-12-31']);
  });

  it('after the deadline: read-only (409 with the deadline), nothing changed; the facility sets its day', async () => {
    const late = await callRaw(as.classStaffB, putStaffMyWishes, {
      params: params(),
      body: { month: '2026-12', dates: [] },
      headers: after,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${wishMessages.closed}（11月20日まで）`);
    expect((await call(as.classStaffB, getStaffMyWishes, { params: params(), headers: after })).data).toMatchObject({
      open: false,
      dates: ['2026-12-31'],
    });
    const set = await call(as.director, putStaffStaffingSettings, {
      params: params(),
      body: { facility_type: 'nursery', one_year_improvement: false, wish_deadline_day: 25 },
      headers: after,
    });
    expect(set.data.wish_deadline_day).toBe(25);
    expect((await send(as.classStaffB, [], after)).data).toMatchObject({ deadline: '2026-11-25', open: true, dates: [] });
    // This month's deadline is long past.
    expect(
      (
        await callRaw(as.classStaffB, putStaffMyWishes, {
          params: params(),
          body: { month: '2026-11', dates: [] },
          headers: clock,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('the 園長 sees everyone’s on the シフト表; a 保育士 reads no one else’s wishes', async () => {
    const table = await call(as.director, getStaffShiftMonth, { params: params(), query: { month: '2026-12' }, headers: clock });
    const row = (id: number) => table.data.staff.find((s) => s.user_id === id)!;
    expect(row(w.staff.classStaffA.user.id).wishes).toEqual(['2026-12-13']);
    expect(row(w.staff.office.user.id).wishes).toEqual(['2026-12-12']);
    // December is not published: a 保育士 sees no row at all, their own wishes through my-wishes only.
    const theirs = await call(as.classStaffA, getStaffShiftMonth, {
      params: params(),
      query: { month: '2026-12' },
      headers: clock,
    });
    expect(theirs.data.staff).toEqual([]);
  });

  it('bad input: 422 in Japanese, nothing written', async () => {
    const before = await t.db.select().from(shiftWishes);
    const bad = (body: unknown) => callRaw(as.classStaffA, putStaffMyWishes, { params: params(), body, headers: clock });
    expectInvalid(await bad({ month: '2026-12', dates: ['2027-01-01'] }), 'dates', wishMessages.outOfMonth);
    expectInvalid(await bad({ month: '2026-13', dates: [] }), 'month');
    expectInvalid(await bad({ month: '2026-12', dates: ['12月1日'] }), 'dates.0');
    expectInvalid(await bad({ month: '2026-12' }), 'dates');
    const wrongDay = await callRaw(as.director, putStaffStaffingSettings, {
      params: params(),
      body: { facility_type: 'nursery', one_year_improvement: false, wish_deadline_day: 31 },
      headers: clock,
    });
    expectInvalid(wrongDay, 'wish_deadline_day');
    expect(await t.db.select().from(shiftWishes)).toEqual(before);
  });
});
