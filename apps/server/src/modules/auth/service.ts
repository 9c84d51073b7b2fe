import { eq, sql } from 'drizzle-orm';
import { messages } from '@renraku/contract';
import { users } from '../../db/schema';
import type { AppContext } from '../../context';
import { HttpError, tooMany } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';

/** Failed sign-ins allowed per address and per IP in one window before 429. */
export const LOGIN_LIMITS = { perEmail: 10, perIp: 50, windowSec: 15 * 60 };

const emailKey = (email: string) => `login:email:${email.toLowerCase()}`;

/** After a password reset the address may sign in again at once. */
export const resetLoginFailures = (ctx: AppContext, email: string) => ctx.counter.reset(emailKey(email));
const ipKey = (ip: string) => `login:ip:${ip}`;

export async function findUserByEmail(ctx: AppContext, email: string) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0];
}

/** Checks the password under the rate limits; the same answer whether the address exists or not. */
export async function verifyCredentials(ctx: AppContext, email: string, password: string, ip: string) {
  const [byEmail, byIp] = await Promise.all([ctx.counter.peek(emailKey(email)), ctx.counter.peek(ipKey(ip))]);
  if (byEmail.count >= LOGIN_LIMITS.perEmail) throw tooMany(messages.tooManyLoginAttempts, byEmail.retryAfterSec);
  if (byIp.count >= LOGIN_LIMITS.perIp) throw tooMany(messages.tooManyLoginAttempts, byIp.retryAfterSec);

  const user = await findUserByEmail(ctx, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await Promise.all([
      ctx.counter.hit(emailKey(email), LOGIN_LIMITS.windowSec),
      ctx.counter.hit(ipKey(ip), LOGIN_LIMITS.windowSec),
    ]);
    throw new HttpError(422, messages.loginFailed);
  }
  await ctx.counter.reset(emailKey(email));
  return user;
}
