import { exportLimits } from '@renraku/contract';
import { NOW } from './clock';
import { createEnrolledChild, createGuardian, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

const HOUR = 60 * 60 * 1000;

/** The page's 〜まで label (child-export-page.tsx). */
const untilLabel = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/*
 * Take your data along (issue 20; docs/decisions/exports-child-archive.md): the demo main guardian
 * prepares 陽翔's archive on the phone, follows it to ready (the server's export worker) and
 * downloads a ZIP with the photos the family saw and the history. Which photos belong in it (and
 * that no other family's are) is tested in apps/server/test/exports.test.ts.
 */

/** The entry names of a ZIP, from its central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
    at += 46 + length + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

test('the main guardian prepares a child’s archive and downloads it; a read-only co-guardian cannot', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const children = (await (await page.request.get('/api/children')).json()) as { id: number; first_name: string }[];
  const haruto = children.find((c) => c.first_name === '陽翔')!;
  await page.goto(`/children/${haruto.id}`);
  await page.getByRole('link', { name: '写真と連絡帳の記録をダウンロード' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'データのダウンロード' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'データを準備する' }).click();
  // Queued, then ready once the worker (every 5 s) has written it.
  const ready = page.locator('[data-qa="export-ready"]');
  await expect(ready).toBeVisible({ timeout: 60_000 });
  await expect(ready).toContainText('準備ができました');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/export-ready.png', fullPage: true });

  const link = ready.getByRole('link', { name: 'ダウンロード' });
  await expect(link).toHaveAttribute('download', '');
  // The browser's download manager sends no X-Test-Now header, so at the real date this run's
  // pinned session has expired: the test fetches the link with the page's session instead.
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/zip');
  const names = zipNames(await response.body());
  expect(names).toEqual(expect.arrayContaining(['連絡帳_施設から.csv', '連絡帳_家庭から.csv', '記録.html']));
  expect(names.filter((n) => /^写真\/\d{4}-\d{2}-\d{2}_(今日の写真|クラスの写真)_\d{2}\.\w+$/.test(n)).length).toBeGreaterThan(0);
  expect(names.every((n) => !n.includes('..'))).toBe(true);

  // The read-only co-guardian of 陽翔 sees why there is no button.
  const other = await browser.newContext();
  const sub = await other.newPage();
  await signIn(sub, DEMO.sub);
  await sub.goto(`/children/${haruto.id}/export`);
  await expect(sub.getByText('データのダウンロードは主たる保護者のみご利用いただけます')).toBeVisible();
  await expect(sub.getByRole('button', { name: 'データを準備する' })).toHaveCount(0);
  await other.close();
});

/*
 * Past its 72 hours (docs/decisions/files-expired-cleanup.md), all real: a family of its own (so the
 * latest archive is theirs alone; a child without photos keeps it short) prepares the archive and
 * waits for the worker; three days later (the server's clock moved past the 72 hours by X-Test-Now,
 * the browser's with it; the worker's clock runs from the pinned instant:
 * docs/decisions/tests-e2e-worker-clock.md) the page shows 期限切れ with the time it was valid until
 * and もう一度準備する asks the server for a new one. The cleanup itself (the file removed from
 * storage, the row expired, the old link 410) is tested in apps/server/test/files-cleanup.test.ts.
 */
test('an expired archive reads 期限切れ, and もう一度準備する asks for a new one', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await createGuardian(request, 'export-expired', { name: '試験 保護者' });
  const child = await createEnrolledChild(request, email, '期限', 'きげん');
  await signIn(page, email);
  await page.goto(`/children/${child.child_id}`);
  await page.getByRole('link', { name: '写真と連絡帳の記録をダウンロード' }).click();
  await page.getByRole('button', { name: 'データを準備する' }).click();
  await expect(page.locator('[data-qa="export-ready"]')).toBeVisible({ timeout: 90_000 });
  const latest = await page.request.get(`/api/children/${child.child_id}/exports/latest`);
  const { export: prepared } = (await latest.json()) as { export: { status: string; expiresAt: string } };
  expect(prepared.status).toBe('ready');
  // Prepared at the run's pinned instant (plus the minutes the run has taken), valid for 72 hours.
  const expiresAt = Date.parse(prepared.expiresAt);
  const validFor = expiresAt - Date.parse(NOW);
  expect(validFor).toBeGreaterThan(exportLimits.validHours * HOUR);
  expect(validFor).toBeLessThan((exportLimits.validHours + 6) * HOUR);

  // Three days later, a minute past the expiry (NOW + 72 h and the build's minutes): the browser
  // session's day without use has ended too, so the guardian signs in again.
  const later = new Date(Math.max(expiresAt + 60_000, Date.parse(NOW) + 73 * HOUR));
  await page.setExtraHTTPHeaders({ 'x-test-now': later.toISOString() });
  await page.clock.setSystemTime(later);
  await signIn(page, email);
  await page.goto(`/children/${child.child_id}/export`);
  const expired = page.locator('[data-qa="export-expired"]');
  await expect(expired).toContainText(`期限切れ（${untilLabel(prepared.expiresAt)}まで）`);
  await expect(expired).toContainText('ダウンロードの有効期限が切れました。もう一度準備してください');
  await expect(page.getByRole('link', { name: 'ダウンロード' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/export-expired.png', fullPage: true });

  // Asked again: a new archive at the server, under way (or already ready).
  await expired.getByRole('button', { name: 'もう一度準備する' }).click();
  await expect(page.locator('[data-qa="export-progress"], [data-qa="export-ready"]')).toBeVisible({ timeout: 60_000 });
  await expect(expired).toHaveCount(0);
});
