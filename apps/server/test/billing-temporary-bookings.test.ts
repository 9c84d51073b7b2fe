import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deleteStaffBillingTemporaryBooking,
  deleteStaffBillingTemporaryUse,
  feeMessages as F,
  getKioskRoster,
  getStaffBillingMonth,
  getStaffBillingTemporaryBookings,
  getStaffBillingTemporaryUses,
  getStaffChildren,
  getStaffClassBoard,
  getStaffRatioDay,
  postKioskScans,
  postStaffBillingMonthClose,
  postStaffBillingTemporaryBooking,
  postStaffBillingTemporaryUse,
  postStaffChild,
  postStaffDevice,
  postStaffDevicePair,
  postStaffQr,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
  putStaffBillingTemporaryRates,
  rosterMessages,
  STAFF_QR_PREFIX,
  temporaryBookingMessages as B,
  type KioskScan,
} from '@renraku/contract';
import { auditLog, billingTemporaryBookings, children, noteChildren } from '../src/db/schema';
import { buildUser, linkGuardian } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { billingSettingsBody, payerAttributes, pinTablet } from './billing-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/**
 * 一時預かり bookings (issue 34; docs/decisions/billing-temporary-care.md): a child registered for
 * 一時預かり only, booked by the office; the gate's roster takes it on its booked day only; the
 * gate's arrival and pick-up time the day's use and the month's draft line; every call × 事務, 園長,
 * 法人管理者, 保育士 (403), another facility (404), ended, guardian, anonymous, the kiosk and a tablet.
 */
// Tokyo 2026-11-20 12:00.
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const { t, w, as } = setupStaffWorld(clock);
const tomorrow = { 'x-test-now': '2026-11-21T03:00:00.000Z' };

let kiosk: Agent;
let tablet: Agent;
let child: { id: number; noteChildId: number };
let payer: number;
let staffQr: KioskScan['staff'] = null;

const facility = () => ({ facilityId: w.facilityId });
const month = (m = '2026-11') => ({ facilityId: w.facilityId, month: m });
const booking = (date: string, start = '09:00', end = '15:00') => ({ child_id: child.id, date, start, end });
const bookingRows = async () => (await t.db.select({ n: count() }).from(billingTemporaryBookings))[0]!.n;
const audits = async (action: string) =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const book = (agent: Agent, body: unknown) => callRaw(agent, postStaffBillingTemporaryBooking, { params: facility(), body });
const cancel = (agent: Agent, bookingId: number) =>
  callRaw(agent, deleteStaffBillingTemporaryBooking, { params: { facilityId: w.facilityId, bookingId } });
const idOn = async (date: string) =>
  (
    await t.db
      .select({ id: billingTemporaryBookings.id })
      .from(billingTemporaryBookings)
      .where(and(eq(billingTemporaryBookings.childId, child.id), eq(billingTemporaryBookings.date, date)))
  )[0]!.id;
const scan = (kind: KioskScan['kind'], at: string): KioskScan => ({
  id: randomUUID(),
  note_child_id: child.noteChildId,
  kind,
  at,
  pickup: kind === 'pickup' ? { type: 'guardian' } : null,
  via: 'qr',
  staff: kind === 'pickup' ? staffQr : null,
});

beforeAll(async () => {
  await call(as.office, putStaffBillingSettings, { params: facility(), body: billingSettingsBody });
  await call(as.office, putStaffBillingTemporaryRates, {
    params: facility(),
    body: {
      valid_from: '2026-04',
      half_day_hours: 4,
      bands: [
        { from_age: 0, half_day: 2500, full_day: 4500 },
        { from_age: 3, half_day: 1500, full_day: 3000 },
      ],
    },
  });
  const registered = await t.agent(clock);
  const device = await call(as.director, postStaffDevice, {
    params: facility(),
    body: { name: 'ゲート', class_id: null, purpose: 'kiosk' },
  });
  await call(registered, postStaffDevicePair, { body: { code: device.data.code } });
  kiosk = registered;
  tablet = await pinTablet(t, as, w, clock);
  const qr = await call(as.classStaffA, postStaffQr);
  staffQr = { type: 'qr', token: qr.data.qr.slice(STAFF_QR_PREFIX.length) };
}, 120_000);

describe('a child registered for 一時預かり only', () => {
  const body = {
    last_name: '一時',
    first_name: 'ゆい',
    last_name_kana: 'いちじ',
    first_name_kana: 'ゆい',
    birth: '2022-06-01',
    sex: 2,
    admitted_on: '2026-11-01',
  };

  it('registered without a class (a class is refused in Japanese, nothing written); the roster marks it', async () => {
    const before = (await t.db.select({ n: count() }).from(children))[0]!.n;
    const bad = await callRaw(as.office, postStaffChild, {
      params: facility(),
      body: { ...body, temporary_only: true, class_id: w.classA.id },
    });
    expectInvalid(bad, 'class_id', rosterMessages.temporaryWithClass);
    expect((await t.db.select({ n: count() }).from(children))[0]!.n).toBe(before);
    const res = await call(as.office, postStaffChild, { params: facility(), body: { ...body, temporary_only: true } });
    expect(res.data).toMatchObject({ class_id: null, temporary_only: true, status: 'enrolled' });
    const [enrolment] = await t.db.select().from(noteChildren).where(eq(noteChildren.childId, res.data.id));
    child = { id: res.data.id, noteChildId: enrolment!.id };
    const guardian = await buildUser(t.db);
    await linkGuardian(t.db, child.id, guardian.id, { main: true });
    payer = guardian.id;
    await call(as.office, putStaffBillingChildAttributes, {
      params: { facilityId: w.facilityId, childId: child.id },
      body: payerAttributes(payer, '2026-11'),
    });
    const roster = await call(as.office, getStaffChildren, { params: facility() });
    expect(roster.data.find((c) => c.id === child.id)).toMatchObject({ temporary_only: true, class_name: null });
    expect(roster.data.find((c) => c.id === w.family.child.id)).toMatchObject({ temporary_only: false });
  });
});

describe('bookings', () => {
  it('POST: bad input is a Japanese 4xx and writes nothing (times, unknown child, another facility, past day, taken day)', async () => {
    expectInvalid(await book(as.office, booking('2026-11-25', '12:00', '09:00')), 'end', F.useTimes);
    expectInvalid(await book(as.office, { ...booking('2026-11-25'), child_id: 999999 }), 'child_id', B.notRegistered);
    expectInvalid(await book(as.office, { ...booking('2026-11-25'), child_id: w.otherFacility.child.id }), 'child_id');
    expectInvalid(await book(as.office, booking('2026-11-19')), 'date', B.pastDay);
    expectInvalid(await book(as.office, booking('2026-02-30')), 'date');
    expect(await bookingRows()).toBe(0);
    expect((await book(as.office, booking('2026-11-20'))).statusCode).toBe(201);
    const taken = await book(as.director, booking('2026-11-20', '13:00', '16:00'));
    expect([taken.statusCode, taken.json().message]).toEqual([409, B.taken]);
    expect(await bookingRows()).toBe(1);
  });

  it('POST and GET: 事務, 園長, 法人管理者; 保育士 403, another facility 404, ended, guardian, anonymous and the kiosk 401, a tablet 403', async () => {
    const days = ['2026-11-26', '2026-11-27', '2026-11-28'];
    await expectMatrix(as, statuses(201, { office: 201, classStaff: 403 }), (agent, _p, i) =>
      book(agent, booking(days[i] ?? '2026-11-29')),
    );
    expect((await book(kiosk, booking('2026-11-29'))).statusCode).toBe(401);
    expect((await book(tablet, booking('2026-11-29'))).statusCode).toBe(403);
    await expectMatrix(as, statuses(200, { office: 200, classStaff: 403 }), (agent) =>
      call(agent, getStaffBillingTemporaryBookings, { params: month() }),
    );
    expect((await callRaw(kiosk, getStaffBillingTemporaryBookings, { params: month() })).statusCode).toBe(401);
    await book(as.office, booking('2026-11-25', '09:00', '16:30'));
    const list = await call(as.office, getStaffBillingTemporaryBookings, { params: month() });
    expect(list.data.map((b) => [b.date, b.child_name, b.temporary_only, b.cancellable])).toEqual([
      ['2026-11-20', '一時 ゆい', true, false],
      ['2026-11-25', '一時 ゆい', true, true],
      ['2026-11-26', '一時 ゆい', true, true],
      ['2026-11-27', '一時 ゆい', true, true],
      ['2026-11-28', '一時 ゆい', true, true],
    ]);
    expect(await audits('billing.temporary_booking.create')).toBe(5);
  });

  it('DELETE: while the day has not come; the day itself or a past day 409, unknown 404; refused callers write nothing', async () => {
    const byPersona = [await idOn('2026-11-26'), await idOn('2026-11-27'), await idOn('2026-11-28')];
    const someone = byPersona[0]!;
    expect((await cancel(kiosk, someone)).statusCode).toBe(401);
    expect((await cancel(tablet, someone)).statusCode).toBe(403);
    await expectMatrix(as, statuses(200, { office: 200, classStaff: 403 }), (agent, _p, i) =>
      cancel(agent, byPersona[i] ?? someone),
    );
    const today = await cancel(as.office, await idOn('2026-11-20'));
    expect([today.statusCode, today.json().message]).toEqual([409, B.started]);
    const [past] = await t.db
      .insert(billingTemporaryBookings)
      .values({ ...booking('2026-11-10'), childId: child.id, companyId: w.companyId, facilityId: w.facilityId })
      .returning();
    expect((await cancel(as.office, past!.id)).statusCode).toBe(409);
    await t.db.delete(billingTemporaryBookings).where(eq(billingTemporaryBookings.id, past!.id));
    expect((await cancel(as.office, 999999)).statusCode).toBe(404);
    expect((await call(as.office, getStaffBillingTemporaryBookings, { params: month() })).data.map((b) => b.date)).toEqual([
      '2026-11-20',
      '2026-11-25',
    ]);
    expect(await audits('billing.temporary_booking.cancel')).toBe(3);
  });
});

describe('the gate and the month', () => {
  it('the kiosk roster takes the child on its booked day only, in a 一時預かり group', async () => {
    const today = await call(kiosk, getKioskRoster);
    expect(today.data.children.find((c) => c.child_id === child.id)).toMatchObject({
      class_name: '一時預かり',
      temporary_care: true,
    });
    expect(today.data.children.find((c) => c.child_id === w.family.child.id)).toMatchObject({ temporary_care: false });
    const next = await call(kiosk, getKioskRoster, { headers: tomorrow });
    expect(next.data.children.some((c) => c.child_id === child.id)).toBe(false);
    expect(next.data.children.some((c) => c.child_id === w.family.child.id)).toBe(true);
  });

  it('arrival and pick-up scanned at the gate time the day’s use; the draft line shows both booked days', async () => {
    const res = await call(kiosk, postKioskScans, {
      body: {
        sent_at: '2026-11-20T02:45:00.000Z',
        scans: [scan('arrival', '2026-11-20T00:05:00.000Z'), scan('pickup', '2026-11-20T02:40:00.000Z')],
      },
    });
    expect(res.data.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const uses = await call(as.office, getStaffBillingTemporaryUses, { params: month() });
    expect(uses.data.map((u) => [u.date, u.source, u.start, u.end, u.span, u.amount, u.id])).toEqual([
      ['2026-11-20', 'attendance', '09:05', '11:40', 'half', 1500, null],
      ['2026-11-25', 'booking', '09:00', '16:30', 'full', 3000, null],
    ]);
    const bookings = await call(as.office, getStaffBillingTemporaryBookings, { params: month() });
    expect(bookings.data[0]).toMatchObject({ arrived_at: '09:05', picked_up_at: '11:40' });
    const draft = await call(as.office, getStaffBillingMonth, { params: month() });
    const statement = draft.data.statements.find((s) => s.payer.id === payer)!;
    // 2022-06-01 生まれ: 4歳児; registered for 一時預かり only, so no 副食費 however old.
    expect(statement.lines.map((l) => [l.kind, l.amount])).toEqual([['temporary', 4500]]);
    expect(statement.lines[0]!.explanation).toBe(
      '3歳児以上の料金（4時間までは半日）：11/20 09:05〜11:40 半日1,500円、11/25 09:00〜16:30 1日3,000円',
    );
    const board = await call(as.classStaffA, getStaffClassBoard, {
      params: { classId: w.classA.id },
      query: { date: '2026-11-20' },
    });
    expect(board.statusCode).toBe(200);
    expect(JSON.stringify(board.data)).not.toContain('ゆい');
    // No class: she counts in the ratio's first room of her age, else the first mixed-age one (ひよこ組).
    const ratio = await call(as.director, getStaffRatioDay, { params: facility(), query: { date: '2026-11-20' } });
    const room = ratio.data.rooms.find((r) => r.class_id === w.classA.id)!;
    expect(room.actual.find((slot) => slot.start === '10:00')).toMatchObject({ children: 1 });
    expect(room.actual.find((slot) => slot.start === '12:00')).toMatchObject({ children: 0 });
  });

  it('the 事務’s record of the day replaces the gate’s times; removing it brings them back', async () => {
    const recorded = await call(as.office, postStaffBillingTemporaryUse, {
      params: facility(),
      body: { child_id: child.id, date: '2026-11-20', start: '09:00', end: '14:00' },
    });
    const day = recorded.data.filter((u) => u.date === '2026-11-20');
    expect(day.map((u) => [u.source, u.start, u.end, u.span])).toEqual([['record', '09:00', '14:00', 'full']]);
    await call(as.office, deleteStaffBillingTemporaryUse, { params: { facilityId: w.facilityId, useId: day[0]!.id! } });
    const back = await call(as.office, getStaffBillingTemporaryUses, { params: month() });
    expect(back.data[0]).toMatchObject({ source: 'attendance', start: '09:05', end: '11:40' });
  });

  it('a closed month: no booking or cancel (409, nothing written); its statement keeps the line', async () => {
    const closed = await call(as.office, postStaffBillingMonthClose, { params: month() });
    expect(closed.statusCode).toBe(200);
    const before = await bookingRows();
    const late = await book(as.office, { ...booking('2026-11-30'), child_id: w.family.child.id });
    expect([late.statusCode, late.json().message]).toEqual([409, F.useClosed]);
    const gone = await cancel(as.office, await idOn('2026-11-25'));
    expect([gone.statusCode, gone.json().message]).toEqual([409, F.useClosed]);
    expect(await bookingRows()).toBe(before);
    const issued = await call(as.office, getStaffBillingMonth, { params: month() });
    expect(issued.data.statements.find((s) => s.payer.id === payer)!.total).toBe(4500);
  });
});
