import type { Page } from '@playwright/test';
import { amountOf, resultFileOf } from './bank';
import { createStaff, expect, expectAccessible, goToMenu, onTablet, signIn, test } from './fixtures';

/**
 * The 事務's month end (spec/billing.md §3–4) at the staff room's desktop, each test at a facility
 * of its own (createStaff's `billingFacility`: two paying families, 青木 健 and 石井 舞, with last
 * month and this month open drafts), so closing and collecting a month touches no other spec's data:
 * さくら保育園's months stay as billing.spec.ts and the guardian app's specs expect them.
 */

const yen = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** The 事務 closes the month on screen: 確定して発行, the confirmation, the 確定済 badge. */
async function closeMonth(page: Page, label: string) {
  await page.getByRole('button', { name: '確定して発行' }).click();
  const dialog = page.getByRole('dialog', { name: '請求の確定' });
  await expect(dialog).toContainText(`${label}の請求2件`);
  await dialog.getByRole('button', { name: '確定して発行する' }).click();
  await expect(page.getByText(`${label}の請求を確定しました`)).toBeVisible();
  await expect(page.getByTestId('month-summary')).toContainText('確定済');
}

test('the 事務 reviews last month’s drafts and closes the month: 確定済, numbered statements', async ({ page, request }) => {
  test.skip(onTablet(), 'closing a month is the desktop’s work');
  const office = await createStaff(request, 'billing-close', { role: 'office', billingFacility: true });
  await signIn(page, office.email);
  await goToMenu(page, '請求', true);
  await expect(page.getByRole('heading', { level: 1, name: '請求' })).toBeVisible();
  // Early in June last month is still open: the page opens on it, a draft of both families.
  await expect(page.getByRole('button', { name: '2026年5月', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByTestId('month-summary');
  await expect(summary).toContainText('2026年5月');
  await expect(summary).toContainText('下書き');
  await expect(summary).toContainText('2家庭');
  const statements = page.getByTestId('statement');
  await expect(statements).toHaveCount(2);
  await expect(statements.nth(0)).toContainText('青木 健 様');
  await expect(statements.nth(1)).toContainText('石井 舞 様');
  for (const s of await statements.all()) {
    await expect(s).toContainText('副食費');
    await expect(s).not.toContainText('請求番号');
  }
  // The gate's late pick-ups as 延長, day by day.
  const aoki = statements.filter({ hasText: '青木 健' });
  await expect(aoki).toContainText('延長保育料');
  await aoki
    .getByText(/延長保育の日別明細/)
    .first()
    .click();
  await expect(aoki.getByText(/夕\d+分/).first()).toBeVisible();
  // No yen between the statements and the month's total: the total is their sum.
  const totals = await page.getByTestId('statement-total').allTextContents();
  const total = totals.map(yen).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(2 * 4500);
  await expect(summary).toContainText(`合計 ${total.toLocaleString('ja-JP')}円`);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-close-draft.png' });

  await closeMonth(page, '2026年5月');
  // The closed month stays in view (pinned in the address), not the next open one.
  await expect(page).toHaveURL(/\/billing\?month=2026-05$/);
  await expect(page.getByRole('button', { name: '2026年5月（確定済）' })).toHaveAttribute('aria-pressed', 'true');
  await expect(summary).toContainText('確定）');
  await expect(statements.nth(0)).toContainText(`請求番号 ${office.facilityId}-202605-001`);
  await expect(statements.nth(1)).toContainText(`請求番号 ${office.facilityId}-202605-002`);
  for (const s of await statements.all()) await expect(s).toContainText('未払い');
  // The issued statements keep the drafts' amounts, and the draft's button is gone.
  expect(await page.getByTestId('statement-total').allTextContents()).toEqual(totals);
  await expect(page.getByRole('button', { name: '確定して発行' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-close-closed.png' });

  // After a reload the month is still closed, once.
  await page.reload();
  await expect(summary).toContainText('確定済');
  await expect(statements).toHaveCount(2);
});

test('the 事務 imports the bank’s 振替結果: one family 振替済, the other 資金不足 carried into next month', async ({
  page,
  request,
}) => {
  test.skip(onTablet(), 'collection is the desktop’s work');
  const office = await createStaff(request, 'billing-result', { role: 'office', billingFacility: true });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing?month=2026-05`);
  await closeMonth(page, '2026年5月');

  await page.getByRole('navigation', { name: '請求のメニュー' }).getByRole('link', { name: '集金・口座振替' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '集金・口座振替' })).toBeVisible();
  const rows = page.getByTestId('collection-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText('未払い');
  await page.getByRole('button', { name: '口座振替依頼ファイルを作成' }).click();
  await expect(page.getByTestId('debit-request')).toContainText('口座振替依頼：2件');
  for (const row of await rows.all()) await expect(row).toContainText('引落予定');

  // The request as the browser downloads it: a header, a record per family, the trailer and the end.
  const href = await page.getByRole('link', { name: '依頼ファイルをダウンロード' }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain(`filename="kouza-furikae-${office.facilityId}-202605.txt"`);
  const file = await download.body();
  expect(file.length).toBe((1 + 2 + 2) * 122);
  expect([0, 1, 2, 3, 4].map((i) => file.subarray(i * 122, i * 122 + 1).toString('latin1'))).toEqual(['1', '2', '2', '8', '9']);
  expect([0, 1, 2, 3, 4].map((i) => file.subarray(i * 122 + 120, i * 122 + 122).toString('latin1'))).toEqual(
    Array(5).fill('\r\n'),
  );
  const [paid, failed] = [amountOf(file, 0), amountOf(file, 1)];

  // The bank's answer: the first family (青木) 振替済, the second (石井) 資金不足.
  const result = resultFileOf(file, (i) => (i === 0 ? '0' : '1'));
  await page.locator('input[type="file"]').setInputFiles({ name: 'kekka.txt', mimeType: 'text/plain', buffer: result });
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('振替結果を取り込みました');
  await expect(summary).toContainText(
    `振替済 1件（${paid.toLocaleString('ja-JP')}円）・振替不能 1件（${failed.toLocaleString('ja-JP')}円）`,
  );
  await expect(page.getByTestId('import-failure')).toContainText('石井 舞');
  await expect(page.getByTestId('import-failure')).toContainText('資金不足');
  const aoki = rows.filter({ hasText: '青木 健' });
  const ishii = rows.filter({ hasText: '石井 舞' });
  await expect(aoki).toContainText('0 振替済');
  await expect(aoki).toContainText('支払済');
  await expect(ishii).toContainText('1 資金不足');
  await expect(ishii).toContainText('引落不能');
  await expect(page.getByTestId('collection-summary')).toContainText(`入金済 ${paid.toLocaleString('ja-JP')}円`);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-close-result.png', fullPage: true });

  // The 事務 carries 石井's unpaid amount into June, the first open month.
  await ishii.getByRole('button', { name: /石井 舞の未収金を翌月へ繰越$/ }).click();
  await page.getByRole('dialog', { name: '未収金の繰越' }).getByRole('button', { name: '翌月へ繰越' }).click();
  await expect(page.getByTestId('carry-done')).toContainText(
    `${failed.toLocaleString('ja-JP')}円を2026年6月分の請求に繰り越しました`,
  );
  await expect(ishii).toContainText('翌月へ繰越');
  await expect(ishii.getByRole('button')).toHaveCount(0);
  await expect(aoki).toContainText('支払済');
  await expectAccessible(page);

  // June's draft of that family has the 未収金 as a line.
  await page.goto(`/staff/f/${office.facilityId}/billing?month=2026-06`);
  const june = page.getByTestId('statement').filter({ hasText: '石井 舞' });
  await expect(june).toContainText(`2026年5月分の未収金（請求番号 ${office.facilityId}-202605-002）`);
  await expect(june).toContainText(`${failed.toLocaleString('ja-JP')}円`);
  await expect(page.getByTestId('statement').filter({ hasText: '青木 健' })).not.toContainText('未収金');
});
