import { expect, expectAccessible, signIn, test } from './fixtures';

test.describe('shell and static pages', () => {
  test('/ goes to /main (and so to login when signed out)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?referrer_path=%2Fmain$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown sub-route of a signed-in area shows not-found', async ({ page }) => {
    await signIn(page);
    await page.goto('/main/unknown');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  });

  test('/password/reset/{token} always goes to the expiry notice', async ({ page }) => {
    await page.goto('/password/reset/abc123');
    await expect(page).toHaveURL(/\/password\/reset\/expired$/);
    await expect(page.getByText('パスワード再設定の有効期限が切れています。')).toBeVisible();
    await expectAccessible(page);
  });

  test('/email/sent without the registration referrer goes to /main', async ({ page }) => {
    await page.goto('/email/sent');
    await expect(page).toHaveURL(/\/login\?referrer_path=%2Fmain$/);
  });

  const pages = [
    { path: '/privacy', heading: 'プライバシーポリシー', text: '平日10:00-17:00' },
    { path: '/terms', heading: '利用規約', text: '第26条' },
    { path: '/term', heading: '利用規約', text: '2020年11月30日' },
    { path: '/corporate', heading: '運営会社', text: '事業内容' },
    { path: '/receptions', heading: 'ご利用の前に', text: 'はいチーズ！ID' },
    { path: '/migration/about-id', heading: 'はいチーズ！IDについて', text: 'よくあるご質問' },
  ];
  for (const { path, heading, text } of pages) {
    test(`static page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | れんらくノート`);
      await expectAccessible(page);
    });
  }

  test('privacy shows the head office address from the server constants', async ({ page, request }) => {
    const constants = await (await request.get('/api/config/const')).json();
    await page.goto('/privacy');
    await expect(page.getByText(constants.head_office_address).first()).toBeVisible();
  });

  test('the about-ID page has the FAQ accordion and a back button', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'はいチーズ！IDについて' }).click();
    await expect(page).toHaveURL(/\/migration\/about-id$/);
    await page.getByRole('button', { name: '戻る' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('HTML answers carry a Content-Security-Policy and nosniff', async ({ request }) => {
    const res = await request.get('/main');
    expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(await res.text()).toContain('<div id="root">');
  });
});
