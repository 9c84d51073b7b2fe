import { expect, expectAccessible, expectTouchTargets, createStaff, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/**
 * 日案 in the lists (records.md §2, §4; docs/decisions/records-daily-plans.md): the 園長 turns on
 * 「この園は日案を書く」 in 計画・記録の設定; a class's month then lists a 日案 for each care day up to
 * the next one (at the pinned Wednesday 6/10: up to Thursday 6/11), and one opens from the list.
 * Both projects turn the same fixture facility's setting on (never off), so they may run at once.
 */
test('the 園長 turns 日案 on; the class month lists them and one is written', async ({ page, request }) => {
  const director = await createStaff(request, 'daily-plans', { role: 'director', name: '試験 日案園長' });
  const name = `日案${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 2, staffEmail: director.email },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);

  await signIn(page, director.email);
  await goToMenu(page, '計画・記録', true);
  await page.getByRole('link', { name: '計画・記録の設定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '計画・記録の設定' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'この園は日案を書く' });
  await expect(toggle).toBeEnabled();
  await expectAccessible(page);
  await expectTouchTargets(page);
  if (!(await toggle.isChecked())) {
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: '設定を保存する' }).click();
    await expect(page.getByText('計画・記録の設定を保存しました')).toBeVisible();
  }
  await page.screenshot({ path: `/tmp/staff-records-settings-${test.info().project.name}.png`, fullPage: true });

  // The class's month: the 日案 section, newest first, the next care day at the top.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: '計画・記録' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の計画・記録` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '日案' })).toBeVisible();
  const write = page.getByRole('button', { name: /の日案を書く$/ });
  await expect(write).toHaveCount(10);
  await expect(write.first()).toHaveAccessibleName('6月11日(木)の日案を書く');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await write.first().click();
  await expect(page.getByRole('heading', { level: 1, name: /6月11日.*日案/ })).toBeVisible();
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name: '6月11日(木)の日案を開く' })).toBeVisible();
  await expect(page.getByRole('button', { name: /の日案を書く$/ })).toHaveCount(9);
});
