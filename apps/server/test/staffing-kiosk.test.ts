import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getStaffRatioNow, postKioskScans, postStaffClock, postStaffDevice, postStaffDevicePair } from '@renraku/contract';
import { children, noteChildren } from '../src/db/schema';
import { buildChild } from './factories';
import { call, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

/*
 * The live ratio follows the gate (staffing.md §4): an arrival scanned at the kiosk is a child in
 * the room on the next poll, and the same room turns short of staff. Real time, as the kiosk's own
 * tests (a scan is stamped by the device's clock).
 */

const { t, w, as } = setupStaffWorld();
let kiosk: Agent;

beforeAll(async () => {
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: 'ゲート', class_id: null, purpose: 'kiosk' },
  });
  kiosk = t.agent();
  expect((await call(kiosk, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
}, 120_000);

describe('the ratio and the gate', () => {
  it('a kiosk arrival counts in its class at once; 1 保育士 and a baby: short by one', async () => {
    const baby = await buildChild(t.db, { facilityId: w.facilityId });
    await t.db.update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
    await t.db.update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
    expect(
      (await call(as.classStaffA, postStaffClock, { params: { facilityId: w.facilityId }, body: { kind: 'in' } })).statusCode,
    ).toBe(201);
    const roomA = async () =>
      (await call(as.director, getStaffRatioNow, { params: { facilityId: w.facilityId } })).data.rooms.find(
        (r) => r.class_id === w.classA.id,
      )!;
    expect(await roomA()).toMatchObject({ children: 0, required: 0, short: 0 });
    const at = new Date(Date.now() - 60_000);
    const res = await call(kiosk, postKioskScans, {
      body: {
        sent_at: new Date().toISOString(),
        scans: [
          {
            id: randomUUID(),
            note_child_id: baby.noteChild.id,
            kind: 'arrival',
            at: at.toISOString(),
            pickup: null,
            via: 'qr',
            staff: null,
          },
        ],
      },
    });
    expect(res.data.results[0]!.status).toBe('recorded');
    const started = Date.now();
    expect(await roomA()).toMatchObject({ children: 1, children_by_band: [1, 0, 0, 0, 0], required: 2, short: 1 });
    // One poll after the scan: well inside the 5 s the screen promises (it polls every 3 s).
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
