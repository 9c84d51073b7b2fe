import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { Agent, createTestApp, type TestApp, signIn } from './helpers';
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

let t: TestApp;
let family: Awaited<ReturnType<typeof buildFamily>>;
// 2026-11-10 12:00 in Tokyo; the December window closes on 2026-11-20 (inclusive).
const NOW = '2026-11-10T03:00:00.000Z';
const AFTER_DEADLINE = '2026-11-20T15:30:00.000Z'; // 2026-11-21 00:30 in Tokyo

beforeAll(async () => {
  t = await createTestApp();
  family = await buildFamily(t.database.db);
  const { facilityId } = family;
  const cls = await buildClass(t.database.db, { facilityId });
  await t.database.db.update(noteChildren).set({ classId: cls.id }).where(eq(noteChildren.id, family.noteChild.id));
  await buildScheduleWindow(t.database.db, {
    facilityId,
    firstDay: '2026-12-01',
    lastDay: '2026-12-31',
    deadline: '2026-11-20',
  });
  // A window for January exists, but January is beyond next month.
  await buildScheduleWindow(t.database.db, {
    facilityId,
    firstDay: '2027-01-01',
    lastDay: '2027-01-31',
    deadline: '2026-12-20',
  });
  await buildEvent(t.database.db, { facilityId, date: '2026-12-05', name: 'クリスマス会' });
  await buildEvent(t.database.db, {
    facilityId,
    date: '2026-12-05',
    name: 'ほかのクラスの遠足',
    classId: (await buildClass(t.database.db, { facilityId, name: 'きりん組' })).id,
  });
});
afterAll(() => t.close());

const as = (user: { email: string }, now = NOW) => signIn(t.app, user, { 'x-test-now': now });
const stored = async () =>
  t.database.db.select().from(schedules).where(eq(schedules.noteChildId, family.noteChild.id)).orderBy(schedules.date);
const storedCount = async () =>
  (await t.database.db.select({ n: count() }).from(schedules).where(eq(schedules.noteChildId, family.noteChild.id)))[0]!.n;
const base = () => `/api/children/${family.child.id}/schedules`;
const attend = { isAbsent: false, attendanceTime: '08:30', leavingTime: '17:15', remarks: '祖母がお迎え' };

beforeEach(async () => {
  await t.database.db.delete(schedules).where(eq(schedules.noteChildId, family.noteChild.id));
});

describe('GET /api/schedules/children/viewable', () => {
  it('lists activated, enrolled children for every linked guardian; 401 without a session', async () => {
    expect((await new Agent(t.app).get('/api/schedules/children/viewable')).statusCode).toBe(401);
    for (const user of [family.main, family.writable, family.readOnly]) {
      const body = getSchedulesViewableChildren.response.parse(
        (await (await as(user)).get('/api/schedules/children/viewable')).json(),
      );
      expect(body.map((c) => c.id)).toEqual([family.child.id]);
    }
    const unrelated = getSchedulesViewableChildren.response.parse(
      (await (await as(family.unrelated)).get('/api/schedules/children/viewable')).json(),
    );
    expect(unrelated.map((c) => c.id)).toEqual([family.otherChild.id]);
  });

  it('leaves out a child who has left the facility', async () => {
    const left = await buildChild(t.database.db, { leftOn: '2026-03-31' });
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, left.child.id, user.id, { main: true });
    expect((await (await as(user)).get('/api/schedules/children/viewable')).json()).toEqual([]);
    expect((await (await as(user)).get(`/api/children/${left.child.id}/schedules`)).statusCode).toBe(404);
  });
});

describe('GET /api/children/{id}/schedules', () => {
  it('answers next month keyed by every date with the window, registrations and the class’s events', async () => {
    await buildSchedule(t.database.db, { noteChild: family.noteChild, date: '2026-12-02' });
    await buildSchedule(t.database.db, {
      noteChild: family.noteChild,
      date: '2026-12-03',
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
    });
    const res = await (await as(family.main)).get(`${base()}?month=1`);
    expect(res.statusCode).toBe(200);
    const body = getChildSchedules.response.parse(res.json());
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
    const body = getChildSchedules.response.parse((await (await as(family.main)).get(base())).json());
    expect(body).toMatchObject({ month: '2026-11', offset: 0, window: null, can_register: false });
    expect(Object.keys(body.schedules)).toHaveLength(30);
  });

  it('refuses any month but this and next', async () => {
    for (const month of ['2', '-1', 'x']) {
      const res = await (await as(family.main)).get(`${base()}?month=${month}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(scheduleTexts.monthOutOfRange);
    }
  });

  it('lets a read-only guardian look but not register; hides the child from others', async () => {
    const body = getChildSchedules.response.parse((await (await as(family.readOnly)).get(`${base()}?month=1`)).json());
    expect(body).toMatchObject({ can_register: false, writable: false });
    expect((await (await as(family.writable)).get(`${base()}?month=1`)).json()).toMatchObject({ can_register: true });
    expect((await new Agent(t.app).get(base())).statusCode).toBe(401);
    const res = await (await as(family.unrelated)).get(base());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound });
  });

  it('shows registration closed after the deadline', async () => {
    const body = getChildSchedules.response.parse(
      (await (await as(family.main, AFTER_DEADLINE)).get(`${base()}?month=1`)).json(),
    );
    expect(body.can_register).toBe(false);
  });
});

describe('POST /api/children/{id}/schedules', () => {
  it('registers an attending day for the main and the writable guardian', async () => {
    const res = await (await as(family.main)).post(base(), { date: '2026-12-07', ...attend });
    expect(res.statusCode).toBe(201);
    const body = postChildSchedule.response.parse(res.json());
    expect(body).toMatchObject({
      date: '2026-12-07',
      isAbsent: false,
      attendanceTime: '08:30',
      leavingTime: '17:15',
      remarks: '祖母がお迎え',
    });
    expect((await (await as(family.writable)).post(base(), { date: '2026-12-08', ...attend })).statusCode).toBe(201);
    expect((await stored()).map((s) => [s.date, s.attendanceTime])).toEqual([
      ['2026-12-07', '08:30'],
      ['2026-12-08', '08:30'],
    ]);
  });

  it('stores an absent day with null times, whatever times are sent', async () => {
    const res = await (
      await as(family.main)
    ).post(base(), { date: '2026-12-07', isAbsent: true, attendanceTime: '08:00', leavingTime: '17:00' });
    expect(postChildSchedule.response.parse(res.json())).toMatchObject({
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
    });
    expect((await stored())[0]).toMatchObject({ isAbsent: true, attendanceTime: null, leavingTime: null });
  });

  it('replaces the registration of a day already registered', async () => {
    const agent = await as(family.main);
    await agent.post(base(), { date: '2026-12-07', ...attend });
    await agent.post(base(), { date: '2026-12-07', isAbsent: true, attendanceTime: null, leavingTime: null });
    expect((await stored()).map((s) => s.isAbsent)).toEqual([true]);
  });

  it('refuses a read-only guardian (403), an unrelated one (404) and an anonymous caller (401), writing nothing', async () => {
    const readOnly = await (await as(family.readOnly)).post(base(), { date: '2026-12-07', ...attend });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ message: messages.forbidden });
    expect((await (await as(family.unrelated)).post(base(), { date: '2026-12-07', ...attend })).statusCode).toBe(404);
    expect((await new Agent(t.app).post(base(), { date: '2026-12-07', ...attend })).statusCode).toBe(401);
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
      const res = await (await as(family.main, now)).post(base(), { date: '2026-12-07', ...attend, ...change });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      expect(await storedCount()).toBe(0);
    });
  }
});

describe('POST /api/children/{id}/schedules/bulk', () => {
  const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];

  it('registers every date and answers them keyed by date', async () => {
    const res = await (
      await as(family.main)
    ).post(`${base()}/bulk`, { dates, isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' });
    expect(res.statusCode).toBe(200);
    const body = postChildSchedulesBulk.response.parse(res.json());
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
    await buildSchedule(t.database.db, { noteChild: family.noteChild, date: '2026-12-02' });
    await t.database.db.update(schedules).set({ remarks: 'メモ' }).where(eq(schedules.date, '2026-12-02'));
    await (await as(family.writable)).post(`${base()}/bulk`, { dates, isAbsent: true, attendanceTime: null, leavingTime: null });
    const rows = await stored();
    expect(rows.map((r) => [r.date, r.isAbsent, r.attendanceTime, r.remarks])).toEqual([
      ['2026-12-01', true, null, null],
      ['2026-12-02', true, null, 'メモ'],
      ['2026-12-03', true, null, null],
    ]);
  });

  it('writes nothing when one date is refused', async () => {
    const res = await (
      await as(family.main)
    ).post(`${base()}/bulk`, { dates: [...dates, '2027-01-04'], isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'dates.3': [`2027-01-04：${scheduleTexts.monthOutOfRange}`] });
    expect(await storedCount()).toBe(0);
  });

  it('writes nothing after the deadline', async () => {
    const res = await (await as(family.main, AFTER_DEADLINE)).post(`${base()}/bulk`, { dates, isAbsent: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`2026-12-01：${scheduleTexts.deadlinePassed}`);
    expect(await storedCount()).toBe(0);
  });

  it('refuses no dates, duplicated dates and bad times', async () => {
    const agent = await as(family.main);
    const empty = await agent.post(`${base()}/bulk`, { dates: [], isAbsent: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(scheduleTexts.datesRequired);
    const dup = await agent.post(`${base()}/bulk`, { dates: ['2026-12-01', '2026-12-01'], isAbsent: true });
    expect(dup.json().errors).toEqual({ 'dates.1': [scheduleTexts.datesDuplicated] });
    const times = await agent.post(`${base()}/bulk`, { dates, isAbsent: false, attendanceTime: '08:00', leavingTime: '07:55' });
    expect(times.json().errors).toEqual({ leavingTime: [scheduleTexts.leavingAfterAttendance] });
    expect(await storedCount()).toBe(0);
  });

  it('refuses read-only (403), unrelated (404) and anonymous (401) callers', async () => {
    const body = { dates, isAbsent: true };
    expect((await (await as(family.readOnly)).post(`${base()}/bulk`, body)).statusCode).toBe(403);
    expect((await (await as(family.unrelated)).post(`${base()}/bulk`, body)).statusCode).toBe(404);
    expect((await new Agent(t.app).post(`${base()}/bulk`, body)).statusCode).toBe(401);
    expect(await storedCount()).toBe(0);
  });
});

describe('GET and PUT /api/children/{id}/schedules/{scheduleId}', () => {
  const make = () => buildSchedule(t.database.db, { noteChild: family.noteChild, date: '2026-12-10' });

  it('answers one day to every linked guardian', async () => {
    const schedule = await make();
    for (const user of [family.main, family.writable, family.readOnly]) {
      const res = await (await as(user)).get(`${base()}/${schedule.id}`);
      expect(res.statusCode).toBe(200);
      expect(getChildSchedule.response.parse(res.json())).toEqual({
        id: schedule.id,
        date: '2026-12-10',
        isAbsent: false,
        attendanceTime: '08:00',
        leavingTime: '17:00',
        remarks: null,
      });
    }
    expect((await (await as(family.unrelated)).get(`${base()}/${schedule.id}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`${base()}/${schedule.id}`)).statusCode).toBe(401);
  });

  it('does not reach another child’s schedule through this child', async () => {
    const other = await buildChild(t.database.db);
    const foreign = await buildSchedule(t.database.db, {
      noteChild: other.noteChild,
      date: '2026-12-10',
    });
    expect((await (await as(family.main)).get(`${base()}/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await (await as(family.main)).put(`${base()}/${foreign.id}`, { date: '2026-12-10', isAbsent: true })).statusCode,
    ).toBe(404);
  });

  it('changes the day to absent with null times', async () => {
    const schedule = await make();
    const res = await (
      await as(family.writable)
    ).put(`${base()}/${schedule.id}`, {
      date: '2026-12-10',
      isAbsent: true,
      attendanceTime: null,
      leavingTime: null,
      remarks: '通院のため',
    });
    expect(res.statusCode).toBe(200);
    expect(putChildSchedule.response.parse(res.json())).toEqual({
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
    const url = `${base()}/${schedule.id}`;
    expect((await (await as(family.readOnly)).put(url, { date: '2026-12-10', isAbsent: true })).statusCode).toBe(403);
    const moved = await (await as(family.main)).put(url, { date: '2026-12-11', isAbsent: true });
    expect(moved.json()).toEqual({ message: scheduleTexts.dateChanged, errors: { date: [scheduleTexts.dateChanged] } });
    const times = await (
      await as(family.main)
    ).put(url, { date: '2026-12-10', isAbsent: false, attendanceTime: '09:00', leavingTime: '08:00' });
    expect(times.statusCode).toBe(422);
    const late = await (await as(family.main, AFTER_DEADLINE)).put(url, { date: '2026-12-10', isAbsent: true });
    expect(late.json().errors).toEqual({ date: [scheduleTexts.deadlinePassed] });
    expect((await stored())[0]).toMatchObject({ isAbsent: false, attendanceTime: '08:00', leavingTime: '17:00' });
  });
});

describe('openScheduleWindow (staff side)', () => {
  it('opens a window guardians can register in, and refuses an inverted range', async () => {
    const { openScheduleWindow } = await import('../src/modules/schedules/service');
    const child = await buildChild(t.database.db);
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, child.child.id, user.id, { main: true });
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
    const url = `/api/children/${child.child.id}/schedules`;
    expect((await (await as(user)).post(url, { date: '2026-12-07', ...attend })).statusCode).toBe(422);
    await openScheduleWindow(t.app.ctx, {
      facilityId: child.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-20',
    });
    expect((await (await as(user)).post(url, { date: '2026-12-07', ...attend })).statusCode).toBe(201);
  });
});
