import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { RecordTemplateEntry } from '@renraku/contract/staff';
import { TemplateEditor } from '../../src/features/records/components/template-editor';

/*
 * The template editor's drag and drop as a keyboard user meets it (components/template-sortable.tsx
 * with Testing Library): each section and field has a named handle described by the Japanese
 * instructions; a keyboard drag is said in Japanese, Esc puts all back; 上へ/下へ still move. The
 * steps' places need a layout: e2e/records-templates.spec.ts.
 */

const entry: RecordTemplateEntry = {
  kind: 'monthly_plan',
  label: '月案',
  name: '月案',
  version: 2,
  sections: [
    { key: 'aims', title: 'ねらい', fields: [{ key: 'aims', label: 'ねらい', type: 'text' }] },
    {
      key: 'content',
      title: '内容',
      fields: [
        { key: 'content_nursing', label: '養護', type: 'ticks', reference: 'nursing' },
        { key: 'content_education', label: '教育', type: 'text' },
      ],
    },
  ],
  updated_at: null,
  updated_by: null,
  documents_on_older: 0,
};

const fieldNames = () => screen.getAllByRole('textbox', { name: '項目名' }).map((i) => (i as HTMLInputElement).value);

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <TemplateEditor facilityId={1} entry={entry} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

it('names each handle and describes it in Japanese; a drag by keyboard is said in the live region, Esc puts all back', async () => {
  renderEditor();
  const section = screen.getByRole('button', { name: '欄「内容」を並べ替える' });
  const handle = screen.getByRole('button', { name: '項目「教育」を並べ替える' });
  expect(section.getAttribute('aria-roledescription')).toBe('並べ替えできる欄');
  expect(handle.getAttribute('aria-roledescription')).toBe('並べ替えできる項目');
  const instructions = document.getElementById(handle.getAttribute('aria-describedby')!);
  expect(instructions?.textContent).toBe(
    '並べ替えるには、スペースキーで持ち上げ、矢印キーで動かし、もう一度スペースキーで置きます。Escキーで取り消します。',
  );
  const live = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;

  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  // happy-dom lays nothing out (every rect is 0 × 0 at 0, 0): the picked-up 教育 is at once over the
  // first field, ねらい, another section's, and crosses into it (its section keeps 養護).
  await waitFor(() => expect(live()).toBe('項目「教育」を欄「ねらい」の1番目に移動しました。'));
  expect(fieldNames()).toEqual(['ねらい', '教育', '養護']);
  // The sensor listens on the document from the next tick; Esc undoes the whole drag.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
  await waitFor(() => expect(live()).toBe('並べ替えを取り消しました。項目「教育」は元の場所に戻りました。'));
  expect(fieldNames()).toEqual(['ねらい', '養護', '教育']);

  // The buttons still move one place.
  fireEvent.click(screen.getByRole('button', { name: '「教育」を上へ' }));
  expect(fieldNames()).toEqual(['ねらい', '教育', '養護']);
  fireEvent.click(screen.getByRole('button', { name: '欄「内容」を上へ' }));
  expect(fieldNames()).toEqual(['教育', '養護', 'ねらい']);
});
