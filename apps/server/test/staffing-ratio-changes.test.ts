import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getKioskRoster,
  getStaffRatioNow,
  getStaffRatioVersion,
  postKioskScans,
  postKioskStaffClocks,
  postStaffClock,
  postStaffDevice,
  postStaffDevicePair,
  postStaffTimeEntry,
  postStaffTimeEntryVoid,
  putStaffChild,
  putStaffChildAttendance,
  putStaffClass,
  putStaffClassRoom,
  putStaffStaffingSettings,
} from '@renraku/contract';
import { noteChildren, staffingRatioChanges, staffQrTokens, staffTimeEntries } from '../src/db/schema';
import { buildChild, buildStaffWorld } from './factories';
import { call, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';

/*
 * The live ratio's change count (migration staffing_ratio_changes, docs/decisions/staffing-live-ratio.md, issue 35):
 * every write of an input of the ratio now bumps its facility's count in the write's transaction, and
 * ratio-version recomputes the digest only when the count moved. Here: each kind of write through the
 * API moves the count and the poll; reads and another facility's writes move neither; an unchanged
 * poll costs session, grant and the count (no digest), a moved one the digest once more.
 */

const t = setupApp();
const TODAY = '2026-11-20';
const NOW = '2026-11-20T00:00:00.000Z'; // 09:00 Tokyo
const at = (minutes: number) => ({ 'x-test-now': new Date(Date.parse(NOW) + minutes * 60_000).toISOString() });
const iso = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let kiosk: Agent;
let baby: Awaited<ReturnType<typeof buildChild>>;
const QR = randomUUID() + randomUUID();

beforeAll(async () => {
  w = await buildStaffWorld(t.db);
  as = await staffAgents(t, w, at(0));
  baby = await buildChild(t.db, { facilityId: w.facilityId, firstName: '一' });
  await t.db.update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
  await t.db.insert(staffQrTokens).values({
    userId: w.staff.classStaffB.user.id,
    tokenHash: createHash('sha256').update(QR).digest('hex'),
    issuedAt: new Date(NOW),
  });
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: 'ゲート', class_id: null, purpose: 'kiosk' },
    headers: at(0),
  });
  kiosk = t.agent(at(0));
  expect((await call(kiosk, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const count = async (facilityId = w.facilityId) =>
  Number(
    (
      await t.db
        .select({ changes: staffingRatioChanges.changes })
        .from(staffingRatioChanges)
        .where(eq(staffingRatioChanges.facilityId, facilityId))
    )[0]?.changes ?? 0,
  );
const version = async (minutes: number) => {
  const res = await call(as.director, getStaffRatioVersion, { params: facility(), headers: at(minutes) });
  expect(res.statusCode).toBe(200);
  return res.data.version;
};

/** A write at minute `m`: the count moves, the poll of the same minute moves. */
const moves = async (m: number, write: () => Promise<{ statusCode: number; data?: unknown }>) => {
  const before = { count: await count(), version: await version(m), other: await count(w.otherFacility.facilityId) };
  const res = await write();
  expect(res.statusCode, JSON.stringify(res.data)).toBeLessThan(300);
  expect(await count()).toBeGreaterThan(before.count);
  expect(await version(m)).not.toBe(before.version);
  expect(await count(w.otherFacility.facilityId)).toBe(before.other);
};
/** Calls at minute `m` that write no input of the ratio: neither the count nor the poll moves. */
const stays = async (m: number, calls: () => Promise<{ statusCode: number }>) => {
  const before = { count: await count(), version: await version(m) };
  expect((await calls()).statusCode).toBeLessThan(300);
  expect(await count()).toBe(before.count);
  expect(await version(m)).toBe(before.version);
};

describe('the live ratio’s change count', () => {
  it('moves with a gate scan, a gate 打刻, a desktop 打刻, a room move, a correction and its void, the board', async () => {
    await moves(1, () =>
      call(kiosk, postKioskScans, {
        body: {
          sent_at: iso(1),
          scans: [
            {
              id: randomUUID(),
              note_child_id: baby.noteChild.id,
              kind: 'arrival',
              at: iso(1),
              pickup: null,
              via: 'qr',
              staff: null,
            },
          ],
        },
        headers: at(1),
      }),
    );
    await moves(2, () =>
      call(kiosk, postKioskStaffClocks, {
        body: { sent_at: iso(2), entries: [{ id: randomUUID(), kind: 'in', at: iso(2), staff: { type: 'qr', token: QR } }] },
        headers: at(2),
      }),
    );
    await moves(3, () => call(as.classStaffA, postStaffClock, { params: facility(), body: { kind: 'in' }, headers: at(3) }));
    await moves(4, () =>
      call(as.director, putStaffClassRoom, {
        params: { classId: w.classA.id },
        body: { user_id: w.staff.classStaffB.user.id },
        headers: at(4),
      }),
    );
    await moves(5, () =>
      call(as.director, postStaffTimeEntry, {
        params: facility(),
        body: { user_id: w.staff.director.user.id, date: TODAY, kind: 'in', time: '08:00', reason: '打刻漏れ' },
        headers: at(5),
      }),
    );
    const [entry] = await t.db.select().from(staffTimeEntries).where(eq(staffTimeEntries.userId, w.staff.director.user.id));
    await moves(6, () =>
      call(as.director, postStaffTimeEntryVoid, { params: { entryId: entry!.id }, body: { reason: '誤り' }, headers: at(6) }),
    );
    await moves(7, () =>
      call(as.classStaffA, putStaffChildAttendance, {
        params: { classId: w.classA.id },
        body: { date: TODAY, child_id: baby.child.id, arrived_at: '09:01', picked_up_at: '09:07' },
        headers: at(7),
      }),
    );
  });

  it('moves with the settings, a class renamed and a child moved to another class', async () => {
    await moves(8, () =>
      call(as.director, putStaffStaffingSettings, {
        params: facility(),
        body: { facility_type: 'small_a', one_year_improvement: true },
        headers: at(8),
      }),
    );
    await moves(9, () =>
      call(as.director, putStaffClass, { params: { classId: w.classA.id }, body: { name: 'ひよこ組（改）' }, headers: at(9) }),
    );
    const c = baby.child;
    await moves(10, () =>
      call(as.director, putStaffChild, {
        params: { childId: c.id },
        body: {
          last_name: c.lastName,
          first_name: c.firstName,
          last_name_kana: c.lastNameKana,
          first_name_kana: c.firstNameKana,
          birth: c.birth,
          sex: 1,
          class_id: w.classB.id,
          admitted_on: c.birth,
        },
        headers: at(10),
      }),
    );
  });

  it('stays with reads (the ratio, the polls, the gate’s roster) and with another facility’s writes', async () => {
    await stays(11, async () => {
      await call(as.director, getStaffRatioNow, { params: facility(), headers: at(11) });
      await version(11);
      return call(kiosk, getKioskRoster, { headers: at(11) });
    });
    await stays(11, () =>
      call(as.otherFacility, postStaffClock, {
        params: { facilityId: w.otherFacility.facilityId },
        body: { kind: 'in' },
        headers: at(11),
      }),
    );
  });

  it('an unchanged poll reads the count, not the inputs: 3 statements; after a write the digest once more', async () => {
    await version(12);
    let before = t.database.queryCount();
    await version(12);
    expect(t.database.queryCount() - before).toBe(3);
    await call(as.classStaffA, postStaffClock, { params: facility(), body: { kind: 'out' }, headers: at(12) });
    before = t.database.queryCount();
    await version(12);
    expect(t.database.queryCount() - before).toBe(4);
    before = t.database.queryCount();
    await version(13);
    expect(t.database.queryCount() - before).toBe(3);
  });
});
