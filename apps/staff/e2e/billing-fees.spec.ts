import { createStaff, expect, expectAccessible, onTablet, signIn, test } from './fixtures';

/**
 * 兄弟姉妹割引 (spec/billing.md §2) at the staff room's desktop: the 事務 sets the rule from next month
 * on (the seed's rule, 第2子 半額 and 第3子以降 無料, applies this 年度), reads it in the history, and
 * finds the discount as its own line on this month's statement of the seeded family of two (渡辺 蓮 and
 * 小林 紬). billing.spec.ts closes this month and checks the issued statement keeps the line.
 */
test('the 事務 sets the sibling discount and sees it on the family’s statement', async ({ page, request }) => {
  test.skip(onTablet(), 'fee rules are the desktop’s work');
  const office = await createStaff(request, 'billing-fees', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing/settings`);
  await expect(page.getByRole('heading', { level: 1, name: '料金設定' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '兄弟姉妹割引', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: '兄弟姉妹割引の設定' });
  await form.getByLabel('適用開始月').fill('2026-07');
  await form.getByLabel('第2子の割合（％）').fill('30');
  await form.getByRole('button', { name: '兄弟姉妹割引を保存' }).click();
  await expect(page.getByText('兄弟姉妹割引を保存しました')).toBeVisible();
  const history = page.getByRole('region', { name: '兄弟姉妹割引の履歴' });
  await expect(history.getByRole('row').nth(1)).toContainText('2026年7月〜');
  await expect(history.getByRole('row').nth(1)).toContainText('第2子 30%、第3子以降 100%');
  // Who consented to each 実費 item.
  await expect(page.getByRole('region', { name: '実費の品目' })).toContainText('渡辺 美咲');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-fees-settings.png', fullPage: true });

  await page.getByRole('link', { name: '月次締め' }).click();
  const family = page.getByTestId('statement').filter({ hasText: '小林 紬' });
  await expect(family).toContainText('兄弟姉妹割引（第2子）');
  await expect(family).toContainText('第2子：延長保育料・副食費・実費の50%');
  await expectAccessible(page);
});

test('the 一時預かり page: the prices by 歳児 band and the form to record a use @portrait', async ({ page, request }) => {
  const office = await createStaff(request, 'billing-temporary', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing/temporary?month=2026-05`);
  await expect(page.getByRole('heading', { level: 1, name: '一時預かり' })).toBeVisible();
  await expect(page.getByText('この月の一時預かりの記録はありません。')).toBeVisible();
  const rates = page.getByRole('form', { name: '一時預かりの料金' });
  await expect(rates.getByLabel('区分1：半日')).toHaveValue('2,500円');
  await expect(page.getByRole('form', { name: '一時預かりの利用の記録' })).toBeVisible();
  await expectAccessible(page);
});
