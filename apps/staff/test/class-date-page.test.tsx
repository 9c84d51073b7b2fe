import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fullDateLabel } from '@renraku/contract/dates';
import { ApiRequestError } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { ClassDateFallback, ClassDateInput, ClassDateRoute, type ClassDateProps } from '../src/components/class-date-page';

/**
 * A class's page of one day (apps/staff/src/components/class-date-page.tsx), as 連絡帳記入, 写真,
 * 身体測定 and the クラスボード use it: the class and day from the address, the date input, and what
 * shows until the day is there.
 */

const TODAY = todayInTokyo();

/** A page that shows what it is given and holds a state of its own (a draft) to see when it is mounted anew. */
function Probe({ classId, date, today, onDate }: ClassDateProps) {
  const [draft, setDraft] = useState('');
  return (
    <div>
      <p data-testid="given">{`${classId} ${date} ${today}`}</p>
      <input aria-label="下書き" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />
      <ClassDateInput date={date} today={today} onDate={onDate} />
    </div>
  );
}

function renderRoute(path: string) {
  const router = createMemoryRouter([{ path: '/f/:facilityId/daily/:classId', element: <ClassDateRoute page={Probe} /> }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('ClassDateRoute', () => {
  it('gives the page the class and today when no date is asked', () => {
    renderRoute('/f/1/daily/7');
    expect(screen.getByTestId('given').textContent).toBe(`7 ${TODAY} ${TODAY}`);
    expect(screen.getByText(fullDateLabel(TODAY))).toBeTruthy();
  });

  it('gives the date of the address', () => {
    renderRoute('/f/1/daily/7?date=2025-04-01');
    expect(screen.getByTestId('given').textContent).toBe(`7 2025-04-01 ${TODAY}`);
  });

  it('shows the not-found page for a class id that is not one', () => {
    renderRoute('/f/1/daily/abc');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy();
    expect(screen.queryByTestId('given')).toBeNull();
  });

  it('writes another day into the address, none for today, and mounts the page anew for each day', () => {
    const router = renderRoute('/f/1/daily/7');
    fireEvent.change(screen.getByLabelText('下書き'), { target: { value: 'まだ保存していない' } });

    fireEvent.change(screen.getByLabelText('日付'), { target: { value: '2025-04-01' } });
    expect(router.state.location.search).toBe('?date=2025-04-01');
    expect(screen.getByTestId('given').textContent).toBe(`7 2025-04-01 ${TODAY}`);
    expect((screen.getByLabelText('下書き') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('下書き'), { target: { value: '4月1日の下書き' } });
    fireEvent.change(screen.getByLabelText('日付'), { target: { value: TODAY } });
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('下書き') as HTMLInputElement).value).toBe('');
  });
});

describe('ClassDateInput', () => {
  const renderInput = (label?: string) => {
    const asked: string[] = [];
    render(
      <MantineProvider>
        <ClassDateInput date="2025-04-01" today="2025-04-10" onDate={(d) => asked.push(d)} label={label}>
          <span>閲覧のみ</span>
        </ClassDateInput>
      </MantineProvider>,
    );
    return asked;
  };

  it('offers no day after today, writes the day out and shows what it is given beside', () => {
    renderInput();
    const input = screen.getByLabelText('日付') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.max).toBe('2025-04-10');
    expect(screen.getByText(fullDateLabel('2025-04-01'))).toBeTruthy();
    expect(screen.getByText('閲覧のみ')).toBeTruthy();
  });

  it('asks for a chosen day, not for a cleared input', () => {
    const asked = renderInput('測定日');
    const input = screen.getByLabelText('測定日');
    fireEvent.change(input, { target: { value: '2025-04-02' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(asked).toEqual(['2025-04-02']);
  });
});

describe('ClassDateFallback', () => {
  const renderFallback = (error: unknown) =>
    render(
      <MantineProvider>
        <MemoryRouter>
          <ClassDateFallback error={error} title="写真" subject="写真" />
        </MemoryRouter>
      </MantineProvider>,
    );

  it('shows loading while there is no answer', () => {
    renderFallback(null);
    expect(screen.getByRole('status').textContent).toContain('読み込み中');
  });

  it('shows a class that is not the caller’s as not found', () => {
    renderFallback(new ApiRequestError(404, { message: '見つかりません' }));
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy();
  });

  it('says what may not be seen on a 403, under the page title', () => {
    renderFallback(new ApiRequestError(403, { message: '権限がありません' }));
    expect(screen.getByRole('heading', { name: '写真' })).toBeTruthy();
    expect(screen.getByText('このクラスの写真は閲覧できません。')).toBeTruthy();
  });

  it('says the day could not be read on any other failure', () => {
    renderFallback(new TypeError('Failed to fetch'));
    expect(screen.getByText('読み込めませんでした。')).toBeTruthy();
  });
});
