import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dateAt } from './clock';
import { DEMO, createChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

async function openNotices(page: Page, email: string = DEMO.main) {
  await signIn(page, email);
  await page.goto('/notices');
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible();
}

/**
 * A guardian of its own with a child in the demo child's class who has the demo child's notices
 * (none answered): reading or answering them leaves the demo family's notices as they are.
 */
async function twinFamily(request: APIRequestContext, twinOf: '陽翔' | '結衣', firstName: string, firstNameKana: string) {
  const email = await createGuardian(request, 'notices');
  await createChild(request, { mainEmail: email, firstName, firstNameKana, twinOf });
  return email;
}

const card = (page: Page, title: string) =>
  page.locator('[data-qa="notice-card"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Scrolls to the end of the list, as a guardian would, until `target` has loaded (older days load at the end). */
async function scrollNoticesUntil(page: Page, target: Locator) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(target).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test.describe('notices', () => {
  test('lists notices by date and scrolls down to the oldest one', async ({ page }) => {
    await openNotices(page);
    await expect(page).toHaveTitle('お知らせ | れんらくノート');
    await expect(card(page, '登降園時のQRコード受付について')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日\(.\)$/);
    await page.screenshot({ path: '/tmp/notices-list.png' });
    await expectAccessible(page);

    // 46 notices over three months reach the guardian of 陽翔 and 結衣; scroll until all are in.
    const cards = page.locator('[data-qa="notice-card"]');
    await scrollNoticesUntil(page, cards.nth(45));
    await expect(cards).toHaveCount(46);
    const [y, m, d] = dateAt(-87).split('-').map(Number);
    await expect(page.getByRole('heading', { level: 2 }).last()).toHaveText(new RegExp(`^${y}年${m}月${d}日`));
    // The scheduled notice is not released yet.
    await expect(card(page, '冬休みのお知らせ')).toHaveCount(0);
  });

  test('marks a notice read: the label and the button go', async ({ page, request }) => {
    await openNotices(page, await twinFamily(request, '結衣', '既読', 'きどく'));
    const notice = card(page, '芋ほり遠足の写真');
    await expect(notice.getByText('未読')).toBeVisible();
    await expect(notice.getByRole('img', { name: '芋ほり.jpg' })).toBeVisible();
    await notice.screenshot({ path: '/tmp/notices-photo.png' });
    await notice.getByRole('button', { name: '既読にする' }).click();
    await expect(page.getByText('お知らせ1件を既読にしました')).toBeVisible();
    await expect(notice.getByText('未読')).toHaveCount(0);
    await expect(notice.getByRole('button', { name: '既読にする' })).toHaveCount(0);
    await page.reload();
    await expect(card(page, '芋ほり遠足の写真').getByText('未読')).toHaveCount(0);
  });

  test('truncates long text and opens a PDF attachment through the reload route', async ({ page }) => {
    await openNotices(page);
    const notice = card(page, '登降園時のQRコード受付について');
    await expect(notice.getByText('https://example.com/guide/qr')).toHaveCount(0);
    await notice.getByRole('button', { name: 'もっとみる' }).click();
    await expect(notice.getByRole('link', { name: 'https://example.com/guide/qr' })).toHaveAttribute('target', '_blank');
    await notice.getByRole('button', { name: '小さくする' }).click();
    const pdf = page.waitForResponse((r) => /\/files\/notices\/.+\.pdf\?/.test(r.url()));
    await notice.getByRole('link', { name: /受付方法のご案内\.pdf/ }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });

  test('a link click sends the analytics event only when the page carries a measurement id', async ({ page, context }) => {
    await context.route('https://example.com/**', (route) => route.fulfill({ body: 'ok', contentType: 'text/plain' }));
    await openNotices(page);
    const notice = card(page, '登降園時のQRコード受付について');
    await notice.getByRole('button', { name: 'もっとみる' }).click();
    const link = notice.getByRole('link', { name: 'https://example.com/guide/qr' });

    let popup = context.waitForEvent('page');
    await link.click();
    await (await popup).close();
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();

    await page.evaluate(() => (document.documentElement.dataset.measurementId = 'G-TEST123'));
    popup = context.waitForEvent('page');
    await link.click();
    await (await popup).close();
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map(
        (args) => Array.from(args) as [string, string, Record<string, unknown>],
      ),
    );
    expect(events).toHaveLength(1);
    const [kind, name, params] = events[0]!;
    expect([kind, name]).toEqual(['event', 'notice_link_click']);
    expect(params).toMatchObject({
      send_to: 'G-TEST123',
      link_url: 'https://example.com/guide/qr',
      company_id: expect.any(Number),
      nursery_id: expect.any(Number),
    });
    expect(params.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof params.notice_id).toBe('number');
    expect(Date.parse(String(params.released_at))).toBeLessThan(Date.parse(String(params.clicked_at)));
  });

  test('the main guardian answers a questionnaire of each answer format and sees 回答済', async ({ page, request }) => {
    await openNotices(page, await twinFamily(request, '陽翔', '回答', 'かいとう'));
    const notice = card(page, '運動会の参加確認');
    await expect(notice.getByText('未回答')).toBeVisible();
    await notice.getByRole('link', { name: '回答のアンケートに回答する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート回答' })).toBeVisible();
    await expect(page.getByText('未回答', { exact: true })).toBeVisible();
    await expect(page.getByText('必須', { exact: true })).toHaveCount(1);
    await expect(page.getByText('任意', { exact: true })).toHaveCount(2);

    const select = page.getByRole('combobox', { name: /運動会に参加されますか/ });
    await expect(select).toHaveAttribute('placeholder', '選択してください');
    await select.click();
    await page.getByRole('option', { name: '参加する', exact: true }).click();
    await page.getByRole('checkbox', { name: '父', exact: true }).check();
    await page.getByRole('checkbox', { name: '母', exact: true }).check();
    const free = page.getByRole('textbox', { name: /園へのご要望/ });
    await expect(page.getByText('0/1000')).toBeVisible();
    await free.fill('雨天時の連絡方法を教えてください');
    await expect(page.getByText('16/1000')).toBeVisible();
    await page.screenshot({ path: '/tmp/notices-questionnaire.png', fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: '回答する' }).click();
    await expect(page.getByText('回答を送信しました')).toBeVisible();
    await expect(page).toHaveURL(/\/notices$/);
    await expect(card(page, '運動会の参加確認').getByText('回答済')).toBeVisible();

    // Opening it again shows the stored answers.
    await card(page, '運動会の参加確認').getByRole('link', { name: '回答のアンケートを確認する' }).click();
    // The list stays on screen until the lazy page has loaded, so wait for the page first:
    // before that, the list's own 回答済 badge is a second match.
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート回答' })).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaire/);
    await expect(page.getByText('回答済', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: /運動会に参加されますか/ })).toHaveValue('参加する');
    await expect(page.getByRole('checkbox', { name: '母', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '祖父母' })).not.toBeChecked();
  });

  test('a refused answer stays on the screen with the server’s errors', async ({ page, request }) => {
    await openNotices(page, await twinFamily(request, '結衣', 'アルバム', 'あるばむ'));
    await card(page, '卒園アルバム制作アンケート').getByRole('link', { name: 'アルバムのアンケートに回答する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート回答' })).toBeVisible();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: '「お子さまの好きな遊びを教えてください」は回答必須です' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/respondents\/\d+$/);
    await page.getByRole('textbox', { name: /好きな遊び/ }).fill('砂場でトンネルを作ること');
    await page.getByRole('checkbox', { name: 'クラス写真' }).check();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect(page.getByText('回答を送信しました')).toBeVisible();
    await expect(card(page, '卒園アルバム制作アンケート').getByText('回答済')).toBeVisible();
  });

  test('answered and closed questionnaires: 回答済, and nothing after the close', async ({ page }) => {
    await openNotices(page);
    await expect(card(page, '保護者会の日程アンケート').getByText('回答済')).toBeVisible();
    const closed = card(page, '夏祭りアンケート');
    await scrollNoticesUntil(page, closed);
    await expect(closed).toBeVisible();
    await expect(closed.locator('[data-qa="questionnaire-status"]')).toHaveCount(0);
    await closed.screenshot({ path: '/tmp/notices-closed.png' });
    await expect(closed.getByText(/未回答|回答済/)).toHaveCount(0);
  });

  test('a co-guardian sees the disabled button 「回答する権限がありません」', async ({ page }) => {
    await openNotices(page, DEMO.sub);
    const notice = card(page, '運動会の参加確認');
    await notice.getByRole('link', { name: /^陽翔のアンケート/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート回答' })).toBeVisible();
    await expect(page.getByRole('button', { name: '回答する権限がありません' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '回答する', exact: true })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/notices-coguardian.png', fullPage: true });
    await expectAccessible(page);
  });

  test('unknown notice paths show not-found; a file the guardian may not open goes back to /notices', async ({ page }) => {
    await openNotices(page);
    await page.goto('/notices/abc/def');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
    await page.goto('/notices/1/2/3/4');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
    await page.goto('/notices/999999/1?childIds[]=1');
    await expect(page.getByRole('alert').filter({ hasText: 'お探しのページが見つかりませんでした' })).toBeVisible();
    await expect(page).toHaveURL(/\/notices$/);
    await page.goto('/notices/999999/questionnaires/1/respondents/1');
    await expect(page).toHaveURL(/\/notices$/);
  });
});
