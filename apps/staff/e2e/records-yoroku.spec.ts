import { DEMO_STAFF, expect, expectAccessible, expectTouchTargets, goToMenu, onTablet, signIn, test } from './fixtures';

/**
 * 保育所児童保育要録 (records.md §5; issue 33): the 園長 opens ぞう組's 要録 page from the class's
 * 計画・記録 (seeded: the class's 最終年度の重点, 高橋 湊's 要録 approved, 伊藤 陽葵's a draft), opens a
 * child's 要録 (on the desktop 陽葵's draft, on the tablet 渡辺 蓮's, made there), reads the class's
 * 重点 above the form and the 10の姿 beside it, types 個人の重点, and downloads the class's ZIP.
 */
test('要録: the class page, a child’s 要録 with the 重点 and the 10の姿 beside, the class ZIP', async ({ page }) => {
  test.setTimeout(180_000);
  const focus = '友だちと思いを伝え合い、協力して一つのことをやり遂げる喜びを味わう。';
  await signIn(page, DEMO_STAFF.director);
  await goToMenu(page, '計画・記録', true);
  // The list itself, not the last screen still shown while its chunk loads (its links name ぞう組 too).
  await expect(page.getByRole('heading', { level: 1, name: '計画・記録' })).toBeVisible();
  await page.getByRole('link', { name: /ぞう組/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ぞう組の計画・記録' })).toBeVisible();
  await page.getByRole('link', { name: '保育所児童保育要録' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^ぞう組の保育所児童保育要録（\d{4}年度）$/ })).toBeVisible();

  // The class's 重点 (the 園長 may write it) and each final-year child's 要録 state.
  await expect(page.getByRole('textbox', { name: 'クラスの最終年度の重点' })).toHaveValue(new RegExp(`^${focus}`));
  const row = (name: string) => page.locator('[data-qa="yoroku-child"]').filter({ hasText: name });
  await expect(row('高橋 湊').getByText('承認済')).toBeVisible();
  await expect(row('伊藤 陽葵').getByText('作成中')).toBeVisible();
  await expect(row('小林 紬').getByText('未作成')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-yoroku-class-${test.info().project.name}.png`, fullPage: true });

  // The class's ZIP: every made 要録 as a PDF.
  const zipLink = page.getByRole('link', { name: '要録をまとめてダウンロード（ZIP）' });
  const zip = await page.request.get((await zipLink.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString('latin1')).toBe('PK');

  // A child's 要録: the seeded draft on the desktop; on the tablet one made here.
  if (onTablet()) {
    await page.getByRole('button', { name: '渡辺 蓮さんの要録を作る' }).click();
  } else {
    await page.getByRole('link', { name: '伊藤 陽葵さんの要録を開く' }).click();
  }
  const child = onTablet() ? '渡辺 蓮' : '伊藤 陽葵';
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${child}.*保育所児童保育要録`) })).toBeVisible();
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  const focusNote = page.getByRole('region', { name: '最終年度の重点（クラス共通）' });
  await expect(focusNote.getByText(focus, { exact: false })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'これまでの経過記録' });
  await expect(panel.getByRole('heading', { name: '幼児期の終わりまでに育ってほしい姿（10の姿）' })).toBeVisible();
  for (const item of ['健康な心と体', '道徳性・規範意識の芽生え', '数量や図形、標識や文字などへの関心・感覚', '豊かな感性と表現'])
    await expect(panel.getByText(item, { exact: true })).toBeVisible();
  // The 入所に関する記録 came from the roster.
  await expect(page.getByRole('textbox', { name: '児童の氏名', exact: true })).toHaveValue(child);

  const typed = `就学に向けて見通しをもって生活できるよう援助した${Math.floor(Math.random() * 1e4)}。`;
  const individual = page.getByRole('textbox', { name: '個人の重点', exact: true });
  await individual.click();
  await individual.press('End');
  await individual.pressSequentially(typed);
  await expect(individual).toHaveValue(new RegExp(`${typed}$`));
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-yoroku-doc-${test.info().project.name}.png`, fullPage: true });

  // Back to the class's page: the child's 要録 is 作成中.
  await page.getByRole('link', { name: 'ぞう組の要録一覧へ' }).click();
  await expect(row(child).getByText('作成中')).toBeVisible();
});
