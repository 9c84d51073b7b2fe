import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyNoteContent } from '@renraku/contract/staff';
import { useApplyToClass, useClassDay } from '../../../src/features/feed/daily-notes/api';
import { useDraftAutosave } from '../../../src/features/feed/daily-notes/use-draft-autosave';
import { fakeNetwork, type Reply, type Sent } from '../../../../../packages/ui/test/support/fake-network';
import { CLASS_ID, classDay, DATE, fakeClassServer, note, pupil } from './fixtures';

/**
 * The entry grid's drafts (apps/staff/src/features/feed/daily-notes/use-draft-autosave.ts): edits
 * show at once, stay in localStorage until the server has them, and go in one PUT after a pause in
 * typing; 全員に適用 then later edits of a row. The hooks as the page wires them, over a fake server.
 */

const STORAGE_KEY = `renraku:daily-notes:${CLASS_ID}:${DATE}`;
const text = (value: string) => (c: DailyNoteContent) => ({ ...c, text: value });
const puts = (sent: Sent[]) =>
  sent
    .filter((r) => r.method === 'PUT')
    .map((r) => (r.body as { drafts: { child_id: number; content: DailyNoteContent }[] }).drafts);

let server: ReturnType<typeof fakeClassServer>;

/** The grid's hooks for ひよこ組's day, as class-day-page.tsx wires them, once the day has loaded. */
async function mountGrid(reply: (r: Sent) => Reply | Promise<Reply> = (r) => server.reply(r)) {
  const net = fakeNetwork(reply);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const day = useClassDay(CLASS_ID, DATE).data;
      return { day, drafts: useDraftAutosave(CLASS_ID, DATE, day), apply: useApplyToClass(CLASS_ID, DATE) };
    },
    { wrapper },
  );
  await act(() => vi.advanceTimersByTimeAsync(10));
  expect(hook.result.current.day).toBeDefined();
  return { ...hook, net, queryClient };
}
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
  server = fakeClassServer(classDay());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saving drafts', () => {
  it('shows an edit at once, keeps it on the tablet, and sends every changed child in one PUT after a pause', async () => {
    const { result, net } = await mountGrid();

    act(() => result.current.drafts.edit([1], text('よく遊びました')));
    expect(result.current.drafts.contentOf(1)?.text).toBe('よく遊びました');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ 1: { text: 'よく遊びました' } });
    await pass(500);
    act(() => result.current.drafts.edit([2], text('よく食べました')));
    await pass(700);
    expect(puts(net.sent)).toEqual([]);

    await pass(100);
    expect(puts(net.sent)).toEqual([
      [
        { child_id: 1, content: note({ text: 'よく遊びました' }) },
        { child_id: 2, content: note({ text: 'よく食べました' }) },
      ],
    ]);
    expect(result.current.drafts.pending).toBe(0);
    expect(result.current.drafts.state.kind).toBe('saved');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    // The server's answer is the day now.
    expect(result.current.day?.children[0]).toMatchObject({ status: 'draft', content: { text: 'よく遊びました' } });
  });

  it('keeps an edit made while a save is on its way and sends it next', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { result, net } = await mountGrid(async (r) => {
      if (r.method === 'PUT' && puts(net.sent).length === 1) await held;
      return server.reply(r);
    });

    act(() => result.current.drafts.edit([1], text('よく')));
    await pass(800);
    expect(result.current.drafts.state.kind).toBe('saving');
    act(() => result.current.drafts.edit([1], text('よく遊びました')));
    release();
    await pass(0);
    expect(result.current.drafts.contentOf(1)?.text).toBe('よく遊びました');
    expect(result.current.drafts.pending).toBe(1);

    await pass(800);
    expect(puts(net.sent).map((d) => d[0]!.content.text)).toEqual(['よく', 'よく遊びました']);
    expect(result.current.drafts.pending).toBe(0);
    expect(server.day().children[0]!.content.text).toBe('よく遊びました');
  });

  it('loses nothing on unmount: the edit stays on the tablet and is sent when the grid opens again', async () => {
    const first = await mountGrid();
    act(() => first.result.current.drafts.edit([2], text('午後は眠そうでした')));
    first.unmount();
    await pass(2_000);
    expect(puts(first.net.sent)).toEqual([]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ 2: { text: '午後は眠そうでした' } });

    const again = await mountGrid();
    expect(again.result.current.drafts.contentOf(2)?.text).toBe('午後は眠そうでした');
    await pass(0);
    expect(puts(again.net.sent)).toEqual([[{ child_id: 2, content: note({ text: '午後は眠そうでした' }) }]]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('sends at once when the tablet goes to sleep or the network returns', async () => {
    const { result, net } = await mountGrid();
    act(() => result.current.drafts.edit([1], text('a')));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(puts(net.sent)).toHaveLength(1);

    act(() => result.current.drafts.edit([1], text('ab')));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(puts(net.sent)).toHaveLength(2);
  });

  it('tries again after 5 s without an answer, and not after a refusal (422), keeping the edit', async () => {
    let answer: 'offline' | 422 | 'server' = 'offline';
    const { result, net } = await mountGrid((r) => {
      if (r.method !== 'PUT' || answer === 'server') return server.reply(r);
      return answer === 422 ? { status: 422, body: { message: 'クラスにいない園児です' } } : 'offline';
    });
    act(() => result.current.drafts.edit([1], text('a')));
    await pass(800);
    expect(result.current.drafts.state).toEqual({ kind: 'failed', retrying: true });
    answer = 'server';
    await pass(5_000);
    expect(puts(net.sent)).toHaveLength(2);
    expect(result.current.drafts.pending).toBe(0);

    answer = 422;
    act(() => result.current.drafts.edit([1], text('b')));
    await pass(800);
    expect(result.current.drafts.state).toEqual({ kind: 'failed', retrying: false });
    await pass(30_000);
    expect(puts(net.sent)).toHaveLength(3);
    expect(result.current.drafts.contentOf(1)?.text).toBe('b');
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it('does not send a row the server would refuse (the row shows why); the other rows go', async () => {
    const { result, net } = await mountGrid();
    act(() => {
      result.current.drafts.edit([1], (c) => ({ ...c, thermometries: [{ time: '09:00', thermometry: NaN }] }));
      result.current.drafts.edit([2], text('元気です'));
    });
    await pass(800);
    expect(puts(net.sent)).toEqual([[{ child_id: 2, content: note({ text: '元気です' }) }]]);
    expect(result.current.drafts.pending).toBe(1);
  });
});

describe('全員に適用 and later edits', () => {
  const nap = { start: '12:30', end: '14:30' };

  it('sends what was typed first, so a child’s own value is kept; a later edit starts from the applied value', async () => {
    server = fakeClassServer(classDay([pupil(1), pupil(2), pupil(3, { absent: true })]));
    const { result, net } = await mountGrid();

    // Typed for child 1 a moment before 全員に適用 (not yet saved).
    act(() => result.current.drafts.edit([1], (c) => ({ ...c, sleeps: [{ start: '12:00', end: '14:00' }] })));
    // What the page does on 全員に適用: the drafts first, then the apply; its answer is the day.
    await act(async () => {
      await result.current.drafts.flush();
      await result.current.apply.mutateAsync({ field: 'nap', values: note({ sleeps: [nap] }), overwrite: false });
    });
    expect(net.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual([
      'PUT drafts',
      'POST apply',
    ]);
    expect(result.current.drafts.contentOf(1)?.sleeps).toEqual([{ start: '12:00', end: '14:00' }]);
    expect(result.current.drafts.contentOf(2)?.sleeps).toEqual([nap]);
    expect(result.current.drafts.contentOf(3)?.sleeps).toEqual([]);

    // A later edit of child 2's row keeps the applied nap.
    act(() => result.current.drafts.edit([2], text('ぐっすり')));
    expect(result.current.drafts.contentOf(2)).toEqual(note({ sleeps: [nap], text: 'ぐっすり' }));
    await pass(800);
    expect(puts(net.sent).at(-1)).toEqual([{ child_id: 2, content: note({ sleeps: [nap], text: 'ぐっすり' }) }]);
    expect(server.day().children[1]!.content).toEqual(note({ sleeps: [nap], text: 'ぐっすり' }));
  });
});
