import { deleteWebPushSubscription, getWebPushPublicKey, postWebPushSubscription } from '@renraku/contract/client/calls';
import { api } from './api';
import { native } from './native';
import { readLocal, writeLocal } from './storage';

/*
 * Web push in the guardian app (docs/decisions/push-web-push.md). Asked for after a meaningful action
 * (a report sent, or the settings screen), never on first load; a "not now" is remembered for
 * ASK_AGAIN_DAYS on this device. The native wrapper has its own token calls (lib/native.ts).
 */

const DECLINED_KEY = 'push-prompt-declined-at';
export const ASK_AGAIN_DAYS = 14;

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'available';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  !native.isWrapped();

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What this device can do now: nothing, refused in the browser, already subscribed, or can be asked. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'subscribed' : 'available';
}

/** Whether the in-app prompt may show: the device can subscribe, is not yet, and no recent "not now". */
export async function mayAskForPush(now = Date.now()): Promise<boolean> {
  if ((await pushState()) !== 'available') return false;
  const declinedAt = readLocal<number | null>(DECLINED_KEY, null);
  return declinedAt === null || now - declinedAt > ASK_AGAIN_DAYS * 24 * 3600 * 1000;
}

export const rememberDeclined = (now = Date.now()) => writeLocal(DECLINED_KEY, now);

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * The browser's permission, then a subscription through the service worker with the server's VAPID
 * key, stored on the server. Resolves to the resulting state ('denied' when the user said no).
 */
export async function subscribeToPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    rememberDeclined();
    return permission === 'denied' ? 'denied' : 'available';
  }
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await api(getWebPushPublicKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const json = subscription.toJSON();
  await api(postWebPushSubscription, {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  return 'subscribed';
}

/** This device stops receiving pushes (the settings screen; logout). */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api(deleteWebPushSubscription, { body: { endpoint: subscription.endpoint }, reportUnauthenticated: false }).catch(
    () => undefined,
  );
  await subscription.unsubscribe().catch(() => false);
}
