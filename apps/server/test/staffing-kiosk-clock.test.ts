import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  getKioskRoster,
  getStaffRatioNow,
  getStaffTimeEntries,
  kioskMessages,
  kioskStaffClockMessages,
  postKioskStaffClocks,
  postKioskStaffPin,
  postStaffClock,
  postStaffDevice,
  postStaffDevicePair,
  postStaffQr,
  putStaffPin,
  STAFF_QR_PREFIX,
  type ClockKind,
  type KioskStaffClock,
} from '@renraku/contract';
import { auditLog, devices, staffQrTokens, staffTimeEntries } from '../src/db/schema';
import { buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid } from './staff-persona-matrix';

/*
 * Staff 打刻 at the gate kiosk (staffing.md §2; docs/decisions/staffing-kiosk-clock.md): named by
 * the person's 職員QR or PIN grant, each id once, stamped by the device's clock, an out-of-order step
 * kept and flagged; the kiosk device alone may send them; the live ratio follows.
 */

const t = setupApp();
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const TODAY = '2026-11-20';
const clock = { 'x-test-now': NOW };
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const PIN = '3917';
/** One gate 打刻: the device, the person with their membership, then (its batch) the locks, the days, the insert, and the transaction's begin and commit where the driver counts them (PostgreSQL). */
const STATEMENTS_PER_CLOCK = 7;

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let kiosk: Agent;
let kioskId: number;
let classTablet: Agent;
const qr: Partial<Record<StaffPersona, string>> = {};

async function paired(purpose: 'class' | 'kiosk') {
  const body = { name: purpose, class_id: purpose === 'class' ? w.classA.id : null, purpose };
  const registered = await call(as.director, postStaffDevice, { params: { facilityId: w.facilityId }, body, headers: clock });
  const agent = t.agent(clock);
  expect((await call(agent, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return { agent, id: registered.data.device.id };
}

const entry = (kind: ClockKind, token: string, minutes = 0, extra: Partial<KioskStaffClock> = {}): KioskStaffClock => ({
  id: randomUUID(),
  kind,
  at: at(minutes),
  staff: { type: 'qr', token },
  ...extra,
});
const post = (agent: Agent, entries: KioskStaffClock[]) =>
  call(agent, postKioskStaffClocks, { body: { sent_at: at(0), entries }, headers: clock });
const rowsOf = (userId: number) =>
  t.db
    .select()
    .from(staffTimeEntries)
    .where(and(eq(staffTimeEntries.userId, userId), eq(staffTimeEntries.date, TODAY)));

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  as = await staffAgents(t, w, clock);
  for (const who of ['classStaffA', 'classStaffB', 'director', 'companyAdmin', 'otherFacility', 'office'] as const) {
    const issued = await call(as[who], postStaffQr, { headers: clock });
    expect(issued.statusCode).toBe(201);
    qr[who] = issued.data.qr.slice(STAFF_QR_PREFIX.length);
  }
  // The ended membership's QR, issued while it was current.
  qr.ended = randomUUID() + randomUUID();
  await t.db.insert(staffQrTokens).values({
    userId: w.staff.ended.user.id,
    tokenHash: createHash('sha256').update(qr.ended).digest('hex'),
    issuedAt: new Date(NOW),
  });
  expect((await call(as.classStaffB, putStaffPin, { body: { pin: PIN }, headers: clock })).statusCode).toBe(200);
  const gate = await paired('kiosk');
  [kiosk, kioskId] = [gate.agent, gate.id];
  classTablet = (await paired('class')).agent;
}, 120_000);

describe('who may send staff 打刻: the gate kiosk alone', () => {
  it('anonymous, a guardian, a signed-in staff member (every role) → 401; a class tablet → 403; nothing written', async () => {
    const body = { sent_at: at(0), entries: [entry('in', qr.director!)] };
    for (const who of [
      'anonymous',
      'guardian',
      'companyAdmin',
      'director',
      'office',
      'classStaffA',
      'otherFacility',
      'ended',
    ] as const) {
      expect((await callRaw(as[who], postKioskStaffClocks, { body, headers: clock })).statusCode, who).toBe(401);
    }
    const tablet = await callRaw(classTablet, postKioskStaffClocks, { body, headers: clock });
    expect(tablet.statusCode).toBe(403);
    expect(tablet.json().message).toBe(kioskMessages.notKiosk);
    expect(await rowsOf(w.staff.director.user.id)).toEqual([]);
  });

  it('a person not working here that day is refused by name: another facility, an ended membership, a company-wide admin', async () => {
    const res = await post(kiosk, [entry('in', qr.otherFacility!), entry('in', qr.ended!), entry('in', qr.companyAdmin!)]);
    expect(res.statusCode).toBe(200);
    expect(res.data.results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', kioskMessages.staffInvalid],
      ['rejected', kioskMessages.staffInvalid],
      ['rejected', kioskStaffClockMessages.notMember],
    ]);
    for (const who of ['otherFacility', 'ended', 'companyAdmin'] as const) expect(await rowsOf(w.staff[who].user.id)).toEqual([]);
  });
});

describe('打刻 by 職員QR and by PIN', () => {
  it('a QR 出勤 is recorded once at the device time, source kiosk with the device, audited; the ratio counts them', async () => {
    const me = w.staff.classStaffA.user.id;
    const first = entry('in', qr.classStaffA!, -12); // 08:48 on the tablet, sent at 09:00
    const before = t.database.queryCount();
    const res = await post(kiosk, [first]);
    expect(res.data.results).toEqual([{ id: first.id, status: 'recorded', out_of_order: false, message: null }]);
    // The device, the QR with the person's membership; under the person's lock their day and the id
    // (one), then the row, the audit entry and the device's skew (one): one transaction, shared with
    // the 打刻 arriving at the same time (staff-clock-batch.ts; 10 statements before).
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(STATEMENTS_PER_CLOCK);
    const [gate] = await t.db.select().from(devices).where(eq(devices.id, kioskId));
    expect(gate).toMatchObject({ clockSkewMs: 0, lastSyncedAt: new Date(NOW) });
    const again = await post(kiosk, [first]);
    expect(again.data.results).toEqual([{ id: first.id, status: 'duplicate', out_of_order: false, message: null }]);
    const rows = await rowsOf(me);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'in',
      time: '08:48',
      source: 'kiosk',
      clientId: first.id,
      deviceId: kioskId,
      recordedBy: me,
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'kiosk.staff.clock'));
    const mine = audits.filter((a) => a.userId === me);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ deviceId: kioskId, facilityId: w.facilityId, targetId: rows[0]!.id });
    const ratio = await call(as.director, getStaffRatioNow, { params: { facilityId: w.facilityId }, headers: clock });
    const roomA = ratio.data.rooms.find((r) => r.class_id === w.classA.id)!;
    expect(roomA.staff.map((s) => s.user_id)).toContain(me);
    const day = await call(as.director, getStaffTimeEntries, {
      params: { facilityId: w.facilityId },
      query: { date: TODAY },
      headers: clock,
    });
    expect(day.data.staff.find((s) => s.user_id === me)).toMatchObject({
      state: 'working',
      entries: [expect.objectContaining({ source: 'kiosk', time: '08:48', out_of_order: false })],
    });
    // The roster tells the gate where their day stands, with the gate's own id.
    const roster = await call(kiosk, getKioskRoster, { headers: clock });
    expect(roster.data.staff.find((s) => s.user_id === me)!.clock).toEqual([{ id: first.id, kind: 'in', time: '08:48' }]);
  });

  it('a PIN grant names the person for its minutes; a 打刻 outside them is refused', async () => {
    const me = w.staff.classStaffB.user.id;
    const granted = await call(kiosk, postKioskStaffPin, { body: { user_id: me, pin: PIN, device_time: at(0) }, headers: clock });
    expect(granted.statusCode).toBe(200);
    const staff = { type: 'pin' as const, grant: granted.data.grant };
    const late = entry('in', '', 30, { staff });
    const inTime = entry('in', '', 1, { staff });
    const res = await post(kiosk, [late, inTime]);
    expect(res.data.results.map((r) => r.status)).toEqual(['rejected', 'recorded']);
    expect(res.data.results[0]!.message).toBe(kioskMessages.staffInvalid);
    expect((await rowsOf(me)).map((r) => [r.kind, r.time, r.source])).toEqual([['in', '09:01', 'kiosk']]);
  });
});

describe('an offline kiosk’s late 打刻: kept and flagged, never lost', () => {
  it('a 休憩開始 that arrives after the desktop 退勤 is recorded out of order, shown to the 園長, ignored by the fold', async () => {
    const me = w.staff.director.user.id;
    const desk = (kind: ClockKind, minutes: number) =>
      call(as.director, postStaffClock, {
        params: { facilityId: w.facilityId },
        body: { kind },
        headers: { 'x-test-now': at(minutes) },
      });
    expect((await desk('in', 0)).statusCode).toBe(201);
    expect((await desk('out', 60)).statusCode).toBe(201);
    // Made offline at 09:30 at the gate, arriving after the desktop's 10:00 退勤.
    const late = entry('break_start', qr.director!, 30);
    const res = await post(kiosk, [late]);
    expect(res.data.results).toEqual([
      { id: late.id, status: 'recorded', out_of_order: true, message: kioskStaffClockMessages.outOfOrder },
    ]);
    const day = await call(as.director, getStaffTimeEntries, {
      params: { facilityId: w.facilityId },
      query: { date: TODAY },
      headers: clock,
    });
    const mine = day.data.staff.find((s) => s.user_id === me)!;
    expect(mine.entries.map((e) => [e.kind, e.time, e.source, e.out_of_order])).toEqual([
      ['in', '09:00', 'self', false],
      ['break_start', '09:30', 'kiosk', true],
      ['out', '10:00', 'self', false],
    ]);
    // A resend of the flagged one: already recorded, still flagged, nothing added.
    expect((await post(kiosk, [late])).data.results[0]).toMatchObject({ status: 'duplicate', out_of_order: true });
    expect(await rowsOf(me)).toHaveLength(3);
  });

  it('a gate 出勤 before a desktop 出勤 flags the gate one (it makes the later step not fit); in order it is not', async () => {
    const desk = await call(as.office, postStaffClock, {
      params: { facilityId: w.facilityId },
      body: { kind: 'in' },
      headers: { 'x-test-now': at(20) },
    });
    expect(desk.statusCode).toBe(201);
    const [early, breakIn] = [entry('in', qr.office!, 5), entry('break_start', qr.office!, 40)];
    const res = await post(kiosk, [early, breakIn]);
    expect(res.data.results.map((r) => [r.status, r.out_of_order])).toEqual([
      ['recorded', true],
      ['recorded', false],
    ]);
  });
});

describe('bad input: 422 in Japanese, nothing written; a device clock far off: rejected', () => {
  it('refuses what it cannot read', async () => {
    const before = (await t.db.select({ n: count() }).from(staffTimeEntries))[0]!.n;
    const bad = (entries: unknown, sentAt: unknown = at(0)) =>
      callRaw(kiosk, postKioskStaffClocks, { body: { sent_at: sentAt, entries }, headers: clock });
    expectInvalid(await bad([{ ...entry('in', qr.office!), id: 'nope' }]), 'entries.0.id');
    expectInvalid(await bad([{ ...entry('in', qr.office!), kind: 'lunch' }]), 'entries.0.kind');
    expectInvalid(
      await bad([{ ...entry('in', qr.office!), staff: null }]),
      'entries.0.staff',
      kioskStaffClockMessages.staffRequired,
    );
    expectInvalid(await bad([{ ...entry('in', qr.office!), at: 'yesterday' }]), 'entries.0.at');
    expectInvalid(await bad([]), 'entries');
    expectInvalid(await bad(Array.from({ length: 101 }, () => entry('in', qr.office!))), 'entries');
    expectInvalid(await bad([entry('in', qr.office!)], 12), 'sent_at');
    expect((await t.db.select({ n: count() }).from(staffTimeEntries))[0]!.n).toBe(before);
    const far = await post(kiosk, [entry('in', qr.classStaffB!, -8 * 24 * 60), entry('in', qr.classStaffB!, 2 * 24 * 60)]);
    expect(far.data.results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', kioskMessages.timeOutOfRange],
      ['rejected', kioskMessages.timeOutOfRange],
    ]);
    const forged = await post(kiosk, [entry('in', 'x'.repeat(40))]);
    expect(forged.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
    expect((await t.db.select({ n: count() }).from(staffTimeEntries))[0]!.n).toBe(before);
  });
});
