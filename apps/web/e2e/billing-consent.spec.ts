import { createEnrolledChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * Withdrawing a 実費 consent at phone size (billing-item-consent-withdrawal.md): a family of its own at
 * さくら保育園 consents to 教材費, withdraws it from next month (the month under way is billed in
 * full: this month is not offered), then consents again.
 */
test('a guardian withdraws the 教材費 consent from next month and gives it again', async ({ page, request }) => {
  const email = await createGuardian(request, 'consent', { name: '試験 保護者' });
  await createEnrolledChild(request, email, '実費', 'じっぴ');
  await signIn(page, email);
  await page.goto('/billing/items');
  await expect(page.getByRole('heading', { level: 1, name: '実費のご案内と同意' })).toBeVisible();
  const materials = page.getByRole('region', { name: '教材費' });
  await materials.getByRole('button', { name: '教材費（試験 実費さん）の内容を確認し、同意します' }).click();
  await expect(materials).toContainText('試験 保護者さんが2026/06/10に同意済み');

  await materials.getByRole('button', { name: '教材費（試験 実費さん）の同意を取り下げる' }).click();
  const month = materials.getByLabel('取り下げる月（この月の分から請求しません）');
  // The month under way (June) is billed: July is the earliest.
  await expect(month).toHaveValue('2026-07');
  await expect(month.locator('option', { hasText: '2026年6月' })).toHaveCount(0);
  await expect(materials).toContainText('月の途中の取り下げは翌月分からになります');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-consent-withdraw-phone.png', fullPage: true });
  await month.selectOption('2026-08');
  await materials.getByRole('button', { name: '教材費（試験 実費さん）を2026年8月分から取り下げる' }).click();
  await expect(materials).toContainText('2026年8月分から取り下げ（2026/06/10）');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-consent-withdrawn-phone.png', fullPage: true });

  await materials.getByRole('button', { name: '教材費（試験 実費さん）のもう一度同意する' }).click();
  await expect(materials).toContainText('試験 保護者さんが2026/06/10に同意済み');
  await expect(materials.getByRole('button', { name: /同意を取り下げる/ })).toBeVisible();
});
