import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getChildSchedule,
  getChildSchedules,
  getSchedulesViewableChildren,
  messages,
  postChildSchedule,
  postChildSchedulesBulk,
  putChildSchedule,
  scheduleTexts,
} from '@renraku/contract';
import { noteChildren, schedules } from '../src/db/schema';
import {
  buildChild,
  buildClass,
  buildEvent,
  buildFamily,
  buildSchedule,
  buildScheduleWindow,
  buildUser,
  linkGuardian,
} from './factories';
import { call, callRaw, setupApp } from './harness';

const t = setupApp();
let family: Awaited<ReturnType<typeof buildFamily>>;
// 2026-11-10 12:00 in Tokyo; the December window closes on 2026-11-20 (inclusive).
const NOW = '2026-11-10T03:00:00.000Z';
const AFTER_DEADLINE = '2026-11-20T15:30:00.000Z'; // 2026-11-21 00:30 in Tokyo

beforeAll(async () => {
  family = await buildFamily(t.db);
  const { facilityId } = family;
  const cls = await buildClass(t.db, { facilityId });
  await t.db.update(noteChildren).set({ classId: cls.id }).where(eq(noteChildren.id, family.noteChild.id));
  await buildScheduleWindow(t.db, {
    facilityId,
    firstDay: '2026-12-01',
    lastDay: '2026-12-31',
    deadline: '2026-11-20',
  });
  // A window for January exists, but January is beyond next month.
  await buildScheduleWindow(t.db, {
    facilityId,
    firstDay: '2027-01-01',
    lastDay: '2027-01-31',
    deadline: '2026-12-20',
  });
  await buildEvent(t.db, { facilityId, date: '2026-12-05', name: 'クリスマス会' });
  await buildEvent(t.db, {
    facilityId,
    date: '2026-12-05',
    name: 'ほかのクラスの遠足',
    classId: (await buildClass(t.db, { facilityId, name: 'きりん組' })).id,
  });
});

const as = (user: { email: string }, now = NOW) => t.signIn(user, { 'x-test-now': now });
const stored = async () =>
  t.db.select().from(schedules).where(eq(schedules.noteChildId, family.noteChild.id)).orderBy(schedules.date);
const storedCount = async () =>
  (await t.db.select({ n: count() }).from(schedules).where(eq(schedules.noteChildId, family.noteChild.id)))[0]!.n;
const attend = { isAbsent: false, attendanceTime: '08:30', leavingTime: '17:15', remarks: '祖母がお迎え' };

beforeEach(async () => {
  await t.db.delete(schedules).where(eq(schedules.noteChildId, family.noteChild.id));
});

describe('GET /api/schedules/children/viewable', () => {
  it('lists activated, enrolled children for every linked guardian; 401 without a session', async () => {
    expect((await call(t.agent(), getSchedulesViewableChildren)).statusCode).toBe(401);
    for (const user of [family.main, family.writable, family.readOnly]) {
      const body = (await call(await as(user), getSchedulesViewableChildren)).data;
      expect(body.map((c) => c.id)).toEqual([family.child.id]);
    }
    const unrelated = (await call(await as(family.unrelated), getSchedulesViewableChildren)).data;
    expect(unrelated.map((c) => c.id)).toEqual([family.otherChild.id]);
  });

  it('leaves out a child who has left the facility', async () => {
    const left = await buildChild(t.db, { leftOn: '2026-03-31' });
    const user = await buildUser(t.db);
    await linkGuardian(t.db, left.child.id, user.id, { main: true });
    expect((await call(await as(user), getSchedulesViewableChildren)).json()).toEqual([]);
    expect((await call(await as(user), getChildSchedules, { params: { id: left.child.id } })).statusCode).toBe(404);
  });
});

describe('GET /api/children/{id}/schedules', () => {
  it('answers next month keyed by every date with the window, registrations and the class’s events', async () => {
    await buildSchedule(t.db, { noteChild: family.noteChild, date: '2026-12-02' });
    await buildSchedule(t.db, {
      noteChild: family.noteChild,
      date: '2026-12-03',
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
    });
    const res = await call(await as(family.main), getChildSchedules, { params: { id: family.child.id }, query: { month: '1' } });
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(body).toMatchObject({ month: '2026-12', offset: 1, can_register: true, writable: true });
    expect(body.window).toEqual({ scheduledFirstDay: '2026-12-01', scheduledLastDay: '2026-12-31', deadline: '2026-11-20' });
    expect(Object.keys(body.schedules)).toHaveLength(31);
    expect(body.schedules['2026-12-01']).toMatchObject({
      day: '火',
      school_day: true,
      nurture_schedule_id: null,
      is_un_registered: true,
    });
    expect(body.schedules['2026-12-02']).toMatchObject({
      attendance_time: '08:00',
      leaving_time: '17:00',
      is_absent: false,
      is_un_registered: false,
    });
    expect(body.schedules['2026-12-03']).toMatchObject({
      attendance_time: null,
      leaving_time: null,
      is_absent: true,
      is_un_registered: false,
    });
    expect(body.schedules['2026-12-05']!.events.map((e) => e.name)).toEqual(['クリスマス会']);
  });

  it('answers this month by default, with no open window', async () => {
    const body = (await call(await as(family.main), getChildSchedules, { params: { id: family.child.id } })).data;
    expect(body).toMatchObject({ month: '2026-11', offset: 0, window: null, can_register: false });
    expect(Object.keys(body.schedules)).toHaveLength(30);
  });

  it('refuses any month but this and next', async () => {
    for (const month of ['2', '-1', 'x']) {
      const res = await callRaw(await as(family.main), getChildSchedules, { params: { id: family.child.id }, query: { month } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(scheduleTexts.monthOutOfRange);
    }
  });

  it('lets a read-only guardian look but not register; hides the child from others', async () => {
    const params = { id: family.child.id };
    const body = (await call(await as(family.readOnly), getChildSchedules, { params, query: { month: '1' } })).data;
    expect(body).toMatchObject({ can_register: false, writable: false });
    expect((await call(await as(family.writable), getChildSchedules, { params, query: { month: '1' } })).json()).toMatchObject({
      can_register: true,
    });
    expect((await call(t.agent(), getChildSchedules, { params })).statusCode).toBe(401);
    const res = await call(await as(family.unrelated), getChildSchedules, { params });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound });
  });

  it('shows registration closed after the deadline', async () => {
    const body = (
      await call(await as(family.main, AFTER_DEADLINE), getChildSchedules, {
        params: { id: family.child.id },
        query: { month: '1' },
      })
    ).data;
    expect(body.can_register).toBe(false);
  });
});

describe('POST /api/children/{id}/schedules', () => {
  it('registers an attending day for the main and the writable guardian', async () => {
    const res = await call(await as(family.main), postChildSchedule, {
      params: { id: family.child.id },
      body: { date: '2026-12-07', ...attend },
    });
    expect(res.statusCode).toBe(201);
    const body = res.data;
    expect(body).toMatchObject({
      date: '2026-12-07',
      isAbsent: false,
      attendanceTime: '08:30',
      leavingTime: '17:15',
      remarks: '祖母がお迎え',
    });
    expect(
      (
        await call(await as(family.writable), postChildSchedule, {
          params: { id: family.child.id },
          body: { date: '2026-12-08', ...attend },
        })
      ).statusCode,
    ).toBe(201);
    expect((await stored()).map((s) => [s.date, s.attendanceTime])).toEqual([
      ['2026-12-07', '08:30'],
      ['2026-12-08', '08:30'],
    ]);
  });

  it('stores an absent day with null times, whatever times are sent', async () => {
    const res = await call(await as(family.main), postChildSchedule, {
      params: { id: family.child.id },
      body: { date: '2026-12-07', isAbsent: true, attendanceTime: '08:00', leavingTime: '17:00' },
    });
    expect(res.data).toMatchObject({
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
    });
    expect((await stored())[0]).toMatchObject({ isAbsent: true, attendanceTime: null, leavingTime: null });
  });

  it('replaces the registration of a day already registered', async () => {
    const agent = await as(family.main);
    await call(agent, postChildSchedule, { params: { id: family.child.id }, body: { date: '2026-12-07', ...attend } });
    await call(agent, postChildSchedule, {
      params: { id: family.child.id },
      body: { date: '2026-12-07', isAbsent: true, attendanceTime: null, leavingTime: null },
    });
    expect((await stored()).map((s) => s.isAbsent)).toEqual([true]);
  });

  it('refuses a read-only guardian (403), an unrelated one (404) and an anonymous caller (401), writing nothing', async () => {
    const params = { id: family.child.id };
    const readOnly = await call(await as(family.readOnly), postChildSchedule, {
      params,
      body: { date: '2026-12-07', ...attend },
    });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ message: messages.forbidden });
    expect(
      (await call(await as(family.unrelated), postChildSchedule, { params, body: { date: '2026-12-07', ...attend } })).statusCode,
    ).toBe(404);
    expect((await call(t.agent(), postChildSchedule, { params, body: { date: '2026-12-07', ...attend } })).statusCode).toBe(401);
    expect(await storedCount()).toBe(0);
  });

  const refusals: [string, Record<string, unknown>, string, string, string?][] = [
    ['a date outside the open window', { date: '2026-11-25' }, 'date', scheduleTexts.outsideWindow],
    ['a date beyond next month', { date: '2027-01-05' }, 'date', scheduleTexts.monthOutOfRange],
    ['a past date', { date: '2026-11-09' }, 'date', scheduleTexts.pastDate],
    ['a date after the deadline', { date: '2026-12-07' }, 'date', scheduleTexts.deadlinePassed, AFTER_DEADLINE],
    ['times off the 5-minute steps', { attendanceTime: '08:03' }, 'attendanceTime', scheduleTexts.minuteStep],
    [
      'leaving before arriving',
      { attendanceTime: '17:00', leavingTime: '08:00' },
      'leavingTime',
      scheduleTexts.leavingAfterAttendance,
    ],
    [
      'leaving at the arrival time',
      { attendanceTime: '09:00', leavingTime: '09:00' },
      'leavingTime',
      scheduleTexts.leavingAfterAttendance,
    ],
    ['attending without an arrival time', { attendanceTime: null }, 'attendanceTime', scheduleTexts.attendanceRequired],
    ['attending without a pick-up time', { leavingTime: undefined }, 'leavingTime', scheduleTexts.leavingRequired],
    ['a malformed time', { attendanceTime: '8:00' }, 'attendanceTime', '時刻の形式が正しくありません'],
    ['a malformed date', { date: '2026/12/07' }, 'date', '日付の形式が正しくありません'],
    ['an impossible date', { date: '2026-12-32' }, 'date', '日付の形式が正しくありません'],
    ['remarks over 255 characters', { remarks: 'あ'.repeat(256) }, 'remarks', scheduleTexts.remarksTooLong],
  ];
  for (const [what, change, field, message, now] of refusals) {
    it(`refuses ${what} with 422 and writes nothing`, async () => {
      const res = await call(await as(family.main, now), postChildSchedule, {
        params: { id: family.child.id },
        body: { date: '2026-12-07', ...attend, ...change },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      expect(await storedCount()).toBe(0);
    });
  }
});

describe('POST /api/children/{id}/schedules/bulk', () => {
  const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];

  it('registers every date and answers them keyed by date', async () => {
    const res = await call(await as(family.main), postChildSchedulesBulk, {
      params: { id: family.child.id },
      body: { dates, isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(Object.keys(body)).toEqual(dates);
    expect(body['2026-12-01']).toEqual({
      nurture_schedule_id: expect.any(Number),
      attendance_time: '08:00',
      leaving_time: '17:00',
      is_un_registered: false,
    });
    expect(await storedCount()).toBe(3);
  });

  it('overwrites registered days and keeps their remarks', async () => {
    await buildSchedule(t.db, { noteChild: family.noteChild, date: '2026-12-02' });
    await t.db.update(schedules).set({ remarks: 'メモ' }).where(eq(schedules.date, '2026-12-02'));
    await call(await as(family.writable), postChildSchedulesBulk, {
      params: { id: family.child.id },
      body: { dates, isAbsent: true, attendanceTime: null, leavingTime: null },
    });
    const rows = await stored();
    expect(rows.map((r) => [r.date, r.isAbsent, r.attendanceTime, r.remarks])).toEqual([
      ['2026-12-01', true, null, null],
      ['2026-12-02', true, null, 'メモ'],
      ['2026-12-03', true, null, null],
    ]);
  });

  it('writes nothing when one date is refused', async () => {
    const res = await call(await as(family.main), postChildSchedulesBulk, {
      params: { id: family.child.id },
      body: { dates: [...dates, '2027-01-04'], isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'dates.3': [`2027-01-04：${scheduleTexts.monthOutOfRange}`] });
    expect(await storedCount()).toBe(0);
  });

  it('writes nothing after the deadline', async () => {
    const res = await call(await as(family.main, AFTER_DEADLINE), postChildSchedulesBulk, {
      params: { id: family.child.id },
      body: { dates, isAbsent: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`2026-12-01：${scheduleTexts.deadlinePassed}`);
    expect(await storedCount()).toBe(0);
  });

  it('refuses no dates, duplicated dates and bad times', async () => {
    const agent = await as(family.main);
    const params = { id: family.child.id };
    const empty = await call(agent, postChildSchedulesBulk, { params, body: { dates: [], isAbsent: true } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(scheduleTexts.datesRequired);
    const dup = await call(agent, postChildSchedulesBulk, {
      params,
      body: { dates: ['2026-12-01', '2026-12-01'], isAbsent: true },
    });
    expect(dup.json().errors).toEqual({ 'dates.1': [scheduleTexts.datesDuplicated] });
    const times = await call(agent, postChildSchedulesBulk, {
      params,
      body: { dates, isAbsent: false, attendanceTime: '08:00', leavingTime: '07:55' },
    });
    expect(times.json().errors).toEqual({ leavingTime: [scheduleTexts.leavingAfterAttendance] });
    expect(await storedCount()).toBe(0);
  });

  it('refuses read-only (403), unrelated (404) and anonymous (401) callers', async () => {
    const body = { dates, isAbsent: true };
    const params = { id: family.child.id };
    expect((await call(await as(family.readOnly), postChildSchedulesBulk, { params, body })).statusCode).toBe(403);
    expect((await call(await as(family.unrelated), postChildSchedulesBulk, { params, body })).statusCode).toBe(404);
    expect((await call(t.agent(), postChildSchedulesBulk, { params, body })).statusCode).toBe(401);
    expect(await storedCount()).toBe(0);
  });
});

describe('GET and PUT /api/children/{id}/schedules/{scheduleId}', () => {
  const make = () => buildSchedule(t.db, { noteChild: family.noteChild, date: '2026-12-10' });

  it('answers one day to every linked guardian', async () => {
    const schedule = await make();
    const params = { id: family.child.id, scheduleId: schedule.id };
    for (const user of [family.main, family.writable, family.readOnly]) {
      const res = await call(await as(user), getChildSchedule, { params });
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual({
        id: schedule.id,
        date: '2026-12-10',
        isAbsent: false,
        attendanceTime: '08:00',
        leavingTime: '17:00',
        remarks: null,
      });
    }
    expect((await call(await as(family.unrelated), getChildSchedule, { params })).statusCode).toBe(404);
    expect((await call(t.agent(), getChildSchedule, { params })).statusCode).toBe(401);
  });

  it('does not reach another child’s schedule through this child', async () => {
    const other = await buildChild(t.db);
    const foreign = await buildSchedule(t.db, {
      noteChild: other.noteChild,
      date: '2026-12-10',
    });
    expect(
      (await call(await as(family.main), getChildSchedule, { params: { id: family.child.id, scheduleId: foreign.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(await as(family.main), putChildSchedule, {
          params: { id: family.child.id, scheduleId: foreign.id },
          body: { date: '2026-12-10', isAbsent: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('changes the day to absent with null times', async () => {
    const schedule = await make();
    const res = await call(await as(family.writable), putChildSchedule, {
      params: { id: family.child.id, scheduleId: schedule.id },
      body: {
        date: '2026-12-10',
        isAbsent: true,
        attendanceTime: null,
        leavingTime: null,
        remarks: '通院のため',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      id: schedule.id,
      date: '2026-12-10',
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
      remarks: '通院のため',
    });
  });

  it('refuses a read-only guardian, another date, bad times and a change after the deadline, changing nothing', async () => {
    const schedule = await make();
    const params = { id: family.child.id, scheduleId: schedule.id };
    expect(
      (await call(await as(family.readOnly), putChildSchedule, { params, body: { date: '2026-12-10', isAbsent: true } }))
        .statusCode,
    ).toBe(403);
    const moved = await call(await as(family.main), putChildSchedule, { params, body: { date: '2026-12-11', isAbsent: true } });
    expect(moved.json()).toEqual({ message: scheduleTexts.dateChanged, errors: { date: [scheduleTexts.dateChanged] } });
    const times = await call(await as(family.main), putChildSchedule, {
      params,
      body: { date: '2026-12-10', isAbsent: false, attendanceTime: '09:00', leavingTime: '08:00' },
    });
    expect(times.statusCode).toBe(422);
    const late = await call(await as(family.main, AFTER_DEADLINE), putChildSchedule, {
      params,
      body: { date: '2026-12-10', isAbsent: true },
    });
    expect(late.json().errors).toEqual({ date: [scheduleTexts.deadlinePassed] });
    expect((await stored())[0]).toMatchObject({ isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' });
  });
});

describe('openScheduleWindow (staff side)', () => {
  it('opens a window guardians can register in, and refuses an inverted range', async () => {
    const { openScheduleWindow } = await import('../src/modules/schedules/service');
    const child = await buildChild(t.db);
    const user = await buildUser(t.db);
    await linkGuardian(t.db, child.child.id, user.id, { main: true });
    await expect(
      openScheduleWindow(t.app.ctx, {
        facilityId: child.facilityId,
        firstDay: '2026-12-10',
        lastDay: '2026-12-01',
        deadline: '2026-11-20',
      }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { lastDay: ['最終日は初日以降の日付を入力してください'] },
    });
    expect(
      (await call(await as(user), postChildSchedule, { params: { id: child.child.id }, body: { date: '2026-12-07', ...attend } }))
        .statusCode,
    ).toBe(422);
    await openScheduleWindow(t.app.ctx, {
      facilityId: child.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-20',
    });
    expect(
      (await call(await as(user), postChildSchedule, { params: { id: child.child.id }, body: { date: '2026-12-07', ...attend } }))
        .statusCode,
    ).toBe(201);
  });
});
