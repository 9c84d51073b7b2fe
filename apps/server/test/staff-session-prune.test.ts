/**
 * A sign-in prunes staff sessions that expired a week ago, not those that just expired
 * (lib/staff-sessions.ts `pruneStaffSessions`): an expired row is refused on use anyway, and a
 * sign-in whose clock runs ahead (an e2e page's X-Test-Now moved past an archive's 24 hours) must not
 * end the sessions of everyone else signed in at the run's instant.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getStaffMe } from '@renraku/contract';
import { staffSessions } from '../src/db/schema';
import { buildStaffWorld } from './factories';
import { callRaw, setupApp } from './harness';

const t = setupApp();
const at = (iso: string) => ({ 'x-test-now': iso });
const T0 = '2026-06-10T01:00:00.000Z';

describe('pruning expired staff sessions on sign-in', () => {
  it('a sign-in a day ahead keeps the others’ rows; a week past their expiry they go', async () => {
    const w = await buildStaffWorld(t.db);
    const early = await t.signInStaff(w.staff.classStaffA.user, at(T0));
    const rows = async () =>
      (await t.db.select().from(staffSessions).where(eq(staffSessions.userId, w.staff.classStaffA.user.id))).length;
    expect(await rows()).toBe(1);

    // Someone signs in 25 hours later: the early session has expired (refused) but its row stays.
    await t.signInStaff(w.staff.director.user, at('2026-06-11T02:00:00.000Z'));
    expect(await rows()).toBe(1);
    expect((await callRaw(early, getStaffMe, { headers: at('2026-06-11T02:00:00.000Z') })).statusCode).toBe(401);
    // Still valid at its own time: nothing was taken from it.
    expect((await callRaw(early, getStaffMe, { headers: at(T0) })).statusCode).toBe(200);

    // Nine days later a sign-in prunes it.
    await t.signInStaff(w.staff.director.user, at('2026-06-19T02:00:00.000Z'));
    expect(await rows()).toBe(0);
  });
});
