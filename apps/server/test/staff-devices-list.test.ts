import { describe, expect, it } from 'vitest';
import { getStaffDevices, postStaffDevice, postStaffDevicePair } from '@renraku/contract';
import { call } from './harness';
import { setupStaffWorld } from './staff-world';

/**
 * The facility's device list: an unpaired tablet shows the expiry of its own live pairing code.
 * The code's lookup is a subquery in a single-table select list, where drizzle writes columns
 * unqualified (docs/decisions/database-sql-fragments-in-select-lists.md): written as a hand-made fragment it
 * compared the codes' `device_id` with their own `id`, so every tablet showed the same expiry (the
 * latest of the codes whose id happened to equal their device's id, any facility's) or none.
 */
const { t, w: world, as: agents } = setupStaffWorld();
const MINUTE = 60_000;

const at = (base: number, minutes: number) => ({ 'x-test-now': new Date(base + minutes * MINUTE).toISOString() });

async function register(name: string, headers: Record<string, string>) {
  const res = await call(agents.director, postStaffDevice, {
    params: { facilityId: world.facilityId },
    body: { name, class_id: null },
    headers,
  });
  expect(res.statusCode).toBe(201);
  return res.data;
}

describe('the device list', () => {
  it('shows each unpaired tablet the expiry of its own code, a paired one none', async () => {
    const base = Date.now();
    const first = await register('一台目', at(base, 0));
    const second = await register('二台目', at(base, 2));
    const paired = await register('三台目', at(base, 4));
    expect((await call(t.agent(), postStaffDevicePair, { body: { code: paired.code }, headers: at(base, 5) })).statusCode).toBe(
      200,
    );
    expect(first.expires_at).not.toBe(second.expires_at);

    const listed = await call(agents.director, getStaffDevices, {
      params: { facilityId: world.facilityId },
      headers: at(base, 6),
    });
    expect(listed.statusCode).toBe(200);
    const byId = new Map(listed.data.map((d) => [d.id, d]));
    expect(byId.get(first.device.id)).toMatchObject({ paired_at: null, pairing_expires_at: first.expires_at });
    expect(byId.get(second.device.id)).toMatchObject({ paired_at: null, pairing_expires_at: second.expires_at });
    expect(byId.get(paired.device.id)?.pairing_expires_at).toBeNull();

    // At 11 minutes the first code has lapsed, the second has not.
    const later = await call(agents.director, getStaffDevices, {
      params: { facilityId: world.facilityId },
      headers: at(base, 11),
    });
    const laterById = new Map(later.data.map((d) => [d.id, d]));
    expect(laterById.get(first.device.id)?.pairing_expires_at).toBeNull();
    expect(laterById.get(second.device.id)?.pairing_expires_at).toBe(second.expires_at);
  });
});
