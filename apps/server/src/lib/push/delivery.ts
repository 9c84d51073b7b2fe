import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pushOutbox, pushTokens, webPushSubscriptions } from '../../db/schema';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, retryDelayMs } from '../mail';
import { PushSender, PushRow, pushCategoryOf, DIGESTIBLE, readPushSettings } from './categories';

export async function claimPushes(db: Db, now: Date, batch = 50): Promise<PushRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(
        or(
          and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, now)),
          and(eq(pushOutbox.status, 'sending'), lt(pushOutbox.lockedUntil, now), lt(pushOutbox.attempts, MAIL_MAX_ATTEMPTS)),
        ),
      )
      .orderBy(asc(pushOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushOutbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sql`${pushOutbox.attempts} + 1` })
      .where(
        inArray(
          pushOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/**
 * Sends the due pushes (claim, send, mark as `deliverPendingMails`). The guardian's settings of the
 * moment decide: a category turned off → `skipped`; with the digest on, a digestible one → `digest`
 * (waits for the evening summary). Rows written without a check (the kiosk's arrivals) are filtered
 * here too. A user without devices now: sent to nobody, done.
 */
export async function deliverPendingPushes(db: Db, sender: PushSender, log?: FastifyBaseLogger, now: Date = new Date()) {
  let sent = 0;
  for (const row of await claimPushes(db, now)) {
    const mine = and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'sending'), eq(pushOutbox.lockedUntil, row.lockedUntil!));
    try {
      const category = pushCategoryOf(row.kind);
      if (category) {
        const settings = (await readPushSettings(db, [row.userId])).get(row.userId)!;
        if (!settings[category] || (settings.digest && DIGESTIBLE.has(category))) {
          await db
            .update(pushOutbox)
            .set({ status: settings[category] ? 'digest' : 'skipped', lockedUntil: null })
            .where(mine);
          continue;
        }
      }
      const [tokens, subscriptions] = await Promise.all([
        db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, row.userId)),
        db
          .select({
            id: webPushSubscriptions.id,
            endpoint: webPushSubscriptions.endpoint,
            p256dh: webPushSubscriptions.p256dh,
            auth: webPushSubscriptions.auth,
          })
          .from(webPushSubscriptions)
          .where(eq(webPushSubscriptions.userId, row.userId)),
      ]);
      if (tokens.length > 0 || subscriptions.length > 0) {
        await sender.send({
          userId: row.userId,
          tokens: tokens.map((t) => t.token),
          subscriptions,
          title: row.title,
          body: row.body,
          link: row.link,
        });
      }
      await db.update(pushOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null }).where(mine);
      sent += 1;
    } catch (error) {
      log?.warn({ err: error, pushId: row.id }, 'push delivery failed');
      await db
        .update(pushOutbox)
        .set({
          status: row.attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(mine);
    }
  }
  return sent;
}
