import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { VapidKeys } from '../../config';
import type { Db } from '../../db/client';
import { webPushSubscriptions } from '../../db/schema';
import { PushSender } from './categories';

/** Push services answer these for a subscription that is gone for good. */
const GONE = new Set([404, 410]);

/**
 * The web push provider: each of the user's browser subscriptions gets the payload encrypted for it
 * (RFC 8291, aes128gcm) with a VAPID signature (RFC 8292), built by the web-push library and POSTed
 * with fetch (which also reaches the http test endpoint on 127.0.0.1). 404/410: the subscription is
 * deleted. It throws (the row is retried) only when no subscription took the push and one failed.
 * Native FCM tokens: no provider, left alone.
 */
export function webPushSender(db: Db, vapid: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  return {
    async send(push) {
      const payload = JSON.stringify({ title: push.title, body: push.body, link: push.link });
      let delivered = 0;
      const failures: string[] = [];
      for (const sub of push.subscriptions) {
        const request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: 24 * 60 * 60,
          },
        );
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        }).catch((error: unknown) => ({ status: 0, error }));
        if ('error' in response) {
          failures.push(String(response.error));
        } else if (response.status >= 200 && response.status < 300) {
          delivered += 1;
          await db.update(webPushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(webPushSubscriptions.id, sub.id));
        } else if (GONE.has(response.status)) {
          await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, sub.id));
        } else {
          failures.push(`push service answered ${response.status}`);
        }
      }
      if (delivered === 0 && failures.length > 0) throw new Error(failures.join('; '));
    },
  };
}
