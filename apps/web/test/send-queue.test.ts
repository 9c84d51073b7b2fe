import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, entries } from 'idb-keyval';
import type { User } from '@renraku/contract/client';
import type { QueuedSend } from '../src/lib/send-queue';
import { fakeNetwork, setOnline, type Reply, type Sent } from '../../../packages/ui/test/support/fake-network';

/**
 * The guardian app's offline queue (apps/web/src/lib/send-queue.ts; docs/decisions/web-pwa-offline.md):
 * a report made without a network is kept on the device (IndexedDB, here fake-indexeddb) and sent
 * once, in order, when the network returns. The real module over a fake `fetch`.
 */

const guardian = (id: number): User => ({
  id,
  name: `保護者${id}`,
  email: `g${id}@example.jp`,
  image_url: null,
  agreed_at: null,
  idp: null,
});
const absence = (date: string) => ({ absenceType: 1 as const, absenceDates: [date], diseases: [], message: '' });
const ok: Reply = { status: 200, body: { result: true } };

/** A fresh page load: new module state over the device's IndexedDB (kept unless `wipe`). */
async function load(userId: number | null = 7) {
  vi.resetModules();
  const session = await import('../src/lib/session');
  const queue = await import('../src/lib/send-queue');
  if (userId !== null) session.setSessionUser(guardian(userId));
  // The session tells its listeners in the next task (lib/session.ts): let that pass.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { session, queue };
}

/** Each call a millisecond later (the queue is ordered by the device's time of the report). */
let clock = Date.parse('2026-06-10T07:00:00+09:00');
const tick = () => vi.setSystemTime((clock += 1_000));

/** What IndexedDB holds (what a reload would find). */
const onDevice = async () =>
  (await entries<string, QueuedSend>(createStore('renraku-send-queue', 'sends'))).map(([, item]) => item);

const reports = (sent: Sent[]) => sent.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  tick();
  // A new device: an empty IndexedDB.
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendOrQueue', () => {
  it('sends at once when online, with an Idempotency-Key, and keeps nothing', async () => {
    const net = fakeNetwork(() => ok);
    setOnline(true);
    const { queue } = await load();

    const result = await queue.sendOrQueue('absence', 3, absence('2026-06-11'));

    expect(result).toEqual({ queued: false, answer: { result: true } });
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]).toMatchObject({ method: 'POST', path: '/api/absences/3', body: absence('2026-06-11') });
    expect(net.sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(queue.getQueuedSends()).toEqual([]);
  });

  it('keeps the report on the device without a request when the browser is offline', async () => {
    const net = fakeNetwork(() => ok);
    setOnline(false);
    const { queue } = await load();

    const result = await queue.sendOrQueue('attendance', 3, { targetDate: '2026-06-11' } as never);

    expect(result).toEqual({ queued: true });
    expect(net.sent).toEqual([]);
    expect(queue.getQueuedSends()).toMatchObject([
      { userId: 7, kind: 'attendance', childId: 3, body: { targetDate: '2026-06-11' } },
    ]);
    expect(queue.getQueuedSends()[0]!.error).toBeUndefined();
    expect(await onDevice()).toEqual(queue.getQueuedSends());
  });

  it('keeps the report when the request gets no answer (a dropped connection)', async () => {
    const net = fakeNetwork(() => 'offline');
    setOnline(true);
    const { queue } = await load();

    expect(await queue.sendOrQueue('contactBook', 4, { contactOn: '2026-06-10' } as never)).toEqual({ queued: true });
    expect(net.sent).toHaveLength(1);
    // The same id goes with the resend: the server may have stored the first one.
    const [kept] = queue.getQueuedSends();
    expect(kept!.key).toBe(net.sent[0]!.headers['idempotency-key']);
  });

  it("throws the server's refusal (4xx) and keeps nothing", async () => {
    fakeNetwork(() => ({
      status: 422,
      body: { message: '入力内容を確認してください', errors: { absenceDates: ['過去の日付は選べません'] } },
    }));
    setOnline(true);
    const { queue } = await load();

    const error = await queue.sendOrQueue('absence', 3, absence('2026-06-01')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 422 });
    expect(queue.getQueuedSends()).toEqual([]);
  });

  it('counts a timeout and a network TypeError as no answer, and a server answer as one', async () => {
    const { queue } = await load();
    const { ApiRequestError } = await import('@renraku/ui/api');
    expect(queue.isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(queue.isNetworkFailure(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(queue.isNetworkFailure(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(queue.isNetworkFailure(new ApiRequestError(503, {}))).toBe(false);
    expect(queue.isNetworkFailure(new Error('other'))).toBe(false);
  });
});

describe('flushQueuedSends', () => {
  /** Three reports made offline, oldest first. */
  async function queueThree() {
    setOnline(false);
    const loaded = await load();
    for (const date of ['2026-06-11', '2026-06-12', '2026-06-13']) {
      tick();
      await loaded.queue.sendOrQueue('absence', 3, absence(date));
    }
    return loaded;
  }

  it('sends every waiting report once, oldest first, with its own key, then forgets it', async () => {
    const { queue } = await queueThree();
    const keys = queue.getQueuedSends().map((i) => i.key);
    const net = fakeNetwork(() => ok);
    const heard: string[] = [];
    queue.onQueuedSent((item) => heard.push(item.key));
    setOnline(true);

    await queue.flushQueuedSends();
    await queue.flushQueuedSends();

    expect(reports(net.sent)).toEqual(
      ['2026-06-11', '2026-06-12', '2026-06-13'].map((d) => `POST /api/absences/3 ${JSON.stringify(absence(d))}`),
    );
    expect(net.sent.map((r) => r.headers['idempotency-key'])).toEqual(keys);
    expect(heard).toEqual(keys);
    expect(queue.getQueuedSends()).toEqual([]);
    expect(await onDevice()).toEqual([]);
  });

  it('makes no duplicate send when two flushes start together (the online event and a sign-in)', async () => {
    const { queue } = await queueThree();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const net = fakeNetwork(async () => {
      await held;
      return ok;
    });
    setOnline(true);

    const first = queue.flushQueuedSends();
    const second = queue.flushQueuedSends();
    release();
    await Promise.all([first, second]);
    await queue.flushQueuedSends();

    expect(net.sent).toHaveLength(3);
    expect(new Set(net.sent.map((r) => r.headers['idempotency-key'])).size).toBe(3);
  });

  it('does nothing while the browser is offline', async () => {
    const { queue } = await queueThree();
    const net = fakeNetwork(() => ok);

    await queue.flushQueuedSends();

    expect(net.sent).toEqual([]);
    expect(queue.getQueuedSends()).toHaveLength(3);
  });

  it("marks a refused report (4xx) with the server's message, goes on with the next, and never resends it", async () => {
    const { queue } = await queueThree();
    const net = fakeNetwork((r) =>
      JSON.stringify(r.body).includes('2026-06-11')
        ? {
            status: 422,
            body: { message: '入力内容を確認してください', errors: { absenceDates: ['過ぎた日の欠席連絡はできません'] } },
          }
        : ok,
    );
    setOnline(true);

    await queue.flushQueuedSends();
    await queue.flushQueuedSends();

    expect(net.sent).toHaveLength(3);
    expect(queue.getQueuedSends()).toMatchObject([{ body: absence('2026-06-11'), error: '過ぎた日の欠席連絡はできません' }]);

    // The guardian reads it and dismisses it: gone from the device too.
    expect(await onDevice()).toHaveLength(1);
    await queue.dismissQueuedSend(queue.getQueuedSends()[0]!.key);
    expect(queue.getQueuedSends()).toEqual([]);
    expect(await onDevice()).toEqual([]);
  });

  it.each([
    ['a 5xx', { status: 503, body: { message: '混み合っています' } }],
    ['an expired session (401)', { status: 401, body: { message: 'ログインしてください' } }],
    ['no answer', 'offline'],
  ] as const)('stops at %s, keeps the order and sends the rest later', async (_, failure) => {
    const { queue } = await queueThree();
    let failing = true;
    const net = fakeNetwork(() => (failing && net.sent.length === 2 ? failure : ok));
    setOnline(true);

    await queue.flushQueuedSends();
    expect(net.sent).toHaveLength(2);
    expect(queue.getQueuedSends().map((i) => (i.body as { absenceDates: string[] }).absenceDates[0])).toEqual([
      '2026-06-12',
      '2026-06-13',
    ]);
    expect(queue.getQueuedSends().every((i) => i.error === undefined)).toBe(true);

    failing = false;
    await queue.flushQueuedSends();
    expect(reports(net.sent).slice(1)).toEqual(
      ['2026-06-12', '2026-06-12', '2026-06-13'].map((d) => `POST /api/absences/3 ${JSON.stringify(absence(d))}`),
    );
    expect(queue.getQueuedSends()).toEqual([]);
  });

  it("sends and shows only the signed-in user's reports (a shared phone)", async () => {
    const { queue, session } = await queueThree();
    session.setSessionUser(guardian(8));
    const net = fakeNetwork(() => ok);
    setOnline(true);

    expect(queue.getQueuedSends()).toEqual([]);
    await queue.flushQueuedSends();
    expect(net.sent).toEqual([]);

    session.setSessionUser(guardian(7));
    expect(queue.getQueuedSends()).toHaveLength(3);
  });
});

describe('startSendQueue', () => {
  it('loads what an earlier page kept and sends it when the network returns, in order, once', async () => {
    setOnline(false);
    const first = await load();
    for (const date of ['2026-06-13', '2026-06-11']) {
      tick();
      await first.queue.sendOrQueue('absence', 3, absence(date));
    }

    // The app is closed and opened again, still offline.
    const net = fakeNetwork(() => ok);
    const { queue } = await load();
    queue.startSendQueue();
    await vi.waitFor(() => expect(queue.getQueuedSends()).toHaveLength(2));
    expect(net.sent).toEqual([]);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(queue.getQueuedSends()).toEqual([]));
    window.dispatchEvent(new Event('online'));
    await queue.flushQueuedSends();

    expect(reports(net.sent)).toEqual(
      ['2026-06-13', '2026-06-11'].map((d) => `POST /api/absences/3 ${JSON.stringify(absence(d))}`),
    );
  });

  it('tries again every 30 s while reports wait after a 5xx', async () => {
    setOnline(false);
    const first = await load();
    await first.queue.sendOrQueue('absence', 3, absence('2026-06-11'));

    let status = 503;
    const net = fakeNetwork(() => ({ status, body: {} }));
    setOnline(true);
    const { queue } = await load();
    queue.startSendQueue();
    await vi.waitFor(() => expect(net.sent).toHaveLength(1));
    expect(queue.getQueuedSends()).toHaveLength(1);

    status = 200;
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(queue.getQueuedSends()).toEqual([]));
    expect(net.sent).toHaveLength(2);

    // Nothing waits: the timer sends nothing more.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.sent).toHaveLength(2);
  });

  it('sends the waiting reports when their user signs in', async () => {
    setOnline(false);
    const first = await load();
    await first.queue.sendOrQueue('absence', 3, absence('2026-06-11'));

    const net = fakeNetwork(() => ok);
    setOnline(true);
    const { queue, session } = await load(null);
    queue.startSendQueue();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.sent).toEqual([]);

    session.setSessionUser(guardian(7));
    await vi.waitFor(() => expect(net.sent).toHaveLength(1));
  });
});
