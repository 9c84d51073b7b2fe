import { randomInt } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { addDays, PICKUP_CODES_PER_DAY, pickupCodeTexts, tokyoDate, tokyoInstant, type ChildPickupCode } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pickupCodes } from '../../db/schema';
import { conflict, notFound, tooMany } from '../../lib/errors';
import type { Viewer } from '../../lib/sessions';
import { authorizeChild } from '../access';
import { sha256Hex } from '../../lib/crypto';

/**
 * One-time pick-up codes (staff.md §6; docs/decisions/kiosk-pickup-codes.md): the main guardian
 * issues a 6-digit code for a substitute; it is answered once and kept as its SHA-256 (the kiosk's
 * roster carries the hash to check it offline), valid until the end of the Tokyo day, used once.
 * Other guardians of the child: 403; anyone else: 404.
 */

type Row = typeof pickupCodes.$inferSelect;

const present = (r: Row): ChildPickupCode => ({
  id: r.id,
  name: r.name,
  expires_at: r.expiresAt.toISOString(),
  used_at: r.usedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

const authorizeMain = (ctx: AppContext, viewer: Viewer, childId: number) =>
  authorizeChild(ctx, viewer, childId, 'manage', { forbidden: pickupCodeTexts.mainOnly });

/** The end of the Tokyo day of `now`: the codes of today stop then. */
const endOfDay = (now: Date) => tokyoInstant(addDays(tokyoDate(now), 1));

/** Today's codes of the child (live, used or cancelled ones are gone), oldest first. */
export async function listPickupCodes(ctx: AppContext, viewer: Viewer, childId: number, now: Date) {
  await authorizeMain(ctx, viewer, childId);
  const rows = await ctx.db
    .select()
    .from(pickupCodes)
    .where(and(eq(pickupCodes.childId, childId), gt(pickupCodes.expiresAt, now)))
    .orderBy(asc(pickupCodes.id));
  return rows.map(present);
}

export async function issuePickupCode(ctx: AppContext, viewer: Viewer, childId: number, name: string, now: Date) {
  const grant = await authorizeMain(ctx, viewer, childId);
  const expiresAt = endOfDay(now);
  return ctx.db.transaction(async (t) => {
    const tx: Db = t;
    const live = await tx
      .select({ codeHash: pickupCodes.codeHash })
      .from(pickupCodes)
      .where(and(eq(pickupCodes.childId, childId), gt(pickupCodes.expiresAt, now)))
      .for('update');
    if (live.length >= PICKUP_CODES_PER_DAY) throw tooMany(pickupCodeTexts.tooMany);
    const taken = new Set(live.map((c) => c.codeHash));
    let code = '';
    // A child's live codes differ from each other (one of them must not be mistaken for another).
    do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    while (taken.has(sha256Hex(code)));
    const [row] = await tx
      .insert(pickupCodes)
      .values({ companyId: grant.child.companyId, childId, name, codeHash: sha256Hex(code), expiresAt, createdBy: viewer.userId })
      .returning();
    return { id: row!.id, code, name: row!.name, expires_at: row!.expiresAt.toISOString() };
  });
}

/** Cancels an unused code of today (it is deleted: nothing is left to use). */
export async function cancelPickupCode(ctx: AppContext, viewer: Viewer, childId: number, codeId: number, now: Date) {
  await authorizeMain(ctx, viewer, childId);
  const [row] = await ctx.db
    .select()
    .from(pickupCodes)
    .where(and(eq(pickupCodes.id, codeId), eq(pickupCodes.childId, childId), gt(pickupCodes.expiresAt, now)));
  if (!row) throw notFound(pickupCodeTexts.notFound);
  if (row.usedAt) throw conflict(pickupCodeTexts.alreadyUsed);
  await ctx.db.delete(pickupCodes).where(eq(pickupCodes.id, row.id));
  return { message: pickupCodeTexts.deleted };
}
