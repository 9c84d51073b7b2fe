import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getStaffRatioMonth,
  getStaffShiftRatio,
  postStaffDeviceUnlock,
  postStaffShiftPattern,
  putStaffShift,
  ratioMonthSchema,
  shiftRatioSchema,
} from '@renraku/contract';
import {
  auditLog,
  childAttendances,
  children,
  noteChildren,
  schedules,
  staffMemberships,
  staffTimeEntries,
} from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent, type StaffPersona } from './harness';
import { setupStaffWorld } from './staff-world';
import { pinPersonAndDevices } from './staffing-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/*
 * The month's report and the 1歳児配置改善加算 self-check (staffing.md §4), and シフト表's red slots
 * (§3), over HTTP and a real database: every call × every caller of staff.md §7, the 主任, a paired
 * class tablet's PIN session and a gate kiosk; bad input; the figures of a small month.
 */

const NOW = '2026-11-20T01:00:00.000Z'; // 10:00 Tokyo
const clock = { 'x-test-now': NOW };

const { t, db, w, as } = setupStaffWorld(clock);
let chief: Agent;
let chiefId: number;
let tablet: Agent;
let kiosk: Agent;
let pinPerson: number;
let babies: Awaited<ReturnType<typeof buildChild>>[];

const entry = (userId: number, date: string, kind: string, time: string) => ({
  companyId: w.companyId,
  facilityId: w.facilityId,
  userId,
  date,
  kind,
  time,
  source: 'self',
  recordedBy: userId,
});

beforeAll(async () => {
  const chiefStaff = await buildStaff(db(), {
    role: 'class_staff',
    facilityId: w.facilityId,
    classIds: [w.classA.id],
    name: '主任 先生',
  });
  await db().update(staffMemberships).set({ isChief: true }).where(eq(staffMemberships.id, chiefStaff.membership.id));
  chiefId = chiefStaff.user.id;
  chief = await t.signInStaff(chiefStaff.user, clock);
  // Class A: the family's child (4歳以上) and three 1歳 babies (born 2024-06-01: 1歳 in 年度 2026).
  babies = [];
  for (const name of ['一', '二', '三']) {
    const baby = await buildChild(db(), { facilityId: w.facilityId, firstName: name });
    await db().update(children).set({ birth: '2024-06-01' }).where(eq(children.id, baby.child.id));
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
    babies.push(baby);
  }
  // 11/18: all four from 08:00 to 16:00; the 保育士 of class A all day, the 主任 in class A until 12:00.
  for (const noteChild of [w.family.noteChild, ...babies.map((b) => b.noteChild)])
    await db().insert(childAttendances).values({
      companyId: w.companyId,
      noteChildId: noteChild.id,
      date: '2026-11-18',
      arrivedAt: '08:00',
      pickedUpAt: '16:00',
      source: 'kiosk',
    });
  await db()
    .insert(staffTimeEntries)
    .values([
      entry(w.staff.classStaffA.user.id, '2026-11-18', 'in', '07:45'),
      entry(w.staff.classStaffA.user.id, '2026-11-18', 'out', '17:00'),
      entry(chiefId, '2026-11-18', 'in', '07:45'),
      entry(chiefId, '2026-11-18', 'out', '12:00'),
    ]);
  ({ pinPerson, tablet, kiosk } = await pinPersonAndDevices(t, w, as.director, clock));
  expect(
    (await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinPerson, pin: '2468' }, headers: clock })).statusCode,
  ).toBe(200);
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
/** Report readers: 園長, 法人管理者, 事務 (and the 主任, sent apart); 保育士 403. */
const reportReaders = statuses(200, { office: 200, classStaff: 403 });
/** The planned ratio of シフト表: those who edit the table (園長, 法人管理者, 主任). */
const shiftEditors = statuses(200, { office: 403, classStaff: 403 });

describe('the month’s report (getStaffRatioMonth)', () => {
  it('園長, 法人管理者, 主任 and 事務 read it; 保育士 403; other facility 404; ended, guardian, anonymous 401; PIN tablet 403, kiosk 401', async () => {
    await expectMatrix(as, reportReaders, (agent) =>
      call(agent, getStaffRatioMonth, { params: facility(), query: { month: '2026-11' }, headers: clock }),
    );
    expect(
      (await call(chief, getStaffRatioMonth, { params: facility(), query: { month: '2026-11' }, headers: clock })).statusCode,
    ).toBe(200);
    expect((await call(tablet, getStaffRatioMonth, { params: facility(), headers: clock })).statusCode).toBe(403);
    expect((await call(kiosk, getStaffRatioMonth, { params: facility(), headers: clock })).statusCode).toBe(401);
  });

  it('lists every short slot of the month, the FAQ headcount and the 加算’s conditions with their figures', async () => {
    const res = await call(as.director, getStaffRatioMonth, { params: facility(), query: { month: '2026-11' }, headers: clock });
    const report = ratioMonthSchema.parse(res.json());
    expect(report.through).toBe('2026-11-20');
    expect(report.days.map((d) => d.date)).toHaveLength(20);
    const day = report.days.find((d) => d.date === '2026-11-18')!;
    // Two until 12:00, then the 保育士 alone with four children until 16:00: sixteen quarter hours short by one.
    const a = day.short_slots.filter((s) => s.class_id === w.classA.id);
    expect(a.map((s) => s.start)).toHaveLength(16);
    expect(a[0]).toEqual({ class_id: w.classA.id, name: 'ひよこ組', start: '12:00', children: 4, staff: 1, required: 2 });
    expect(a.at(-1)!.start).toBe('15:45');
    expect(report.days.filter((d) => d.date !== '2026-11-18').every((d) => d.short_slots.length === 0)).toBe(true);

    // Enrolled on 11/1: three 1歳 and one 4歳以上 → 1・2歳 3÷6 = 0.5, 4歳以上 1÷25 = 0.0; 0.5 rounds to 1.
    expect(report.headcount).toMatchObject({
      date: '2026-11-01',
      children_by_band: [0, 3, 0, 0, 1],
      required: 1,
      plus: 0,
      met: true,
    });
    expect(report.headcount.groups).toEqual([
      { label: '0歳', children: 0, per_staff: 3, tenths: 0 },
      { label: '1・2歳', children: 3, per_staff: 6, tenths: 5 },
      { label: '3歳', children: 0, per_staff: 15, tenths: 0 },
      { label: '4歳以上', children: 1, per_staff: 25, tenths: 0 },
    ]);
    // 保育士 memberships on 11/1: class A, class B, the 主任 and the tablet's 保育士.
    expect(report.headcount.class_staff).toBe(4);

    const check = report.one_year_check;
    expect(check.applicable).toBe(true);
    expect(check.met).toBe(false);
    // 1歳 present 08:00–16:00: 32 quarter hours; short at 5:1 the same sixteen.
    expect(check.slots_checked).toBe(32);
    expect(check.short_slots).toHaveLength(16);
    expect(check.conditions).toEqual([
      {
        key: 'one_year_ratio',
        label: '1歳児を5:1で配置（全ての日の15分ごと）',
        met: false,
        figures: '1歳児のいる32枠のうち不足 16枠（11/18 ひよこ組 12:00 1人／必要2人 ほか）',
      },
      { key: 'ict_attendance', label: 'ICTの活用：登降園管理', met: true, figures: '登降園の記録 4件' },
      { key: 'ict_other', label: 'ICTの活用：登降園管理のほか1つ以上の機能', met: true, figures: '職員の勤怠（打刻） 4件' },
    ]);
  });

  it('a month not begun has no days; before FY2025 the 加算 does not apply', async () => {
    const future = (
      await call(as.director, getStaffRatioMonth, { params: facility(), query: { month: '2027-01' }, headers: clock })
    ).data;
    expect(future.through).toBeNull();
    expect(future.days).toEqual([]);
    expect(future.one_year_check.conditions[0]!.figures).toBe('1歳児のいる時間帯はありません');
    const old = (await call(as.director, getStaffRatioMonth, { params: facility(), query: { month: '2025-03' }, headers: clock }))
      .data;
    expect(old.one_year_check.applicable).toBe(false);
    expect(old.one_year_check.met).toBe(false);
    expect(old.days).toHaveLength(31);
  });

  it('bad input: a month that is not one is 422 in Japanese; another facility’s id 404; nothing written', async () => {
    for (const month of ['2026-13', '2026-1', 'x', '2026-11-01'])
      expectInvalid(
        await callRaw(as.director, getStaffRatioMonth, { params: facility(), query: { month }, headers: clock }),
        'month',
      );
    expect(
      (await callRaw(as.director, getStaffRatioMonth, { params: { facilityId: 2_000_000_000 }, headers: clock })).statusCode,
    ).toBe(404);
    expect(
      (await callRaw(as.director, getStaffRatioMonth, { params: { facilityId: 'abc' as never }, headers: clock })).statusCode,
    ).toBe(422);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'staffing.report.export'))).toEqual([]);
  });
});

describe('the report as CSV', () => {
  const url = (month = '2026-11', facilityId = w.facilityId) =>
    `/api/staff/facilities/${facilityId}/ratio-month.csv?month=${month}`;

  it('the same readers; UTF-8 with BOM; short slots, the headcount and the conditions; audited', async () => {
    const got: Record<string, number> = {};
    for (const persona of Object.keys(as) as StaffPersona[])
      got[persona] = (await as[persona].get(url(), { headers: clock })).statusCode;
    expect(got).toEqual(reportReaders);
    expect((await chief.get(url(), { headers: clock })).statusCode).toBe(200);
    expect((await tablet.get(url(), { headers: clock })).statusCode).toBe(403);
    expect((await kiosk.get(url(), { headers: clock })).statusCode).toBe(401);
    const res = await as.office.get(url(), { headers: clock });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF"区分","日付","クラス","時刻","園児数","保育士数","必要数","内容"')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines).toContain('"不足（実績）","2026-11-18","ひよこ組","12:00","4","1","2","1人不足"');
    expect(lines).toContain('"必要保育士数（公定価格FAQ）","2026-11-01","1・2歳","","3","","0.5","÷6（小数点第1位まで）"');
    expect(lines).toContain('"必要保育士数（公定価格FAQ）","2026-11-01","合計","","4","4","1","充足"');
    expect(lines.some((l) => l.includes('1歳児を5:1で配置（全ての日の15分ごと）：満たさない'))).toBe(true);
    expect(lines).toContain('"1歳児配置改善加算","","","","","","","判定：要件を満たさない"');
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'staffing.report.export'));
    // 法人管理者, 園長, 事務, 主任, then 事務 once more.
    expect(audits.length).toBe(5);
    expect(audits[0]!.details).toEqual({ month: '2026-11' });
  });

  it('bad input: 422 for a bad month, 404 for another facility', async () => {
    expect((await as.director.get(url('2026-13'), { headers: clock })).statusCode).toBe(422);
    expect((await as.director.get(url('2026-11', 2_000_000_000), { headers: clock })).statusCode).toBe(404);
  });
});

describe('シフト表’s red slots (getStaffShiftRatio)', () => {
  let patternId: number;

  beforeAll(async () => {
    // December: the three babies planned 08:00–16:00 on 12/1; pattern A 08:00–16:00.
    for (const baby of babies)
      await db().insert(schedules).values({
        companyId: w.companyId,
        noteChildId: baby.noteChild.id,
        date: '2026-12-01',
        attendanceTime: '08:00',
        leavingTime: '16:00',
        isAbsent: false,
      });
    patternId = (
      await call(as.director, postStaffShiftPattern, {
        params: facility(),
        body: { code: 'A', start: '08:00', end: '16:00', break_minutes: 60 },
        headers: clock,
      })
    ).data.id;
  });

  const ratio = (agent: Agent) =>
    call(agent, getStaffShiftRatio, { params: facility(), query: { month: '2026-12' }, headers: clock });

  it('園長, 法人管理者 and 主任 read it; 事務 and 保育士 403; other facility 404; signed-out 401; PIN tablet 403, kiosk 401', async () => {
    await expectMatrix(as, shiftEditors, (agent) => ratio(agent));
    expect((await ratio(chief)).statusCode).toBe(200);
    expect((await ratio(tablet)).statusCode).toBe(403);
    expect((await ratio(kiosk)).statusCode).toBe(401);
  });

  it('a day planned short is red with its figures; a shift tapped in turns it normal', async () => {
    const cell = (userId: number, pattern: number | null) =>
      call(chief, putStaffShift, {
        params: facility(),
        body: { user_id: userId, date: '2026-12-01', pattern_id: pattern },
        headers: clock,
      });
    expect((await cell(w.staff.classStaffA.user.id, patternId)).statusCode).toBe(200);
    const before = shiftRatioSchema.parse((await ratio(as.director)).json());
    expect(before.days).toHaveLength(31);
    expect(before.days[0]).toEqual({
      date: '2026-12-01',
      short: [{ class_id: w.classA.id, name: 'ひよこ組', start: '08:00', end: '16:00', children: 3, staff: 1, required: 2 }],
    });
    expect(before.days.slice(1).every((d) => d.short.length === 0)).toBe(true);
    // The 主任 taps themself in: two in class A for the whole stay.
    expect((await cell(chiefId, patternId)).statusCode).toBe(200);
    expect((await ratio(as.director)).data.days[0]).toEqual({ date: '2026-12-01', short: [] });
    expect((await cell(chiefId, null)).statusCode).toBe(200);
    expect((await ratio(chief)).data.days[0]!.short).toHaveLength(1);
  });

  it('bad input: a bad month 422 in Japanese; another facility 404', async () => {
    expectInvalid(
      await callRaw(as.director, getStaffShiftRatio, { params: facility(), query: { month: '2026-00' }, headers: clock }),
      'month',
    );
    expect(
      (await callRaw(as.director, getStaffShiftRatio, { params: { facilityId: 2_000_000_000 }, headers: clock })).statusCode,
    ).toBe(404);
  });
});
