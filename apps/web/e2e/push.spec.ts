import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { emptyDailyNoteContent } from '@renraku/contract';
import { NOW, TODAY, shiftDate as shift } from './clock';
import { createChild, createGuardian, expect, expectAccessible, signIn, test, uniqueEmail, xsrfHeaders } from './fixtures';

/*
 * Web push in the guardian app (issue 20; docs/decisions/push-web-push.md): the prompt after a
 * meaningful action and never on first load, the categories on /notification_settings, and a
 * published note arriving once at a test push endpoint on 127.0.0.1. Headless Chromium cannot reach
 * a real push service, so the subscription is stored through the API as the browser would send it.
 */

test.use({ serviceWorkers: 'allow' });

const prompt = (page: Page) => page.locator('[data-qa="push-prompt"]');

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('the prompt comes after a sent absence, never on first load; "今はしない" is remembered', async ({
  page,
  context,
  request,
}) => {
  // A browser that may ask (Notification.permission "default" is what a first visit has; granted
  // without a subscription is the same "can subscribe" state for the app).
  await context.grantPermissions(['notifications']);
  const email = await createGuardian(request, 'push-prompt');
  const { child_id: child } = await createChild(request, { mainEmail: email, firstName: '空', firstNameKana: 'そら' });
  await signIn(page, email);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);

  const allowed = async (d: string) =>
    ((await (await page.request.get(`/api/children/checkTargetDate/${child}?target_date=${d}`)).json()) as { result: boolean })
      .result;
  let day = TODAY;
  for (let i = 0; i < 60 && !(await allowed(day)); i++) day = shift(day, 1);
  await page.goto(`/communications/absence?child=${child}&date=${day}`);
  await expect(prompt(page)).toHaveCount(0);
  await page.getByRole('radio', { name: '私用' }).check();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(prompt(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'プッシュ通知を受け取りますか？' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/h8/push-prompt.png' });
  await prompt(page).getByRole('button', { name: '今はしない' }).click();
  await expect(prompt(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('push-prompt-declined-at'))).toMatch(/^\d+$/);
});

/** A staff member of さくら保育園 signed in on its own request context. */
async function staffApi(request: APIRequestContext) {
  const email = uniqueEmail('push-staff');
  const created = await request.post('/api/dev/fixtures/staff', {
    data: { email, password: 'hoiku-demo-2026', name: '試験 園長', role: 'director' },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const login = await request.post('/api/staff/login', {
    data: { email, password: 'hoiku-demo-2026' },
    headers: await xsrfHeaders(request),
  });
  expect(login.status()).toBe(200);
  return request;
}

test('settings toggle the categories; a stored subscription gets one push for a published note', async ({ page, playwright }) => {
  // The test push service: records every POST.
  const posts: { path: string; encoding?: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts.push({ path: req.url ?? '', encoding: req.headers['content-encoding'] as string | undefined });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${Date.now()}`;
  try {
    const request = page.request;
    const email = await createGuardian(request, 'push-settings');
    const { child_id: child } = await createChild(request, {
      mainEmail: email,
      firstName: '湊',
      firstNameKana: 'みなと',
      twinOf: '陽翔',
    });
    await signIn(page, email);

    await page.goto('/notification_settings');
    const section = page.locator('[data-qa="push-settings"]');
    await expect(section.getByRole('heading', { name: 'プッシュ通知' })).toBeVisible();
    const notices = section.getByRole('switch', { name: '新しいお知らせ' });
    await expect(notices).toBeChecked();
    await notices.click();
    await expect(page.getByText('プッシュ通知の設定を変更しました')).toBeVisible();
    await expect(notices).not.toBeChecked();
    await expect(section.getByRole('switch', { name: '連絡帳（日々の記録）が公開されたとき' })).toBeChecked();
    await expect(section.getByRole('switch', { name: '1日1回のまとめで受け取る' })).not.toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/h8/push-settings.png', fullPage: true });
    const settings = (await (await request.get('/api/settings/notification_settings')).json()) as {
      push: Record<string, boolean>;
    };
    expect(settings.push).toMatchObject({ notice: false, daily_note: true });

    // The subscription as pushManager.subscribe() would give it (a real one needs a push service).
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const stored = await request.post('/api/web-push/subscriptions', {
      data: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
      },
      headers: await xsrfHeaders(request),
    });
    expect(stored.status()).toBe(200);

    // The facility publishes the child's note; the server's push worker sends it.
    const staffContext = await playwright.request.newContext({
      baseURL: new URL(page.url()).origin,
      extraHTTPHeaders: { 'x-test-now': NOW },
    });
    const staff = await staffApi(staffContext);
    const classId = ((await (await staff.get(`/api/staff/children/${child}`)).json()) as { class_id: number }).class_id;
    const draft = await staff.put(`/api/staff/classes/${classId}/daily-notes/drafts`, {
      data: { date: TODAY, drafts: [{ child_id: child, content: { ...emptyDailyNoteContent(), text: '砂場で遊びました' } }] },
      headers: await xsrfHeaders(staff),
    });
    expect(draft.status()).toBe(200);
    const published = await staff.post(`/api/staff/classes/${classId}/daily-notes/publish`, {
      data: { date: TODAY, child_ids: [child] },
      headers: await xsrfHeaders(staff),
    });
    expect(published.status()).toBe(200);
    const mine = () => posts.filter((p) => endpoint.endsWith(p.path));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    expect(mine()[0]!.encoding).toBe('aes128gcm');
    await staffContext.dispose();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
