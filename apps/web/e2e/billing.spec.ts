import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * 請求 under my page (spec/billing.md §3) at phone size: the demo guardian finds last month's
 * statement (issued by the seed, paid), opens it, reads each day's 延長 minutes and downloads its 領収書.
 */
test.describe('billing', () => {
  test('the main guardian reads last month’s statement with the days’ 延長 minutes', async ({ page }) => {
    await signIn(page);
    await page.goto('/users/setting');
    await page.getByRole('link', { name: '請求', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '請求' })).toBeVisible();
    const link = page.getByTestId('statement-link').first();
    await expect(link).toContainText('2026年5月分（さくら保育園）');
    await expect(link).toContainText('支払済');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/billing-guardian-list.png' });

    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: '2026年5月分の請求' })).toBeVisible();
    await expect(page.getByText('お支払いを確認しました。ありがとうございました。')).toBeVisible();
    await expect(page.getByText('延長保育料').first()).toBeVisible();
    const day = page.getByTestId('extension-day').first();
    await expect(day).toContainText(/[朝夕]\d+分/);
    await expect(page.getByText('教材費').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/billing-guardian-statement.png', fullPage: true });

    // The 領収書 of the paid statement: a download link to the PDF. The browser's download manager
    // sends no X-Test-Now header (the pinned session has expired at the real date), so the test
    // fetches the link with the page's session, as export.spec.ts does.
    const receipt = page.getByRole('link', { name: '領収書（PDF）' });
    await expect(receipt).toHaveAttribute('download', '');
    const res = await page.request.get((await receipt.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(/filename="receipt-.+\.pdf"/);
    const file = join(tmpdir(), `receipt-e2e-${Date.now()}.pdf`);
    writeFileSync(file, await res.body());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('領収書');
    expect(text).toContain('上記正に領収いたしました');
  });

  test('a statement of another family is not found', async ({ page }) => {
    await signIn(page);
    await page.goto('/billing');
    await page.getByTestId('statement-link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: '2026年5月分の請求' })).toBeVisible();
    const url = page.url();
    // sub@example.com is a read-only co-guardian of 陽翔: the statement does not exist for them.
    await page.getByRole('link', { name: 'マイページ' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    // Signed out for sure before the next sign-in (else /login still sees the first session).
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, DEMO.sub);
    await page.goto(url);
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  });

  test('the main guardian registers the 口座振替 account (checked per field) and sees 支払済', async ({ page }) => {
    await signIn(page);
    await page.goto('/billing');
    await page.getByRole('link', { name: /口座振替の口座/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '口座振替の口座' })).toBeVisible();
    const sakura = page.getByRole('region', { name: 'さくら保育園' });
    await sakura.getByLabel('金融機関コード（4桁）').fill('12');
    await sakura.getByLabel('口座名義（カナ）').fill('山田太郎');
    await sakura.getByRole('button', { name: /口座を(登録|変更)する/ }).click();
    await expect(sakura.getByText('金融機関コードは4桁の数字で入力してください')).toBeVisible();
    await expect(sakura.getByText(/^口座名義はカタカナ/)).toBeVisible();
    await sakura.getByLabel('金融機関コード（4桁）').fill('0001');
    await sakura.getByLabel('支店コード（3桁）').fill('123');
    await sakura.getByLabel('口座番号（7桁以内）').fill('１２３４５６７');
    await sakura.getByLabel('口座名義（カナ）').fill('やまだ　たろう');
    await expect(sakura.getByText('通帳の表記：ﾔﾏﾀﾞ ﾀﾛｳ')).toBeVisible();
    await sakura.getByRole('button', { name: /口座を(登録|変更)する/ }).click();
    await expect(page.getByText('口座振替の口座を登録しました')).toBeVisible();
    await expect(sakura.getByTestId('registered-account')).toContainText('普通 ****567');
    await expect(sakura.getByTestId('registered-account')).toContainText('ﾔﾏﾀﾞ ﾀﾛｳ');
    // The bank's form to sign, with the number in full (a PDF as the browser downloads it).
    const form = await page.request.get((await sakura.getByTestId('debit-form-link').getAttribute('href'))!);
    expect(form.status()).toBe(200);
    expect(form.headers()['content-type']).toContain('application/pdf');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/billing-guardian-account.png', fullPage: true });

    await page.goto('/billing');
    await expect(page.getByTestId('statement-link').first()).toContainText('支払済');
  });
});
