import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { postStaffDevice, postStaffDevicePair, tokyoTime, type ClockKind } from '@renraku/contract';
import { auditLog, devices, facilities, staffTimeEntries } from '../src/db/schema';
import { staffClockGroupCommit, type StaffClockRequest } from '../src/modules/kiosk/staff-clock-batch';
import type { PairedDevice } from '../src/modules/staff/service';
import { buildStaffWorld } from './factories';
import { call, setupApp, staffAgents } from './harness';

/*
 * The gate's 打刻 written together (src/modules/kiosk/staff-clock-batch.ts): the 打刻 of requests
 * that arrive at the same time go into one transaction; each request is still answered its own, a
 * person's steps are folded in the order they came, an id is recorded once, and one request that
 * fails in the database does not fail the others.
 */

const t = setupApp();
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const TODAY = '2026-11-20';
const clock = { 'x-test-now': NOW };
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let device: PairedDevice;

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  const as = await staffAgents(t, w, clock);
  const body = { name: '門', class_id: null, purpose: 'kiosk' as const };
  const registered = await call(as.director, postStaffDevice, { params: { facilityId: w.facilityId }, body, headers: clock });
  expect((await call(t.agent(clock), postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  const [row] = await t.db
    .select({ device: devices, facilityName: facilities.name })
    .from(devices)
    .innerJoin(facilities, eq(facilities.id, devices.facilityId))
    .where(eq(devices.id, registered.data.device.id));
  device = { ...row!.device, facilityName: row!.facilityName };
}, 120_000);

const clockOf = (userId: number, kind: ClockKind, minutes: number, id: string = randomUUID()) => ({
  entry: { id, kind, at: at(minutes).toISOString(), staff: { type: 'qr' as const, token: 'checked-before' } },
  userId,
  at: at(minutes),
  date: TODAY,
  time: tokyoTime(at(minutes)),
});
const request = (clocks: StaffClockRequest['clocks'], extra: Partial<StaffClockRequest> = {}): StaffClockRequest => ({
  device,
  clocks,
  skew: 0,
  now: new Date(NOW),
  ip: '127.0.0.1',
  ...extra,
});
const dayOf = (userId: number) =>
  t.db
    .select()
    .from(staffTimeEntries)
    .where(and(eq(staffTimeEntries.userId, userId), eq(staffTimeEntries.date, TODAY)))
    .orderBy(staffTimeEntries.time);

describe('staff 打刻 arriving together', () => {
  it('one transaction for all; each request answered its own; a day folded in order; an id once, whatever its case', async () => {
    const commit = staffClockGroupCommit(t.db);
    const [a, b, c] = [w.staff.classStaffA.user.id, w.staff.classStaffB.user.id, w.staff.director.user.id];
    const twice = randomUUID();
    const before = t.database.queryCount();
    const answers = await Promise.all([
      commit.record([request([clockOf(a, 'in', -10), clockOf(a, 'break_start', -5)])]),
      commit.record([request([clockOf(b, 'break_start', -9)])]),
      commit.record([request([clockOf(c, 'in', -8, twice)])]),
      commit.record([request([clockOf(c, 'in', -8, twice.toUpperCase())])]),
      // A request whose 打刻 were all refused before the batch: only the device's skew, the latest.
      commit.record([request([], { skew: 5000, now: new Date(Date.parse(NOW) + 1000) })]),
    ]);
    // Begin, the people's locks, their days, the insert with audit and skew, commit: for all five requests.
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(5);
    expect(answers.map((answer) => answer[0]!.map((r) => [r.status, r.out_of_order]))).toEqual([
      [
        ['recorded', false],
        ['recorded', false],
      ],
      [['recorded', true]],
      [['recorded', false]],
      [['duplicate', false]],
      [],
    ]);
    expect((await dayOf(a)).map((e) => [e.kind, e.time, e.source, e.deviceId])).toEqual([
      ['in', '08:50', 'kiosk', device.id],
      ['break_start', '08:55', 'kiosk', device.id],
    ]);
    expect((await dayOf(b)).map((e) => [e.kind, e.outOfOrder])).toEqual([['break_start', true]]);
    const cDay = await dayOf(c);
    expect(cDay.map((e) => e.clientId)).toEqual([twice]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kiosk.staff.clock'), inArray(auditLog.userId, [a, b, c])));
    expect(audits).toHaveLength(4);
    expect(audits.find((x) => x.targetId === cDay[0]!.id)).toMatchObject({ userId: c, deviceId: device.id, ip: '127.0.0.1' });
    const [gate] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(gate!.clockSkewMs).toBe(5000);

    // Sent again later (the answer was lost): a duplicate with what was stored.
    const [again] = await commit.record([request([clockOf(b, 'break_start', -9, (await dayOf(b))[0]!.clientId!)])]);
    expect(again).toEqual([{ id: expect.any(String), status: 'duplicate', out_of_order: true, message: null }]);
  });

  it('a request that fails in the database fails alone; the others of its batch are recorded', async () => {
    const commit = staffClockGroupCommit(t.db);
    const good = clockOf(w.staff.office.user.id, 'in', -3);
    const [bad, fine] = await Promise.allSettled([
      // No such person: the insert's foreign key refuses the whole batch, then each request is written alone.
      commit.record([request([clockOf(2_000_000_000, 'in', -4)])]),
      commit.record([request([good])]),
    ]);
    expect(bad.status).toBe('rejected');
    expect(fine).toMatchObject({ status: 'fulfilled', value: [[{ id: good.entry.id, status: 'recorded' }]] });
    expect((await dayOf(w.staff.office.user.id)).map((e) => e.clientId)).toEqual([good.entry.id]);
    expect(await t.db.select().from(staffTimeEntries).where(eq(staffTimeEntries.userId, 2_000_000_000))).toEqual([]);
  });
});
