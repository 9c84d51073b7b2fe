import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getStaffRatioDay,
  getStaffShiftMonth,
  getStaffShiftPatterns,
  postStaffShiftPattern,
  postStaffShiftPublish,
  putStaffShift,
  shiftMessages as M,
} from '@renraku/contract';
import { auditLog, children, noteChildren, schedules, shifts } from '../src/db/schema';
import { buildChild, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, readAll, setupOnly } from './staff-persona-matrix';

/*
 * Shifts (staffing.md §3), the slice built: patterns, the month's table by cell, publishing; the
 * day's planned slots from the table × the children's planned times.
 */

const t = setupApp();
const db = () => t.db;
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const clock = { 'x-test-now': NOW };

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let patternA: number;

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w, clock);
  // Three babies of class A planned 08:00–16:00 on 2026-11-24.
  for (const name of ['一', '二', '三']) {
    const baby = await buildChild(db(), { facilityId: w.facilityId, firstName: name });
    await db().update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
    await db().insert(schedules).values({
      companyId: w.companyId,
      noteChildId: baby.noteChild.id,
      date: '2026-11-24',
      attendanceTime: '08:00',
      leavingTime: '16:00',
      isAbsent: false,
    });
  }
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const month = (agent: Agent, m = '2026-11') =>
  call(agent, getStaffShiftMonth, { params: facility(), query: { month: m }, headers: clock });

describe('shift patterns', () => {
  it('GET every member; POST directors and company admins (audited); a taken code 409; bad input 422', async () => {
    const codes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    await expectMatrix(as, setupOnly(201), (agent, _p, i) =>
      call(agent, postStaffShiftPattern, {
        params: facility(),
        body: { code: codes[i]!, start: '07:30', end: '16:15', break_minutes: 60 },
        headers: clock,
      }),
    );
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffShiftPatterns, { params: facility(), headers: clock }));
    const list = (await call(as.classStaffA, getStaffShiftPatterns, { params: facility(), headers: clock })).data.patterns;
    expect(list.map((p) => p.code)).toEqual(['A', 'B']);
    patternA = list[0]!.id;
    const taken = await call(as.director, postStaffShiftPattern, {
      params: facility(),
      body: { code: 'A', start: '08:00', end: '16:45', break_minutes: 60 },
      headers: clock,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.codeTaken);
    const bad = (body: Record<string, unknown>) =>
      callRaw(as.director, postStaffShiftPattern, { params: facility(), body, headers: clock });
    expectInvalid(await bad({ code: 'X', start: '16:00', end: '08:00', break_minutes: 60 }), 'end', M.order);
    expectInvalid(await bad({ code: '', start: '08:00', end: '16:00', break_minutes: 60 }), 'code', M.code);
    expectInvalid(await bad({ code: 'X', start: '8時', end: '16:00', break_minutes: 60 }), 'start');
    expectInvalid(await bad({ code: 'X', start: '08:00', end: '16:00', break_minutes: 600 }), 'break_minutes', M.breakMinutes);
  });
});

describe('the month’s table', () => {
  it('directors fill cells by tapping a pattern (audited), staff see nothing until it is published, then their own row', async () => {
    await expectMatrix(as, setupOnly(200), (agent) =>
      call(agent, putStaffShift, {
        params: facility(),
        body: { user_id: w.staff.classStaffA.user.id, date: '2026-11-24', pattern_id: patternA },
        headers: clock,
      }),
    );
    const draft = (await month(as.director)).data;
    expect(draft).toMatchObject({ month: '2026-11', published_at: null, editable: true });
    expect(draft.dates).toHaveLength(30);
    expect(draft.staff.find((s) => s.user_id === w.staff.classStaffA.user.id)!.days).toEqual({ '2026-11-24': patternA });
    expect((await month(as.classStaffA)).data).toMatchObject({ editable: false, staff: [] });
    await expectMatrix(as, readAll, (agent) => month(agent));

    await expectMatrix(as, setupOnly(200), (agent) =>
      call(agent, postStaffShiftPublish, { params: facility(), body: { month: '2026-11' }, headers: clock }),
    );
    const mine = (await month(as.classStaffA)).data;
    expect(mine.published_at).not.toBeNull();
    expect(mine.staff).toEqual([
      { user_id: w.staff.classStaffA.user.id, name: '職員 class_staff', days: { '2026-11-24': patternA }, wishes: [] },
    ]);
    expect((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'staffing.shift.set')))[0]!.n).toBe(2);
  });

  it('a cell set to null is off; bad input 422, nothing written', async () => {
    const set = (body: Record<string, unknown>) =>
      callRaw(as.director, putStaffShift, { params: facility(), body, headers: clock });
    expect((await set({ user_id: w.staff.classStaffB.user.id, date: '2026-11-25', pattern_id: patternA })).statusCode).toBe(200);
    const off = await set({ user_id: w.staff.classStaffB.user.id, date: '2026-11-25', pattern_id: null });
    expect(off.json().staff.find((s: { user_id: number }) => s.user_id === w.staff.classStaffB.user.id).days).toEqual({});
    const rows = async () => (await db().select({ n: count() }).from(shifts))[0]!.n;
    const before = await rows();
    expectInvalid(
      await set({ user_id: w.staff.otherFacility.user.id, date: '2026-11-25', pattern_id: patternA }),
      'user_id',
      M.staffMember,
    );
    expectInvalid(await set({ user_id: w.staff.classStaffB.user.id, date: '2026-11-31', pattern_id: patternA }), 'date');
    expectInvalid(
      await set({ user_id: w.staff.classStaffB.user.id, date: '2026-11-25', pattern_id: 2_000_000_000 }),
      'pattern_id',
      M.pattern,
    );
    expectInvalid(await set({ user_id: w.staff.classStaffB.user.id, date: '2026-11-25', pattern_id: 'A' }), 'pattern_id');
    expect(
      (await callRaw(as.director, postStaffShiftPublish, { params: facility(), body: { month: '2026-13' }, headers: clock }))
        .statusCode,
    ).toBe(422);
    expect(
      (await callRaw(as.director, getStaffShiftMonth, { params: facility(), query: { month: 'x' }, headers: clock })).statusCode,
    ).toBe(422);
    expect(await rows()).toBe(before);
  });

  it('planned: one 保育士 (A 07:30–16:15) for three babies planned 08:00–16:00 — every planned slot short', async () => {
    const day = (await call(as.director, getStaffRatioDay, { params: facility(), query: { date: '2026-11-24' }, headers: clock }))
      .data;
    const a = day.rooms.find((r) => r.class_id === w.classA.id)!;
    expect(a.planned.find((s) => s.start === '07:30')).toMatchObject({ children: 0, staff: 1, short: false });
    expect(a.planned.find((s) => s.start === '08:00')).toEqual({
      start: '08:00',
      children: 3,
      staff: 1,
      required: 2,
      short: true,
    });
    expect(a.planned.filter((s) => s.short)).toHaveLength(32);
    // Nothing happened yet that day: the actual side is empty.
    expect(a.actual.every((s) => s.children === 0 && !s.short)).toBe(true);
  });
});
