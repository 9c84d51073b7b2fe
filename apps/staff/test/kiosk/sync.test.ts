import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalScan } from '../../src/features/kiosk/lib/types';
import { fakeNetwork, type Reply, type Sent } from '../../../../packages/ui/test/support/fake-network';
import { at, child, roster, scan } from './fixtures';

/**
 * The gate's offline store and its sending (apps/staff/src/features/kiosk/lib/store.ts, sync.ts;
 * docs/decisions/kiosk-offline-app.md): scans are kept on the device (IndexedDB, here
 * fake-indexeddb) and sent oldest first, each id once; the roster is kept for a day without a network.
 */

/** A page load of the kiosk over the device's IndexedDB (kept between loads of one test). */
async function load() {
  vi.resetModules();
  const store = await import('../../src/features/kiosk/lib/store');
  const sync = await import('../../src/features/kiosk/lib/sync');
  await store.loadKioskState();
  return { store, sync, scans: () => store.kioskStore.snapshot().scans, status: () => sync.syncStatusStore.snapshot() };
}

type ScanBody = { sent_at: string; scans: { id: string; via: string; staff: unknown }[] };
const scanPosts = (sent: Sent[]) => sent.filter((r) => r.path === '/api/kiosk/scans').map((r) => r.body as ScanBody);
const idsOf = (sent: Sent[]) => scanPosts(sent).map((b) => b.scans.map((s) => s.id));
const statuses = (scans: LocalScan[]) => Object.fromEntries(scans.map((s) => [s.id, s.status]));

/** The server: answers each scan with `status(id)` (recorded unless told). */
const server =
  (status: (id: string) => LocalScan['status'] = () => 'recorded') =>
  (r: Sent): Reply =>
    r.path === '/api/kiosk/scans'
      ? {
          status: 200,
          body: {
            results: (r.body as ScanBody).scans.map((s) => ({ id: s.id, status: status(s.id), message: null })),
            skew_ms: 1500,
          },
        }
      : { status: 404, body: {} };

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sending the scans', () => {
  const three = [scan(1, 'arrival', '08:00'), scan(2, 'arrival', '08:01'), scan(3, 'arrival', '08:02')];

  it("sends the pending scans once, oldest first, and applies each answer by the scan's id", async () => {
    const net = fakeNetwork(server((id) => (id.startsWith('2-') ? 'ignored_repeat' : 'recorded')));
    const { store, sync, scans, status } = await load();
    await store.appendScans(three);

    await sync.sendPending();
    await sync.sendPending();

    expect(idsOf(net.sent)).toEqual([three.map((s) => s.id)]);
    expect(scanPosts(net.sent)[0]!.scans[0]).toMatchObject({ via: 'qr', staff: null });
    expect(statuses(scans())).toEqual({
      [three[0]!.id]: 'recorded',
      [three[1]!.id]: 'ignored_repeat',
      [three[2]!.id]: 'recorded',
    });
    expect(status()).toMatchObject({ sending: false, failed: false, skewMs: 1500, device: null });
  });

  it('joins a round already running instead of sending the same scans twice', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = server();
    const net = fakeNetwork(async (r) => {
      await held;
      return answer(r);
    });
    const { store, sync, status } = await load();
    await store.appendScans(three);

    const first = sync.sendPending();
    const second = sync.sendPending();
    expect(second).toBe(first);
    expect(status().sending).toBe(true);
    release();
    await Promise.all([first, second]);

    expect(idsOf(net.sent)).toEqual([three.map((s) => s.id)]);
  });

  it('keeps the scans pending without an answer and sends the same ids later; a resend the server had is done', async () => {
    let online = false;
    // The first request reaches the server but its answer is lost: the server has scan 1 already.
    const answer = server((id) => (id === three[0]!.id ? 'duplicate' : 'recorded'));
    const net = fakeNetwork((r) => (online ? answer(r) : 'offline'));
    const { store, sync, scans, status } = await load();
    await store.appendScans(three);

    await sync.sendPending();
    expect(status()).toMatchObject({ failed: true, sending: false });
    expect(scans().every((s) => s.status === 'pending')).toBe(true);

    online = true;
    await sync.sendPending();
    expect(idsOf(net.sent)).toEqual([three.map((s) => s.id), three.map((s) => s.id)]);
    expect(scans().map((s) => s.status)).toEqual(['duplicate', 'recorded', 'recorded']);
    expect(status().failed).toBe(false);
  });

  it('finds the pending scans again after a reload (the only copy until the server has them)', async () => {
    const first = await load();
    await first.store.appendScans(three);

    const net = fakeNetwork(server());
    const { sync, scans } = await load();
    expect(scans().map((s) => s.id)).toEqual(three.map((s) => s.id));
    await sync.sendPending();
    expect(idsOf(net.sent)).toEqual([three.map((s) => s.id)]);
  });

  it('sends at most 100 scans a request', async () => {
    const net = fakeNetwork(server());
    const { store, sync, scans } = await load();
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...scan(i + 1, 'arrival', '08:00'),
      id: `s-${String(i).padStart(3, '0')}`,
    }));
    await store.appendScans(many);

    await sync.sendPending();

    expect(idsOf(net.sent).map((ids) => ids.length)).toEqual([100, 50]);
    expect(idsOf(net.sent).flat()).toEqual(many.map((s) => s.id));
    expect(scans().every((s) => s.status === 'recorded')).toBe(true);
  });

  it('finds a scan the server cannot read (422) by sending one at a time, keeps it refused, and sends the rest', async () => {
    const bad = three[1]!.id;
    const answer = server();
    const net = fakeNetwork((r) =>
      (r.body as ScanBody).scans.some((s) => s.id === bad)
        ? { status: 422, body: { message: '記録の形式が正しくありません' } }
        : answer(r),
    );
    const { store, sync, scans } = await load();
    await store.appendScans(three);

    await sync.sendPending();

    expect(idsOf(net.sent)).toEqual([three.map((s) => s.id), [three[0]!.id], [bad], [three[2]!.id]]);
    expect(scans().map((s) => [s.status, s.message])).toEqual([
      ['recorded', null],
      ['rejected', '記録の形式が正しくありません'],
      ['recorded', null],
    ]);
  });

  it('refuses the waiting code pick-ups after too many wrong codes (429) and sends the others', async () => {
    const code = scan(2, 'pickup', '17:00', 'pending', { pickup: { type: 'code', code: '123456' } });
    const answer = server();
    const net = fakeNetwork((r) =>
      (r.body as ScanBody).scans.some((s) => s.id === code.id)
        ? { status: 429, body: { message: 'お迎えコードの誤りが多すぎます' } }
        : answer(r),
    );
    const { store, sync, scans } = await load();
    await store.appendScans([scan(1, 'arrival', '08:00'), code]);

    await sync.sendPending();

    expect(idsOf(net.sent)).toHaveLength(2);
    expect(scans().map((s) => [s.status, s.message])).toEqual([
      ['recorded', null],
      ['rejected', 'お迎えコードの誤りが多すぎます'],
    ]);
  });

  it.each([
    [401, 'unpaired'],
    [403, 'not_kiosk'],
  ] as const)('on %i tells the device, lets the roster go and keeps the pending scans', async (code, problem) => {
    fakeNetwork(() => ({ status: code, body: { message: '端末が登録されていません' } }));
    const { store, sync, scans, status } = await load();
    await store.saveRoster(roster([child(1)]), at('07:00').toISOString());
    await store.appendScans(three);

    await sync.sendPending();

    expect(status().device).toBe(problem);
    expect(store.kioskStore.snapshot().roster).toBeNull();
    expect(scans().every((s) => s.status === 'pending')).toBe(true);
    const reloaded = await load();
    expect(reloaded.store.kioskStore.snapshot().roster).toBeNull();
    expect(reloaded.scans()).toHaveLength(3);
  });
});

describe('what the device keeps', () => {
  it("keeps every pending scan, today's answered ones and unacknowledged problems; drops the rest", async () => {
    const yesterday = (s: LocalScan) => ({ ...s, at: new Date(new Date(s.at).getTime() - 86_400_000).toISOString() });
    const kept = {
      pendingYesterday: yesterday(scan(1, 'arrival', '08:00')),
      recordedToday: scan(2, 'arrival', '08:00', 'recorded'),
      problemYesterday: yesterday(scan(3, 'arrival', '08:00', 'rejected')),
    };
    const dropped = {
      recordedYesterday: yesterday(scan(4, 'arrival', '08:00', 'recorded')),
      seenProblemYesterday: yesterday(scan(5, 'arrival', '08:00', 'ignored_repeat', { acknowledged: true })),
    };
    const { store } = await load();
    await store.appendScans([...Object.values(kept), ...Object.values(dropped)]);

    await store.pruneScans(at('09:00'));

    const reloaded = await load();
    expect(reloaded.scans().map((s) => s.id)).toEqual(Object.values(kept).map((s) => s.id));
  });

  it('puts the problems shown away on 確認しました, and only those', async () => {
    const { store, scans } = await load();
    const problems = [scan(1, 'arrival', '08:00', 'rejected'), scan(2, 'arrival', '08:00', 'ignored_repeat')];
    await store.appendScans([...problems, scan(3, 'arrival', '08:05', 'rejected')]);

    await store.acknowledgeProblems(problems.map((p) => p.id));

    expect(scans().map((s) => s.acknowledged ?? false)).toEqual([true, true, false]);
  });
});

describe('the roster cache', () => {
  const today = roster([child(1), child(2)]);

  it('keeps the fetched roster with its time, and a reload without a network still has it', async () => {
    const net = fakeNetwork((r) => (r.path === '/api/kiosk/roster' ? { status: 200, body: today } : { status: 404 }));
    const { sync, store } = await load();

    expect(await sync.refreshRoster()).toBe(true);
    const cached = store.kioskStore.snapshot().roster;
    expect(cached?.roster).toEqual(today);
    expect(Date.now() - Date.parse(cached!.fetched_at)).toBeLessThan(5_000);
    expect(net.sent.map((r) => r.path)).toEqual(['/api/kiosk/roster']);

    fakeNetwork(() => 'offline');
    const reloaded = await load();
    expect(reloaded.store.kioskStore.snapshot().roster).toEqual(cached);
    expect(await reloaded.sync.refreshRoster()).toBe(false);
    expect(reloaded.status().rosterFailed).toBe(true);
    // The kept roster stays on screen while the network is away.
    expect(reloaded.store.kioskStore.snapshot().roster).toEqual(cached);
  });

  it("replaces the kept roster with the server's newer one and clears the failure", async () => {
    let answer: Reply = 'offline';
    fakeNetwork(() => answer);
    const { sync, store, status } = await load();
    await store.saveRoster(roster([child(1)], '2026-06-09'), at('07:00', '2026-06-09').toISOString());

    await sync.refreshRoster();
    expect(status().rosterFailed).toBe(true);
    expect(store.kioskStore.snapshot().roster?.roster.date).toBe('2026-06-09');

    answer = { status: 200, body: today };
    await sync.refreshRoster();
    expect(status().rosterFailed).toBe(false);
    expect(store.kioskStore.snapshot().roster?.roster).toEqual(today);
  });

  it('lets the children’s data leave a device that is no longer a kiosk (403)', async () => {
    fakeNetwork(() => ({ status: 403, body: { message: 'この端末は受付用ではありません' } }));
    const { sync, store, status } = await load();
    await store.saveRoster(today, at('07:00').toISOString());

    expect(await sync.refreshRoster()).toBe(false);
    expect(status()).toMatchObject({ device: 'not_kiosk', rosterFailed: false });
    expect((await load()).store.kioskStore.snapshot().roster).toBeNull();
  });
});
