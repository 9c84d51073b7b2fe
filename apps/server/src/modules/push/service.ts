import { and, eq } from 'drizzle-orm';
import type { BodyOf, postWebPushSubscription } from '@renraku/contract';
import type { AppContext } from '../../context';
import { pushTokens, webPushSubscriptions } from '../../db/schema';
import { invalid } from '../../lib/errors';

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

const decodedLength = (value: string) => Buffer.from(value, 'base64url').length;

/**
 * The push service's URL must be https (the server POSTs to it, so anything else would let a caller
 * aim it inside the network); test mode also takes http://127.0.0.1 (the test push endpoint).
 * p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes.
 */
function checkSubscription(ctx: AppContext, body: BodyOf<typeof postWebPushSubscription>) {
  const url = new URL(body.endpoint);
  const testEndpoint = ctx.config.testClock && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !testEndpoint) throw invalid('endpoint', 'プッシュ通知の宛先は https のURLで指定してください');
  if (url.username || url.password) throw invalid('endpoint', 'プッシュ通知の宛先の形式が正しくありません');
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalid('keys.p256dh', '暗号鍵（p256dh）の形式が正しくありません');
  if (decodedLength(body.keys.auth) !== 16) throw invalid('keys.auth', '認証キー（auth）の形式が正しくありません');
}

/** Stores (or takes over) a browser subscription: an endpoint belongs to the last user who stored it. */
export async function storeSubscription(
  ctx: AppContext,
  userId: number,
  body: BodyOf<typeof postWebPushSubscription>,
  now: Date,
) {
  checkSubscription(ctx, body);
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: now };
  await ctx.db
    .insert(webPushSubscriptions)
    .values({ ...values, endpoint: body.endpoint, createdAt: now })
    .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: values });
  return { message: 'プッシュ通知を受け取る設定にしました' };
}

/** Deletes only the caller's own subscription; unknown or someone else's: nothing happens. */
export async function deleteSubscription(ctx: AppContext, userId: number, endpoint: string) {
  await ctx.db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.endpoint, endpoint), eq(webPushSubscriptions.userId, userId)));
  return { message: 'プッシュ通知の受け取りを止めました' };
}
