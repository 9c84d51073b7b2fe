import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { resultFileOf } from './bank';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, onTablet, signIn, test } from './fixtures';

/**
 * 請求 (spec/billing.md §3) at さくら保育園: a director closes this month (the seed left it a draft
 * computed from the gate's times) at the staff room's desktop; on the class tablet's size the same
 * screens are read from what the seed wrote (last month issued, the fee rules, the children's
 * attributes), whichever project runs first. One closing per month and facility: the desktop project
 * closes this month here; billing-close.spec.ts closes months at facilities of its own.
 */
test('a director reviews this month’s drafts with per-day 延長 and closes the month', async ({ page, request }) => {
  test.skip(onTablet(), 'one closing per month: the desktop project closes');
  const director = await createStaff(request, 'billing', { role: 'director' });
  await signIn(page, director.email);
  await goToMenu(page, '請求', true);
  await expect(page.getByRole('heading', { level: 1, name: '請求' })).toBeVisible();
  // Last month is closed by the seed: this month opens, a draft.
  await expect(page.getByRole('button', { name: '2026年5月（確定済）' })).toBeVisible();
  const summary = page.getByTestId('month-summary');
  await expect(summary).toContainText('2026年6月');
  await expect(summary).toContainText('下書き');
  const statement = page.getByTestId('statement').first();
  await expect(statement).toContainText('延長保育料');
  await statement
    .getByText(/延長保育の日別明細/)
    .first()
    .click();
  await expect(statement.getByText(/夕\d+分/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-staff-desktop.png', fullPage: false });

  // An adjustment with its reason appears as a line.
  await statement.getByRole('button', { name: '調整を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '調整の追加' });
  await dialog.getByLabel('金額（円）').fill('-300');
  await dialog.getByLabel('理由').fill('6/3は園の都合で早朝受入');
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('調整を追加しました')).toBeVisible();
  await expect(statement).toContainText('6/3は園の都合で早朝受入');

  await page.getByRole('button', { name: '確定して発行' }).click();
  await page.getByRole('dialog', { name: '請求の確定' }).getByRole('button', { name: '確定して発行する' }).click();
  await expect(page.getByText('2026年6月の請求を確定しました')).toBeVisible();
  await expect(summary).toContainText('確定済');
  // The seeded family of two keeps its 兄弟姉妹割引 (the seed's rule) as a line of the issued statement.
  await expect(page.getByTestId('statement').filter({ hasText: '小林 紬' })).toContainText('兄弟姉妹割引（第2子）');
  await expect(page.getByTestId('statement').first()).toContainText(/請求番号 \d+-202606-001/);
  const issued = page.getByTestId('statement').first();
  await expect(issued).toContainText('未払い');
  await expectAccessible(page);

  // Cash at the office: 支払済.
  await issued.getByRole('button', { name: '入金を記録' }).click();
  const payment = page.getByRole('dialog', { name: '入金の記録' });
  await expect(payment.getByLabel('入金額（円）')).not.toHaveValue('');
  await payment.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('入金を記録しました')).toBeVisible();
  await expect(issued).toContainText('支払済');

  // The paid statement's 領収書: the same PDF the guardian downloads, fetched with the page's session.
  const receipt = issued.getByRole('link', { name: '領収書（PDF）' });
  await expect(receipt).toHaveAttribute('download', '');
  const res = await page.request.get((await receipt.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toMatch(/filename="receipt-\d+-202606-001\.pdf"/);
  const file = join(tmpdir(), `receipt-staff-e2e-${Date.now()}.pdf`);
  writeFileSync(file, await res.body());
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('領収書');
  expect(text).toMatch(/但し\s*2026年6月分\s*保育料等として/);
  await expectAccessible(page);
});

test('the billing screens at the tablet’s size: last month issued, the fee rules, the children', async ({ page, request }) => {
  test.skip(!onTablet(), 'the desktop reads these screens in the other specs');
  const director = await createStaff(request, 'billing-tablet', { role: 'director' });
  await signIn(page, director.email);
  await page.goto(`/staff/f/${director.facilityId}/billing?month=2026-05`);
  await expect(page.getByTestId('month-summary')).toContainText('確定済');
  await expect(page.getByTestId('statement').first()).toContainText(/請求番号 \d+-202605-00\d/);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/billing-staff-tablet.png' });

  await page.getByRole('link', { name: '料金設定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '料金設定' })).toBeVisible();
  await expect(page.getByText('私立認可保育所').first()).toBeVisible();
  await expect(page.getByText('教材費').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: '園児の請求情報' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '園児の請求情報' })).toBeVisible();
  await expect(page.getByTestId('billing-child').first()).toBeVisible();
  await page
    .getByRole('button', { name: /の請求情報を編集$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText('認定区分');
  await expectAccessible(page);
});

test('the 事務 sees last month collected (振替済, 資金不足 carried), downloads the request and re-imports the bank’s result', async ({
  page,
  request,
}) => {
  test.skip(onTablet(), 'collection is the desktop’s work');
  const office = await createStaff(request, 'billing-collection', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing/collection?month=2026-05`);
  await expect(page.getByRole('heading', { level: 1, name: '集金・口座振替' })).toBeVisible();
  await expect(page.getByTestId('debit-request')).toContainText(/口座振替依頼：3件/);
  // The seed's answer from the bank: hogosha's family and the 渡辺 siblings' 振替済, 佐藤 蒼太's payer 資金不足 and
  // carried into June.
  const debited = page.getByTestId('collection-row').filter({ hasText: '0 振替済' });
  await expect(debited).toHaveCount(2);
  for (const row of await debited.all()) await expect(row).toContainText('支払済');
  await expect(page.getByTestId('collection-row').filter({ hasText: '1 資金不足' })).toContainText('翌月へ繰越');
  await expect(page.getByTestId('collection-row').filter({ hasText: '引落予定' })).toHaveCount(0);
  await expect(page.getByTestId('collection-row').first()).toContainText(/\*{4}\d{3}/);
  await expect(page.getByTestId('payer-account').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-collection-desktop.png', fullPage: true });

  // The download as the browser would fetch it (the project's pattern for files: auth.spec, notices.spec).
  const href = await page.getByRole('link', { name: '依頼ファイルをダウンロード' }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/attachment; filename="kouza-furikae-\d+-202605\.txt"/);
  const file = await download.body();
  expect(file.length).toBe((3 + 3) * 122);
  expect(file.subarray(0, 4).toString('latin1')).toBe('1910');
  // The bank's file again (the second family 資金不足, the others 振替済): already imported, nothing changes.
  const result = resultFileOf(file, (i) => (i === 1 ? '1' : '0'));
  await page.locator('input[type="file"]').setInputFiles({ name: 'result.txt', mimeType: 'text/plain', buffer: result });
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('振替結果を取り込みました');
  await expect(summary).toContainText('取込済のため変更なし');
  await expect(page.getByTestId('collection-row').filter({ hasText: '1 資金不足' })).toContainText('翌月へ繰越');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-collection-imported.png', fullPage: true });

  // A payer's 預金口座振替依頼書 prints for the signature; the bank has the seed's forms (登録済), the
  // 事務 can take the mark back and set it again.
  const payer = page
    .getByTestId('payer-account')
    .filter({ has: page.getByRole('link', { name: '依頼書PDF' }) })
    .first();
  const form = await page.request.get((await payer.getByRole('link', { name: '依頼書PDF' }).getAttribute('href'))!);
  expect(form.status()).toBe(200);
  expect(form.headers()['content-type']).toContain('application/pdf');
  await expect(payer).toContainText(/登録済 \d{4}\/\d{1,2}\/\d{1,2}/);
  await payer.getByRole('button', { name: '未登録に戻す' }).click();
  await expect(payer.getByRole('button', { name: '登録済にする' })).toBeVisible();
  await payer.getByRole('button', { name: '登録済にする' }).click();
  await expect(payer).toContainText(/登録済 \d{4}\/\d{1,2}\/\d{1,2}/);
  await expect(payer.getByRole('button', { name: '未登録に戻す' })).toBeVisible();
  await expectAccessible(page);
});

test('the 事務 imports the bank’s 入出金明細 and records a credit that is no family’s fee', async ({ page, request }) => {
  test.skip(onTablet(), '振込入金 is the desktop’s work');
  const office = await createStaff(request, 'billing-transfers', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing/transfers`);
  await expect(page.getByRole('heading', { level: 1, name: '振込入金' })).toBeVisible();
  // The seed's bank statement left the bazaar's takings waiting.
  await expect(page.getByTestId('transfer-waiting').filter({ hasText: 'サクラカイ バザー' })).toContainText('12,000円');
  await expectAccessible(page);
  await expectTouchTargets(page);

  const payer = `ﾃｽﾄ ${Math.floor(Math.random() * 1e6)}`;
  const csv = `\uFEFF日付,摘要,お預り金額,お引出し金額,残高\r\n2026/05/20,振込 ${payer},3000,,1000\r\n2026/05/21,手数料,,110,890\r\n`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'meisai.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('transfer-summary')).toContainText('入金 1件：照合済 0件（0円）・照合待ち 1件（3,000円）');
  const shown = payer.normalize('NFKC');
  const row = page.getByTestId('transfer-waiting').filter({ hasText: shown });
  await expect(row).toContainText('3,000円');
  await page.screenshot({ path: '/tmp/billing-transfers-desktop.png', fullPage: true });

  await row.getByRole('button', { name: /請求以外として記録/ }).click();
  const dialog = page.getByRole('dialog', { name: '請求以外の入金として記録' });
  await dialog.getByRole('textbox', { name: '理由' }).fill('返金の戻り');
  await dialog.getByRole('button', { name: '記録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('transfer-recent').filter({ hasText: shown })).toContainText('請求以外');
  await expect(page.getByTestId('transfer-recent').filter({ hasText: shown })).toContainText('返金の戻り');
  await expect(page.getByTestId('transfer-waiting').filter({ hasText: shown })).toHaveCount(0);
  await expectAccessible(page);
});

test('the 事務 downloads a closed month’s books: the CSV for Excel and the 仕訳 for 弥生会計', async ({ page, request }) => {
  test.skip(onTablet(), 'the books are the desktop’s work');
  const office = await createStaff(request, 'billing-books', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing?month=2026-05`);
  await expect(page.getByTestId('month-summary')).toContainText('確定済');
  await expectAccessible(page);
  const books = await page.request.get((await page.getByRole('link', { name: '月次CSV（Excel）' }).getAttribute('href'))!);
  expect(books.status()).toBe(200);
  const text = (await books.body()).toString('utf8');
  expect(text.startsWith('\uFEFF"請求番号","対象月","支払者","園児"')).toBe(true);
  expect(text).toContain('2026年5月');
  const journal = await page.request.get((await page.getByRole('link', { name: '仕訳CSV（弥生会計）' }).getAttribute('href'))!);
  expect(journal.status()).toBe(200);
  expect(journal.headers()['content-type']).toContain('shift_jis');
  expect((await journal.body()).subarray(0, 7).toString('latin1')).toBe('"2000",');
});
