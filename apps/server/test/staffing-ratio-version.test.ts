import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getStaffRatioNow,
  getStaffRatioVersion,
  postKioskScans,
  postKioskStaffClocks,
  postStaffClock,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postStaffTimeEntry,
  postStaffTimeEntryVoid,
  putStaffChildAttendance,
  putStaffClassRoom,
  putStaffStaffingSettings,
  type RatioNow,
} from '@renraku/contract';
import { children, classes, noteChildren, staffQrTokens, staffTimeEntries } from '../src/db/schema';
import { buildChild, buildStaff, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectMatrix, readAll } from './staff-persona-matrix';

/*
 * The live ratio's fingerprint (docs/decisions/staffing-live-ratio.md): the 園長's desktop and the
 * class tablets poll ratio-version and refetch the ratio when it moves. It must move on every input
 * of the ratio now (the gate's scans, the board, 打刻 at the desktop and the gate, corrections and
 * voids, room moves, settings, rooms, a child's class or birth, the day's staff) and with the minute,
 * and it must not move otherwise. Checked as a function: two equal versions never answer two
 * different ratios.
 */

const t = setupApp();
const TODAY = '2026-11-20';
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const at = (minutes: number) => ({ 'x-test-now': new Date(Date.parse(NOW) + minutes * 60_000).toISOString() });
const iso = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let kiosk: Agent;
let tablet: Agent;
let pinPerson: number;
let baby: Awaited<ReturnType<typeof buildChild>>;
const QR = randomUUID() + randomUUID();

async function paired(body: { name: string; class_id: number | null; purpose: 'class' | 'kiosk' }) {
  const registered = await call(as.director, postStaffDevice, { params: { facilityId: w.facilityId }, body, headers: at(0) });
  const agent = t.agent(at(0));
  expect((await call(agent, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return agent;
}

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  as = await staffAgents(t, w, at(0));
  baby = await buildChild(t.db, { facilityId: w.facilityId, firstName: '一' });
  await t.db.update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
  await t.db.update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
  pinPerson = (
    await buildStaff(t.db, {
      role: 'class_staff',
      facilityId: w.facilityId,
      classIds: [w.classA.id],
      pin: '2468',
      name: 'タブ 先生',
    })
  ).user.id;
  await t.db.insert(staffQrTokens).values({
    userId: w.staff.classStaffB.user.id,
    tokenHash: createHash('sha256').update(QR).digest('hex'),
    issuedAt: new Date(NOW),
  });
  kiosk = await paired({ name: 'ゲート', class_id: null, purpose: 'kiosk' });
  tablet = await paired({ name: 'ひよこ組', class_id: w.classA.id, purpose: 'class' });
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const version = async (minutes: number, agent: Agent = as.director) => {
  const res = await call(agent, getStaffRatioVersion, { params: facility(), headers: at(minutes) });
  expect(res.statusCode).toBe(200);
  return res.data.version;
};
const ratio = async (minutes: number) =>
  (await call(as.director, getStaffRatioNow, { params: facility(), headers: at(minutes) })).data;

describe('GET /api/staff/facilities/{facilityId}/ratio-version: who', () => {
  it('every member, a class tablet’s PIN session; other facility 404, ended, guardian, anonymous and the gate kiosk 401', async () => {
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffRatioVersion, { params: facility(), headers: at(0) }));
    expect(
      (await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinPerson, pin: '2468' }, headers: at(0) })).statusCode,
    ).toBe(200);
    const seen = await call(tablet, getStaffRatioVersion, { params: facility(), headers: at(0) });
    expect(seen.statusCode).toBe(200);
    expect(seen.data.date).toBe(TODAY);
    expect((await call(kiosk, getStaffRatioVersion, { params: facility(), headers: at(0) })).statusCode).toBe(401);
  });

  it('a bad facility id is a 422 in Japanese; an unknown one 404; never a 500', async () => {
    for (const id of ['x', '0', '-1', '1.5', '99999999999']) {
      const res = await callRaw(as.director, getStaffRatioVersion, {
        params: { facilityId: id as unknown as number },
        headers: at(0),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    }
    expect(
      (await callRaw(as.director, getStaffRatioVersion, { params: { facilityId: 2_000_000_000 }, headers: at(0) })).statusCode,
    ).toBe(404);
  });

  it('costs 3 statements (session, grant, the fingerprint), as the ratio it stands for, and is passive (a poll keeps no PIN session alive)', async () => {
    await version(0);
    const before = t.database.queryCount();
    await version(0);
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(3);
    // The ratio itself, when it moved: session, grant, the same inputs row (seven statements before issue 35).
    const again = t.database.queryCount();
    await ratio(0);
    expect(t.database.queryCount() - again).toBeLessThanOrEqual(3);
    // The tablet unlocked at 09:00 locks at 09:05 however often its screen polled meanwhile.
    expect((await call(tablet, getStaffRatioVersion, { params: facility(), headers: at(2) })).statusCode).toBe(200);
    expect((await call(tablet, getStaffRatioVersion, { params: facility(), headers: at(4) })).statusCode).toBe(200);
    expect((await call(tablet, getStaffRatioVersion, { params: facility(), headers: at(6) })).statusCode).toBe(401);
  });
});

describe('the fingerprint follows every input of the ratio now, and nothing else', () => {
  /** Every (version, ratio) seen at the same minute: one version, one answer. */
  const seen = new Map<string, string>();
  const observe = async (minutes: number) => {
    const v = await version(minutes);
    const answer = await ratio(minutes);
    const json = JSON.stringify(answer);
    if (seen.has(v)) expect(json).toBe(seen.get(v));
    seen.set(v, json);
    return { v, answer };
  };
  const room = (answer: RatioNow, classId: number) => answer.rooms.find((r) => r.class_id === classId)!;
  let last = '';
  /** A write at minute `m`: the version moves, and the change shows in the ratio. */
  const moves = async (m: number, write: () => Promise<unknown>, check?: (answer: RatioNow) => void) => {
    last = (await observe(m)).v;
    await write();
    const after = await observe(m);
    expect(after.v).not.toBe(last);
    check?.(after.answer);
    last = after.v;
  };
  const stays = async (m: number, write: () => Promise<unknown>) => {
    const before = (await observe(m)).v;
    await write();
    expect((await observe(m)).v).toBe(before);
  };

  it('stays within the minute with no write; moves with the minute (the answer shows the time)', async () => {
    const a = await observe(1);
    expect((await observe(1)).v).toBe(a.v);
    expect((await observe(2)).v).not.toBe(a.v);
  });

  it('a gate scan, a board pick-up, a desktop and a gate 打刻, a correction and its void, a room move', async () => {
    await moves(
      3,
      () =>
        call(kiosk, postKioskScans, {
          body: {
            sent_at: iso(3),
            scans: [
              {
                id: randomUUID(),
                note_child_id: baby.noteChild.id,
                kind: 'arrival',
                at: iso(3),
                pickup: null,
                via: 'qr',
                staff: null,
              },
            ],
          },
          headers: at(3),
        }),
      (r) => expect(room(r, w.classA.id)).toMatchObject({ children: 1, required: 2, short: 2 }),
    );
    await moves(
      4,
      () => call(as.classStaffA, postStaffClock, { params: facility(), body: { kind: 'in' }, headers: at(4) }),
      (r) => expect(room(r, w.classA.id).staff.map((s) => s.user_id)).toEqual([w.staff.classStaffA.user.id]),
    );
    await moves(
      5,
      async () => {
        const res = await call(kiosk, postKioskStaffClocks, {
          body: { sent_at: iso(5), entries: [{ id: randomUUID(), kind: 'in', at: iso(5), staff: { type: 'qr', token: QR } }] },
          headers: at(5),
        });
        expect(res.data.results[0]!.status).toBe('recorded');
      },
      (r) => expect(room(r, w.classB.id).staff.map((s) => s.user_id)).toEqual([w.staff.classStaffB.user.id]),
    );
    await moves(
      6,
      () =>
        call(as.director, putStaffClassRoom, {
          params: { classId: w.classA.id },
          body: { user_id: w.staff.classStaffB.user.id },
          headers: at(6),
        }),
      (r) => expect(room(r, w.classA.id).short).toBe(0),
    );
    let entryId = 0;
    await moves(
      7,
      async () => {
        const res = await call(as.director, postStaffTimeEntry, {
          params: facility(),
          body: { user_id: w.staff.director.user.id, date: TODAY, kind: 'in', time: '08:00', reason: '打刻漏れ' },
          headers: at(7),
        });
        expect(res.statusCode).toBe(201);
        const [row] = await t.db.select().from(staffTimeEntries).where(eq(staffTimeEntries.userId, w.staff.director.user.id));
        entryId = row!.id;
      },
      (r) => expect(r.unassigned.map((s) => s.user_id)).toContain(w.staff.director.user.id),
    );
    await moves(
      8,
      () => call(as.director, postStaffTimeEntryVoid, { params: { entryId }, body: { reason: '誤り' }, headers: at(8) }),
      (r) => expect(r.unassigned.map((s) => s.user_id)).not.toContain(w.staff.director.user.id),
    );
    await moves(
      9,
      () =>
        call(as.classStaffA, putStaffChildAttendance, {
          params: { classId: w.classA.id },
          body: { date: TODAY, child_id: baby.child.id, arrived_at: '09:03', picked_up_at: '09:08' },
          headers: at(9),
        }),
      (r) => expect(room(r, w.classA.id).children).toBe(0),
    );
  });

  it('settings, a room renamed, a child’s class or birth changed, a new member of the day', async () => {
    await moves(
      10,
      () =>
        call(as.director, putStaffStaffingSettings, {
          params: facility(),
          body: { facility_type: 'small_c', one_year_improvement: false },
          headers: at(10),
        }),
      (r) => expect(r.facility_type).toBe('small_c'),
    );
    await moves(
      10,
      () => t.db.update(classes).set({ name: 'ひよこ組（0歳）' }).where(eq(classes.id, w.classA.id)),
      (r) => expect(room(r, w.classA.id).name).toBe('ひよこ組（0歳）'),
    );
    // A child not here yet: what the ratio now does not read leaves it (the family's child is absent so far).
    await stays(11, () => t.db.update(children).set({ birth: '2023-06-01' }).where(eq(children.id, w.family.child.id)));
    await moves(
      11,
      () =>
        call(as.classStaffA, putStaffChildAttendance, {
          params: { classId: w.classA.id },
          body: { date: TODAY, child_id: w.family.child.id, arrived_at: '09:10', picked_up_at: null },
          headers: at(11),
        }),
      (r) => expect(room(r, w.classA.id).children).toBe(1),
    );
    await moves(
      11,
      () => t.db.update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, w.family.noteChild.id)),
      (r) => expect([room(r, w.classA.id).children, room(r, w.classB.id).children]).toEqual([0, 1]),
    );
    await moves(
      11,
      () => t.db.update(children).set({ birth: '2025-06-01' }).where(eq(children.id, w.family.child.id)),
      (r) => expect(room(r, w.classB.id).children_by_band).toEqual([1, 0, 0, 0, 0]),
    );
    await moves(12, () =>
      buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classB.id], name: '新 先生' }),
    );
  });

  it('an 打刻 stamped later than now (a gate whose clock runs ahead) counts from its minute: the minute in the key brings it', async () => {
    const b = w.staff.classStaffB.user.id;
    await moves(14, async () => {
      const res = await call(kiosk, postKioskStaffClocks, {
        body: { sent_at: iso(20), entries: [{ id: randomUUID(), kind: 'out', at: iso(20), staff: { type: 'qr', token: QR } }] },
        headers: at(14),
      });
      expect(res.data.results[0]!.status).toBe('recorded');
    });
    expect(room((await observe(19)).answer, w.classA.id).staff.map((s) => s.user_id)).toContain(b);
    expect(room((await observe(20)).answer, w.classA.id).staff.map((s) => s.user_id)).not.toContain(b);
  });

  it('does not move for another facility, another day, or a later membership', async () => {
    await stays(21, () =>
      t.db.insert(staffTimeEntries).values({
        companyId: w.companyId,
        facilityId: w.facilityId,
        userId: w.staff.office.user.id,
        date: '2026-11-19',
        kind: 'in',
        time: '09:00',
        source: 'self',
      }),
    );
    await stays(21, () =>
      call(as.otherFacility, postStaffClock, {
        params: { facilityId: w.otherFacility.facilityId },
        body: { kind: 'in' },
        headers: at(13),
      }),
    );
    await stays(21, () => buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId, validFrom: '2026-12-01' }));
  });
});
