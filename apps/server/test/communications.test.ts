import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  communicationMessages as M,
  getCheckTargetDate,
  getChildAttendances,
  getChildIsAbsence,
  getChildrenDiseases,
  getFamiliesInformation,
  messages,
  postAbsence,
  postAttendance,
  postFamiliesInformation,
  postFamiliesInformationConfirm,
  postScheduleByDate,
} from '@renraku/contract';
import { attendanceReportDiseases, attendanceReports, diseases, familyInformation } from '../src/db/schema';
import { markAttendanceReportsRead } from '../src/modules/communications/service';
import { type Agent, call, callRaw, setupApp } from './harness';
import {
  buildAbsence,
  buildChild,
  buildFamily,
  buildSchedule,
  buildScheduleWindow,
  buildUser,
  diseaseIdsByName,
  linkGuardian,
} from './factories';

// Friday 2026-11-20, 10:00 in Tokyo.
const NOW = '2026-11-20T01:00:00.000Z';
const TODAY = '2026-11-20';
const TOMORROW = '2026-11-21';
const YESTERDAY = '2026-11-19';

const t = setupApp();
let diseaseIds: Record<string, number>;
beforeAll(async () => {
  diseaseIds = await diseaseIdsByName(t.db);
});

const db = () => t.db;
const as = async (user: { email: string } | null, now = NOW) =>
  user ? t.signIn(user, { 'x-test-now': now }) : t.agent({ 'x-test-now': now });
const family = async () => {
  const f = await buildFamily(db());
  return {
    ...f,
    agents: {
      main: await as(f.main),
      writable: await as(f.writable),
      readOnly: await as(f.readOnly),
      unrelated: await as(f.unrelated),
      anonymous: await as(null),
    },
  };
};
const reportCount = async (noteChildId: number) =>
  (await db().select({ n: count() }).from(attendanceReports).where(eq(attendanceReports.noteChildId, noteChildId)))[0]!.n;
const entryOf = async (noteChildId: number, day = TODAY) =>
  db().query.familyInformation.findFirst({
    where: and(eq(familyInformation.noteChildId, noteChildId), eq(familyInformation.contactOn, day)),
  });

const contact = <O extends Record<string, unknown>>(overrides: O = {} as O) => ({
  sleepTime: '21:00',
  wakeTime: '07:00',
  bodyTemperature: '36.5',
  thermometryTime: '07:10',
  defecationName: '普通',
  defecationTime: '07:30',
  dinner: 'カレーライス、サラダ',
  breakfast: 'パンと牛乳',
  message: '昨夜は少し咳をしていました。',
  isSent: false,
  contactOn: TODAY,
  baseDate: TODAY,
  ...overrides,
});

// -------------------------------------------------------------------------------------------------
describe('GET /api/families/information', () => {
  it('answers 401 without a session', async () => {
    expect((await call(await as(null), getFamiliesInformation)).statusCode).toBe(401);
  });

  it('answers a blank entry for each enrolled child and the form constants', async () => {
    const f = await family();
    const res = await call(f.agents.main, getFamiliesInformation);
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(body.familyInfo).toHaveLength(1);
    expect(body.familyInfo[0]).toMatchObject({
      childId: f.child.id,
      note_child_id: f.noteChild.id,
      contactOn: TODAY,
      writable: true,
      editable: true,
      sendable: true,
      exists: false,
      isSent: false,
      canShowPool: false,
      meal: [
        { category: '前日の夕食', comment: '' },
        { category: '朝食', comment: '' },
      ],
    });
    const constants = body.const as Exclude<typeof body.const, never[]>;
    expect(constants.today).toBe(TODAY);
    expect(constants.defecations).toContainEqual({ name: '普通', category_id: 1, status_id: 1 });
    expect(constants.temperatures[0]).toBe('35.0');
    expect(constants.temperatures.at(-2)).toBe('41.9');
    expect(constants.temperatures.at(-1)).toBe('42.0');
    expect(constants.temperatures).toHaveLength(71);
    expect(constants.minutes).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    expect(constants.defaultFocusHours).toMatchObject({
      sleep: '21',
      wake: '07',
      thermometry: '07',
      defecation: '07',
      arrival: '09',
      pickUp: '18',
    });
  });

  it('answers empty arrays for a family without a current enrolment', async () => {
    const { child } = await buildChild(db(), { admittedOn: '2020-04-01', leftOn: '2026-03-31' });
    const user = await buildUser(db());
    await linkGuardian(db(), child.id, user.id, { main: true });
    const res = await call(await as(user), getFamiliesInformation);
    expect(res.json()).toEqual({ familyInfo: [], const: [] });
  });

  it('shows a read-only guardian the entry without editing, and the unrelated guardian only their own child', async () => {
    const f = await family();
    const ro = (await call(f.agents.readOnly, getFamiliesInformation)).data;
    expect(ro.familyInfo[0]).toMatchObject({ childId: f.child.id, writable: false, editable: false, sendable: false });
    const other = (await call(f.agents.unrelated, getFamiliesInformation)).data;
    expect(other.familyInfo.map((e) => e.childId)).toEqual([f.otherChild.id]);
  });

  it('the next day is editable but not sendable; a past day is neither', async () => {
    const f = await family();
    const next = (await call(f.agents.main, getFamiliesInformation, { query: { date: TOMORROW } })).data;
    expect(next.familyInfo[0]).toMatchObject({ contactOn: TOMORROW, editable: true, sendable: false });
    const past = (await call(f.agents.main, getFamiliesInformation, { query: { date: YESTERDAY } })).data;
    expect(past.familyInfo[0]).toMatchObject({ contactOn: YESTERDAY, editable: false, sendable: false });
  });

  it('uses a bounded number of queries whatever the number of children', async () => {
    const f = await family();
    for (let i = 0; i < 3; i++) {
      const { child } = await buildChild(db());
      await linkGuardian(db(), child.id, f.main.id, { main: true, sortOrder: i + 1 });
    }
    const before = t.database.queryCount();
    const res = await call(f.agents.main, getFamiliesInformation);
    expect(res.data.familyInfo).toHaveLength(4);
    // one statement: the session lookup, the enrolments and the day's entries
    expect(t.database.queryCount() - before).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------------
describe('POST /api/families/information/children/{childId} (draft and send)', () => {
  it('saves a draft, restores it, and changes it again', async () => {
    const f = await family();
    const res = await call(f.agents.writable, postFamiliesInformation, { params: { childId: f.child.id }, body: contact() });
    expect(res.statusCode).toBe(200);
    const saved = res.data;
    expect(saved.familyInfo).toMatchObject({
      isSent: false,
      exists: true,
      editable: true,
      message: '昨夜は少し咳をしていました。',
    });
    const got = (await call(f.agents.main, getFamiliesInformation)).data.familyInfo[0]!;
    expect(got).toMatchObject({
      sleep: { started_at: '21:00', ended_at: '07:00' },
      thermometry: { temperature: '36.5', done_at: '07:10' },
      defecation: { name: '普通', category_id: 1, status_id: 1, done_at: '07:30' },
      meal: [
        { category_id: 1, category: '前日の夕食', comment: 'カレーライス、サラダ' },
        { category_id: 2, category: '朝食', comment: 'パンと牛乳' },
      ],
      isSent: false,
    });
    const again = await call(f.agents.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ bodyTemperature: '', message: '変更' }),
    });
    expect(again.statusCode).toBe(200);
    const row = await entryOf(f.noteChild.id);
    expect(row).toMatchObject({ temperature: null, message: '変更', isSent: false });
  });

  it('saves a draft for the next day, but refuses to send it (nothing written)', async () => {
    const f = await family();
    expect(
      (
        await call(f.agents.main, postFamiliesInformation, {
          params: { childId: f.child.id },
          body: contact({ contactOn: TOMORROW }),
        })
      ).statusCode,
    ).toBe(200);
    const res = await call(f.agents.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ contactOn: TOMORROW, isSent: true, message: 'x' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: M.sendOnlyToday, errors: { contactOn: [M.sendOnlyToday] } });
    expect(await entryOf(f.noteChild.id, TOMORROW)).toMatchObject({ isSent: false, message: '昨夜は少し咳をしていました。' });
  });

  it('refuses a draft for a past day', async () => {
    const f = await family();
    const res = await call(f.agents.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ contactOn: YESTERDAY }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.draftOutOfRange);
    expect(await entryOf(f.noteChild.id, YESTERDAY)).toBeUndefined();
  });

  it('sends today; a sent entry can never be changed: a second send or an edit answers 409 and nothing changes', async () => {
    const f = await family();
    const sent = await call(f.agents.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ isSent: true }),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.data.familyInfo).toMatchObject({
      isSent: true,
      editable: false,
      sendable: false,
    });
    const stored = await entryOf(f.noteChild.id);
    expect(stored).toMatchObject({ isSent: true, message: '昨夜は少し咳をしていました。' });
    expect(stored!.sentAt?.toISOString()).toBe(NOW);

    for (const body of [
      contact({ isSent: true, message: '上書き' }),
      contact({ isSent: false, message: '上書き' }),
      contact({ isSent: true }),
    ]) {
      const res = await call(f.agents.writable, postFamiliesInformation, { params: { childId: f.child.id }, body });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: M.alreadySent });
    }
    expect(await entryOf(f.noteChild.id)).toEqual(stored);
    const confirm = await call(f.agents.main, postFamiliesInformationConfirm, {
      body: contact({ childId: f.child.id, isSent: true }),
    });
    expect(confirm.statusCode).toBe(409);
    const view = (await call(f.agents.main, getFamiliesInformation)).data.familyInfo[0]!;
    expect(view).toMatchObject({ isSent: true, editable: false, sentAt: NOW });
  });

  it('a double-submitted send stores one entry: one 200, one 409', async () => {
    const f = await family();
    const [a, b] = await Promise.all([
      call(f.agents.main, postFamiliesInformation, { params: { childId: f.child.id }, body: contact({ isSent: true }) }),
      call(f.agents.main, postFamiliesInformation, { params: { childId: f.child.id }, body: contact({ isSent: true }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await db().select().from(familyInformation).where(eq(familyInformation.noteChildId, f.noteChild.id));
    expect(rows).toHaveLength(1);
  });

  it('checks each permission case (anonymous, unrelated, read-only, writable, main)', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    expect((await call(f.agents.anonymous, postFamiliesInformation, { params, body: contact() })).statusCode).toBe(401);
    const unrelated = await call(f.agents.unrelated, postFamiliesInformation, {
      params,
      body: contact(),
    });
    expect(unrelated.statusCode).toBe(404);
    expect(unrelated.json()).toEqual({ message: messages.notFound });
    const ro = await call(f.agents.readOnly, postFamiliesInformation, { params, body: contact() });
    expect(ro.statusCode).toBe(403);
    expect(ro.json()).toEqual({ message: M.readOnly });
    expect(await entryOf(f.noteChild.id)).toBeUndefined();
    expect((await call(f.agents.writable, postFamiliesInformation, { params, body: contact() })).statusCode).toBe(200);
    expect((await call(f.agents.main, postFamiliesInformation, { params, body: contact() })).statusCode).toBe(200);
    expect(
      (await call(f.agents.main, postFamiliesInformation, { params: { childId: 999999 }, body: contact() })).statusCode,
    ).toBe(404);
  });

  it('refuses a child who is not (or no longer) enrolled', async () => {
    const { child } = await buildChild(db(), { admittedOn: '2027-04-01' });
    const user = await buildUser(db());
    await linkGuardian(db(), child.id, user.id, { main: true });
    const res = await call(await as(user), postFamiliesInformation, { params: { childId: child.id }, body: contact() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.childNotEnrolled });
  });

  it('refuses attendance changes and absences for a child without a current enrolment', async () => {
    const { child } = await buildChild(db(), { admittedOn: '2020-04-01', leftOn: '2026-10-31' });
    const user = await buildUser(db());
    await linkGuardian(db(), child.id, user.id, { main: true });
    const agent = await as(user);
    const params = { childId: child.id };
    for (const res of [
      await call(agent, postAttendance, {
        params,
        body: { targetDate: TODAY, attendanceType: 1, attendanceTime: '10:00' },
      }),
      await call(agent, postAbsence, { params, body: { absenceType: 2, absenceDates: [TODAY] } }),
      await call(agent, getCheckTargetDate, { params, query: { target_date: TODAY } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: M.childNotEnrolled });
    }
  });

  it('refuses a pending invitation as not found', async () => {
    const f = await family();
    const invited = await buildUser(db());
    await linkGuardian(db(), f.child.id, invited.id, { activated: null });
    expect(
      (await call(await as(invited), postFamiliesInformation, { params: { childId: f.child.id }, body: contact() })).statusCode,
    ).toBe(404);
  });

  it('keeps the pool answer only in the pool season', async () => {
    const f = await family();
    await call(f.agents.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ isParticipate: true, canShowPool: true }),
    });
    expect((await entryOf(f.noteChild.id))!.isParticipate).toBeNull();
    const summer = await as(f.main, '2026-07-15T01:00:00.000Z');
    const res = await call(summer, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: contact({ contactOn: '2026-07-15', isParticipate: false }),
    });
    expect(res.data.familyInfo).toMatchObject({
      canShowPool: true,
      isParticipate: false,
    });
  });
});

// -------------------------------------------------------------------------------------------------
describe('POST /api/families/information/children/confirm', () => {
  it('accepts a valid entry for today and writes nothing', async () => {
    const f = await family();
    const res = await call(f.agents.main, postFamiliesInformationConfirm, {
      body: contact({ childId: f.child.id, isSent: true, bodyTemperature: '42.0' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ result: true });
    expect(await entryOf(f.noteChild.id)).toBeUndefined();
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a 501-character message', { message: 'あ'.repeat(501) }, 'message', M.contactTextTooLong],
    ['a 501-character dinner', { dinner: 'あ'.repeat(501) }, 'dinner', M.contactTextTooLong],
    ['a 501-character breakfast', { breakfast: 'あ'.repeat(501) }, 'breakfast', M.contactTextTooLong],
    ['a temperature below the options', { bodyTemperature: '34.9' }, 'bodyTemperature', M.temperatureInvalid],
    ['a temperature with two decimals', { bodyTemperature: '36.55' }, 'bodyTemperature', M.temperatureInvalid],
    ['a temperature above 42.0', { bodyTemperature: '42.1' }, 'bodyTemperature', M.temperatureInvalid],
    ['an hour of 24', { sleepTime: '24:00' }, 'sleepTime', M.timeFormat],
    ['a malformed time', { thermometryTime: '7:00' }, 'thermometryTime', M.timeFormat],
    ['an unknown defecation', { defecationName: '不明' }, 'defecationName', M.defecationInvalid],
  ];
  for (const [name, override, field, message] of bad) {
    it(`refuses ${name} (422, nothing written), as sending does`, async () => {
      const f = await family();
      const confirm = await callRaw(f.agents.main, postFamiliesInformationConfirm, {
        body: contact({ childId: f.child.id, isSent: true, ...override }),
      });
      expect(confirm.statusCode).toBe(422);
      expect(confirm.json().errors[field]).toEqual([message]);
      const send = await callRaw(f.agents.main, postFamiliesInformation, {
        params: { childId: f.child.id },
        body: contact({ isSent: true, ...override }),
      });
      expect(send.statusCode).toBe(422);
      expect(send.json().errors[field]).toEqual([message]);
      expect(await entryOf(f.noteChild.id)).toBeUndefined();
    });
  }

  it('accepts exactly 500 characters', async () => {
    const f = await family();
    const res = await call(f.agents.main, postFamiliesInformationConfirm, {
      body: contact({ childId: f.child.id, message: '😀'.repeat(500) }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a day other than today', async () => {
    const f = await family();
    const res = await call(f.agents.main, postFamiliesInformationConfirm, {
      body: contact({ childId: f.child.id, contactOn: TOMORROW }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.sendOnlyToday);
  });

  it('checks each permission case', async () => {
    const f = await family();
    const body = contact({ childId: f.child.id });
    expect((await call(f.agents.anonymous, postFamiliesInformationConfirm, { body })).statusCode).toBe(401);
    expect((await call(f.agents.unrelated, postFamiliesInformationConfirm, { body })).statusCode).toBe(404);
    const ro = await call(f.agents.readOnly, postFamiliesInformationConfirm, { body });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe(M.readOnly);
    expect((await call(f.agents.writable, postFamiliesInformationConfirm, { body })).statusCode).toBe(200);
    expect((await call(f.agents.main, postFamiliesInformationConfirm, { body })).statusCode).toBe(200);
  });
});

// -------------------------------------------------------------------------------------------------
const arrival = (overrides: Record<string, unknown> = {}) => ({
  targetDate: TODAY,
  attendanceType: 1,
  attendanceTime: '10:30',
  leavingTime: null,
  attendanceText: '通院のため遅れます',
  leavingText: '',
  ...overrides,
});
const pickUp = (overrides: Record<string, unknown> = {}) => ({
  targetDate: TODAY,
  attendanceType: 2,
  attendanceTime: null,
  leavingTime: '16:00',
  attendanceText: '',
  leavingText: '祖母が迎えに行きます',
  ...overrides,
});

describe('POST /api/attendances/{childId}', () => {
  it('stores an arrival change and a pick-up change; the history lists them newest first with read state', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    expect((await call(f.agents.main, postAttendance, { params, body: arrival() })).json()).toEqual({
      result: true,
    });
    const later = await as(f.writable, '2026-11-20T01:05:00.000Z');
    const res = await call(later, postAttendance, { params, body: pickUp({ targetDate: TOMORROW }) });
    expect(res.data).toEqual({ result: true });

    const all = (
      await call(f.agents.main, getChildAttendances, {
        params,
        query: { attendance_status_type: 'change' },
      })
    ).data;
    expect(all.map((a) => [a.attendance_status_id, a.target_date, a.attendance_time, a.leaving_time, a.message])).toEqual([
      [2, TOMORROW, null, '16:00', '祖母が迎えに行きます'],
      [1, TODAY, '10:30', null, '通院のため遅れます'],
    ]);
    expect(all.every((a) => a.read_at === null)).toBe(true);
    await markAttendanceReportsRead(db(), [all[1]!.id], new Date('2026-11-20T01:30:00.000Z'));
    const onDay = (
      await call(f.agents.readOnly, getChildAttendances, {
        params,
        query: { target_date: TODAY, attendance_status_type: 'change' },
      })
    ).data;
    expect(onDay).toHaveLength(1);
    expect(onDay[0]!.read_at).toBe('2026-11-20T01:30:00.000Z');
  });

  it('a same-payload send twice within seconds stores one record (sequential and concurrent)', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    expect((await call(f.agents.main, postAttendance, { params, body: arrival() })).statusCode).toBe(200);
    expect((await call(f.agents.main, postAttendance, { params, body: arrival() })).statusCode).toBe(200);
    expect(await reportCount(f.noteChild.id)).toBe(1);
    const results = await Promise.all([
      call(f.agents.main, postAttendance, { params, body: pickUp() }),
      call(f.agents.main, postAttendance, { params, body: pickUp() }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await reportCount(f.noteChild.id)).toBe(2);
    // The same change sent again a minute later is a new report.
    const minuteLater = await as(f.main, '2026-11-20T01:01:00.000Z');
    expect((await call(minuteLater, postAttendance, { params, body: arrival() })).statusCode).toBe(200);
    expect(await reportCount(f.noteChild.id)).toBe(3);
  });

  it('is blocked when an absence was already sent for the date (409, the exact message, nothing written)', async () => {
    const f = await family();
    await buildAbsence(db(), { noteChild: f.noteChild, targetDate: TOMORROW });
    const res = await call(f.agents.main, postAttendance, {
      params: { childId: f.child.id },
      body: pickUp({ targetDate: TOMORROW }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: '既に欠席の連絡をしているため、登園・お迎え時間の変更はできません。施設へ直接ご連絡ください。',
    });
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a past date', arrival({ targetDate: YESTERDAY }), 'targetDate', M.pastDate],
    ['a time off the 5-minute step', arrival({ attendanceTime: '10:32' }), 'attendanceTime', M.timeStep],
    ['a malformed time', pickUp({ leavingTime: '25:00' }), 'leavingTime', M.timeFormat],
    ['an arrival change without a time', arrival({ attendanceTime: '--' }), 'attendanceTime', M.timeRequired],
    ['a pick-up change without a time', pickUp({ leavingTime: null }), 'leavingTime', M.timeRequired],
    ['a 256-character note', arrival({ attendanceText: 'あ'.repeat(256) }), 'attendanceText', M.noteTooLong],
    ['a 256-character pick-up note', pickUp({ leavingText: 'a'.repeat(256) }), 'leavingText', M.noteTooLong],
    ['an unknown type', arrival({ attendanceType: 3 }), 'attendanceType', M.attendanceTypeRequired],
    ['a malformed date', arrival({ targetDate: '2026/11/20' }), 'targetDate', '日付の形式が正しくありません'],
  ];
  for (const [name, body, field, message] of bad) {
    it(`refuses ${name} (422, nothing written)`, async () => {
      const f = await family();
      const res = await callRaw(f.agents.main, postAttendance, { params: { childId: f.child.id }, body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      expect(await reportCount(f.noteChild.id)).toBe(0);
    });
  }

  it('accepts a 255-character note', async () => {
    const f = await family();
    expect(
      (
        await call(f.agents.main, postAttendance, {
          params: { childId: f.child.id },
          body: arrival({ attendanceText: 'あ'.repeat(255) }),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a date inside an open schedule registration window with the server message', async () => {
    const f = await family();
    await buildScheduleWindow(db(), {
      facilityId: f.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-25',
    });
    const res = await call(f.agents.main, postAttendance, {
      params: { childId: f.child.id },
      body: arrival({ targetDate: '2026-12-03' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      '12月1日〜12月31日は翌月登園予定の登録期間中（締切：11月25日）です。翌月登園予定登録から変更してください',
    );
    expect(await reportCount(f.noteChild.id)).toBe(0);
  });

  it('checks each permission case', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    expect((await call(f.agents.anonymous, postAttendance, { params, body: arrival() })).statusCode).toBe(401);
    expect((await call(f.agents.unrelated, postAttendance, { params, body: arrival() })).statusCode).toBe(404);
    const ro = await call(f.agents.readOnly, postAttendance, { params, body: arrival() });
    expect(ro.statusCode).toBe(403);
    expect(ro.json()).toEqual({ message: M.readOnly });
    expect(await reportCount(f.noteChild.id)).toBe(0);
    expect((await call(f.agents.writable, postAttendance, { params, body: arrival() })).statusCode).toBe(200);
    expect((await call(f.agents.main, postAttendance, { params, body: pickUp() })).statusCode).toBe(200);
  });
});

// -------------------------------------------------------------------------------------------------
const absence = (overrides: Record<string, unknown> = {}) => ({
  absenceType: 1,
  absenceDates: [TODAY, '2026-11-24', '2026-11-25'],
  diseases: [diseaseIds['発熱']!],
  message: '熱が下がるまでお休みします',
  ...overrides,
});

describe('POST /api/absences/{childId}', () => {
  it('reports a sick absence for three dates with a symptom; the history shows them with the disease names', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    const res = await call(f.agents.main, postAbsence, {
      params,
      body: absence({ diseases: [diseaseIds['発熱']!, diseaseIds['インフルエンザ']!] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ result: true });
    expect(await reportCount(f.noteChild.id)).toBe(3);
    const history = (
      await call(f.agents.main, getChildAttendances, {
        params,
        query: { attendance_status_type: 'absence' },
      })
    ).data;
    expect(history.map((h) => h.target_date).sort()).toEqual([TODAY, '2026-11-24', '2026-11-25']);
    expect(history[0]).toMatchObject({
      attendance_status_id: 3,
      absence_type: 1,
      message: '熱が下がるまでお休みします',
      read_at: null,
    });
    expect(history[0]!.diseases.map((d) => d.name).sort()).toEqual(['インフルエンザ', '発熱'].sort());
    // The change history does not list absences.
    expect(
      (
        await call(f.agents.main, getChildAttendances, {
          params,
          query: { attendance_status_type: 'change' },
        })
      ).json(),
    ).toEqual([]);
  });

  it('sends and lists with a bounded number of queries', async () => {
    const f = await family();
    let before = t.database.queryCount();
    await call(f.agents.main, postAbsence, {
      params: { childId: f.child.id },
      body: absence({ absenceDates: [TODAY, TOMORROW, '2026-11-23', '2026-11-24'] }),
    });
    // session, access, windows, diseases, begin, lock, duplicate, already absent, 2 inserts, commit
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(12);
    before = t.database.queryCount();
    const list = await call(f.agents.main, getChildAttendances, {
      params: { childId: f.child.id },
      query: { attendance_status_type: 'absence' },
    });
    expect(list.json()).toHaveLength(4);
    // session, access, reports, diseases
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(4);
  });

  it('reports a personal absence without diseases (and ignores any)', async () => {
    const f = await family();
    const res = await call(f.agents.writable, postAbsence, {
      params: { childId: f.child.id },
      body: absence({ absenceType: 2, absenceDates: [TOMORROW], diseases: [diseaseIds['咳']!], message: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(
      await db()
        .select()
        .from(attendanceReportDiseases)
        .innerJoin(attendanceReports, eq(attendanceReports.id, attendanceReportDiseases.attendanceReportId))
        .where(eq(attendanceReports.noteChildId, f.noteChild.id)),
    ).toEqual([]);
  });

  const bad: [string, () => Record<string, unknown>, string, string][] = [
    ['a sick absence without disease or symptom', () => absence({ diseases: [] }), 'diseases', M.diseaseRequired],
    ['duplicate dates', () => absence({ absenceDates: [TODAY, TOMORROW, TOMORROW] }), 'absenceDates', M.duplicateDates],
    ['a past date', () => absence({ absenceDates: [TODAY, YESTERDAY] }), 'absenceDates.1', M.pastDate],
    ['a past first date', () => absence({ absenceDates: [YESTERDAY] }), 'absenceDates.0', M.pastDate],
    [
      'a date after the end of the month two months after the first',
      () => absence({ absenceDates: [TODAY, '2027-01-31', '2027-02-01'] }),
      'absenceDates.2',
      M.absenceDateTooFar,
    ],
    ['no date', () => absence({ absenceDates: [] }), 'absenceDates', M.absenceDateRequired],
    ['an unknown disease', () => absence({ diseases: [999999] }), 'diseases', M.diseaseUnknown],
    ['a 256-character note', () => absence({ message: 'あ'.repeat(256) }), 'message', M.noteTooLong],
    ['an unknown type', () => absence({ absenceType: 9 }), 'absenceType', M.absenceTypeRequired],
  ];
  for (const [name, body, field, message] of bad) {
    it(`refuses ${name} (422, the exact text, nothing written)`, async () => {
      const f = await family();
      const res = await callRaw(f.agents.main, postAbsence, { params: { childId: f.child.id }, body: body() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      expect(await reportCount(f.noteChild.id)).toBe(0);
    });
  }

  it('writes none of the dates when one is already reported absent', async () => {
    const f = await family();
    await buildAbsence(db(), { noteChild: f.noteChild, targetDate: '2026-11-24' });
    const res = await call(f.agents.main, postAbsence, { params: { childId: f.child.id }, body: absence() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: M.absenceAlreadySent,
      errors: { 'absenceDates.1': ['11月24日はすでに欠席連絡済みです'] },
    });
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  it('refuses a date the schedule check does not allow, with its message, and writes nothing', async () => {
    const f = await family();
    await buildScheduleWindow(db(), {
      facilityId: f.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-25',
    });
    const res = await call(f.agents.main, postAbsence, {
      params: { childId: f.child.id },
      body: absence({ absenceDates: [TODAY, '2026-12-02'] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['absenceDates.1']).toEqual([
      '12月1日〜12月31日は翌月登園予定の登録期間中（締切：11月25日）です。翌月登園予定登録から変更してください',
    ]);
    expect(await reportCount(f.noteChild.id)).toBe(0);
  });

  it('allows dates of a window whose deadline has passed (the schedule is fixed; changes go through here)', async () => {
    const f = await family();
    await buildScheduleWindow(db(), {
      facilityId: f.facilityId,
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
      deadline: '2026-10-25',
    });
    expect(
      (await call(f.agents.main, postAbsence, { params: { childId: f.child.id }, body: absence({ absenceDates: [TOMORROW] }) }))
        .statusCode,
    ).toBe(200);
  });

  it('a double-submitted absence stores one set of records', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    const results = await Promise.all([
      call(f.agents.main, postAbsence, { params, body: absence() }),
      call(f.agents.main, postAbsence, { params, body: absence() }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await call(f.agents.main, postAbsence, { params, body: absence() })).statusCode).toBe(200);
    expect(await reportCount(f.noteChild.id)).toBe(3);
  });

  it('checks each permission case', async () => {
    const f = await family();
    const params = { childId: f.child.id };
    expect((await call(f.agents.anonymous, postAbsence, { params, body: absence() })).statusCode).toBe(401);
    expect((await call(f.agents.unrelated, postAbsence, { params, body: absence() })).statusCode).toBe(404);
    const ro = await call(f.agents.readOnly, postAbsence, { params, body: absence() });
    expect(ro.statusCode).toBe(403);
    expect(ro.json()).toEqual({ message: M.readOnly });
    expect(await reportCount(f.noteChild.id)).toBe(0);
    expect((await call(f.agents.writable, postAbsence, { params, body: absence({ absenceDates: [TODAY] }) })).statusCode).toBe(
      200,
    );
    expect((await call(f.agents.main, postAbsence, { params, body: absence({ absenceDates: [TOMORROW] }) })).statusCode).toBe(
      200,
    );
  });
});

// -------------------------------------------------------------------------------------------------
describe('reads: isAbsence, checkTargetDate, get-schedule-by-date, attendances, diseases', () => {
  let f: Awaited<ReturnType<typeof family>>;
  beforeAll(async () => {
    f = await family();
    await buildAbsence(db(), { noteChild: f.noteChild, targetDate: TOMORROW });
    await buildScheduleWindow(db(), {
      facilityId: f.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-25',
    });
    await buildSchedule(db(), {
      noteChild: f.noteChild,
      date: TODAY,
      attendanceTime: '08:30',
      leavingTime: '17:15',
    });
    await buildSchedule(db(), { noteChild: f.noteChild, date: TOMORROW, isAbsent: true });
  });

  it('GET isAbsence answers whether an absence was sent for the date', async () => {
    const yes = await call(f.agents.main, getChildIsAbsence, {
      params: { childId: f.child.id },
      query: { target_date: TOMORROW },
    });
    expect(yes.data).toEqual({ result: true });
    expect(
      (
        await call(f.agents.readOnly, getChildIsAbsence, { params: { childId: f.child.id }, query: { target_date: TODAY } })
      ).json(),
    ).toEqual({
      result: false,
    });
  });

  it('GET checkTargetDate: allowed, past, inside an open window', async () => {
    const params = { childId: f.child.id };
    const ok = (await call(f.agents.main, getCheckTargetDate, { params, query: { target_date: TODAY } })).data;
    expect(ok).toEqual({
      scheduledFirstDay: null,
      scheduledLastDay: null,
      type: null,
      deadline: null,
      result: true,
      message: null,
    });
    const past = (await call(f.agents.main, getCheckTargetDate, { params, query: { target_date: YESTERDAY } })).json();
    expect(past).toMatchObject({ type: 'past', result: false, message: M.pastDate });
    const ranged = (await call(f.agents.writable, getCheckTargetDate, { params, query: { target_date: '2026-12-10' } })).data;
    expect(ranged).toMatchObject({
      scheduledFirstDay: '2026-12-01',
      scheduledLastDay: '2026-12-31',
      type: 'rangeScheduled',
      deadline: '2026-11-25',
      result: false,
    });
    // After the deadline the window no longer blocks.
    const afterDeadline = await as(f.main, '2026-11-26T01:00:00.000Z');
    expect(
      (await call(afterDeadline, getCheckTargetDate, { params, query: { target_date: '2026-12-10' } })).json(),
    ).toMatchObject({
      result: true,
      type: null,
    });
  });

  it('POST get-schedule-by-date answers the registered times (nulls when absent or none)', async () => {
    const params = { childId: f.child.id };
    expect((await call(f.agents.main, postScheduleByDate, { params, body: { date: TODAY } })).data).toEqual({
      data: { attendance_time: '08:30', leaving_time: '17:15' },
    });
    expect((await call(f.agents.readOnly, postScheduleByDate, { params, body: { date: TOMORROW } })).json()).toEqual({
      data: { attendance_time: null, leaving_time: null },
    });
    expect((await call(f.agents.main, postScheduleByDate, { params, body: { date: '2026-11-30' } })).json()).toEqual({
      data: { attendance_time: null, leaving_time: null },
    });
    const bad = await call(f.agents.main, postScheduleByDate, { params, body: { date: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('日付の形式が正しくありません');
  });

  it('every read refuses anonymous (401) and unrelated (404) callers', async () => {
    const params = { childId: f.child.id };
    const reads = [
      (agent: Agent) => call(agent, getChildIsAbsence, { params, query: { target_date: TODAY } }),
      (agent: Agent) => call(agent, getCheckTargetDate, { params, query: { target_date: TODAY } }),
      (agent: Agent) => call(agent, getChildAttendances, { params, query: { attendance_status_type: 'change' } }),
    ];
    for (const read of reads) {
      expect((await read(f.agents.anonymous)).statusCode).toBe(401);
      expect((await read(f.agents.unrelated)).statusCode).toBe(404);
      expect((await read(f.agents.readOnly)).statusCode).toBe(200);
      expect((await read(f.agents.writable)).statusCode).toBe(200);
    }
    expect(
      (await call(f.agents.anonymous, postScheduleByDate, { params: { childId: f.child.id }, body: { date: TODAY } })).statusCode,
    ).toBe(401);
    expect(
      (await call(f.agents.unrelated, postScheduleByDate, { params: { childId: f.child.id }, body: { date: TODAY } })).statusCode,
    ).toBe(404);
  });

  it('GET attendances refuses a bad status type and date', async () => {
    const res = await callRaw(f.agents.main, getChildAttendances, {
      params: { childId: f.child.id },
      query: { attendance_status_type: 'other' },
    });
    expect(res.statusCode).toBe(422);
    expect(
      (
        await call(f.agents.main, getChildAttendances, { params: { childId: f.child.id }, query: { target_date: '20261120' } })
      ).json().message,
    ).toBe('日付の形式が正しくありません');
  });

  it('GET diseases lists diseases and symptoms', async () => {
    expect((await call(f.agents.anonymous, getChildrenDiseases)).statusCode).toBe(401);
    const list = (await call(f.agents.readOnly, getChildrenDiseases)).data;
    expect(list).toContainEqual({ id: diseaseIds['インフルエンザ'], name: 'インフルエンザ', type: 'disease' });
    expect(list).toContainEqual({ id: diseaseIds['発熱'], name: '発熱', type: 'symptom' });
    expect(list.map((d) => d.name)).toEqual(
      expect.arrayContaining(['咳', '嘔吐', '下痢', '手足口病', 'RSウイルス感染症', '水ぼうそう（水痘）']),
    );
    expect(list.length).toBe((await db().select({ n: count() }).from(diseases))[0]!.n);
  });
});
