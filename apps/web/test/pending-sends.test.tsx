import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeNetwork, setOnline } from '../../../packages/ui/test/support/fake-network';

/**
 * 送信待ち (apps/web/src/components/pending-sends.tsx) over the real offline queue: what the
 * guardian reads while reports wait, a refusal with the server's message and its 閉じる.
 */

const absence = (date: string) => ({ absenceType: 1 as const, absenceDates: [date], diseases: [], message: '' });
const hanako = { id: 3, first_name: '花子', last_name: '試験', first_name_kana: 'はなこ', last_name_kana: 'しけん' };

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setUp() {
  const session = await import('../src/lib/session');
  const queue = await import('../src/lib/send-queue');
  const { default: PendingSends } = await import('../src/components/pending-sends');
  session.setSessionUser({ id: 7, name: '保護者', email: 'g@example.jp', image_url: null, agreed_at: null, idp: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PendingSends />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { queue, queryClient };
}

it('shows nothing while the queue is empty', async () => {
  fakeNetwork((r) => (r.path === '/api/children' ? { status: 200, body: [hanako] } : { status: 200, body: {} }));
  await setUp();
  expect(screen.queryByText(/送信待ち/)).toBeNull();
});

it('lists the waiting reports, then the refused one with its message until 閉じる', async () => {
  let refuse = true;
  const net = fakeNetwork((r) => {
    if (r.path === '/api/children') return { status: 200, body: [hanako] };
    if (refuse && JSON.stringify(r.body).includes('2026-06-11'))
      return { status: 422, body: { message: '過ぎた日の欠席連絡はできません' } };
    return { status: 200, body: { result: true } };
  });
  setOnline(false);
  const { queue, queryClient } = await setUp();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');

  await act(async () => {
    await queue.sendOrQueue('absence', 3, absence('2026-06-11'));
    await queue.sendOrQueue('absence', 3, { ...absence('2026-06-12'), absenceDates: ['2026-06-12', '2026-06-13'] });
  });
  expect(await screen.findByText('送信待ち（2件）')).toBeTruthy();
  expect(screen.getByText('花子 欠席連絡（6月11日(木)）：送信待ち')).toBeTruthy();
  expect(screen.getByText('花子 欠席連絡（6月12日(金) ほか1日）：送信待ち')).toBeTruthy();

  setOnline(true);
  await act(() => queue.flushQueuedSends());
  expect(screen.getByText('送信待ち（1件）')).toBeTruthy();
  expect(screen.queryByText(/：送信待ち/)).toBeNull();
  const refused = screen.getByText('花子 欠席連絡（6月11日(木)）は送信できませんでした：過ぎた日の欠席連絡はできません');
  // The report that arrived refreshes the lists that show it.
  expect(invalidated).toHaveBeenCalledWith({ queryKey: ['child-is-absence'] });

  refuse = false;
  await act(() => queue.flushQueuedSends());
  expect(net.sent.filter((r) => r.method === 'POST')).toHaveLength(2);

  await act(async () => {
    fireEvent.click(within(refused.parentElement!).getByRole('button', { name: '閉じる' }));
    await vi.waitFor(() => expect(queue.getQueuedSends()).toEqual([]));
  });
  expect(screen.queryByText(/送信待ち/)).toBeNull();
});
