import { TODAY, monthLabel } from './clock';
import { createChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

test.describe('event calendar', () => {
  test('pick a child, scroll two months ahead, come back with Today', async ({ page }) => {
    await signIn(page);
    await page.goto('/events/children');
    await expect(page.getByRole('heading', { level: 1, name: '行事予定' })).toBeVisible();
    await expect(page.getByRole('link', { name: /蒼太/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: /陽翔/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: '陽翔の行事予定' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: monthLabel(0) })).toBeVisible();
    const today = page.locator('[aria-current="date"]');
    await expect(today).toHaveAttribute('data-date', TODAY);
    await expect(today.getByText('今日')).toBeVisible();
    await expect(page.getByText('身体測定').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/events-month.png' });

    // Months load one by one as the guardian scrolls.
    for (const offset of [1, 2]) {
      await page.mouse.wheel(0, 20000);
      await expect(page.getByRole('heading', { level: 2, name: monthLabel(offset) })).toBeVisible();
    }
    await page.getByRole('heading', { level: 2, name: monthLabel(2) }).scrollIntoViewIfNeeded();
    await expect(today).not.toBeInViewport();
    await page.getByRole('button', { name: '今日' }).click();
    await expect(today).toBeInViewport();

    // Japanese holidays are marked: the first holiday the server reports is shown on its day.
    const id = page.url().split('/').pop();
    const days = (await (await page.request.get(`/api/children/${id}/events`)).json()) as Record<
      string,
      { holiday: string | null }
    >;
    const next = (await (
      await page.request.get(
        `/api/children/${id}/events?date=${monthLabel(1).replace(/年(\d+)月/, (_, m: string) => `-${m.padStart(2, '0')}`)}`,
      )
    ).json()) as Record<string, { holiday: string | null }>;
    const holiday = Object.entries({ ...days, ...next }).find(([, d]) => d.holiday);
    expect(holiday).toBeTruthy();
    await expect(page.locator(`[data-date="${holiday![0]}"]`).getByText(holiday![1].holiday!)).toBeVisible();
  });

  test('issue the iCal address, read the feed, then stop it', async ({ page, request }) => {
    // A child of its own in 結衣's class: the demo family's subscription stays as it is.
    const email = await createGuardian(request, 'ical');
    await createChild(request, { mainEmail: email, firstName: '暦', firstNameKana: 'こよみ', twinOf: '結衣' });
    await signIn(page, email);
    await page.goto('/events/children');
    await page.getByRole('link', { name: /こよみ/ }).click();
    await page.getByRole('button', { name: '登録用URLを発行' }).click();
    const field = page.getByLabel('登録用URL');
    await expect(field).toHaveValue(/\/api\/events\/ical\/[\w-]+$/);
    await expectAccessible(page);
    const url = new URL(await field.inputValue());
    const feed = await page.request.get(url.pathname);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('きりん組 クッキング');

    await page.getByRole('button', { name: '配信を停止' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '決定' }).click();
    await expect(page.getByText('カレンダーへの配信を停止しました')).toBeVisible();
    expect((await page.request.get(url.pathname)).status()).toBe(404);
  });
});
