import { DEMO, createGuardian, expect, expectAccessible, login, signIn, test } from './fixtures';

test.describe('sign-in', () => {
  test('the login page has its fields and links, and passes axe', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('ログイン | れんらくノート');
    await expect(page.getByLabel('メールアドレス')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'パスワード', exact: true })).toBeVisible();
    await expect(page.getByLabel('ログイン状態を保持する')).toBeVisible();
    await expect(page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' })).toHaveAttribute('href', /redirect_url=/);
    await expect(page.getByRole('link', { name: 'はいチーズ！IDについて' })).toHaveAttribute('href', '/migration/about-id');
    for (const [name, href] of [
      ['運営会社', '/corporate'],
      ['プライバシーポリシー', '/privacy'],
      ['利用規約', '/terms'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expectAccessible(page);
  });

  test('a wrong password shows the exact failure text', async ({ page }) => {
    await login(page, DEMO.main, 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: 'IDまたはパスワード' })).toHaveText(
      'IDまたはパスワードが正しくありません. ログインには【はいチーズ！ID】の登録が必要となります',
    );
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
  });

  test('signs in to /main, shows the header, and logs out', async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole('link', { name: 'マイページ' })).toBeVisible();
    await expect(page.getByRole('link', { name: '登降園QRコード' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'マイページ' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/main');
    await expect(page).toHaveURL(/\/login\?referrer_path=%2Fmain$/);
  });

  test('a guarded page sends a visitor to login and back to where they wanted to go', async ({ page }) => {
    await page.goto('/notices?x=1');
    await expect(page).toHaveURL('/login?referrer_path=%2Fnotices%3Fx%3D1');
    await login(page, undefined, undefined, true);
    await expect(page).toHaveURL('/notices?x=1');
  });

  test('an already signed-in visitor of /login goes on to /main', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/main$/);
  });

  test('a user who has not agreed to the terms agrees, then continues to next_path', async ({ page, request }) => {
    const email = await createGuardian(request, 'terms', { agreed: false });
    await page.goto('/communications');
    await expect(page).toHaveURL(/referrer_path=%2Fcommunications$/);
    await login(page, email, undefined, true);
    // Guard: the referrer page needs agreement first.
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByText('利用規約をお読みいただき、同意していただく必要があります')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '利用規約に同意する' }).click();
    await expect(page).toHaveURL(/\/communications$/);
    // Agreed: /terms now shows the plain variant.
    await page.goto('/terms');
    await expect(page.getByRole('button', { name: '利用規約に同意する' })).toHaveCount(0);
  });
});
