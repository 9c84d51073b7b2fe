import type { Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

// A screen that throws shows 「エラーが発生しました」 with a way back instead of a blank app
// (app/router.tsx, components/route-error.tsx). The failures are real ones: a malformed answer
// from the server, and a screen's chunk (or the UI libraries' one) that no longer loads, as after
// a deploy.

const errorHeading = (page: Page) => page.getByRole('heading', { name: 'エラーが発生しました', level: 1 });

async function signIn(page: Page) {
  await login(page);
  await expect(page).toHaveURL(/\/main$/);
}

test.describe('error boundaries', () => {
  test('a screen that throws while rendering shows the error in the shell, with the way home', async ({ page }) => {
    await signIn(page);
    // A day of notices that is no list: the notices screen throws as it groups them.
    const notices = (url: URL) => url.pathname === '/api/notices';
    await page.route(notices, (route) => route.fulfill({ json: { '2026-01-05': null } }));
    await page.goto('/notices');

    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByText('画面を表示できませんでした。')).toBeVisible();
    await expect(page).toHaveTitle('エラー | れんらくノート');
    // Inside the signed-in layout: the header stays.
    await expect(page.getByRole('link', { name: 'マイページ' })).toBeVisible();
    await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
    await expectAccessible(page);

    await page.unroute(notices);
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.locator('[data-qa="feed-day"]').first()).toBeVisible();
    await expect(errorHeading(page)).toHaveCount(0);
  });

  test('a screen whose code no longer loads offers a reload', async ({ page }) => {
    await signIn(page);
    const chunk = '**/assets/notices-page-*.js';
    await page.route(chunk, (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/notices');

    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByText(/画面を読み込めませんでした。アプリが更新されたか/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/main');
    await expectAccessible(page);

    // The new build is there: the reload shows the screen.
    await page.unroute(chunk);
    await page.getByRole('button', { name: '再読み込み' }).click();
    await expect(page.getByRole('heading', { name: 'お知らせ', level: 1 })).toBeVisible();
    await expect(errorHeading(page)).toHaveCount(0);
  });

  test('signed out, a failure outside any layout is a page of its own leading to the login screen', async ({ page }) => {
    // The chunk with the UI providers (the home's, vite.config.ts) fails: every screen but the login screen needs it.
    await page.route('**/assets/home-*.js', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/privacy');

    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('再読み込みしてください。');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'ログイン画面へ戻る' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  });
});
