import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  deleteStaffDevice,
  getStaffDeviceNapStatus,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffDevice,
  postStaffDevicePair,
  postStaffNapCheck,
} from '@renraku/contract';
import { auditLog, childAttendances, noteChildren } from '../src/db/schema';
import { buildAbsence, buildChild } from './factories';
import { call, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

/*
 * The PIN pad's nap line (issue 29; docs/decisions/naps-presence.md): GET /api/staff/device/nap-status
 * with the device cookie alone. A class tablet sees its class's running nap, a facility tablet its
 * facility's; each present child's id, given name and due time only. A gate kiosk 403; no device,
 * a revoked one, a staff or guardian session without a device 401; another facility's tablet sees
 * nothing of this facility.
 */

const db = () => t.db;

const DAY = '2026-11-20';
const NOW = '2026-11-20T04:00:00.000Z'; // 13:00 Tokyo
const clock = { 'x-test-now': NOW };
const { t, w, as } = setupStaffWorld(clock);
const iso = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const at = (minutes: number) => ({ 'x-test-now': iso(minutes) });

let twin: Awaited<ReturnType<typeof buildChild>>;
let absent: Awaited<ReturnType<typeof buildChild>>;
const tablets = {} as Record<'classA' | 'classB' | 'facility' | 'kiosk' | 'otherFacility' | 'revoked', Agent>;

async function pairedTablet(
  director: Agent,
  facilityId: number,
  body: { name: string; class_id?: number | null; purpose?: 'class' | 'kiosk' },
) {
  const registered = await call(director, postStaffDevice, { params: { facilityId }, body, headers: clock });
  expect(registered.statusCode).toBe(201);
  const agent = t.agent(clock);
  expect((await call(agent, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return { agent, id: registered.data.device.id };
}

beforeAll(async () => {
  const inClassA = async (firstName: string) => {
    const kid = await buildChild(db(), { facilityId: w.facilityId, firstName });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, kid.noteChild.id));
    return kid;
  };
  // Two present children share the family child's given name; a third is absent.
  const familyName = w.family.child.firstName;
  twin = await inClassA(familyName);
  absent = await inClassA('欠席');
  await buildAbsence(db(), { noteChild: absent.noteChild, targetDate: DAY });
  for (const noteChild of [w.family.noteChild, twin.noteChild]) {
    await db()
      .insert(childAttendances)
      .values({ companyId: w.companyId, noteChildId: noteChild.id, date: DAY, arrivedAt: '08:30', source: 'kiosk' });
  }
  tablets.classA = (await pairedTablet(as.director, w.facilityId, { name: 'ひよこ組', class_id: w.classA.id })).agent;
  tablets.classB = (await pairedTablet(as.director, w.facilityId, { name: 'りす組', class_id: w.classB.id })).agent;
  tablets.facility = (await pairedTablet(as.director, w.facilityId, { name: '職員室' })).agent;
  tablets.kiosk = (await pairedTablet(as.director, w.facilityId, { name: 'ゲート', purpose: 'kiosk' })).agent;
  tablets.otherFacility = (await pairedTablet(as.otherFacility, w.otherFacility.facilityId, { name: 'よそ' })).agent;
  const revoked = await pairedTablet(as.director, w.facilityId, { name: '返却済み', class_id: w.classA.id });
  await call(as.director, deleteStaffDevice, { params: { deviceId: revoked.id }, headers: clock });
  tablets.revoked = revoked.agent;
}, 120_000);

const status = (agent: Agent, headers = clock) => call(agent, getStaffDeviceNapStatus, { headers });
const classesSeen = async (agent: Agent, headers = clock) => {
  const res = await status(agent, headers);
  return res.statusCode === 200 ? res.data.naps.map((n) => n.class.id) : res.statusCode;
};

describe('GET /api/staff/device/nap-status (the PIN pad)', () => {
  it('outside nap time: nothing for anyone', async () => {
    expect(await classesSeen(tablets.classA)).toEqual([]);
    expect(await classesSeen(tablets.facility)).toEqual([]);
  });

  it('who sees what while class A naps: its tablet and the facility’s; not class B’s, another facility’s, a kiosk, people', async () => {
    await call(as.classStaffA, postStaffClassNapStart, { params: { classId: w.classA.id }, headers: clock });
    const got: Record<string, unknown> = {};
    for (const [name, agent] of Object.entries(tablets)) got[`tablet ${name}`] = await classesSeen(agent);
    for (const persona of [
      'companyAdmin',
      'director',
      'classStaffA',
      'office',
      'otherFacility',
      'ended',
      'guardian',
      'anonymous',
    ] as const) {
      got[persona] = await classesSeen(as[persona]);
    }
    expect(got).toEqual({
      'tablet classA': [w.classA.id],
      'tablet classB': [],
      'tablet facility': [w.classA.id],
      'tablet kiosk': 403,
      'tablet otherFacility': [],
      'tablet revoked': 401,
      // A staff or guardian session is not a device: the call needs the device cookie.
      companyAdmin: 401,
      director: 401,
      classStaffA: 401,
      office: 401,
      otherFacility: 401,
      ended: 401,
      guardian: 401,
      anonymous: 401,
    });
  });

  it('answers the least: present children only, id, given name (told apart when shared), due time, recheck', async () => {
    const { data } = await status(tablets.classA);
    expect(data.naps).toEqual([
      {
        class: { id: w.classA.id, name: 'ひよこ組' },
        started_at: NOW,
        children: expect.any(Array),
      },
    ]);
    const children = data.naps[0]!.children;
    expect(children.map((c) => Object.keys(c).sort())).toEqual([
      ['first_name', 'id', 'next_due_at', 'recheck'],
      ['first_name', 'id', 'next_due_at', 'recheck'],
    ]);
    const name = w.family.child.firstName;
    expect(children.map((c) => c.first_name).sort()).toEqual([`${name}（試）`, `${name}（試）`].sort());
    expect(children.map((c) => c.id).sort()).toEqual([w.family.child.id, twin.child.id].sort());
    expect(children.every((c) => c.next_due_at === NOW && !c.recheck)).toBe(true);
    expect(children.map((c) => c.id)).not.toContain(absent.child.id);
  });

  it('follows the checks: a うつ伏せ check makes the second look due a minute later', async () => {
    await call(as.classStaffA, postStaffNapCheck, {
      params: { classId: w.classA.id },
      body: { child_id: twin.child.id, position: 'prone', breathing_ok: true },
      headers: at(2),
    });
    const { data } = await status(tablets.classA, at(2));
    const row = data.naps[0]!.children.find((c) => c.id === twin.child.id)!;
    expect(row).toEqual({ id: twin.child.id, first_name: expect.any(String), next_due_at: iso(3), recheck: true });
  });

  it('a device read: not an audit entry per poll (names and due times only), and it writes nothing', async () => {
    const before = (await db().select({ n: count() }).from(auditLog))[0]!.n;
    for (let i = 0; i < 3; i++) expect((await status(tablets.classA, at(3))).statusCode).toBe(200);
    expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });

  it('after 午睡終了 nothing is due: the list is empty again; a query string changes nothing', async () => {
    await call(as.classStaffA, postStaffClassNapEnd, { params: { classId: w.classA.id }, headers: at(30) });
    expect(await classesSeen(tablets.classA, at(31))).toEqual([]);
    const odd = await tablets.classA.get('/api/staff/device/nap-status?class_id=999&date=2020-01-01', { headers: at(31) });
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ naps: [] });
  });
});
