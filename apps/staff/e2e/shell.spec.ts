import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test, goToMenu, openMenu } from './fixtures';

test.describe('the shell', () => {
  test('on an upright tablet (768×1024) the menu folds away, the header and the home fit and pass axe @portrait', async ({
    page,
    request,
  }) => {
    test.skip(test.info().project.name !== 'tablet-portrait', 'the upright tablet');
    const director = await createStaff(request, 'upright');
    await signIn(page, director.email);
    // The menu is folded: the screen has the whole width (it took 220 of 768 px, 29 %).
    const title = page.getByRole('heading', { level: 1, name: 'ホーム' });
    expect((await title.boundingBox())!.x).toBeLessThan(60);
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).not.toBeInViewport();
    await expect(page.getByTestId('facility-name')).toHaveText(director.facilityName);
    await expect(page.getByTestId('staff-name')).toHaveText(director.name);
    await expect(page.getByRole('button', { name: 'ログアウト' })).toBeInViewport();
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: '監査ログ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    // The page does not scroll sideways: only the table's own region does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectAccessible(page);
    await expectTouchTargets(page);
    await goToMenu(page, '設定', true);
    await page.getByRole('button', { name: '設定を始める' }).click();
    await expect(page.getByRole('img', { name: '二段階認証の設定用QRコード' })).toBeVisible();
    await expectTouchTargets(page);
  });

  test('a facility that is not the person’s, or an unknown path, shows the not-found page with the way home', async ({
    page,
    request,
  }) => {
    const director = await createStaff(request, 'notfound');
    await signIn(page, director.email);
    for (const path of ['/staff/f/99999', '/staff/f/99999/audit', '/staff/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/f/${director.facilityId}$`));
  });
});
