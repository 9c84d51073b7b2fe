import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@renraku/contract';
import { users } from '../../db/schema';
import type { AppContext } from '../../context';
import { HttpError, tooMany } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';

/**
 * Sign-in attempts in one 15-minute window (docs/decisions/auth-sign-in-lockout.md): 10 per address
 * from one client, 50 per client whatever the addresses, then 429. Failures for an address from
 * all clients together never lock it: past 10, each further check waits a little longer (up to
 * 5 s), so a stranger guessing from many addresses is slowed while the parent still gets in.
 */
export const LOGIN_LIMITS = {
  perAddressAndIp: 10,
  perIp: 50,
  windowSec: 15 * 60,
  addressDelayAfter: 10,
  addressDelayStepMs: 500,
  addressDelayMaxMs: 5_000,
};

const addressKey = (email: string) => `login:email:${email.toLowerCase()}`;
const pairKey = (email: string, ip: string) => `login:email-ip:${email.toLowerCase()}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** After a password reset the address may sign in again at once (from the client that reset it). */
export async function resetLoginFailures(ctx: AppContext, email: string, ip?: string) {
  await ctx.counter.reset(addressKey(email));
  if (ip) await ctx.counter.reset(pairKey(email, ip));
}

/** How long a check for an address waits after `failures` failures for it from any client. */
export function addressDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMITS.addressDelayAfter + 1;
  return over <= 0 ? 0 : Math.min(over * LOGIN_LIMITS.addressDelayStepMs, LOGIN_LIMITS.addressDelayMaxMs);
}

export async function findUserByEmail(ctx: AppContext, email: string) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0];
}

/**
 * Checks the password under the rate limits; the same answer whether the address exists or not.
 * Every attempt is counted before the check (atomic increments: concurrent guesses cannot all slip
 * under a limit) and a successful one is taken back.
 */
export async function verifyCredentials(ctx: AppContext, email: string, password: string, ip: string) {
  const [byPair, byIp] = await Promise.all([
    ctx.counter.hit(pairKey(email, ip), LOGIN_LIMITS.windowSec),
    ctx.counter.hit(ipKey(ip), LOGIN_LIMITS.windowSec),
  ]);
  if (byIp.count > LOGIN_LIMITS.perIp) throw tooMany(messages.tooManyLoginAttempts, byIp.retryAfterSec);
  if (byPair.count > LOGIN_LIMITS.perAddressAndIp) throw tooMany(messages.tooManyLoginAttempts, byPair.retryAfterSec);
  const failures = await ctx.counter.peek(addressKey(email));
  const delay = addressDelayMs(failures.count);
  if (delay > 0) await sleep(delay);

  const user = await findUserByEmail(ctx, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await ctx.counter.hit(addressKey(email), LOGIN_LIMITS.windowSec);
    throw new HttpError(422, messages.loginFailed);
  }
  await Promise.all([
    ctx.counter.reset(pairKey(email, ip)),
    ctx.counter.reset(addressKey(email)),
    ctx.counter.release(ipKey(ip)),
  ]);
  return user;
}
