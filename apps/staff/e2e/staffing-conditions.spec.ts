import { NOW } from './clock';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, onTablet, signIn, test } from './fixtures';

/*
 * 勤務条件 (docs/decisions/staffing-working-conditions.md): the 園長 opens the seeded part-timer's
 * conditions from her row of the シフト表 (3 days a week, F only), adds an hours cap and saves; the
 * dialog opens again with it. At the desktop and the tablet, axe clean, finger-sized on the tablet.
 */

test('the 園長 reads and changes a part-timer’s 勤務条件 from the シフト表', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'conddir');
  await signIn(page, director.email);
  await goToMenu(page, '配置・勤怠');
  await page.getByRole('link', { name: 'シフト表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'シフト表' })).toBeVisible();

  await page.getByRole('button', { name: '鈴木 春美さんの勤務条件' }).click();
  const dialog = page.getByRole('dialog', { name: '鈴木 春美さんの勤務条件' });
  await expect(dialog.getByLabel('週の勤務日数（上限）')).toHaveValue('3日');
  await expect(dialog.getByRole('checkbox', { name: /^F / })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^A / })).not.toBeChecked();
  await expect(dialog.getByLabel('月の勤務時間（上限）')).toHaveValue('');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-staffing-conditions-${onTablet() ? 'tablet' : '1366'}.png` });

  const hours = onTablet() ? '72' : '80';
  await dialog.getByLabel('月の勤務時間（上限）').fill(hours);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('勤務条件を保存しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The focus is back on the row's button; opening it again shows the saved cap.
  await expect(page.getByRole('button', { name: '鈴木 春美さんの勤務条件' })).toBeFocused();
  await page.getByRole('button', { name: '鈴木 春美さんの勤務条件' }).click();
  await expect(dialog.getByLabel('月の勤務時間（上限）')).toHaveValue(`${hours}時間`);
  await expect(dialog.getByRole('checkbox', { name: /^F / })).toBeChecked();
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
  await api.dispose();
});
