import { DEMO, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * 実費のご案内と同意 (spec/billing.md §2) at phone size: the demo guardian reads this month's 遠足代
 * (the seed's ひよこ組 item, not yet consented for 陽翔) and consents; 教材費 shows the consent given at
 * enrolment. sub (read-only on 陽翔, main of 蒼太) sees 蒼太's items only.
 */
test.describe('billing items', () => {
  test('the main guardian reads the explanation and consents to a 実費 item', async ({ page }) => {
    await signIn(page);
    await page.goto('/billing');
    await page.getByRole('link', { name: /実費のご案内と同意/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '実費のご案内と同意' })).toBeVisible();
    const outing = page.getByRole('region', { name: '遠足代' });
    await expect(outing).toContainText('秋の遠足（バス代・入園料）です');
    await expect(outing).toContainText('1,200円');
    await expect(page.getByRole('region', { name: '教材費' })).toContainText('同意済み');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/billing-items-guardian.png', fullPage: true });

    await outing.getByRole('button', { name: /遠足代（.+さん）の内容を確認し、同意します/ }).click();
    await expect(outing).toContainText('山田 花子さんが2026/06/');
    await expect(outing.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a read-only co-guardian sees only the children they may pay for', async ({ page }) => {
    await signIn(page, DEMO.sub);
    await page.goto('/billing/items');
    await expect(page.getByRole('heading', { level: 1, name: '実費のご案内と同意' })).toBeVisible();
    const outing = page.getByRole('region', { name: '遠足代' });
    await expect(outing).toContainText('蒼太さん');
    await expect(outing).not.toContainText('陽翔さん');
    await expectAccessible(page);
  });
});
