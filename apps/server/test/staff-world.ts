import { beforeAll, expect } from 'vitest';
import { postStaffDevice, postStaffDevicePair } from '@renraku/contract';
import { buildStaffWorld } from './factories';
import { call, setupApp, staffAgents, type Agent, type StaffPersona, type TestAppHandle } from './harness';

export type StaffWorld = Awaited<ReturnType<typeof buildStaffWorld>>;
type Clock = Record<string, string>;

export interface StaffWorldHandle {
  t: TestAppHandle;
  db: () => TestAppHandle['db'];
  /** `buildStaffWorld()`'s world, filled in place in beforeAll. */
  w: StaffWorld;
  /** A client per persona of staff.md §7 (`staffAgents()`), filled in place in beforeAll. */
  as: Record<StaffPersona, Agent>;
}

/**
 * `setupApp()` and staff.md §7's world with a signed-in client per persona, built once in beforeAll.
 * `w` and `as` are filled in place, so a file can destructure them at its top: its own beforeAll,
 * registered after this call, runs after them (vitest runs a file's beforeAll hooks in order).
 */
export function setupStaffWorld(clock: Clock = {}): StaffWorldHandle {
  const t = setupApp();
  const w = {} as StaffWorld;
  const as = {} as Record<StaffPersona, Agent>;
  beforeAll(async () => {
    Object.assign(w, await buildStaffWorld(t.db));
    Object.assign(as, await staffAgents(t, w, clock));
    // Eight sign-ins (argon2 each): generous on a loaded 2-core machine.
  }, 120_000);
  return { t, db: () => t.db, w, as };
}

/** A device of the facility registered by `director` and paired (a class tablet or a gate kiosk), still locked. */
export async function pairDevice(
  t: TestAppHandle,
  director: Agent,
  facilityId: number,
  body: { name: string; class_id?: number; purpose?: 'class' | 'kiosk' },
  clock: Clock,
): Promise<Agent> {
  const registered = await call(director, postStaffDevice, { params: { facilityId }, body, headers: clock });
  const agent = t.agent(clock);
  expect((await call(agent, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return agent;
}
