import path from 'node:path';
import type { APIRequestContext, Browser, BrowserType } from '@playwright/test';
import { NOW } from './clock';
import { writeQrVideo } from './fake-camera';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/*
 * Staff 打刻 at the gate (issue 35; staffing.md §2; docs/decisions/staffing-kiosk-clock.md): a 保育士
 * holds their own 職員QR to the gate tablet's camera with the network cut, presses 出勤 (the step
 * the kiosk offers for a day not begun), the 打刻 waits on the device; the network returns, it is
 * sent once, and the 園長's 配置・勤怠 shows them in their room and 打刻の修正 lists it as the gate's.
 */

/** The tablet's clock: an hour before the run's instant (its 打刻 lie in the server's past, as a gate's). */
const TABLET_START = new Date(new Date(NOW).getTime() - 60 * 60_000);

async function send(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

/** The gate tablet: its own Chromium whose fake camera films `video`, landscape, by touch. */
async function launchGate(browserType: BrowserType<Browser>, baseURL: string, video: string) {
  const browser = await browserType.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-test-now': NOW },
  });
  await context.clock.install({ time: TABLET_START });
  return { browser, context, page: await context.newPage() };
}

test('a 保育士 clocks in at the gate by their 職員QR with the network cut; restored, the 園長’s 配置・勤怠 shows them', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'The gate kiosk is a landscape tablet with a camera.');
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'gkdir');
  const keeper = await createStaff(api, 'gkkeeper', { role: 'class_staff', name: `試験 門${Math.floor(Math.random() * 1e4)}` });
  const klassName = `門${Math.floor(Math.random() * 1e4)}組`;
  const klass = (await send(api, '/api/dev/fixtures/classes', { name: klassName, size: 1, staffEmail: keeper.email })) as {
    class_id: number;
  };
  // The 保育士's own 職員QR (設定 → 職員QR on their desktop).
  const keeperApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  await send(keeperApi, '/api/staff/login', { email: keeper.email, password: 'hoiku-demo-2026' });
  const { qr } = (await send(keeperApi, '/api/staff/me/qr', {})) as { qr: string };
  // The 園長 registers the gate tablet.
  await send(api, '/api/staff/login', { email: director.email, password: 'hoiku-demo-2026' });
  const { code } = (await send(api, `/api/staff/facilities/${director.facilityId}/devices`, {
    name: `門${Math.floor(Math.random() * 1e4)}`,
    purpose: 'kiosk',
  })) as { code: string };

  // (An ASCII path: Chromium's fake capture does not open the test's Japanese-named folder.)
  const video = writeQrVideo(path.join(test.info().project.outputDir, `gate-staff-qr-${Date.now()}.y4m`), qr);
  const gate = await launchGate(playwright.chromium, baseURL!, video);
  const t = gate.page;
  // What the tablet's own browser says when something goes wrong (it is not the test's page).
  t.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.split('\n').slice(0, 4).join(' / ')));
  t.on('console', (m) => m.type() === 'error' && console.log('console.error', m.text().slice(0, 300)));
  try {
    await t.goto('/staff/pair');
    await t.getByLabel('ペアリングコード（8桁）').fill(code);
    await t.getByRole('button', { name: 'ペアリングする' }).tap();
    await expect(t.getByRole('heading', { level: 1, name: '登降園受付' })).toBeVisible();
    await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件');

    // The camera running (its QR reader is a chunk of the app, loaded online the first time), the
    // network is cut; the camera reads the 職員QR (offline: a keyed hash in the roster) and the
    // 打刻 is pressed offline.
    await expect(t.getByText('QRコードをかざしてください')).toBeVisible({ timeout: 20_000 });
    await gate.context.setOffline(true);
    await expect(t.getByText('オフライン', { exact: true })).toBeVisible();
    const panel = t.getByRole('dialog', { name: '職員の打刻' });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toHaveCSS('opacity', '1');
    await expect(panel.getByTestId('clock-person')).toHaveText(`${keeper.name}さん（未出勤）`);
    // The step that fits first, large; the others reachable.
    const others = panel.getByRole('region', { name: 'ほかの打刻' });
    await expect(others.getByRole('button')).toHaveText(['退勤', '休憩開始', '休憩終了']);
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: test.info().outputPath('gate-staff-clock-1024.png') });
    await panel.getByRole('button', { name: '出勤', exact: true }).tap();
    await expect(panel).toHaveCount(0);
    await expect(t.getByRole('alert').filter({ hasText: `${keeper.name}さん 出勤` })).toContainText('を記録しました');
    await expect(t.getByTestId('unsynced')).toHaveText('未同期 1件');
    await expect(t.getByTestId('gate-staff')).toContainText(`確認者：${keeper.name}`);
    await expectAccessible(t);
    await t.screenshot({ path: test.info().outputPath('gate-staff-offline-1024.png') });

    // The network returns: sent once, answered.
    await gate.context.setOffline(false);
    await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件', { timeout: 20_000 });
  } finally {
    await gate.browser.close();
  }

  // The 園長's 配置・勤怠: the 保育士 in their room; 打刻の修正 lists the gate's 出勤.
  await signIn(page, director.email);
  await goToMenu(page, '配置・勤怠');
  await expect(page.getByRole('heading', { level: 1, name: '配置・勤怠' })).toBeVisible();
  const row = page.getByTestId(`ratio-row-${klass.class_id}`);
  await expect(row).toContainText(klassName);
  await expect(row).toContainText(keeper.name);
  await page.goto(`/staff/f/${director.facilityId}/staffing/time-entries`);
  const entries = page.getByTestId('time-entries');
  await expect(entries.getByRole('row', { name: new RegExp(keeper.name) })).toContainText(/出勤 09:0\d（ゲート）/);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: test.info().outputPath('gate-staff-director-1024.png') });

  // 取消 asks for the reason in a dialog (no window.prompt): focus in the reason, required, back on cancel.
  const voidButton = entries.getByRole('button', { name: new RegExp(`^${keeper.name}の出勤 .*を取り消す$`) });
  await voidButton.tap();
  const dialog = page.getByRole('dialog', { name: '打刻の取消' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '取り消す理由' })).toBeFocused();
  await dialog.getByRole('button', { name: 'キャンセル' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(voidButton).toBeFocused();
  await voidButton.tap();
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByRole('button', { name: '取り消す' }).tap();
  await expect(dialog.getByText('理由を1〜200文字で入力してください')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('void-dialog-1024.png') });
  await dialog.getByRole('textbox', { name: '取り消す理由' }).fill('試験の打刻のため');
  await dialog.getByRole('button', { name: '取り消す' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(entries.getByRole('row', { name: new RegExp(keeper.name) })).toContainText('（取消：試験の打刻のため）');
});
