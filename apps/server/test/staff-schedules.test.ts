import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  addMonths,
  getChildSchedules,
  getStaffScheduleMonth,
  getStaffSchedulePlan,
  postChildSchedule,
  postStaffScheduleReminders,
  postStaffScheduleWindow,
  postStaffScheduleWindowClose,
  putStaffScheduleWindow,
  scheduleTexts,
  scheduleWindowMessages as M,
} from '@renraku/contract';
import {
  auditLog,
  facilityClosedDays,
  mailOutbox,
  notificationSettings,
  scheduleReminders,
  scheduleWindows,
} from '../src/db/schema';
import { buildChild, buildSchedule, buildScheduleWindow, buildStaffWorld, buildUser, linkGuardian } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, readAll, rosterWrite } from './staff-persona-matrix';

const t = setupApp();
const db = () => t.db;

// Tokyo 2026-11-20 10:00: December is next month; its window may close on 11-20 … 11-30.
const NOW = '2026-11-20T01:00:00.000Z';
const clock = { 'x-test-now': NOW };

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
/** A second child of the facility whose guardian registers every open day of December. */
let done: Awaited<ReturnType<typeof buildChild>>;
let doneGuardian: Awaited<ReturnType<typeof buildUser>>;
let decemberId: number;

/** December's weekdays minus the facility's 年末 closed days (29–31). */
const DECEMBER_OPEN = [
  ...['01', '02', '03', '04'],
  ...['07', '08', '09', '10', '11'],
  ...['14', '15', '16', '17', '18'],
  ...['21', '22', '23', '24', '25'],
  '28',
].map((d) => `2026-12-${d}`);

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w, clock);
  await db()
    .insert(facilityClosedDays)
    .values(
      ['29', '30', '31'].map((d) => ({
        companyId: w.companyId,
        facilityId: w.facilityId,
        date: `2026-12-${d}`,
        name: '年末休園',
      })),
    );
  done = await buildChild(db(), { facilityId: w.facilityId, firstName: '登録済' });
  doneGuardian = await buildUser(db(), { name: '登録 済子' });
  await linkGuardian(db(), done.child.id, doneGuardian.id, { main: true, writable: true });
  for (const date of DECEMBER_OPEN) {
    await buildSchedule(db(), { noteChild: done.noteChild, date, leavingTime: date === '2026-12-01' ? '18:30' : '17:00' });
  }
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const windowCount = async () => (await db().select({ n: count() }).from(scheduleWindows))[0]!.n;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const reminderMails = (to?: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'schedule_reminder'), to ? eq(mailOutbox.to, to) : undefined));
const open = (agent: Agent, body: { month: string; deadline: string; open_days: string[] }) =>
  call(agent, postStaffScheduleWindow, { params: facility(), body, headers: clock });
const month = (agent: Agent, m = '2026-12') =>
  call(agent, getStaffScheduleMonth, { params: facility(), query: { month: m }, headers: clock });

describe('schedule windows by staff', () => {
  it('GET before a window: the proposal is the weekdays minus closed days and holidays, deadline the 20th before', async () => {
    const res = await month(as.office);
    expect(res.statusCode).toBe(200);
    expect(res.data.window).toBeNull();
    expect(res.data.children).toEqual([]);
    expect(res.data.proposal.open_days).toEqual(DECEMBER_OPEN);
    expect(res.data.proposal.deadline).toBe('2026-11-20');
    expect(res.data.proposal.closed_days.map((d) => d.date)).toEqual(['2026-12-29', '2026-12-30', '2026-12-31']);
    // January 2027: 元日 and 成人の日 (the 11th) are public holidays.
    const january = await month(as.director, '2027-01');
    expect(january.data.proposal.open_days).not.toContain('2027-01-01');
    expect(january.data.proposal.open_days).not.toContain('2027-01-11');
    expect(january.data.proposal.closed_days.map((d) => d.date)).toEqual(expect.arrayContaining(['2027-01-01', '2027-01-11']));
    expect((await month(as.classStaffA)).data.can_write).toBe(false);
    expect((await month(as.office)).data.can_write).toBe(true);
  });

  it('POST: directors, office and company admins open a window; audited; the guardian app sees it at once', async () => {
    const res = await open(as.director, { month: '2026-12', deadline: '2026-11-27', open_days: DECEMBER_OPEN });
    expect(res.statusCode).toBe(201);
    decemberId = res.data.id;
    expect(res.data).toEqual({
      id: expect.any(Number),
      month: '2026-12',
      first_day: '2026-12-01',
      last_day: '2026-12-31',
      deadline: '2026-11-27',
      open_days: DECEMBER_OPEN,
      status: 'open',
      closed_at: null,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedule_window.create'), eq(auditLog.targetId, decemberId)));
    expect(entry).toMatchObject({ userId: w.staff.director.user.id, facilityId: w.facilityId });

    const guardian = await t.signIn(w.family.main, clock);
    const seen = await call(guardian, getChildSchedules, {
      params: { id: w.family.child.id },
      query: { month: '1' },
      headers: clock,
    });
    expect(seen.data.window).toEqual({ scheduledFirstDay: '2026-12-01', scheduledLastDay: '2026-12-31', deadline: '2026-11-27' });
    expect(seen.data.can_register).toBe(true);
    expect(seen.data.schedules['2026-12-01']!.school_day).toBe(true);
    expect(seen.data.schedules['2026-12-05']!.school_day).toBe(false); // a Saturday
    expect(seen.data.schedules['2026-12-29']!.school_day).toBe(false); // 年末休園
    const write = (date: string) =>
      call(guardian, postChildSchedule, {
        params: { id: w.family.child.id },
        body: { date, isAbsent: false, attendanceTime: '08:30', leavingTime: '16:30' },
        headers: clock,
      });
    expect((await write('2026-12-02')).statusCode).toBe(201);
    const closedDay = await write('2026-12-29');
    expect(closedDay.statusCode).toBe(422);
    expect(closedDay.json().errors.date).toEqual([scheduleTexts.outsideWindow]);

    // A second window for the same month: 409, nothing written.
    const before = await windowCount();
    const again = await open(as.office, { month: '2026-12', deadline: '2026-11-27', open_days: DECEMBER_OPEN });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.exists);
    expect(await windowCount()).toBe(before);
  });

  it('POST matrix (a month per caller)', async () => {
    await expectMatrix(as, rosterWrite(201), (agent, _persona, index) => {
      const m = addMonths('2027-03', index);
      return open(agent, { month: m, deadline: '2026-11-30', open_days: [`${m}-10`] });
    });
  });

  it('GET: each child’s state, 未登録 first, with the guardians who may register; every member reads', async () => {
    await expectMatrix(as, readAll, (agent) => month(agent));
    const res = await month(as.director);
    expect(res.data.window?.id).toBe(decemberId);
    expect(res.data.children.map((c) => [c.name, c.state, c.registered_days, c.open_days])).toEqual([
      [expect.any(String), 'partial', 1, DECEMBER_OPEN.length],
      ['試験 登録済', 'registered', DECEMBER_OPEN.length, DECEMBER_OPEN.length],
    ]);
    const partial = res.data.children[0]!;
    expect(partial.id).toBe(w.family.child.id);
    // main and writable; never the read-only guardian.
    expect(partial.guardians.map((g) => g.id).sort()).toEqual([w.family.main.id, w.family.writable.id].sort());
    expect(partial.guardians.find((g) => g.main)?.id).toBe(w.family.main.id);
  });

  it('reminders: only the guardians of unregistered children, once a day, honouring notification settings; audited', async () => {
    await db().insert(notificationSettings).values({ userId: w.family.writable.id, emailDisabled: true });
    const res = await call(as.office, postStaffScheduleReminders, { params: { windowId: decemberId }, headers: clock });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: M.reminded(1), sent: 1, suppressed: 1, already: 0 });
    const mails = await reminderMails();
    expect(mails.map((m) => m.to)).toEqual([w.family.main.email]);
    expect(mails[0]!.subject).toContain('2026年12月の登園予定');
    expect(mails[0]!.text).toContain('締切：11月27日(金)');
    expect(await reminderMails(doneGuardian.email)).toEqual([]);
    expect(await reminderMails(w.family.readOnly.email)).toEqual([]);

    const again = await call(as.director, postStaffScheduleReminders, { params: { windowId: decemberId }, headers: clock });
    expect(again.data).toEqual({ message: M.remindedNone, sent: 0, suppressed: 0, already: 2 });
    expect(await reminderMails()).toHaveLength(1);
    const state = await month(as.director);
    expect(state.data.children[0]!.guardians.every((g) => g.reminded_today)).toBe(true);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'schedule_window.remind'));
    expect(audits).toHaveLength(2);

    // Yesterday's reminders do not hold today's back: one more mail.
    await db().update(scheduleReminders).set({ sentOn: '2026-11-19' });
    const nextDay = await call(as.director, postStaffScheduleReminders, { params: { windowId: decemberId }, headers: clock });
    expect(nextDay.data.sent).toBe(1);
    expect(await reminderMails()).toHaveLength(2);

    await expectMatrix(as, rosterWrite(200), (agent) =>
      call(agent, postStaffScheduleReminders, { params: { windowId: decemberId }, headers: clock }),
    );
    expect(await reminderMails()).toHaveLength(2);
  });

  it('PUT: change the deadline and open days; matrix; another facility’s window is 404', async () => {
    await expectMatrix(as, rosterWrite(200), (agent) =>
      call(agent, putStaffScheduleWindow, {
        params: { windowId: decemberId },
        body: { deadline: '2026-11-28', open_days: DECEMBER_OPEN },
        headers: clock,
      }),
    );
    const res = await call(as.director, putStaffScheduleWindow, {
      params: { windowId: decemberId },
      body: { deadline: '2026-11-26', open_days: [...DECEMBER_OPEN, '2026-12-05'] },
      headers: clock,
    });
    expect(res.data).toMatchObject({ deadline: '2026-11-26', status: 'open' });
    expect(res.data.open_days).toContain('2026-12-05');
    const other = await buildScheduleWindow(db(), {
      facilityId: w.otherFacility.facilityId,
      firstDay: '2026-12-01',
      lastDay: '2026-12-31',
      deadline: '2026-11-25',
    });
    const foreign = await call(as.director, putStaffScheduleWindow, {
      params: { windowId: other.id },
      body: { deadline: '2026-11-26', open_days: DECEMBER_OPEN },
      headers: clock,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
  });

  it('close: the deadline becomes yesterday, the guardian can no longer register; PUT opens it again', async () => {
    const windows: { id: number }[] = [];
    for (let i = 0; i < 9; i++) {
      windows.push(
        await buildScheduleWindow(db(), {
          facilityId: w.facilityId,
          firstDay: `${addMonths('2028-01', i)}-01`,
          lastDay: `${addMonths('2028-01', i)}-28`,
          deadline: '2026-12-20',
        }),
      );
    }
    await expectMatrix(as, rosterWrite(200), (agent, _p, index) =>
      call(agent, postStaffScheduleWindowClose, { params: { windowId: windows[index]!.id }, headers: clock }),
    );
    const closed = await call(as.director, postStaffScheduleWindowClose, { params: { windowId: decemberId }, headers: clock });
    expect(closed.data).toMatchObject({ status: 'closed', deadline: '2026-11-19' });
    expect(closed.data.closed_at).not.toBeNull();
    const guardian = await t.signIn(w.family.main, clock);
    const seen = await call(guardian, getChildSchedules, {
      params: { id: w.family.child.id },
      query: { month: '1' },
      headers: clock,
    });
    expect(seen.data.can_register).toBe(false);
    const late = await call(guardian, postChildSchedule, {
      params: { id: w.family.child.id },
      body: { date: '2026-12-03', isAbsent: true, attendanceTime: null, leavingTime: null },
      headers: clock,
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.date).toEqual([scheduleTexts.deadlinePassed]);

    const twice = await call(as.director, postStaffScheduleWindowClose, { params: { windowId: decemberId }, headers: clock });
    expectInvalid(twice, 'deadline', M.alreadyClosed);
    const remind = await call(as.director, postStaffScheduleReminders, { params: { windowId: decemberId }, headers: clock });
    expectInvalid(remind, 'deadline', M.notOpen);

    const reopened = await call(as.director, putStaffScheduleWindow, {
      params: { windowId: decemberId },
      body: { deadline: '2026-11-30', open_days: DECEMBER_OPEN },
      headers: clock,
    });
    expect(reopened.data).toMatchObject({ status: 'open', closed_at: null, deadline: '2026-11-30' });
    const again = await call(guardian, getChildSchedules, {
      params: { id: w.family.child.id },
      query: { month: '1' },
      headers: clock,
    });
    expect(again.data.can_register).toBe(true);
  });

  it('plan: expected, absent, unregistered, times and 延長保育 per day; every member reads', async () => {
    await expectMatrix(as, readAll, (agent) =>
      call(agent, getStaffSchedulePlan, { params: facility(), query: { month: '2026-12' }, headers: clock }),
    );
    const res = await call(as.classStaffB, getStaffSchedulePlan, {
      params: facility(),
      query: { month: '2026-12' },
      headers: clock,
    });
    // No opening time entered: 07:00 + 11 hours.
    expect(res.data.standard_hours).toEqual({ start: '07:00', end: '18:00' });
    const first = res.data.days[0]!;
    expect(first).toMatchObject({
      date: '2026-12-01',
      open: true,
      expected: 1,
      absent: 0,
      unregistered: 1,
      earliest_arrival: '08:00',
      latest_leaving: '18:30',
      extended: 1,
    });
    expect(first.children).toEqual([
      expect.objectContaining({ id: done.child.id, attendance_time: '08:00', leaving_time: '18:30', extended: true }),
    ]);
    const second = res.data.days[1]!;
    expect(second).toMatchObject({
      expected: 2,
      unregistered: 0,
      earliest_arrival: '08:00',
      latest_leaving: '17:00',
      extended: 0,
    });
    expect(res.data.days.find((d) => d.date === '2026-12-29')).toMatchObject({ open: false, unregistered: 0 });
    expect(res.data.days).toHaveLength(31);
  });

  it('plan CSV: UTF-8 with BOM and CRLF, per day or per child; the same permissions', async () => {
    const url = (view: string, m = '2026-12', id = w.facilityId) =>
      `/api/staff/facilities/${id}/schedule-plan.csv?month=${m}&view=${view}`;
    const got: Record<string, number> = {};
    for (const persona of Object.keys(as) as StaffPersona[])
      got[persona] = (await as[persona].get(url('days'), { headers: clock })).statusCode;
    expect(got).toEqual(readAll);
    const days = await as.office.get(url('days'), { headers: clock });
    expect(days.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(days.headers['content-disposition']).toContain('schedule-plan-2026-12-days.csv');
    expect(days.body.startsWith('\uFEFF"日付","曜日","開所日","登園予定（人）"')).toBe(true);
    const lines = days.body.slice(1).split('\r\n');
    expect(lines).toHaveLength(1 + 31 + 1);
    expect(lines[1]).toBe('"2026-12-01","火","開所","1","0","1","08:00","18:30","1"');
    expect(lines.at(-1)).toBe('');
    const kids = await as.director.get(url('children'), { headers: clock });
    expect(kids.body.slice(1).split('\r\n')[1]).toBe('"2026-12-01","火","","試験 登録済","登園","08:00","18:30","延長"');
    expect((await as.director.get(url('weekly'), { headers: clock })).statusCode).toBe(422);
    expect((await as.director.get(url('days', '2026-13'), { headers: clock })).statusCode).toBe(422);
    expect((await as.director.get(url('days', '2026-12', 2_000_000_000), { headers: clock })).statusCode).toBe(404);
  });

  it('bad input: 422 in Japanese (404 for another facility), nothing written, audit unchanged', async () => {
    const [rows, audits] = [await windowCount(), await auditCount()];
    const jan = (body: Partial<{ month: string; deadline: string; open_days: string[] }>) =>
      open(as.director, { month: '2027-01', deadline: '2026-12-20', open_days: ['2027-01-05'], ...body });
    expectInvalid(await jan({ month: '2026-10', deadline: '2026-11-25', open_days: ['2026-10-05'] }), 'month', M.pastMonth);
    expectInvalid(
      await jan({ month: '2026-11', deadline: '2026-11-25', open_days: ['2026-11-26'] }),
      'deadline',
      M.deadlineAfterStart,
    );
    expectInvalid(await jan({ deadline: '2027-01-01' }), 'deadline', M.deadlineAfterStart);
    expectInvalid(await jan({ deadline: '2026-11-19' }), 'deadline', M.deadlinePast);
    expectInvalid(await jan({ open_days: ['2027-01-05', '2027-02-01'] }), 'open_days.1', M.openDayOutside);
    expectInvalid(await jan({ open_days: ['2027-01-05', '2027-01-05'] }), 'open_days.1', M.openDaysDuplicated);
    expectInvalid(await jan({ open_days: [] }), 'open_days', M.openDaysEmpty);
    expectInvalid(await jan({ open_days: ['2027-01-32'] }), 'open_days.0');
    expectInvalid(await jan({ month: '2027-1' }), 'month');
    expectInvalid(await jan({ deadline: '2026-02-30' }), 'deadline');
    const garbage = await callRaw(as.director, postStaffScheduleWindow, {
      params: facility(),
      body: 'not json',
      headers: { 'content-type': 'application/json', ...clock },
    });
    expect(garbage.statusCode).toBe(422);
    const foreign = await call(as.director, postStaffScheduleWindow, {
      params: { facilityId: w.otherFacility.facilityId },
      body: { month: '2027-01', deadline: '2026-12-20', open_days: ['2027-01-05'] },
      headers: clock,
    });
    expect(foreign.statusCode).toBe(404);
    const edit = (body: { deadline: string; open_days: string[] }) =>
      call(as.director, putStaffScheduleWindow, { params: { windowId: decemberId }, body, headers: clock });
    expectInvalid(await edit({ deadline: '2026-12-01', open_days: DECEMBER_OPEN }), 'deadline', M.deadlineAfterStart);
    expectInvalid(await edit({ deadline: '2026-11-28', open_days: ['2027-01-04'] }), 'open_days.0', M.openDayOutside);
    expect(
      (
        await call(as.director, putStaffScheduleWindow, {
          params: { windowId: 2_000_000_000 },
          body: { deadline: '2026-11-28', open_days: DECEMBER_OPEN },
          headers: clock,
        })
      ).statusCode,
    ).toBe(404);
    expectInvalid(
      await call(as.director, getStaffScheduleMonth, { params: facility(), query: { month: '2026-00' }, headers: clock }),
      'month',
    );
    expect([await windowCount(), await auditCount()]).toEqual([rows, audits]);
    const [december] = await db().select().from(scheduleWindows).where(eq(scheduleWindows.id, decemberId));
    expect(december!.deadline).toBe('2026-11-30');
  });
});
