import type { Page } from '@playwright/test';
import { TODAY, dayLabel as label, shiftDate as shift } from './clock';
import { createChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

/*
 * The installable app offline (issue 20; docs/decisions/web-pwa-offline.md): the manifest and the
 * service worker, opening the app with no network on the last feed it loaded, and an absence
 * reported offline that waits as 送信待ち and arrives once when the network returns.
 */

// These tests are about the service worker (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const queuedMessage = '通信できないため送信待ちにしました。通信が戻ると自動で送信します';

/** Waits until the service worker controls the page (it claims the page once it has installed). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
    }
  });
}

test('the app is installable: a manifest with Japanese name, icons and theme, and a service worker', async ({ page }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    lang: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'れんらくノート', lang: 'ja', display: 'standalone', start_url: '/main' });
  expect(manifest.theme_color).toBe('#f08c00');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

test('opens offline on the last feed it loaded, with the オフライン notice', async ({ page, context }) => {
  // The demo family's feed (read only): its daily notes are what a parent would want to see offline.
  await signIn(page);
  await waitForServiceWorker(page);
  // Loaded once online through the service worker: the copy it keeps.
  await page.reload();
  const card = page.locator('[data-qa="message-card"]').first();
  await expect(card).toBeVisible();
  const online = await page.locator('main').innerText();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-qa="offline-notice"]')).toHaveText('オフラインです。最後に読み込んだ内容を表示しています');
  await expect(card).toBeVisible();
  expect(await page.locator('main').innerText()).toBe(online);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/offline-main.png', fullPage: true });
  await context.setOffline(false);
  await expect(page.locator('[data-qa="offline-notice"]')).toHaveCount(0);
});

test('an absence sent offline waits as 送信待ち and arrives once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const email = await createGuardian(request, 'offline-absence');
  const { child_id: child } = await createChild(request, { mainEmail: email, firstName: '海', firstNameKana: 'うみ' });
  await signIn(page, email);
  // A day the schedule check allows (an open schedule window would refuse it).
  const allowed = async (d: string) =>
    ((await (await page.request.get(`/api/children/checkTargetDate/${child}?target_date=${d}`)).json()) as { result: boolean })
      .result;
  let day = TODAY;
  for (let i = 0; i < 60 && !(await allowed(day)); i++) day = shift(day, 1);
  const absences = async () =>
    (await (await page.request.get(`/api/children/${child}/attendances?attendance_status_type=absence`)).json()) as {
      target_date: string;
    }[];

  await page.goto(`/communications/absence?child=${child}&date=${day}`);
  // The page loaded once through the service worker, as a parent's phone has it: what it opens offline.
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '欠席連絡' })).toBeVisible();
  await page.getByRole('radio', { name: '私用' }).check();
  await page.getByLabel('備考').fill('家族の用事でお休みします');

  await context.setOffline(true);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText(queuedMessage)).toBeVisible();
  const pending = page.locator('[data-qa="pending-sends"]');
  await expect(pending).toContainText('送信待ち（1件）');
  await expect(pending.locator('[data-qa="pending-send"]')).toHaveText(`海 欠席連絡（${label(day)}）：送信待ち`);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/offline-pending.png', fullPage: true });
  // Kept on the device across a reload while still offline.
  await page.reload();
  await expect(page.locator('[data-qa="pending-send"]')).toHaveCount(1);
  expect(await absences()).toEqual([]);

  await context.setOffline(false);
  await expect(page.locator('[data-qa="pending-sends"]')).toHaveCount(0);
  await expect.poll(async () => (await absences()).map((a) => a.target_date)).toEqual([day]);
  // The history on the page shows it without a reload.
  await expect(page.locator('[data-qa="history-item"]').filter({ hasText: `${label(day)} 欠席` })).toBeVisible();
});

test('the contact book: input survives a reload on the device; sent offline, it arrives once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const email = await createGuardian(request, 'offline-contact');
  const { child_id: child } = await createChild(request, { mainEmail: email, firstName: '陸', firstNameKana: 'りく' });
  await signIn(page, email);
  await page.goto(`/communications/message?child=${child}&date=${TODAY}`);
  await waitForServiceWorker(page);
  await page.reload();
  await page.getByLabel('前日の夕食').fill('おうどん');
  await page.getByLabel('連絡事項').fill('少し鼻水が出ています。');
  // Typed, never saved: still there after a reload (the device keeps it).
  await page.reload();
  await expect(page.getByLabel('連絡事項')).toHaveValue('少し鼻水が出ています。');
  await expect(page.getByLabel('前日の夕食')).toHaveValue('おうどん');

  await context.setOffline(true);
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '連絡帳の確認' })).toBeVisible();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText(queuedMessage)).toBeVisible();
  await expect(page.locator('[data-qa="pending-send"]')).toHaveText(`陸 連絡帳（${label(TODAY)}）：送信待ち`);
  await expect(page.getByLabel('連絡事項')).toHaveValue('少し鼻水が出ています。');

  await context.setOffline(false);
  await expect(page.locator('[data-qa="pending-sends"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '送信済み' })).toBeDisabled();
  const info = (await (await page.request.get(`/api/families/information?date=${TODAY}`)).json()) as {
    familyInfo: { childId: number; isSent: boolean; message: string | null }[];
  };
  expect(info.familyInfo.find((e) => e.childId === child)).toMatchObject({ isSent: true, message: '少し鼻水が出ています。' });
});
