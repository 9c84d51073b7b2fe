import { createStaff, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * A class added for another 年度 (issue 29: it seemed to vanish from this year's list): the list
 * turns to that 年度 and says so.
 */
test('a class added for next 年度 shows under that 年度, with a message', async ({ page, request }) => {
  const director = await createStaff(request, 'classyear');
  const name = `翌年${test.info().project.name}${Math.floor(Math.random() * 1e5)}組`;
  await signIn(page, director.email);
  await page.goto(`/staff/f/${director.facilityId}/classes`);
  await expect(page.getByTestId('fiscal-year')).toHaveText('2026年度（今年度）');
  await page.getByRole('button', { name: 'クラスを追加' }).click();
  const dialog = page.getByRole('dialog', { name: 'クラスを追加' });
  await dialog.getByLabel('クラス名').fill(name);
  await page.getByRole('combobox', { name: '年度' }).click();
  await page.getByRole('option', { name: '2027年度', exact: true }).click();
  await page.getByRole('combobox', { name: '年齢' }).click();
  await page.getByRole('option', { name: '3歳児', exact: true }).click();
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`2027年度の${name}を追加しました。2027年度のクラスを表示しています`)).toBeVisible();
  await expect(page.getByTestId('fiscal-year')).toHaveText('2027年度');
  await expect(page).toHaveURL(/[?&]year=2027/);
  await expect(page.getByTestId('class-table').getByRole('row', { name: new RegExp(name) })).toContainText('3歳児');
  await expectAccessible(page);
});
