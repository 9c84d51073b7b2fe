import { recordsArchiveValidHours } from '@renraku/contract/staff';
import { dateTimeLabel } from '@renraku/ui/dates';
import { NOW } from './clock';
import { createStaff, expect, expectAccessible, goToMenu, onTablet, signIn, test } from './fixtures';

const HOUR = 60 * 60 * 1000;

/**
 * An expired inspection archive (docs/decisions/files-expired-cleanup.md), all real: a director of
 * their own (so the latest archive is theirs alone) builds ぞう組's (the demo class with the fewest
 * documents) and waits for the worker; the next day (the server's clock moved past the 24 hours by
 * X-Test-Now, the browser's with it; the worker's clock runs from the pinned instant:
 * docs/decisions/tests-e2e-worker-clock.md) the class screen shows 期限切れ with the time it was
 * valid until, and もう一度作成 asks the server for a new one. The cleanup itself (files removed from
 * storage, rows marked expired) is tested in apps/server/test/files-cleanup.test.ts.
 */
test('an expired inspection archive reads 期限切れ, and もう一度作成 asks for a new one', async ({ page }) => {
  test.skip(onTablet(), 'the inspection archive is desktop work (records-archive.md)');
  test.setTimeout(180_000);
  const director = await createStaff(page.request, 'archive-expired', { role: 'director' });
  await signIn(page, director.email);
  await goToMenu(page, '計画・記録', true);
  // The list itself, not the last screen still shown while its chunk loads (its links name ぞう組 too).
  await expect(page.getByRole('heading', { level: 1, name: '計画・記録' })).toBeVisible();
  await page.getByRole('link', { name: /ぞう組/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ぞう組の計画・記録' })).toBeVisible();
  const classPage = page.url();
  const classId = Number(new URL(classPage).pathname.split('/').at(-1));

  await page.getByRole('button', { name: '監査用ZIPを作成' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作成中' })).toBeVisible();
  await expect(page.getByRole('link', { name: '監査用ZIPをダウンロード' })).toBeVisible({ timeout: 90_000 });
  const year = Number(NOW.slice(0, 4));
  const latest = await page.request.get(`/api/staff/classes/${classId}/records-archives/latest?year=${year}`);
  const { archive } = (await latest.json()) as { archive: { status: string; expires_at: string } };
  expect(archive.status).toBe('ready');
  // Built at the run's pinned instant (plus the minutes the run has taken), valid for 24 hours.
  const expiresAt = Date.parse(archive.expires_at);
  const validFor = expiresAt - Date.parse(NOW);
  expect(validFor).toBeGreaterThan(recordsArchiveValidHours * HOUR);
  expect(validFor).toBeLessThan((recordsArchiveValidHours + 6) * HOUR);

  // The next day, a minute past the expiry (NOW + 24 h and the build's minutes): the desktop
  // session of 12 hours has ended too, so the director signs in again.
  const later = new Date(Math.max(expiresAt + 60_000, Date.parse(NOW) + 25 * HOUR));
  await page.setExtraHTTPHeaders({ 'x-test-now': later.toISOString() });
  await page.clock.setSystemTime(later);
  await signIn(page, director.email);
  await page.goto(classPage);
  await expect(page.getByRole('heading', { level: 1, name: 'ぞう組の計画・記録' })).toBeVisible();
  const expired = page.locator('[data-qa="archive-expired"]');
  await expect(expired).toContainText(`期限切れ（${dateTimeLabel(archive.expires_at)}まで）`);
  await expect(page.getByRole('link', { name: '監査用ZIPをダウンロード' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-archive-expired.png', fullPage: true });

  // Asked again: a new archive at the server, under way.
  await expired.getByRole('button', { name: 'もう一度作成' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作成中' })).toBeVisible();
  await expect(expired).toHaveCount(0);
});
