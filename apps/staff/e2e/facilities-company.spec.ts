import type { Page } from '@playwright/test';
import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test, goToMenu } from './fixtures';

/**
 * The company admin (staff.md §1): the roll-up of the company's facilities, 「施設を追加」 (the new
 * facility is in the switcher at once), and the switcher keeping the section worked in. Each project
 * adds its own facility to the demo company (さくら保育園's), named after the project.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a company admin sees the roll-up, adds a facility and switches to it in the same section', async ({ page, request }) => {
  const project = test.info().project.name;
  const newName = `みどり保育園（${project}-${Date.now() % 100000}）`;
  const admin = await createStaff(request, `houjin-${project}`, { role: 'company_admin' });
  await signIn(page, admin.email);

  await goToMenu(page, '法人の施設');
  await expect(heading(page, '法人の施設')).toBeVisible();
  await expect(page).toHaveTitle(/法人の施設/);
  const table = page.getByTestId('rollup-table');
  const sakura = page.getByTestId(`rollup-${admin.facilityId}`);
  await expect(sakura.getByRole('rowheader')).toHaveText(admin.facilityName);
  // The demo's children of さくら保育園 are enrolled, by class.
  await expect(sakura.getByRole('cell').first()).toHaveText(/^[1-9]\d*人$/);
  await expect(sakura).toContainText('組');
  await expect(table.getByRole('columnheader')).toHaveText([
    '施設',
    '在園児',
    'クラス別（今日）',
    '職員',
    'タブレット',
    '保護者登録済',
    '保護者未登録',
    'お迎え承認待ち',
  ]);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: test.info().outputPath(`company-${project}.png`), fullPage: true });

  // An empty name is refused with the contract's message; nothing is added.
  await page.getByRole('button', { name: '施設を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '施設を追加' });
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(dialog.getByText('施設名を入力してください')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await dialog.getByLabel('施設名').fill(newName);
  await dialog.getByLabel('住所').fill('東京都目黒区緑が丘1-1-1');
  await dialog.getByLabel('電話番号').fill('03-0000-1111');
  await dialog.getByLabel('開園時刻').fill('07:30');
  await dialog.getByLabel('閉園時刻').fill('18:30');
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(`施設を追加しました：${newName}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: newName });
  await expect(row.getByRole('cell')).toHaveText(['0人', '今年度のクラスはまだありません', '0人', '0台', '0人', '0人', '0件']);

  // The switcher lists it at once; from 施設設定's banner tab, the switch stays on that tab.
  await page.goto(`/staff/f/${admin.facilityId}/facility?tab=banners`);
  await expect(heading(page, '施設設定')).toBeVisible();
  const switcher = page.getByRole('combobox', { name: '施設を切り替える' });
  await switcher.click();
  await page.getByRole('option', { name: newName }).click();
  await expect(page).toHaveURL(/\/staff\/f\/\d+\/facility\?tab=banners$/);
  await expect(heading(page, '施設設定')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'バナー' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '基本情報' }).click();
  await expect(page.getByLabel('施設名')).toHaveValue(newName);
  await expect(page.getByLabel('閉園時刻')).toHaveValue('18:30');
  await page.getByRole('tab', { name: '利用する機能' }).click();
  for (const name of ['お知らせ', '予定表', '身体測定', '行事']) await expect(page.getByRole('switch', { name })).toBeChecked();

  // From 職員 the switch back stays on 職員.
  await goToMenu(page, '職員');
  await expect(heading(page, '職員')).toBeVisible();
  await switcher.click();
  await page.getByRole('option', { name: admin.facilityName }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/f/${admin.facilityId}/members$`));
  await expect(heading(page, '職員')).toBeVisible();
});

test('a director has no company screen', async ({ page, request }) => {
  const director = await createStaff(request, 'no-company');
  await signIn(page, director.email);
  await expect(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '法人の施設' })).toHaveCount(0);
  const me = await (await page.request.get('/api/staff/me')).json();
  await page.goto(`/staff/company/${me.facilities[0].company_id}`);
  await expect(heading(page, 'ページが見つかりません')).toBeVisible();
  await expectAccessible(page);
});
