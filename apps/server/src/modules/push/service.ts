import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushTokens } from '../../db/schema';

/** A device token belongs to whoever registered it last (a phone changes hands, or users switch). */
export async function registerToken(ctx: AppContext, userId: number, token: string, now: Date) {
  await ctx.db
    .insert(pushTokens)
    .values({ userId, token, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: pushTokens.token, set: { userId, updatedAt: now } });
  return { message: 'プッシュ通知の登録が完了しました' };
}

/** Deletes only the caller's own token; unknown or someone else's: nothing happens (idempotent). */
export async function deleteToken(ctx: AppContext, userId: number, token: string) {
  await ctx.db.delete(pushTokens).where(and(eq(pushTokens.token, token), eq(pushTokens.userId, userId)));
  return { message: 'プッシュ通知の登録を解除しました' };
}
