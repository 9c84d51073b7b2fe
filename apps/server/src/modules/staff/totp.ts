import { countAttempt } from '../../lib/rate-limit';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { staffMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { staffTotp } from '../../db/schema';
import { randomToken, safeEqual, seal, sha256, unseal } from '../../lib/crypto';
import { HttpError, conflict, invalid } from '../../lib/errors';

/** Wrong codes allowed per person in a window before 429 (a 6-digit code must not be guessable). */
const TOTP_LIMIT = { attempts: 5, windowSec: 15 * 60 };
const RECOVERY_CODE_COUNT = 10;

const failKey = (userId: number) => `totp:user:${userId}`;

export async function totpState(db: Db, userId: number) {
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
  return row;
}

export const isTotpEnabled = (row: Awaited<ReturnType<typeof totpState>>) => !!row?.enabledAt;

/** A new secret (replacing an unconfirmed one); refused while 2FA is on. */
export async function startTotpSetup(ctx: AppContext, user: { id: number; email: string }) {
  const current = await totpState(ctx.db, user.id);
  if (isTotpEnabled(current)) throw conflict(staffMessages.totpAlreadyEnabled);
  const secret = generateSecret();
  const sealed = seal(ctx.config.sessionSecret, secret);
  await ctx.db
    .insert(staffTotp)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: staffTotp.userId,
      set: { secret: sealed, enabledAt: null, lastTimeStep: null, recoveryCodes: [] },
    });
  return { secret, uri: generateURI({ issuer: ctx.config.operator.app_name, label: user.email, secret }) };
}

/** A code of the current 30-second step (±1 step for clock drift), each step accepted once. */
function matchingTimeStep(ctx: AppContext, row: typeof staffTotp.$inferSelect, code: string, now: Date): number | null {
  const secret = unseal(ctx.config.sessionSecret, row.secret);
  const result = verifySync({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  if (!result.valid || !('timeStep' in result)) return null;
  if (row.lastTimeStep !== null && result.timeStep <= row.lastTimeStep) return null;
  return result.timeStep;
}

/** Counts the attempt before the code is checked (atomic: concurrent guesses cannot pass together); a success resets. */
async function guardAttempts(ctx: AppContext, userId: number) {
  await countAttempt(ctx.counter, failKey(userId), TOTP_LIMIT.attempts, TOTP_LIMIT.windowSec);
}

/** A wrong code: already counted by guardAttempts. */
function failAttempt(): never {
  throw invalid('code', staffMessages.totpInvalid);
}

/** Confirms enrolment with a first code; answers the recovery codes, shown once (stored as SHA-256). */
export async function enableTotp(ctx: AppContext, userId: number, code: string, now: Date): Promise<string[]> {
  await guardAttempts(ctx, userId);
  const row = await totpState(ctx.db, userId);
  if (!row) throw new HttpError(422, staffMessages.totpNotStarted);
  if (isTotpEnabled(row)) throw conflict(staffMessages.totpAlreadyEnabled);
  const step = matchingTimeStep(ctx, row, code, now);
  if (step === null) return failAttempt();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomToken(8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .padEnd(8, '0')
      .slice(0, 8);
    return `${raw.slice(0, 4)}-${raw.slice(4)}`;
  });
  // Only one of two concurrent confirmations stores its recovery codes (the other's would be void).
  const won = await ctx.db
    .update(staffTotp)
    .set({ enabledAt: now, lastTimeStep: step, recoveryCodes: codes.map((c) => sha256(c)) })
    .where(and(eq(staffTotp.userId, userId), isNull(staffTotp.enabledAt)))
    .returning({ userId: staffTotp.userId });
  if (won.length === 0) throw conflict(staffMessages.totpAlreadyEnabled);
  await ctx.counter.reset(failKey(userId));
  return codes;
}

/**
 * Uses a TOTP time step: a conditional update that only one request can win, so concurrent
 * sign-ins with one code complete one session (issue 30). False when the step was already used.
 */
async function claimTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const won = await db
    .update(staffTotp)
    .set({ lastTimeStep: step })
    .where(and(eq(staffTotp.userId, userId), or(isNull(staffTotp.lastTimeStep), lt(staffTotp.lastTimeStep, step))))
    .returning({ userId: staffTotp.userId });
  return won.length === 1;
}

/** Uses a recovery code (its hash taken out of the list) only if it is still there: one request wins. */
async function claimRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const won = await db
    .update(staffTotp)
    .set({ recoveryCodes: sql`array_remove(${staffTotp.recoveryCodes}, ${hash})` })
    .where(and(eq(staffTotp.userId, userId), sql`${hash} = any(${staffTotp.recoveryCodes})`))
    .returning({ userId: staffTotp.userId });
  return won.length === 1;
}

/** The second factor at sign-in: a TOTP code, or a recovery code (used up). */
export async function verifySecondFactor(ctx: AppContext, userId: number, code: string, now: Date): Promise<void> {
  await guardAttempts(ctx, userId);
  const row = await totpState(ctx.db, userId);
  if (!row || !isTotpEnabled(row)) return failAttempt();
  if (/^\d{6}$/.test(code)) {
    const step = matchingTimeStep(ctx, row, code, now);
    if (step === null || !(await claimTimeStep(ctx.db, userId, step))) return failAttempt();
  } else {
    const hash = sha256(code.toLowerCase());
    if (!row.recoveryCodes.some((c) => safeEqual(c, hash))) return failAttempt();
    if (!(await claimRecoveryCode(ctx.db, userId, hash))) return failAttempt();
  }
  await ctx.counter.reset(failKey(userId));
}
