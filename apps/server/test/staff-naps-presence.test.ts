import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getStaffClassNaps,
  napMessages as M,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postStaffNapCheck,
  type NapChild,
} from '@renraku/contract';
import { auditLog, childAttendances, napChecks, noteChildren } from '../src/db/schema';
import { buildAbsence, buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid } from './staff-persona-matrix';

/*
 * 午睡チェック and who is in the room (issue 29; docs/decisions/naps-presence.md): only children
 * present — arrived, not picked up — are due and may be checked; a child reported absent, not yet
 * arrived or already picked up is listed with the reason and refused with a 422 in Japanese. Each
 * check keeps who, when and on which device, and the sheet and CSV show them.
 */

const db = () => t.db;

// Tokyo 2026-11-20 13:00: nap time.
const DAY = '2026-11-20';
const NOW = '2026-11-20T04:00:00.000Z';
const clock = { 'x-test-now': NOW };
const { t, w, as } = setupStaffWorld(clock);
const iso = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const at = (minutes: number) => ({ 'x-test-now': iso(minutes) });

type Kid = Awaited<ReturnType<typeof buildChild>>;
let kids: Record<'present' | 'absent' | 'notArrived' | 'pickedUp' | 'cameAnyway' | 'arrivesLater' | 'leavesLater', Kid>;

/** Actual times of the day, as the kiosk or the board record them (child_attendances). */
async function attend(kid: Kid, arrivedAt: string | null, pickedUpAt: string | null = null) {
  await db()
    .insert(childAttendances)
    .values({ companyId: kid.companyId, noteChildId: kid.noteChild.id, date: DAY, arrivedAt, pickedUpAt, source: 'kiosk' })
    .onConflictDoUpdate({ target: [childAttendances.noteChildId, childAttendances.date], set: { arrivedAt, pickedUpAt } });
}

async function kidInClassA(firstName: string): Promise<Kid> {
  const kid = await buildChild(db(), { facilityId: w.facilityId, firstName });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, kid.noteChild.id));
  return kid;
}

beforeAll(async () => {
  const family = { child: w.family.child, noteChild: w.family.noteChild, facilityId: w.facilityId, companyId: w.companyId };
  kids = {
    present: family,
    absent: await kidInClassA('欠席'),
    notArrived: await kidInClassA('未登園'),
    pickedUp: await kidInClassA('降園'),
    cameAnyway: await kidInClassA('連絡後登園'),
    arrivesLater: await kidInClassA('遅登園'),
    leavesLater: await kidInClassA('早退予定'),
  };
  await attend(kids.present, '08:30');
  await buildAbsence(db(), { noteChild: kids.absent.noteChild, targetDate: DAY });
  await attend(kids.pickedUp, '08:00', '12:30');
  await buildAbsence(db(), { noteChild: kids.cameAnyway.noteChild, targetDate: DAY });
  await attend(kids.cameAnyway, '10:00');
  // Entered ahead of time on the board: at 13:00 the child is not in yet.
  await attend(kids.arrivesLater, '13:20');
  // A pick-up time entered ahead: at 13:00 the child is still here.
  await attend(kids.leavesLater, '08:45', '16:00');
}, 120_000);

const classA = () => ({ classId: w.classA.id });
const naps = (agent: Agent, headers = clock) => call(agent, getStaffClassNaps, { params: classA(), headers });
const rowOf = (children: NapChild[], kid: Kid) => children.find((c) => c.id === kid.child.id)!;
const checkCount = async () => (await db().select({ n: count() }).from(napChecks))[0]!.n;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const check = (agent: Agent, kid: Kid, headers = clock, position: 'supine' | 'side' | 'prone' = 'supine') =>
  callRaw(agent, postStaffNapCheck, {
    params: classA(),
    body: { child_id: kid.child.id, position, breathing_ok: true },
    headers,
  });

describe('nap checks: only children in the room', () => {
  it('each child says whether it is in the room, from the day’s arrivals, pick-ups and absences', async () => {
    const { data } = await naps(as.classStaffA);
    const presence = Object.fromEntries(Object.entries(kids).map(([key, kid]) => [key, rowOf(data.children, kid).presence]));
    expect(presence).toEqual({
      present: 'present',
      absent: 'absent',
      notArrived: 'not_arrived',
      pickedUp: 'picked_up',
      cameAnyway: 'present',
      arrivesLater: 'not_arrived',
      leavesLater: 'present',
    });
    expect(rowOf(data.children, kids.cameAnyway)).toMatchObject({ absence_reported: true, arrived_at: '10:00' });
    expect(rowOf(data.children, kids.pickedUp)).toMatchObject({ arrived_at: '08:00', picked_up_at: '12:30' });
  });

  it('after 午睡開始 only the present children are due; the absent, not arrived and picked up are not', async () => {
    await call(as.classStaffA, postStaffClassNapStart, { params: classA(), headers: clock });
    const { data } = await naps(as.classStaffA);
    const due = data.children.filter((c) => c.next_due_at !== null).map((c) => c.id);
    expect(due.sort()).toEqual([kids.present, kids.cameAnyway, kids.leavesLater].map((k) => k.child.id).sort());
    expect(rowOf(data.children, kids.present).next_due_at).toBe(NOW);
    for (const kid of [kids.absent, kids.notArrived, kids.pickedUp, kids.arrivesLater]) {
      expect(rowOf(data.children, kid).next_due_at).toBeNull();
    }
  });

  it('a check for an absent, a not yet arrived or a picked-up child is 422 in Japanese; nothing written', async () => {
    const [checks, audits] = [await checkCount(), await auditCount()];
    expectInvalid(await check(as.classStaffA, kids.absent), 'child_id', M.absent);
    expectInvalid(await check(as.director, kids.notArrived), 'child_id', M.notArrived);
    expectInvalid(await check(as.classStaffA, kids.arrivesLater), 'child_id', M.notArrived);
    expectInvalid(await check(as.companyAdmin, kids.pickedUp), 'child_id', M.pickedUp);
    expect([await checkCount(), await auditCount()]).toEqual([checks, audits]);
    // The same callers record a present child's check (the refusal is the child's, not the caller's).
    expect((await check(as.classStaffA, kids.present)).statusCode).toBe(201);
    expect((await check(as.director, kids.cameAnyway)).statusCode).toBe(201);
  });

  it('a child who arrives during the nap is due from the arrival, and may then be checked', async () => {
    const { data } = await naps(as.classStaffA, at(25));
    const late = rowOf(data.children, kids.arrivesLater);
    expect(late.presence).toBe('present');
    expect(late.next_due_at).toBe(iso(20));
    expect((await check(as.classStaffA, kids.arrivesLater, at(25))).statusCode).toBe(201);
  });

  it('a child picked up during the nap is no longer due; the checks already made stay on the sheet', async () => {
    expect((await check(as.classStaffA, kids.leavesLater, at(1))).statusCode).toBe(201);
    await attend(kids.leavesLater, '08:45', '13:30');
    const { data } = await naps(as.classStaffA, at(40));
    const gone = rowOf(data.children, kids.leavesLater);
    expect(gone).toMatchObject({ presence: 'picked_up', next_due_at: null });
    expect(gone.checks).toHaveLength(1);
    expectInvalid(await check(as.classStaffA, kids.leavesLater, at(40)), 'child_id', M.pickedUp);
  });

  it('another day reads who was there at the day’s end', async () => {
    const other = await call(as.director, getStaffClassNaps, { params: classA(), query: { date: '2026-11-19' }, headers: clock });
    expect(other.statusCode).toBe(200);
    expect(other.data.children.every((c) => c.presence === 'not_arrived' && c.next_due_at === null)).toBe(true);
  });
});

describe('each check keeps who, when and the device; the sheet and CSV show them', () => {
  it('on a paired tablet: the PIN person and the tablet; from a desktop: the person and no device', async () => {
    const keeper = await buildStaff(db(), {
      role: 'class_staff',
      facilityId: w.facilityId,
      classIds: [w.classA.id],
      pin: '1357',
    });
    const registered = await call(as.director, postStaffDevice, {
      params: { facilityId: w.facilityId },
      body: { name: 'ひよこ組タブレット', class_id: w.classA.id },
      headers: at(41),
    });
    const tablet = t.agent(at(41));
    expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
    expect((await call(tablet, postStaffDeviceUnlock, { body: { user_id: keeper.user.id, pin: '1357' } })).statusCode).toBe(200);
    const onTablet = await check(tablet, kids.present, at(41), 'side');
    expect(onTablet.statusCode).toBe(201);
    const last = (onTablet.json() as NapChild).checks.at(-1)!;
    expect(last).toMatchObject({
      at: iso(41),
      position: 'side',
      by: { id: keeper.user.id, name: '職員 class_staff' },
      device: { id: registered.data.device.id, name: 'ひよこ組タブレット' },
    });
    const [row] = await db().select().from(napChecks).where(eq(napChecks.id, last.id));
    expect(row).toMatchObject({ checkedBy: keeper.user.id, deviceId: registered.data.device.id, checkedAt: new Date(iso(41)) });

    const { data } = await naps(as.classStaffB, at(42));
    const first = rowOf(data.children, kids.present).checks[0]!;
    expect(first).toMatchObject({ at: NOW, by: { id: w.staff.classStaffA.user.id }, device: null });

    const csv = await as.classStaffB.get(`/api/staff/classes/${w.classA.id}/naps.csv?date=${DAY}`, { headers: at(42) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('"日付","クラス","園児","確認時刻","体位","呼吸","記録者","端末"');
    expect(lines).toContain(
      `"${DAY}","ひよこ組","試験 ${kids.present.child.firstName}","13:41","横向き","異常なし","職員 class_staff","ひよこ組タブレット"`,
    );
    // Only present children's checks: nobody at home appears on the sheet.
    for (const kid of [kids.absent, kids.notArrived, kids.pickedUp]) {
      expect(csv.body).not.toContain(`試験 ${kid.child.firstName}"`);
    }
  });

  it('an ended nap: nothing is due for anyone', async () => {
    await call(as.classStaffA, postStaffClassNapEnd, { params: classA(), headers: at(60) });
    const { data } = await naps(as.classStaffA, at(61));
    expect(data.children.every((c) => c.next_due_at === null)).toBe(true);
  });
});
