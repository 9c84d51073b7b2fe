import type { APIRequestContext } from '@playwright/test';
import { DEMO, createChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

/** A guardian of its own with a child at さくら保育園 (its schedule windows): what a test registers stays its own. */
async function family(request: APIRequestContext, firstName: string, firstNameKana: string) {
  const email = await createGuardian(request, 'schedules');
  await createChild(request, { mainEmail: email, firstName, firstNameKana });
  return email;
}

test.describe('next-month schedules', () => {
  test('register next month with the bulk modal on weekdays, then change one day to absent', async ({ page, request }) => {
    // Four axe runs over a month of days.
    test.slow();
    await signIn(page, await family(request, '一括', 'いっかつ'));
    await page.goto('/schedules/children');
    await expect(page.getByRole('heading', { level: 1, name: '翌月登園予定登録' })).toBeVisible();
    await expect(page.getByText('翌月登園予定登録をするお子さまを選択してください')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: /いっかつ/ }).click();

    // Next month first; no month beyond it.
    await expect(page.getByText(/登録期限：/)).toBeVisible();
    await expect(page.getByRole('button', { name: '翌月 ›' })).toBeDisabled();
    const list = page.getByRole('list', { name: '日ごとの登園予定' });
    await expect(list.locator('li').first()).toBeVisible();
    const total = await list.locator('li').count();
    expect(total).toBeGreaterThanOrEqual(28);
    await expect(list.getByText('未入力')).toHaveCount(total);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/schedules-month.png' });

    // Weekdays only, remembered in local storage.
    await page.getByRole('button', { name: '日', exact: true }).click();
    await page.getByRole('button', { name: '土', exact: true }).click();
    await expect(page.getByRole('button', { name: '土', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(list.getByText(/（[土日]）/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('selectedDays'))).toBe('[1,2,3,4,5]');
    const weekdays = await list.locator('li').count();
    expect(weekdays).toBeLessThan(total);
    // The open days among them (the seed's window leaves public holidays closed): the rows that link.
    const open = await list.getByRole('link').count();
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(weekdays);

    await page.getByRole('button', { name: 'まとめて登録' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(`表示中の受付期間内の${open}日分に、同じ予定を反映します。`)).toBeVisible();
    await expect(modal.getByLabel('登園時間（時）')).toHaveValue('08');
    await expect(modal.getByLabel('お迎え時間（時）')).toHaveValue('17');
    await modal.getByLabel('お迎え時間（分）').selectOption('30');
    await expectAccessible(page);
    await modal.getByRole('button', { name: '反映する' }).click();
    await expect(modal.getByText('まとめて登録してもよろしいでしょうか？')).toBeVisible();
    await modal.getByRole('button', { name: '決定' }).click();
    await expect(page.getByText(`${open}日分の登園予定を登録しました`)).toBeVisible();
    await expect(list.getByText('08:00〜17:30')).toHaveCount(open);

    // The filter survives a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: '日', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(list.getByText('08:00〜17:30')).toHaveCount(open);

    // Edit one day to absent.
    await list.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/schedules\/children\/\d+\/edit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^\d+月\d+日（[月火水木金]）$/ })).toBeVisible();
    await expect(page.getByText('登園・お迎え時間')).toBeVisible();
    await expect(page.getByLabel('お迎え時間（分）')).toHaveValue('30');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/schedules-form.png' });
    await page.getByText('欠席する').click();
    await expect(page.getByText('登園・お迎え時間')).toHaveCount(0);
    await page.getByLabel('自由記入欄').fill('通院のためお休みします');
    await page.getByRole('button', { name: '確定' }).click();
    await expect(page).toHaveURL(/\/schedules\/children\/\d+$/);
    await expect(list.locator('li').nth(1).getByText('欠席')).toBeVisible();
  });

  test('create a day with the defaults, and see the server’s field error', async ({ page, request }) => {
    await signIn(page, await family(request, '作成', 'さくせい'));
    await page.goto('/schedules/children');
    await page.getByRole('link', { name: /さくせい/ }).click();
    const list = page.getByRole('list', { name: '日ごとの登園予定' });
    const unregistered = list.getByRole('link', { name: /未入力$/ }).first();
    await unregistered.click();
    await expect(page).toHaveURL(/\/create\/\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel('登園時間（時）')).toHaveValue('08');
    await expect(page.getByLabel('登園時間（分）')).toHaveValue('00');
    await expect(page.getByLabel('お迎え時間（時）')).toHaveValue('17');
    await page.getByLabel('お迎え時間（時）').selectOption('07');
    await page.getByRole('button', { name: '確定' }).click();
    await expect(page.getByRole('alert').getByText('お迎え時間は登園時間より後の時刻を入力してください')).toBeVisible();
    await page.getByLabel('お迎え時間（時）').selectOption('16');
    await page.getByRole('button', { name: '確定' }).click();
    await expect(page).toHaveURL(/\/schedules\/children\/\d+$/);
    await expect(list.getByText('08:00〜16:00')).toBeVisible();
  });

  test('the demo month as seeded; this month is closed for registration; a read-only guardian cannot register', async ({
    page,
  }) => {
    // The demo family, only read.
    await signIn(page);
    await page.goto('/schedules/children');
    await expect(page.getByRole('link', { name: /蒼太/ })).toHaveCount(0);
    await page.getByRole('link', { name: /陽翔/ }).click();
    // Next month as seeded: the first week registered, one day absent, the rest not entered.
    const list = page.getByRole('list', { name: '日ごとの登園予定' });
    await expect(list.getByText('欠席')).toHaveCount(1);
    await expect(list.getByText('未入力').first()).toBeVisible();
    await page.getByRole('button', { name: '‹ 前月' }).click();
    await expect(page.getByText(/受付は終了しました/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'まとめて登録' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '‹ 前月' })).toBeDisabled();

    await page.context().clearCookies();
    await signIn(page, DEMO.sub);
    await page.goto('/schedules/children');
    await page.getByRole('link', { name: /陽翔/ }).click();
    await expect(page.getByText('閲覧のみの権限のため、登録・変更はできません。')).toBeVisible();
    await expect(page.getByRole('button', { name: 'まとめて登録' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: '日ごとの登園予定' }).getByRole('link')).toHaveCount(0);
  });
});
