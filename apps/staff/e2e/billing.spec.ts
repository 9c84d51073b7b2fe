import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, onTablet, signIn, test } from './fixtures';

/**
 * 請求 (spec/billing.md §3): a director of さくら保育園 closes this month (the seed left it a draft
 * computed from the gate's times) at the staff room's desktop; on the class tablet's size the same
 * screens are read (last month issued, the fee rules, the children's attributes). One closing per
 * month and facility: the desktop project closes, the tablet project only reads.
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
});

test('the billing screens at the tablet’s size: last month issued, the fee rules, the children', async ({ page, request }) => {
  test.skip(!onTablet(), 'the desktop project closes the month');
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
