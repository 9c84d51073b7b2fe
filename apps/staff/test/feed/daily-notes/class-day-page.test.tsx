import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { classPublishMessages, type DailyNoteContent } from '@renraku/contract/staff';
import { ClassDayPage } from '../../../src/features/feed/daily-notes/routes/class-day-page';
import { fakeNetwork, type Reply, type Sent } from '../../../../../packages/ui/test/support/fake-network';
import { CLASS_ID, classDay, DATE, fakeClassServer, note, pupil } from './fixtures';

/**
 * The entry grid as the staff member uses it (routes/class-day-page.tsx with Testing Library): the
 * 一覧 tab's menu written into every present child's note, and the 「全員」 row's 全員に適用.
 */

type Drafts = { drafts: { child_id: number; content: DailyNoteContent }[] }[];
const puts = (sent: Sent[]) => sent.filter((r) => r.method === 'PUT').map((r) => (r.body as Drafts[number]).drafts);
const lunch = (...items: [string, string | null][]) =>
  items.map(([category_label, amount_label]) => ({ category_label, amount_label })) as DailyNoteContent['lunch_items'];

let server: ReturnType<typeof fakeClassServer>;

function renderGrid(reply: (r: Sent) => Reply | Promise<Reply> = (r) => server.reply(r)) {
  const net = fakeNetwork(reply);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/f/:facilityId/daily/:classId', element: <ClassDayPage /> }], {
    initialEntries: [`/f/1/daily/${CLASS_ID}?date=${DATE}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return net;
}
const row = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("writes the day's menu into every present child's note, keeping each child's amounts for the categories that stay", async () => {
  server = fakeClassServer(
    classDay([
      pupil(1, { content: note({ lunch_items: lunch(['主食', '完食'], ['おかず', '半分']) }) }),
      pupil(2, { content: note({ lunch_items: lunch(['主食', '少し'], ['おかず', null]) }) }),
      pupil(3, { absent: true }),
    ]),
  );
  const net = renderGrid();

  fireEvent.change(await screen.findByLabelText('給食の献立'), { target: { value: 'カレーライス' } });
  const categories = screen.getByLabelText('給食の品目（、で区切る）');
  fireEvent.change(categories, { target: { value: '主食、汁物' } });
  fireEvent.blur(categories);

  await waitFor(() => expect(puts(net.sent)).toHaveLength(1));
  expect(puts(net.sent)[0]).toEqual([
    { child_id: 1, content: note({ school_meal: 'カレーライス', lunch_items: lunch(['主食', '完食'], ['汁物', null]) }) },
    { child_id: 2, content: note({ school_meal: 'カレーライス', lunch_items: lunch(['主食', '少し'], ['汁物', null]) }) },
  ]);
  expect(server.day().children[2]!.content).toEqual(note());
  await waitFor(() => expect(screen.getByTestId('save-state').textContent).toMatch(/^下書きを保存しました/));
});

it('全員に適用: sends what was typed first, keeps the rows read-only until the answer, and a later edit keeps the applied nap', async () => {
  server = fakeClassServer(classDay());
  let releaseApply: (() => void) | null = null;
  const net = renderGrid(async (r) => {
    if (r.path.endsWith('/apply')) await new Promise<void>((resolve) => (releaseApply = resolve));
    return server.reply(r);
  });

  fireEvent.click(await screen.findByRole('tab', { name: '午睡' }));
  // The 「全員」 row starts from the class's typical nap.
  expect((screen.getByLabelText('全員 午睡開始 1') as HTMLInputElement).value).toBe('12:30');
  // Child 1's own nap, typed a moment before (not saved yet).
  fireEvent.change(within(row('試験 1')).getByLabelText('試験 1 午睡開始 1'), { target: { value: '12:00' } });

  fireEvent.click(screen.getByRole('button', { name: '全員に適用（空欄のみ）' }));
  await waitFor(() => expect(releaseApply).not.toBeNull());
  expect(net.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual([
    'PUT drafts',
    'POST apply',
  ]);
  expect(net.sent.at(-1)!.body).toEqual({
    date: DATE,
    field: 'nap',
    values: note({ sleeps: [{ start: '12:30', end: '14:30' }] }),
    overwrite: false,
  });
  expect((within(row('試験 2')).getByLabelText('試験 2 午睡開始 1') as HTMLInputElement).disabled).toBe(true);

  releaseApply!();
  expect(await screen.findByText(classPublishMessages.applied(1, 1, 0))).toBeTruthy();
  const start2 = within(row('試験 2')).getByLabelText('試験 2 午睡開始 1') as HTMLInputElement;
  await waitFor(() => expect(start2.disabled).toBe(false));
  expect(start2.value).toBe('12:30');
  expect((within(row('試験 1')).getByLabelText('試験 1 午睡開始 1') as HTMLInputElement).value).toBe('12:00');

  // A later edit of child 2's row keeps what 全員に適用 filled in.
  fireEvent.change(within(row('試験 2')).getByLabelText('試験 2 午睡終了 1'), { target: { value: '15:00' } });
  await waitFor(() => expect(puts(net.sent)).toHaveLength(2));
  expect(puts(net.sent)[1]).toEqual([{ child_id: 2, content: note({ sleeps: [{ start: '12:30', end: '15:00' }] }) }]);
});
