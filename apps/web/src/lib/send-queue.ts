// Reports made without a network (issue 20; docs/decisions/web-pwa-offline.md): an absence, a
// time change or a contact book that cannot reach the server is kept on the device (IndexedDB)
// with a unique id, shown as 送信待ち, and sent in order when the network returns. The server
// stores the id with the record, so a send delivered twice is stored once; its own checks still
// decide, and a report that has become invalid (its day has passed) comes back with the server's
// message for the guardian to read.
import { createStore, del, entries, set } from 'idb-keyval';
import { idempotencyKeyHeader, limits, type BodyInputOf } from '@renraku/contract/client';
import { postAbsence, postAttendance, postFamiliesInformation } from '@renraku/contract/client/calls';
import { api } from './api';
import { ApiRequestError, errorText } from '@renraku/ui/api';
import { getSession, subscribeSession } from './session';

/** Said when a report was kept on the device instead of sent. */
export const queuedMessage = '通信できないため送信待ちにしました。通信が戻ると自動で送信します';

const calls = { absence: postAbsence, attendance: postAttendance, contactBook: postFamiliesInformation } as const;
export type SendKind = keyof typeof calls;
type BodyOf<K extends SendKind> = BodyInputOf<(typeof calls)[K]>;

export interface QueuedSend {
  /** The Idempotency-Key: the same on every delivery of this report. */
  key: string;
  userId: number;
  kind: SendKind;
  childId: number;
  body: unknown;
  /** The device's time of the report (ISO), which also orders the queue. */
  queuedAt: string;
  /** The server's message when it refused the report (kept until the guardian dismisses it). */
  error?: string;
}

/** What a send answered: the server's answer, or `queued` when it waits on the device. */
export type SendResult<K extends SendKind> =
  { queued: false; answer: Awaited<ReturnType<typeof api<(typeof calls)[K]>>> } | { queued: true };

const store = createStore('renraku-send-queue', 'sends');
let items: QueuedSend[] = [];
const listeners = new Set<() => void>();
const sentListeners = new Set<(item: QueuedSend) => void>();

function publish(next: QueuedSend[]) {
  items = [...next].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  for (const listener of listeners) listener();
}

// The snapshot for useSyncExternalStore: the same array until the queue or the user changes.
let snapshot: { items: QueuedSend[]; userId: number | undefined; mine: QueuedSend[] } = { items, userId: undefined, mine: [] };

/** The signed-in user's queued and refused reports, oldest first. */
export function getQueuedSends(): QueuedSend[] {
  const userId = getSession().user?.id;
  if (snapshot.items !== items || snapshot.userId !== userId) {
    snapshot = { items, userId, mine: items.filter((item) => item.userId === userId) };
  }
  return snapshot.mine;
}
export function subscribeQueuedSends(listener: () => void) {
  listeners.add(listener);
  const unsubscribeSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeSession();
  };
}
/** Hears of each queued report the server has accepted (screens refresh their lists). */
export function onQueuedSent(listener: (item: QueuedSend) => void) {
  sentListeners.add(listener);
  return () => {
    sentListeners.delete(listener);
  };
}

/** No answer from the server: offline, a dropped connection or the request timeout. */
export const isNetworkFailure = (error: unknown) =>
  !(error instanceof ApiRequestError) &&
  (error instanceof TypeError || (error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name)));

function deliver<K extends SendKind>(kind: K, childId: number, body: unknown, key: string) {
  return api(calls[kind], {
    params: { childId },
    body: body as BodyOf<K>,
    headers: { [idempotencyKeyHeader]: key },
    signal: AbortSignal.timeout(limits.requestTimeoutMs),
  } as never);
}

async function keep(item: QueuedSend) {
  await set(item.key, item, store);
  publish([...items.filter((i) => i.key !== item.key), item]);
}

async function drop(key: string) {
  await del(key, store);
  publish(items.filter((i) => i.key !== key));
}

/**
 * Sends a report now, or keeps it for later when there is no network (offline, or no answer within
 * the request timeout: the server may have stored it, and the same id makes the resend harmless).
 * The server's refusals are thrown as before.
 */
export async function sendOrQueue<K extends SendKind>(kind: K, childId: number, body: BodyOf<K>): Promise<SendResult<K>> {
  const userId = getSession().user?.id;
  const key = crypto.randomUUID();
  const queue = async () => {
    if (userId === undefined) throw new TypeError('offline before the session is known');
    await keep({ key, userId, kind, childId, body, queuedAt: new Date().toISOString() });
    return { queued: true } as const;
  };
  if (!navigator.onLine) return queue();
  try {
    return { queued: false, answer: (await deliver(kind, childId, body, key)) as never };
  } catch (error) {
    if (isNetworkFailure(error)) return queue();
    throw error;
  }
}

let flushing = false;
/** Sends the signed-in user's waiting reports in order; stops at the first network failure. */
export async function flushQueuedSends() {
  if (flushing || !navigator.onLine) return;
  flushing = true;
  try {
    for (const item of getQueuedSends()) {
      if (item.error) continue;
      try {
        await deliver(item.kind, item.childId, item.body, item.key);
        await drop(item.key);
        for (const listener of sentListeners) listener(item);
      } catch (error) {
        if (isNetworkFailure(error)) return;
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 419 || error.status >= 500)) return;
        // Refused for good (e.g. its day has passed): the guardian reads why and dismisses it.
        await keep({ ...item, error: errorText(error) });
      }
    }
  } finally {
    flushing = false;
  }
}

/** Removes a refused report the guardian has read. */
export const dismissQueuedSend = (key: string) => drop(key);

let started = false;
/** Loads the queue and sends it whenever the network returns or the user signs in (once, at app start). */
export function startSendQueue() {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  void entries<string, QueuedSend>(store)
    .then((rows) => publish(rows.map(([, item]) => item)))
    .then(() => flushQueuedSends())
    .catch(() => undefined);
  window.addEventListener('online', () => void flushQueuedSends());
  subscribeSession(() => void flushQueuedSends());
  // A server that answered 5xx or an expired session: try again now and then while reports wait.
  window.setInterval(() => {
    if (getQueuedSends().some((item) => !item.error)) void flushQueuedSends();
  }, 30_000);
}
