import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deleteStaffClosedDay,
  facilityMessages,
  fiscalYearOf,
  getAvailableFunctions,
  getStaffFacility,
  postStaffClosedDay,
  putStaffFacility,
  putStaffFacilityFunctions,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, facilities, facilityClosedDays, facilityFunctions } from '../src/db/schema';
import { call, callRaw } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll, setupOnly } from './staff-persona-matrix';

const { t, db, w, as } = setupStaffWorld();

const params = () => ({ facilityId: w.facilityId });
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const auditOf = (action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.facilityId, w.facilityId)));
const facilityRow = async () => (await db().select().from(facilities).where(eq(facilities.id, w.facilityId)))[0]!;
const closedDayCount = async () => (await db().select({ n: count() }).from(facilityClosedDays))[0]!.n;

describe('GET facility', () => {
  it('every member: profile, functions, the 年度’s closed days with the public holidays marked', async () => {
    await db()
      .insert(facilityClosedDays)
      .values({ companyId: w.companyId, facilityId: w.facilityId, date: '2026-12-29', name: '年末休園' });
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffFacility, { params: params(), query: { fiscal_year: 2026 } }));
    const res = await call(as.classStaffB, getStaffFacility, { params: params(), query: { fiscal_year: 2026 } });
    expect(res.data).toMatchObject({
      id: w.facilityId,
      fiscal_year: 2026,
      address: '',
      phone: '',
      opening_time: null,
      closing_time: null,
      functions: { notice: false, schedule: false, body_measurement: false, event: false },
    });
    const days = res.data.closed_days;
    expect(days.find((d) => d.date === '2026-12-29')).toEqual({
      id: expect.any(Number),
      date: '2026-12-29',
      name: '年末休園',
      public_holiday: false,
    });
    expect(days.find((d) => d.date === '2026-11-23')).toEqual({
      id: null,
      date: '2026-11-23',
      name: '勤労感謝の日',
      public_holiday: true,
    });
    expect(days.find((d) => d.date === '2027-01-01')?.name).toBe('元日');
    expect(days.every((d) => d.date >= '2026-04-01' && d.date <= '2027-03-31')).toBe(true);
    expect(days.map((d) => d.date)).toEqual(days.map((d) => d.date).sort());

    const next = await call(as.director, getStaffFacility, { params: params(), query: { fiscal_year: 2027 } });
    expect(next.data.closed_days.map((d) => d.date)).not.toContain('2026-12-29');
    const current = await call(as.director, getStaffFacility, { params: params() });
    expect(current.data.fiscal_year).toBe(fiscalYearOf(tokyoDate(new Date())));
  });
});

describe('PUT facility', () => {
  const profile = (name: string) => ({
    name,
    address: '東京都千代田区1-2-3',
    phone: '03-1234-5678',
    opening_time: '07:00',
    closing_time: '19:00',
  });

  it('director and company admin; audited facility.update with before and after', async () => {
    await expectMatrix(as, setupOnly(200), (agent, persona) =>
      call(agent, putStaffFacility, { params: params(), body: profile(`${persona}保育園`) }),
    );
    expect(await facilityRow()).toMatchObject({
      name: 'director保育園',
      address: '東京都千代田区1-2-3',
      phone: '03-1234-5678',
      openingTime: '07:00',
      closingTime: '19:00',
    });
    const entries = await auditOf('facility.update');
    expect(entries).toHaveLength(2);
    const byDirector = entries.find((e) => e.userId === w.staff.director.user.id)!;
    expect(byDirector.details).toMatchObject({
      before: { name: 'companyAdmin保育園' },
      after: { name: 'director保育園', opening_time: '07:00' },
    });
    // Cleared hours and an empty address are allowed.
    const res = await call(as.director, putStaffFacility, {
      params: params(),
      body: { name: 'さくら保育園', address: '', phone: '', opening_time: null, closing_time: null },
    });
    expect(res.data).toMatchObject({ name: 'さくら保育園', address: '', opening_time: null, closing_time: null });
  });

  it('bad input: 422 in Japanese; nothing written, no audit entry', async () => {
    const [before, audits] = [await facilityRow(), await auditCount()];
    const send = (body: Record<string, unknown>) => callRaw(as.director, putStaffFacility, { params: params(), body });
    expectInvalid(await send({ ...profile(''), name: '  ' }), 'name', '施設名を入力してください');
    expectInvalid(await send(profile('あ'.repeat(51))), 'name', '施設名は50文字以内で入力してください');
    expectInvalid(await send({ ...profile('x'), phone: '03-abcd' }), 'phone', '電話番号は半角の数字とハイフンで入力してください');
    expectInvalid(
      await send({ ...profile('x'), opening_time: '7:00' }),
      'opening_time',
      '開園時刻は「08:30」の形で入力してください',
    );
    expectInvalid(
      await send({ ...profile('x'), opening_time: '19:00', closing_time: '07:00' }),
      'closing_time',
      facilityMessages.closingBeforeOpening,
    );
    expect((await callRaw(as.director, putStaffFacility, { params: { facilityId: 'x' }, body: profile('y') })).statusCode).toBe(
      422,
    );
    expect(await facilityRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('closed days', () => {
  it('POST: director and company admin; audited facility.closed_day.create', async () => {
    await expectMatrix(as, setupOnly(201), (agent, persona, i) =>
      call(agent, postStaffClosedDay, { params: params(), body: { date: `2026-12-0${i + 1}`, name: `${persona}の休園日` } }),
    );
    const res = await call(as.director, getStaffFacility, { params: params(), query: { fiscal_year: 2026 } });
    const entered = res.data.closed_days.filter((d) => d.date >= '2026-12-01' && d.date <= '2026-12-09');
    expect(entered.map((d) => [d.date, d.name])).toEqual([
      ['2026-12-01', 'companyAdminの休園日'],
      ['2026-12-02', 'directorの休園日'],
    ]);
    const entries = await auditOf('facility.closed_day.create');
    expect(entries.map((e) => e.details)).toEqual(expect.arrayContaining([{ date: '2026-12-02', name: 'directorの休園日' }]));
  });

  it('bad input: a public holiday, a date already closed, no date or name → 422; nothing written', async () => {
    await call(as.director, postStaffClosedDay, { params: params(), body: { date: '2027-03-29', name: '年度末休園' } });
    const [days, audits] = [await closedDayCount(), await auditCount()];
    const send = (body: Record<string, unknown>) => callRaw(as.director, postStaffClosedDay, { params: params(), body });
    expectInvalid(await send({ date: '2026-11-23', name: '休園' }), 'date', facilityMessages.closedDayHoliday);
    expectInvalid(await send({ date: '2027-03-29', name: '二重' }), 'date', facilityMessages.closedDayTaken);
    expectInvalid(await send({ date: '2027-02-30', name: '休園' }), 'date');
    expectInvalid(await send({ name: '休園' }), 'date', '日付を入力してください');
    expectInvalid(await send({ date: '2027-03-30', name: ' ' }), 'name', '休園日の名前を入力してください');
    expectInvalid(await send({ date: '2027-03-30', name: 'あ'.repeat(31) }), 'name');
    expect(await closedDayCount()).toBe(days);
    expect(await auditCount()).toBe(audits);
  });

  it('DELETE: director and company admin, each their own day; 404 for another facility’s; audited', async () => {
    const rows = await db()
      .insert(facilityClosedDays)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          companyId: w.companyId,
          facilityId: w.facilityId,
          date: `2027-02-0${i + 1}`,
          name: `削除用${i}`,
        })),
      )
      .returning();
    await expectMatrix(as, setupOnly(200), (agent, _persona, i) =>
      call(agent, deleteStaffClosedDay, { params: { closedDayId: rows[i]!.id } }),
    );
    const left = await db().select().from(facilityClosedDays).where(eq(facilityClosedDays.facilityId, w.facilityId));
    expect(left.map((d) => d.id)).not.toContain(rows[0]!.id);
    expect(left.map((d) => d.id)).not.toContain(rows[1]!.id);
    expect(left.map((d) => d.id)).toContain(rows[2]!.id);
    expect((await auditOf('facility.closed_day.delete')).map((e) => e.targetId).sort()).toEqual(
      [rows[0]!.id, rows[1]!.id].sort(),
    );

    const [foreign] = await db()
      .insert(facilityClosedDays)
      .values({ companyId: w.otherFacility.companyId, facilityId: w.otherFacility.facilityId, date: '2027-02-10', name: '他園' })
      .returning();
    expect((await call(as.director, deleteStaffClosedDay, { params: { closedDayId: foreign!.id } })).statusCode).toBe(404);
    expect((await call(as.director, deleteStaffClosedDay, { params: { closedDayId: rows[0]!.id } })).statusCode).toBe(404);
    expect((await callRaw(as.director, deleteStaffClosedDay, { params: { closedDayId: 'x' } })).statusCode).toBe(422);
  });
});

describe('functions', () => {
  const all = (on: boolean) => ({ notice: on, schedule: on, body_measurement: on, event: on });

  it('PUT: director and company admin; audited; the guardian app’s available functions follow', async () => {
    await expectMatrix(as, setupOnly(200), (agent) =>
      call(agent, putStaffFacilityFunctions, { params: params(), body: all(true) }),
    );
    const guardianSees = async () => (await call(as.guardian, getAvailableFunctions)).data;
    expect(await guardianSees()).toEqual(['notice', 'schedule', 'body_measurement', 'event']);

    const some = { notice: true, schedule: false, body_measurement: true, event: false };
    expect((await call(as.director, putStaffFacilityFunctions, { params: params(), body: some })).data).toEqual(some);
    expect(await guardianSees()).toEqual(['notice', 'body_measurement']);
    expect((await call(as.office, getStaffFacility, { params: params() })).data.functions).toEqual(some);

    await call(as.companyAdmin, putStaffFacilityFunctions, { params: params(), body: all(false) });
    expect(await guardianSees()).toEqual([]);
    await call(as.director, putStaffFacilityFunctions, { params: params(), body: all(true) });
    expect(await guardianSees()).toEqual(['notice', 'schedule', 'body_measurement', 'event']);
    // Only the switches sent change.
    const one = await call(as.director, putStaffFacilityFunctions, { params: params(), body: { event: false } });
    expect(one.data).toEqual({ ...all(true), event: false });
    expect(await guardianSees()).toEqual(['notice', 'schedule', 'body_measurement']);
    await call(as.director, putStaffFacilityFunctions, { params: params(), body: { event: true } });

    const entries = await auditOf('facility.functions.update');
    expect(entries).toHaveLength(7);
    expect(entries.map((e) => e.details)).toContainEqual({ before: some, after: all(false) });
  });

  it('bad input: 422 in Japanese; nothing written', async () => {
    const rows = () => db().select().from(facilityFunctions).where(eq(facilityFunctions.facilityId, w.facilityId));
    const [before, audits] = [await rows(), await auditCount()];
    const send = (body: Record<string, unknown>) => callRaw(as.director, putStaffFacilityFunctions, { params: params(), body });
    expectInvalid(await send({ notice: 'yes', schedule: false, body_measurement: false, event: false }), 'notice');
    expectInvalid(await send({ event: 'off' }), 'event', 'オンかオフを選択してください');
    const none = await send({});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('変更する機能を指定してください');
    expect(await rows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('contract', () => {
  it('the OpenAPI document lists the facility setup calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/staff/facilities/{facilityId}',
        '/api/staff/facilities/{facilityId}/closed-days',
        '/api/staff/closed-days/{closedDayId}',
        '/api/staff/facilities/{facilityId}/functions',
        '/api/staff/facilities/{facilityId}/banners',
        '/api/staff/banners/{bannerId}',
        '/api/staff/facilities/{facilityId}/promotion/preview',
        '/api/staff/facilities/{facilityId}/promotion',
      ]),
    );
  });
});
