import type { APIRequestContext } from '@playwright/test';
import { DEMO, createGuardian, expect, expectAccessible, signIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'sakura-hoikuen-2026';

/** The newest mail to an address, from the outbox (test-mode fixture API). */
async function linkFromMail(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mails = (await (await request.get(`/api/dev/fixtures/mails?to=${encodeURIComponent(to)}`)).json()) as {
      text: string;
    }[];
    link = mails.map((m) => new RegExp(`https?://[^\\s]+${path}/[A-Za-z0-9_-]+`).exec(m.text)?.[0]).find(Boolean);
    expect(link).toBeTruthy();
  }).toPass({ timeout: 5000 });
  return new URL(link!).pathname;
}

test.describe('ID service', () => {
  test('a new guardian signs up from /receptions, verifies by mail, sets a password and lands signed in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/receptions');
    await page.getByRole('link', { name: 'はいチーズ！IDを新規登録する' }).click();
    await expect(page).toHaveURL(/\/users\/register/);
    await expect(page.getByRole('heading', { level: 1, name: 'はいチーズ！IDの新規登録' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '確認メールを送信する' }).click();
    await expect(page).toHaveURL(/\/email\/sent$/);
    await expect(page.getByText('メールを送信しました。')).toBeVisible();
    await expectAccessible(page);

    await page.goto(await linkFromMail(request, email, '/users/register'));
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill('password123');
    await page.getByRole('textbox', { name: 'パスワード（確認）' }).fill('password123');
    await page.getByLabel('利用規約に同意する').check();
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(
      page.getByText('このパスワードは推測されやすいため使用できません。別のパスワードを入力してください'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'パスワード（確認）' }).fill(PASSWORD);
    await page.getByRole('button', { name: '登録する' }).click();
    // Terms were agreed during sign-up: straight into the app.
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole('link', { name: 'マイページ' })).toBeVisible();
  });

  test('a password reset round trip; the used link then lands on the expiry notice', async ({ page, request }) => {
    const email = await createGuardian(request, 'reset', { password: 'old-password-2026' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click();
    await expect(page).toHaveURL(/\/password\/forgot/);
    await expectAccessible(page);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '再設定メールを送信する' }).click();
    await expect(page.getByText('パスワード再設定用のメールを送信しました')).toBeVisible();

    const path = await linkFromMail(request, email, '/password/new');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: '新しいパスワード（確認）' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, PASSWORD);

    await page.goto(path);
    await expect(page).toHaveURL(/\/password\/reset\/expired$/);
    await expect(page.getByText('パスワード再設定の有効期限が切れています。')).toBeVisible();
  });

  test('a signed-in guardian changes the password from the ID screens', async ({ page, request }) => {
    const email = await createGuardian(request, 'change', { password: 'old-password-2026' });
    await signIn(page, email, 'old-password-2026');
    await page.goto('/users/setting/password');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: '現在のパスワード' }).fill('wrong-password');
    await page.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: '新しいパスワード（確認）' }).fill(PASSWORD);
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('現在のパスワードが正しくありません')).toBeVisible();
    await page.getByRole('textbox', { name: '現在のパスワード' }).fill('old-password-2026');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('パスワードを変更しました。ほかの端末ではログアウトしました。')).toBeVisible();
  });

  test('a signed-in guardian changes the email address after verifying the new one', async ({ page, request }) => {
    const email = await createGuardian(request, 'mail', { password: PASSWORD });
    const next = uniqueEmail('mail-new');
    await signIn(page, email, PASSWORD);
    await page.goto('/users/setting/email');
    await expectAccessible(page);
    await page.getByLabel('新しいメールアドレス').fill(next);
    await page.getByRole('textbox', { name: '現在のパスワード' }).fill(PASSWORD);
    await page.getByRole('button', { name: '確認メールを送信する' }).click();
    await expect(page.getByText('新しいメールアドレスに確認用のメールを送信しました')).toBeVisible();
    await page.goto(await linkFromMail(request, next, '/email/verify'));
    await expect(page.getByText('メールアドレスを変更しました')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/users/setting/email');
    await expect(page.getByText(next)).toBeVisible();
  });

  test('the demo guardian is unaffected: a wrong link for an unknown token shows the expiry notice', async ({ page }) => {
    await page.goto('/password/new/not-a-real-token');
    await expect(page).toHaveURL(/\/password\/reset\/expired$/);
    await signIn(page, DEMO.main);
  });
});
