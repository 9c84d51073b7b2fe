import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  getStaffClassNaps,
  napMessages as M,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffNapCheck,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  putStaffClassNapSettings,
} from '@renraku/contract';
import { auditLog, childAttendances, classes, napChecks, noteChildren, staffPins } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { buildChild } from './factories';
import { call, callRaw, type Agent, type StaffPersona } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

const db = () => t.db;

// Tokyo 2026-11-20 13:00: nap time.
const NOW = '2026-11-20T04:00:00.000Z';
const clock = { 'x-test-now': NOW };
const { t, w, as } = setupStaffWorld(clock);
const at = (minutes: number) => ({ 'x-test-now': new Date(Date.parse(NOW) + minutes * 60_000).toISOString() });

beforeAll(async () => {
  // Class A is a 0歳 class: a check every 5 minutes by default.
  await db().update(classes).set({ ageBand: 0 }).where(eq(classes.id, w.classA.id));
  // The child came at 08:30 (only children in the room are due: staff-naps-presence.test.ts).
  await db().insert(childAttendances).values({
    companyId: w.companyId,
    noteChildId: w.family.noteChild.id,
    date: '2026-11-20',
    arrivedAt: '08:30',
    source: 'kiosk',
  });
}, 120_000);

const classA = () => ({ classId: w.classA.id });
/** Reading: every member but office; writing: class A's own staff, directors, company admins. */
const read = statuses(200, { office: 403, classStaff: 200 });
const write = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), classStaffA: ok });
const checkCount = async () => (await db().select({ n: count() }).from(napChecks))[0]!.n;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const naps = (agent: Agent, headers = clock) => call(agent, getStaffClassNaps, { params: classA(), headers });
const check = (
  agent: Agent,
  body: { child_id: number; position: 'supine' | 'side' | 'prone'; breathing_ok: boolean },
  headers = clock,
) => call(agent, postStaffNapCheck, { params: classA(), body, headers });

describe('nap checks', () => {
  it('GET: the class’s children, the interval by age band, no nap yet; office may not; writable for the class’s staff', async () => {
    await expectMatrix(as, read, (agent) => naps(agent));
    const res = await naps(as.classStaffA);
    expect(res.data).toMatchObject({
      class: { id: w.classA.id, name: 'ひよこ組', age_band: 0 },
      date: '2026-11-20',
      interval_minutes: 5,
      default_interval_minutes: 5,
      writable: true,
      session: null,
    });
    expect(res.data.children).toEqual([
      {
        id: w.family.child.id,
        name: expect.any(String),
        kana: expect.any(String),
        presence: 'present',
        arrived_at: '08:30',
        picked_up_at: null,
        absence_reported: false,
        checks: [],
        next_due_at: null,
        recheck: false,
      },
    ]);
    expect((await naps(as.classStaffB)).data.writable).toBe(false);
    const yesterday = await call(as.director, getStaffClassNaps, {
      params: classA(),
      query: { date: '2026-11-19' },
      headers: clock,
    });
    expect(yesterday.data.writable).toBe(false);
  });

  it('PUT settings: the class’s staff set the interval; audited; bad values are 422', async () => {
    await expectMatrix(as, write(200), (agent) =>
      call(agent, putStaffClassNapSettings, { params: classA(), body: { interval_minutes: 6 }, headers: clock }),
    );
    const res = await call(as.classStaffA, putStaffClassNapSettings, {
      params: classA(),
      body: { interval_minutes: 7 },
      headers: clock,
    });
    expect(res.data).toMatchObject({ interval_minutes: 7, default_interval_minutes: 5 });
    const audits = await auditCount();
    for (const bad of [0, 31, 2.5, '5', null]) {
      expectInvalid(
        await callRaw(as.director, putStaffClassNapSettings, {
          params: classA(),
          body: { interval_minutes: bad },
          headers: clock,
        }),
        'interval_minutes',
        M.interval,
      );
    }
    expect(await auditCount()).toBe(audits);
    expect((await naps(as.director)).data.interval_minutes).toBe(7);
  });

  it('a check before the nap starts is 422; start: the first check is due at once', async () => {
    expectInvalid(
      await check(as.classStaffA, { child_id: w.family.child.id, position: 'supine', breathing_ok: true }),
      'session',
      M.notStarted,
    );
    await expectMatrix(as, write(200), (agent) => call(agent, postStaffClassNapStart, { params: classA(), headers: clock }));
    const res = await naps(as.classStaffA);
    expect(res.data.session).toEqual({ started_at: NOW, ended_at: null });
    expect(res.data.children[0]!.next_due_at).toBe(NOW);
  });

  it('POST check: one tap records position and breathing by the caller; next due after the interval; うつ伏せ after a minute', async () => {
    const child = w.family.child.id;
    const first = await check(as.classStaffA, { child_id: child, position: 'supine', breathing_ok: true });
    expect(first.statusCode).toBe(201);
    expect(first.data.checks).toEqual([
      {
        id: expect.any(Number),
        at: NOW,
        position: 'supine',
        breathing_ok: true,
        by: { id: w.staff.classStaffA.user.id, name: '職員 class_staff' },
        device: null,
      },
    ]);
    expect(first.data.next_due_at).toBe(at(7)['x-test-now']);
    expect(first.data.recheck).toBe(false);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'nap.check'), eq(auditLog.targetId, first.data.checks[0]!.id)));
    expect(entry).toMatchObject({ userId: w.staff.classStaffA.user.id, childId: child, targetType: 'nap_check' });

    const prone = await check(as.director, { child_id: child, position: 'prone', breathing_ok: true }, at(2));
    expect(prone.data.recheck).toBe(true);
    expect(prone.data.next_due_at).toBe(at(3)['x-test-now']);
    expect(prone.data.checks.map((c) => c.by.id)).toEqual([w.staff.classStaffA.user.id, w.staff.director.user.id]);
    const back = await check(as.classStaffA, { child_id: child, position: 'side', breathing_ok: true }, at(3));
    expect(back.data).toMatchObject({ recheck: false, next_due_at: at(10)['x-test-now'] });

    await expectMatrix(as, write(201), (agent) =>
      check(agent, { child_id: child, position: 'supine', breathing_ok: true }, at(4)),
    );
  });

  it('on a paired tablet the check records the person who unlocked it with their PIN, and the device', async () => {
    await db()
      .insert(staffPins)
      .values({ userId: w.staff.classStaffA.user.id, pinHash: await hashPassword('2468') });
    const registered = await call(as.director, postStaffDevice, {
      params: { facilityId: w.facilityId },
      body: { name: 'ひよこ組タブレット', class_id: w.classA.id },
      headers: clock,
    });
    const tablet = t.agent(at(5));
    expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
    expect(
      (await call(tablet, postStaffDeviceUnlock, { body: { user_id: w.staff.classStaffA.user.id, pin: '2468' } })).statusCode,
    ).toBe(200);
    const res = await call(tablet, postStaffNapCheck, {
      params: classA(),
      body: { child_id: w.family.child.id, position: 'side', breathing_ok: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.checks.at(-1)!.by).toEqual({ id: w.staff.classStaffA.user.id, name: '職員 class_staff' });
    const [row] = await db()
      .select()
      .from(napChecks)
      .where(eq(napChecks.id, res.data.checks.at(-1)!.id));
    expect(row).toMatchObject({ checkedBy: w.staff.classStaffA.user.id, deviceId: registered.data.device.id });
  });

  it('bad input: a child not in the class today, an unknown position, no breathing: 422, nothing written', async () => {
    const inB = await buildChild(db(), { facilityId: w.facilityId });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, inB.noteChild.id));
    const left = await buildChild(db(), { facilityId: w.facilityId, leftOn: '2026-11-19' });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, left.noteChild.id));
    const [checks, audits] = [await checkCount(), await auditCount()];
    const body = { child_id: w.family.child.id, position: 'supine', breathing_ok: true };
    const raw = (override: Record<string, unknown>) =>
      callRaw(as.classStaffA, postStaffNapCheck, { params: classA(), body: { ...body, ...override }, headers: clock });
    expectInvalid(await raw({ child_id: inB.child.id }), 'child_id', M.notInClass);
    expectInvalid(await raw({ child_id: left.child.id }), 'child_id', M.notInClass);
    expectInvalid(await raw({ child_id: w.otherFacility.child.id }), 'child_id', M.notInClass);
    expectInvalid(await raw({ child_id: 2_147_483_648 }), 'child_id');
    expectInvalid(await raw({ position: 'standing' }), 'position', M.position);
    expectInvalid(await raw({ breathing_ok: 'yes' }), 'breathing_ok', M.breathing);
    expectInvalid(await raw({ breathing_ok: undefined }), 'breathing_ok', M.breathing);
    const garbage = await callRaw(as.classStaffA, postStaffNapCheck, {
      params: classA(),
      body: 'not json',
      headers: { 'content-type': 'application/json', ...clock },
    });
    expect(garbage.statusCode).toBe(422);
    expectInvalid(
      await call(as.director, getStaffClassNaps, { params: classA(), query: { date: '2026-02-30' }, headers: clock }),
      'date',
    );
    expect((await call(as.director, getStaffClassNaps, { params: { classId: 2_000_000_000 }, headers: clock })).statusCode).toBe(
      404,
    );
    expect([await checkCount(), await auditCount()]).toEqual([checks, audits]);
  });

  it('end: nothing is due; a check after the end is 422; ending twice is 422', async () => {
    await expectMatrix(as, write(200), async (agent) => {
      await call(as.director, postStaffClassNapStart, { params: classA(), headers: clock });
      return call(agent, postStaffClassNapEnd, { params: classA(), headers: at(60) });
    });
    // (The matrix's last start was for a caller who may not end it.)
    await call(as.classStaffA, postStaffClassNapEnd, { params: classA(), headers: at(60) });
    const ended = await naps(as.classStaffA);
    expect(ended.data.session?.ended_at).toBe(at(60)['x-test-now']);
    expect(ended.data.children[0]!.next_due_at).toBeNull();
    expectInvalid(
      await check(as.classStaffA, { child_id: w.family.child.id, position: 'supine', breathing_ok: true }),
      'session',
      M.notStarted,
    );
    expectInvalid(
      await call(as.classStaffA, postStaffClassNapEnd, { params: classA(), headers: clock }),
      'session',
      M.notRunning,
    );
  });

  it('the day’s sheet as CSV: every check with time, position, breathing and who; the same permissions', async () => {
    const url = (date = '2026-11-20', classId = w.classA.id) => `/api/staff/classes/${classId}/naps.csv?date=${date}`;
    const got: Record<string, number> = {};
    for (const persona of Object.keys(as) as StaffPersona[])
      got[persona] = (await as[persona].get(url(), { headers: clock })).statusCode;
    expect(got).toEqual(read);
    const res = await as.classStaffB.get(url(), { headers: clock });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`naps-${w.classA.id}-2026-11-20.csv`);
    const lines = res.body.slice(1).split('\r\n');
    expect(res.body.startsWith('\uFEFF"日付","クラス","園児","確認時刻","体位","呼吸","記録者","端末"')).toBe(true);
    expect(lines[1]).toMatch(/^"2026-11-20","ひよこ組","[^"]+","13:00","仰向け","異常なし","職員 class_staff",""$/);
    expect(lines[2]).toMatch(/"13:02","うつ伏せ","異常なし","職員 director",""$/);
    expect(lines.at(-1)).toBe('');
    expect((await as.director.get(url('2026-13-01'), { headers: clock })).statusCode).toBe(422);
    expect((await as.director.get(url('2026-11-20', 2_000_000_000), { headers: clock })).statusCode).toBe(404);
  });
});
