import { DEMO_STAFF, expect, expectAccessible, goToMenu, signIn, test } from './fixtures';

/**
 * An expired inspection archive (docs/decisions/files-expired-cleanup.md): past its 24 hours the
 * class screen shows 期限切れ with the time it was valid until, and もう一度作成 asks the server for a
 * new one. The run's pinned clock cannot pass an archive's real 24 hours, so the director's latest
 * archive is answered expired here; the cleanup itself (files removed from storage, rows marked
 * expired, the answer's status) is tested in apps/server/test/files-cleanup.test.ts.
 */
test('an expired inspection archive reads 期限切れ, and もう一度作成 asks for a new one', async ({ page }) => {
  test.setTimeout(120_000);
  const latest = '**/api/staff/classes/*/records-archives/latest?*';
  await page.route(latest, async (route) => {
    const year = Number(new URL(route.request().url()).searchParams.get('year'));
    await route.fulfill({
      json: {
        archive: {
          id: 1_000_000,
          year,
          status: 'expired',
          done: 4,
          total: 4,
          created_at: '2026-06-08T01:00:00.000Z',
          expires_at: '2026-06-09T01:00:00.000Z',
          size_bytes: 123_456,
          download_url: null,
        },
      },
    });
  });
  await signIn(page, DEMO_STAFF.director);
  await goToMenu(page, '計画・記録', true);
  await page.getByRole('link', { name: /ぞう組/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ぞう組の計画・記録' })).toBeVisible();
  const expired = page.locator('[data-qa="archive-expired"]');
  await expect(expired).toContainText(/^期限切れ（.*6.*9.*10:00まで）/);
  await expect(page.getByRole('link', { name: '監査用ZIPをダウンロード' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/staff-archive-expired-${test.info().project.name}.png`, fullPage: true });

  // Asked again: the server's own answers from here on, the new one under way.
  await page.unroute(latest);
  await expired.getByRole('button', { name: 'もう一度作成' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作成中' })).toBeVisible();
  await expect(expired).toHaveCount(0);
});
