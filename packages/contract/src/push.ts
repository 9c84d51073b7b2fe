import { z } from 'zod';
import { defineCall } from './common';

const tokenBody = z.object({
  token: z
    .string({ message: 'トークンを指定してください' })
    .trim()
    .min(1, 'トークンを指定してください')
    .max(4096, 'トークンが長すぎます'),
});

export const postRegisterToken = defineCall({
  method: 'POST',
  path: '/api/fcm/register-token',
  summary: 'Registers the device push token of the caller (idempotent)',
  body: tokenBody,
  response: z.object({ message: z.string() }),
});

export const deletePushToken = defineCall({
  method: 'DELETE',
  path: '/api/fcm/delete-token',
  summary: 'Forgets one of the caller’s push tokens (idempotent; another user’s token is left alone)',
  body: tokenBody,
  response: z.object({ message: z.string() }),
});

/** Web push (docs/decisions/push-web-push.md): the browser's PushSubscription as `toJSON()` gives it. */
const base64url = (what: string) =>
  z
    .string({ message: `${what}を指定してください` })
    .min(1, `${what}を指定してください`)
    .max(200, `${what}が長すぎます`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what}の形式が正しくありません`);

const endpoint = z
  .string({ message: 'プッシュ通知の宛先を指定してください' })
  .trim()
  .min(1, 'プッシュ通知の宛先を指定してください')
  .max(2048, 'プッシュ通知の宛先が長すぎます')
  .url('プッシュ通知の宛先の形式が正しくありません');

export const webPushSubscriptionBody = z.object({
  endpoint,
  keys: z.object(
    { p256dh: base64url('暗号鍵（p256dh）'), auth: base64url('認証キー（auth）') },
    { message: '暗号鍵（keys）を指定してください' },
  ),
});

export const getWebPushPublicKey = defineCall({
  method: 'GET',
  path: '/api/web-push/public-key',
  summary: 'The server’s VAPID public key (applicationServerKey of pushManager.subscribe)',
  response: z.object({ public_key: z.string() }),
});

export const postWebPushSubscription = defineCall({
  method: 'POST',
  path: '/api/web-push/subscriptions',
  summary: 'Stores the caller’s browser push subscription (idempotent; an endpoint belongs to its last user)',
  body: webPushSubscriptionBody,
  response: z.object({ message: z.string() }),
});

export const deleteWebPushSubscription = defineCall({
  method: 'DELETE',
  path: '/api/web-push/subscriptions',
  summary: 'Forgets one of the caller’s browser push subscriptions (idempotent)',
  body: z.object({ endpoint }),
  response: z.object({ message: z.string() }),
});
