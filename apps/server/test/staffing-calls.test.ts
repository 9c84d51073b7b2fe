import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getStaffMyClock,
  getStaffRatioDay,
  getStaffRatioNow,
  getStaffStaffingSettings,
  getStaffTimeEntries,
  postStaffClock,
  postStaffDeviceUnlock,
  postStaffTimeEntry,
  postStaffTimeEntryVoid,
  putStaffClassRoom,
  putStaffStaffingSettings,
  staffingMessages as M,
  type ClockKind,
} from '@renraku/contract';
import { auditLog, childAttendances, children, noteChildren, staffTimeEntries } from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent, type StaffPersona } from './harness';
import { setupStaffWorld } from './staff-world';
import { pinPersonAndDevices } from './staffing-world';
import { expectInvalid, expectMatrix, readAll, setupOnly, statuses } from './staff-persona-matrix';

/*
 * 打刻, corrections, room moves and the ratio (staffing.md §2, §4) over HTTP and a real database,
 * every call × every caller of staff.md §7 (the 主任, a marked 保育士: staff-chief.test.ts, staffing-report.test.ts),
 * a paired class tablet's PIN session and a gate kiosk, and bad input.
 */

const TODAY = '2026-11-20';
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const at = (minutes: number) => ({ 'x-test-now': new Date(Date.parse(NOW) + minutes * 60_000).toISOString() });
const clock = at(0);

const { t, db, w, as } = setupStaffWorld(clock);
let tablet: Agent;
let kiosk: Agent;
let pinPerson: number;

beforeAll(async () => {
  // Class A: the family's child (born 2022-04-01: 4歳以上 this 年度) and three babies, all here from 08:30.
  const babies = [];
  for (const name of ['一', '二', '三']) {
    const baby = await buildChild(db(), { facilityId: w.facilityId, firstName: name });
    await db().update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
    babies.push(baby);
  }
  for (const noteChild of [w.family.noteChild, ...babies.map((b) => b.noteChild)]) {
    await db()
      .insert(childAttendances)
      .values({ companyId: w.companyId, noteChildId: noteChild.id, date: TODAY, arrivedAt: '08:30', source: 'kiosk' });
    // Yesterday: 08:00 to 16:00.
    await db().insert(childAttendances).values({
      companyId: w.companyId,
      noteChildId: noteChild.id,
      date: '2026-11-19',
      arrivedAt: '08:00',
      pickedUpAt: '16:00',
      source: 'staff',
    });
  }
  ({ pinPerson, tablet, kiosk } = await pinPersonAndDevices(t, w, as.director, clock));
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const auditCount = async (action?: string) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(action ? eq(auditLog.action, action) : undefined)
  )[0]!.n;
const ratio = async (agent: Agent, minutes: number) =>
  (await call(agent, getStaffRatioNow, { params: facility(), headers: at(minutes) })).data;
const roomA = async (minutes: number) => (await ratio(as.director, minutes)).rooms.find((r) => r.class_id === w.classA.id)!;
const clockIn = (agent: Agent, kind: ClockKind, minutes: number) =>
  call(agent, postStaffClock, { params: facility(), body: { kind }, headers: at(minutes) });
/** Members of the facility itself: every role but the company admin (a company-wide membership has no 打刻). */
const own = (ok: number) => ({ ...statuses(ok, { office: ok, classStaff: ok }), companyAdmin: 403 });

describe('staffing settings', () => {
  it('GET: every member reads the type, the 加算 and the ratios they give; PUT: directors and company admins; audited', async () => {
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffStaffingSettings, { params: facility(), headers: clock }));
    expect((await call(as.office, getStaffStaffingSettings, { params: facility(), headers: clock })).data).toEqual({
      facility_type: 'nursery',
      one_year_improvement: false,
      ratios: [3, 6, 6, 15, 25],
      plus: 0,
      wish_deadline_day: 20,
    });
    await expectMatrix(as, setupOnly(200), (agent) =>
      call(agent, putStaffStaffingSettings, {
        params: facility(),
        body: { facility_type: 'nursery', one_year_improvement: true },
        headers: clock,
      }),
    );
    const res = await call(as.director, putStaffStaffingSettings, {
      params: facility(),
      body: { facility_type: 'small_a', one_year_improvement: true },
      headers: clock,
    });
    expect(res.data).toEqual({
      facility_type: 'small_a',
      one_year_improvement: true,
      ratios: [3, 5, 6, 15, 25],
      plus: 1,
      wish_deadline_day: 20,
    });
    expect(await auditCount('staffing.settings.update')).toBe(3);
    for (const body of [
      { facility_type: 'kindergarten', one_year_improvement: false },
      { facility_type: 'nursery', one_year_improvement: 'yes' },
      {},
    ]) {
      const bad = await callRaw(as.director, putStaffStaffingSettings, { params: facility(), body, headers: clock });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    }
    expect(await auditCount('staffing.settings.update')).toBe(3);
    await call(as.director, putStaffStaffingSettings, {
      params: facility(),
      body: { facility_type: 'nursery', one_year_improvement: false },
      headers: clock,
    });
  });
});

describe('the ratio now and 打刻', () => {
  it('before anyone clocks in: class A has 4 children (3 babies, one 4歳), needs 2, has none; every member reads', async () => {
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffRatioNow, { params: facility(), headers: clock }));
    expect(await roomA(0)).toEqual({
      class_id: w.classA.id,
      name: 'ひよこ組',
      children_by_band: [3, 0, 0, 0, 1],
      children: 4,
      staff: [],
      required: 2,
      short: 2,
    });
    const b = (await ratio(as.director, 0)).rooms.find((r) => r.class_id === w.classB.id)!;
    expect(b).toMatchObject({ children: 0, required: 0, short: 0 });
  });

  it('POST clock: one’s own 出勤 (members of the facility; a company admin has none: 403); the room is the class', async () => {
    const audits = await auditCount('staffing.clock');
    await expectMatrix(as, own(201), (agent) => clockIn(agent, 'in', 0));
    expect(await auditCount('staffing.clock')).toBe(audits + 4);
    const mine = await call(as.classStaffA, getStaffMyClock, { params: facility(), headers: at(1) });
    expect(mine.data).toMatchObject({
      date: TODAY,
      state: 'working',
      room: { class_id: w.classA.id, name: 'ひよこ組' },
      entries: [{ kind: 'in', time: '09:00', source: 'self', reason: null, voided: null }],
    });
    await expectMatrix(as, own(200), (agent) => call(agent, getStaffMyClock, { params: facility(), headers: at(1) }));
    const now = await ratio(as.director, 1);
    expect(now.rooms.find((r) => r.class_id === w.classA.id)).toMatchObject({
      staff: [{ user_id: w.staff.classStaffA.user.id }],
      short: 1,
    });
    expect(now.unassigned.map((s) => s.user_id).sort()).toEqual([w.staff.director.user.id, w.staff.office.user.id].sort());
    // At work and not office: may move into a room.
    expect(now.can_move).toBe(true);
    expect((await ratio(as.office, 1)).can_move).toBe(false);
    expect((await ratio(as.companyAdmin, 1)).can_move).toBe(false);
  });

  it('out of order is 409 with the reason; a bad kind 422; nothing written', async () => {
    const rows = async () => (await db().select({ n: count() }).from(staffTimeEntries))[0]!.n;
    const before = await rows();
    const again = await clockIn(as.classStaffA, 'in', 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyIn);
    expect((await clockIn(as.classStaffA, 'break_end', 2)).json().message).toBe(M.notOnBreak);
    expectInvalid(
      await callRaw(as.classStaffA, postStaffClock, { params: facility(), body: { kind: 'lunch' }, headers: at(2) }),
      'kind',
      M.kind,
    );
    expect((await callRaw(as.classStaffA, postStaffClock, { params: facility(), body: {}, headers: at(2) })).statusCode).toBe(
      422,
    );
    expect(await rows()).toBe(before);
  });

  it('a break takes the person out of the room and back; 退勤 ends the day', async () => {
    expect((await clockIn(as.classStaffA, 'break_start', 10)).data.state).toBe('on_break');
    expect((await roomA(11)).staff).toEqual([]);
    expect((await clockIn(as.classStaffA, 'out', 12)).json().message).toBe(M.onBreak);
    expect((await clockIn(as.classStaffA, 'break_end', 20)).data.state).toBe('working');
    expect((await roomA(21)).staff.map((s) => s.user_id)).toEqual([w.staff.classStaffA.user.id]);
  });

  it('a class tablet’s PIN session reads its own class only, may not clock (desktop only); a gate kiosk is refused', async () => {
    const person = pinPerson;
    await unlock(22);
    const seen = await call(tablet, getStaffRatioNow, { params: facility(), headers: at(22) });
    expect(seen.statusCode).toBe(200);
    expect(seen.data.rooms.map((r) => r.class_id)).toEqual([w.classA.id]);
    expect(seen.data.unassigned).toEqual([]);
    const day = await call(tablet, getStaffRatioDay, { params: facility(), headers: at(22) });
    expect(day.data.rooms.map((r) => r.class_id)).toEqual([w.classA.id]);
    expect((await call(tablet, getStaffStaffingSettings, { params: facility(), headers: at(22) })).statusCode).toBe(200);
    expect((await clockIn(tablet, 'in', 22)).statusCode).toBe(403);
    expect((await call(tablet, getStaffTimeEntries, { params: facility(), headers: at(22) })).statusCode).toBe(403);
    for (const send of [
      () => call(kiosk, getStaffRatioNow, { params: facility(), headers: at(22) }),
      () => clockIn(kiosk, 'in', 22),
      () => call(kiosk, putStaffClassRoom, { params: { classId: w.classA.id }, body: { user_id: person }, headers: at(22) }),
    ])
      expect((await send()).statusCode).toBe(401);
  });
});

/** The class tablet's PIN pad, unlocked by its class's 保育士 (a PIN session locks after 5 idle minutes). */
const unlock = async (minutes: number) =>
  expect(
    (await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinPerson, pin: '2468' }, headers: at(minutes) })).statusCode,
  ).toBe(200);

describe('room moves', () => {
  const move = (agent: Agent, userId: number, minutes: number, classId = w.classA.id) =>
    call(agent, putStaffClassRoom, { params: { classId }, body: { user_id: userId }, headers: at(minutes) });

  it('a director moves a staff member at work into a room from now; class A holds; audited', async () => {
    const res = await move(as.director, w.staff.classStaffB.user.id, 30);
    expect(res.statusCode).toBe(200);
    const a = res.data.rooms.find((r) => r.class_id === w.classA.id)!;
    expect(a.staff.map((s) => s.user_id).sort()).toEqual([w.staff.classStaffA.user.id, w.staff.classStaffB.user.id].sort());
    expect(a.short).toBe(0);
    expect(await auditCount('staffing.room.move')).toBe(1);
    // Before the move, class A was short.
    expect((await roomA(29)).short).toBe(1);
  });

  it('oneself: every member but office; another person: directors only (403); not at work 422', async () => {
    await expectMatrix(as, { ...statuses(200, { office: 403, classStaff: 200 }), companyAdmin: 422 }, (agent, persona) =>
      move(agent, w.staff[persona as 'director']?.user.id ?? 1, 31),
    );
    expect((await move(as.classStaffB, w.staff.classStaffA.user.id, 32)).statusCode).toBe(403);
    expectInvalid(await move(as.director, w.staff.ended.user.id, 32), 'user_id', M.staffMember);
    const idle = await buildStaff(db(), { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classB.id] });
    expectInvalid(await move(as.director, idle.user.id, 32), 'user_id', M.notClocked);
    expect(
      (
        await callRaw(as.director, putStaffClassRoom, {
          params: { classId: w.classA.id },
          body: { user_id: 'x' },
          headers: at(32),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('the class tablet moves its PIN person into its own class; another class is 404', async () => {
    const person = pinPerson;
    await unlock(33);
    await db().insert(staffTimeEntries).values({
      companyId: w.companyId,
      facilityId: w.facilityId,
      userId: person,
      date: TODAY,
      kind: 'in',
      time: '09:00',
      source: 'self',
    });
    expect((await move(tablet, person, 33)).statusCode).toBe(200);
    expect((await move(tablet, person, 33, w.classB.id)).statusCode).toBe(404);
  });
});

describe('the 園長’s corrections', () => {
  const add = (agent: Agent, body: Record<string, unknown>, minutes = 40) =>
    callRaw(agent, postStaffTimeEntry, { params: facility(), body, headers: at(minutes) });
  const entry = (kind: ClockKind, time: string, date = '2026-11-19') => ({
    user_id: w.staff.classStaffA.user.id,
    date,
    kind,
    time,
    reason: '打刻忘れ（本人申告）',
  });

  it('GET the day’s 打刻 of every staff member: directors and company admins', async () => {
    const correct = setupOnly(200);
    await expectMatrix(as, correct, (agent) => call(agent, getStaffTimeEntries, { params: facility(), headers: at(40) }));
    const day = await call(as.director, getStaffTimeEntries, { params: facility(), headers: at(40) });
    expect(day.data.staff.find((s) => s.user_id === w.staff.classStaffA.user.id)).toMatchObject({
      state: 'working',
      entries: [{ kind: 'in' }, { kind: 'break_start' }, { kind: 'break_end' }],
    });
  });

  it('POST adds a missing 打刻 with a reason (audited); matrix; bad input 422, nothing written', async () => {
    await expectMatrix(as, setupOnly(201), (agent) => add(agent, entry('in', '08:00', '2026-11-18')));
    const res = await add(as.director, entry('in', '08:00'));
    expect(res.statusCode).toBe(201);
    expect(res.json().entries).toEqual([
      expect.objectContaining({
        kind: 'in',
        time: '08:00',
        source: 'correction',
        reason: '打刻忘れ（本人申告）',
        recorded_by_name: '職員 director',
      }),
    ]);
    await add(as.director, entry('out', '17:00'));
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staffing.correction.add'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(audit!.details).toMatchObject({ reason: '打刻忘れ（本人申告）', kind: 'in' });
    const before = await auditCount();
    expectInvalid(await add(as.director, { ...entry('out', '18:00'), date: TODAY }), 'time', M.future);
    expectInvalid(await add(as.director, { ...entry('out', '18:00'), reason: '  ' }), 'reason', M.reason);
    expectInvalid(await add(as.director, { ...entry('out', '18:00'), reason: 'あ'.repeat(201) }), 'reason', M.reason);
    expectInvalid(
      await add(as.director, { ...entry('out', '18:00'), user_id: w.staff.otherFacility.user.id }),
      'user_id',
      M.staffMember,
    );
    expectInvalid(await add(as.director, { ...entry('out', '25:00') }), 'time');
    expectInvalid(await add(as.director, { ...entry('out', '18:00'), date: '2026-02-30' }), 'date');
    expectInvalid(await add(as.director, { ...entry('out', '18:00'), kind: 'nap' }), 'kind', M.kind);
    expect(await auditCount()).toBe(before);
  });

  it('POST void: a wrong 打刻 is kept and struck through with a reason; twice 409; unknown 404', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await add(as.director, entry('break_start', `12:${String(i).padStart(2, '0')}`, '2026-11-17'));
      ids.push(res.json().entries.at(-1).id);
    }
    await expectMatrix(as, setupOnly(200), (agent, _persona, index) =>
      call(agent, postStaffTimeEntryVoid, { params: { entryId: ids[index]! }, body: { reason: '二重登録' }, headers: at(41) }),
    );
    const again = await call(as.director, postStaffTimeEntryVoid, {
      params: { entryId: ids[0]! },
      body: { reason: '再' },
      headers: at(41),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.entryVoided);
    const voided = (
      await call(as.director, getStaffTimeEntries, { params: facility(), query: { date: '2026-11-17' }, headers: at(41) })
    ).data;
    const a = voided.staff.find((s) => s.user_id === w.staff.classStaffA.user.id)!;
    expect(a.entries[0]!.voided).toEqual({ reason: '二重登録', by_name: '職員 company_admin' });
    expect(
      (
        await call(as.director, postStaffTimeEntryVoid, {
          params: { entryId: 2_000_000_000 },
          body: { reason: 'x' },
          headers: at(41),
        })
      ).statusCode,
    ).toBe(404);
    expectInvalid(
      await callRaw(as.director, postStaffTimeEntryVoid, { params: { entryId: ids[5]! }, body: { reason: '' }, headers: at(41) }),
      'reason',
      M.reason,
    );
  });
});

describe('the day per 15 minutes and the 勤務実績 CSV', () => {
  it('yesterday: class A had one 保育士 for four children from 08:00 to 16:00, every short slot listed', async () => {
    await expectMatrix(as, readAll, (agent) =>
      call(agent, getStaffRatioDay, { params: facility(), query: { date: '2026-11-19' }, headers: at(42) }),
    );
    const day = (
      await call(as.director, getStaffRatioDay, { params: facility(), query: { date: '2026-11-19' }, headers: at(42) })
    ).data;
    expect(day.slots[0]).toBe('07:00');
    expect(day.slots.at(-1)).toBe('18:45');
    const a = day.rooms.find((r) => r.class_id === w.classA.id)!;
    expect(a.actual.find((s) => s.start === '08:00')).toEqual({
      start: '08:00',
      children: 4,
      staff: 1,
      required: 2,
      short: true,
    });
    expect(a.actual.find((s) => s.start === '16:00')).toMatchObject({ children: 0, short: false });
    const short = day.short_slots.filter((s) => s.class_id === w.classA.id).map((s) => s.start);
    expect(short[0]).toBe('08:00');
    expect(short.at(-1)).toBe('15:45');
    expect(short).toHaveLength(32);
    expect(
      (await callRaw(as.director, getStaffRatioDay, { params: facility(), query: { date: '2026-13-01' }, headers: at(42) }))
        .statusCode,
    ).toBe(422);
  });

  it('today: the short quarter hours until the move are listed', async () => {
    const day = (await call(as.director, getStaffRatioDay, { params: facility(), headers: at(45) })).data;
    const short = day.short_slots.filter((s) => s.class_id === w.classA.id).map((s) => s.start);
    expect(short).toEqual(['08:30', '08:45', '09:00', '09:15']);
  });

  it('CSV: directors, company admins and office; a row per person and day; voided entries left out', async () => {
    const url = (month = '2026-11', facilityId = w.facilityId) =>
      `/api/staff/facilities/${facilityId}/work-records.csv?month=${month}`;
    const got: Record<string, number> = {};
    for (const persona of Object.keys(as) as StaffPersona[])
      got[persona] = (await as[persona].get(url(), { headers: at(50) })).statusCode;
    expect(got).toEqual(statuses(200, { office: 200, classStaff: 403 }));
    const res = await as.office.get(url(), { headers: at(50) });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF"職員","日付","出勤","退勤","休憩（分）","勤務時間（分）","修正","備考"')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines).toContain('"職員 class_staff","2026-11-19","08:00","17:00","0","540","2",""');
    expect(lines.find((l) => l.includes('"2026-11-20"') && l.includes('class_staff'))).toMatch(/"退勤の打刻がありません"$/);
    expect((await as.director.get(url('2026-13'), { headers: at(50) })).statusCode).toBe(422);
    expect((await as.director.get(url('2026-11', 2_000_000_000), { headers: at(50) })).statusCode).toBe(404);
    await unlock(50);
    expect((await tablet.get(url(), { headers: at(50) })).statusCode).toBe(403);
  });
});
