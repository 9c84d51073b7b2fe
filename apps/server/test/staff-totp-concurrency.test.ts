/**
 * Issue 30: a TOTP code and a recovery code are single-use under concurrency. Ten sessions pending
 * the second factor send the same code at once: exactly one is completed (the use is a conditional
 * update only one request can win; docs/decisions/auth-staff-sessions-and-2fa.md).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { getStaffMe, postStaffLogin, postStaffLoginTotp, postStaffTotpEnable, postStaffTotpSetup } from '@renraku/contract';
import { staffTotp } from '../src/db/schema';
import { buildStaff, TEST_PASSWORD } from './factories';
import { call, setupApp, type Agent } from './harness';

const t = setupApp();
const db = () => t.db;

const NOW = Date.parse('2026-11-24T00:00:00.000Z');
const at = (offsetSec: number) => ({ 'x-test-now': new Date(NOW + offsetSec * 1000).toISOString() });
const codeAt = (secret: string, offsetSec: number) => generateSync({ secret, epoch: Math.floor(NOW / 1000) + offsetSec });

async function enrolledStaff() {
  const { user } = await buildStaff(db());
  const desk = await t.signInStaff(user);
  const setup = await call(desk, postStaffTotpSetup, { headers: at(0) });
  const enabled = await call(desk, postStaffTotpEnable, { body: { code: codeAt(setup.data.secret, 0) }, headers: at(0) });
  expect(enabled.statusCode).toBe(200);
  return { user, secret: setup.data.secret, recovery: enabled.data.recovery_codes };
}

/** `n` sessions of `email` past the password step, each pending the second factor. */
async function pendingSessions(email: string, n: number, offsetSec: number): Promise<Agent[]> {
  const agents = Array.from({ length: n }, () => t.agent());
  for (const agent of agents) {
    const login = await call(agent, postStaffLogin, { body: { email, password: TEST_PASSWORD }, headers: at(offsetSec) });
    expect(login.data.stage).toBe('totp');
  }
  return agents;
}

/** How many of the sessions are fully signed in. */
async function completed(agents: Agent[], offsetSec: number) {
  const stages = await Promise.all(agents.map((a) => call(a, getStaffMe, { headers: at(offsetSec) }).then((r) => r.data.stage)));
  return stages.filter((s) => s === 'ok').length;
}

describe('issue 30: second factor codes used once under concurrency', () => {
  it('10 concurrent uses of one TOTP code: exactly one session', async () => {
    const { user, secret } = await enrolledStaff();
    const agents = await pendingSessions(user.email, 10, 60);
    const code = codeAt(secret, 60);
    const statuses = await Promise.all(
      agents.map((agent) => call(agent, postStaffLoginTotp, { body: { code }, headers: at(60) }).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 422 || s === 429)).toBe(true);
    expect(await completed(agents, 61)).toBe(1);
  });

  it('10 concurrent uses of one recovery code: exactly one session, and the code is gone', async () => {
    const { user, recovery } = await enrolledStaff();
    const agents = await pendingSessions(user.email, 10, 60);
    const statuses = await Promise.all(
      agents.map((agent) =>
        call(agent, postStaffLoginTotp, { body: { code: recovery[0]! }, headers: at(60) }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await completed(agents, 61)).toBe(1);
    const [row] = await db().select().from(staffTotp).where(eq(staffTotp.userId, user.id));
    expect(row!.recoveryCodes).toHaveLength(9);
  });
});
