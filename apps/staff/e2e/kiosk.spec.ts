import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, BrowserType, Page } from '@playwright/test';
import { NOW } from './clock';
import { writeQrVideo } from './fake-camera';
import {
  PASSWORD,
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  signIn,
  test,
  uniqueEmail,
  xsrfHeaders,
} from './fixtures';

/**
 * The gate kiosk (staff.md §6, docs/decisions/kiosk-offline-app.md) on a tablet with Chromium's
 * fake camera filming a real QR code of a child's qr_token: a scan (the device named), a staff
 * member named by PIN (docs/decisions/kiosk-staff-identification.md), the network cut, three more
 * by touch, the network back and every arrival on the server; a one-time code once, checked at the
 * server only (refused offline); 12 scans offline.
 */

/** The tablet's clock starts an hour before the run's instant: the device's scans lie in the server's past. */
const TABLET_START = new Date(new Date(NOW).getTime() - 60 * 60_000);

const hiragana = 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ';
const randomKana = (n: number) => Array.from({ length: n }, () => hiragana[Math.floor(Math.random() * hiragana.length)]).join('');

interface KioskChild {
  id: number;
  name: string;
  kana: string;
}

/** A family of its own: a main guardian and four children in the demo 陽翔's class (test-mode fixtures). */
async function createFamily(request: APIRequestContext) {
  const email = uniqueEmail('kiosk');
  const headers = await xsrfHeaders(request);
  expect((await request.post('/api/dev/fixtures/users', { data: { email, password: PASSWORD }, headers })).status()).toBe(201);
  const tag = randomKana(4);
  const children: KioskChild[] = [];
  for (const [i, suffix] of ['いち', 'に', 'さん', 'よん'].entries()) {
    const firstName = `受付${tag}${i + 1}`;
    const kana = `${tag}${suffix}`;
    const res = await request.post('/api/dev/fixtures/children', {
      data: { mainEmail: email, firstName, firstNameKana: kana, twinOf: '陽翔' },
      headers,
    });
    expect(res.status()).toBe(201);
    children.push({ id: ((await res.json()) as { child_id: number }).child_id, name: `試験 ${firstName}`, kana });
  }
  return { email, tag, children };
}

/** The guardian's own API session (the guardian app's calls), for the QR token and a one-time code. */
async function guardianSession(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: PASSWORD }, headers: await xsrfHeaders(request) });
  expect(res.status()).toBe(200);
}

/** The tablet: its own Chromium with a fake camera filming `video`, landscape, by touch, at TABLET_START. */
async function launchKioskTablet(browserType: BrowserType<Browser>, baseURL: string, video: string) {
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

async function touchChild(page: Page, child: KioskChild) {
  await page.getByRole('textbox', { name: 'ふりがなで検索' }).fill(child.kana);
  await page
    .getByTestId('kiosk-children')
    .getByRole('button', { name: new RegExp(child.name) })
    .click();
}

const GATE_PIN = '2468';

/**
 * 職員の確認 at the gate: the dialog (opened by 「職員を確認」 or by a touch that needs it), the
 * director's name, the PIN on the pad; the gate then names them with 「交代」.
 */
async function identifyByPin(page: Page, name: string, check = false) {
  const dialog = page.getByRole('dialog', { name: '職員の確認' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: '職員を確認' }).click();
  await expect(dialog).toBeVisible();
  // (Settled before axe: a dialog still fading in reads as low contrast.)
  await expect(dialog).toHaveCSS('opacity', '1');
  if (check) {
    await expectAccessible(page);
    await expectTouchTargets(page);
    await page.screenshot({ path: test.info().outputPath('kiosk-staff-names.png') });
  }
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog.getByText(`${name}さんのPIN`)).toBeVisible();
  if (check) {
    await expectAccessible(page);
    await expectTouchTargets(page);
    await page.screenshot({ path: test.info().outputPath('kiosk-staff-pin.png') });
  }
  for (const digit of GATE_PIN) await dialog.getByRole('button', { name: digit, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('gate-staff')).toContainText(`確認者：${name}`);
}

async function closeResult(page: Page, kind: '登園' | '降園') {
  const result = page.getByTestId('scan-result');
  await expect(result.getByTestId('scan-kind')).toHaveText(kind);
  await result.getByRole('button', { name: '閉じる' }).click();
  await expect(result).toHaveCount(0);
}

/**
 * Closes a result already checked, or finds it gone: it closes by itself after two seconds, which
 * an axe run on a slow machine can outlast.
 */
async function dismissResult(page: Page) {
  const close = page.getByTestId('scan-result').getByRole('button', { name: '閉じる' });
  await close.click({ timeout: 1000 }).catch(() => undefined);
  await expect(page.getByTestId('scan-result')).toHaveCount(0);
}

/** The server's record of the day (the kiosk's own roster call, with the device's cookie). */
async function serverTimes(context: BrowserContext, ids: number[]) {
  const res = await context.request.get('/api/kiosk/roster');
  expect(res.status()).toBe(200);
  const roster = (await res.json()) as {
    children: { child_id: number; arrived_at: string | null; picked_up_at: string | null }[];
  };
  return ids.map((id) => roster.children.find((c) => c.child_id === id));
}

test.describe('登降園受付（キオスク）', () => {
  test('a QR scan and three touches offline reach the server once the network returns; a one-time code works once; 12 scans kept offline (one named staff member’s 3 minutes) arrive once', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    test.skip(test.info().project.name !== 'tablet', 'The gate kiosk is a landscape tablet with a camera.');
    test.slow();
    const family = await createFamily(request);
    const [first, ...others] = family.children as [KioskChild, ...KioskChild[]];
    await guardianSession(request, family.email);
    const mine = (await (await request.get('/api/children')).json()) as { id: number; qr_token: string }[];
    const token = mine.find((c) => c.id === first.id)!.qr_token;
    expect(token).not.toBe('');

    // The director registers the gate tablet (purpose 受付) and reads its pairing code.
    const director = await createStaff(request, 'kiosk', { pin: GATE_PIN });
    await signIn(page, director.email);
    const added = await page.request.post(`/api/staff/facilities/${director.facilityId}/devices`, {
      data: { name: `玄関${Math.floor(Math.random() * 1e4)}`, purpose: 'kiosk' },
      headers: await xsrfHeaders(page.request),
    });
    expect(added.status()).toBe(201);
    const { code } = (await added.json()) as { code: string };

    // The camera films the QR code the guardian app shows for the first child.
    // (An ASCII path: Chromium's fake capture does not open the test's Japanese-named folder.)
    const video = writeQrVideo(path.join(test.info().project.outputDir, `kiosk-qr-${Date.now()}.y4m`), token);
    const tablet = await launchKioskTablet(playwright.chromium, baseURL!, video);
    const t = tablet.page;
    // What the tablet's own browser says when something goes wrong (it is not the test's page).
    t.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.split('\n').slice(0, 4).join(' / ')));
    t.on('console', (m) => {
      if (m.type() === 'error') console.log('console.error', m.text().slice(0, 500));
    });
    t.on('response', async (r) => {
      if (r.url().includes('/api/') && r.status() >= 400)
        console.log('resp', r.status(), r.url(), await r.text().catch(() => ''));
    });
    try {
      await t.goto('/staff/pair');
      await t.getByLabel('ペアリングコード（8桁）').fill(code);
      await t.getByRole('button', { name: 'ペアリングする' }).click();
      // A kiosk needs no PIN: the pairing leads to the gate screen.
      await expect(t.getByRole('heading', { level: 1, name: '登降園受付' })).toBeVisible();
      await expect(t).toHaveURL(/\/staff\/kiosk$/);

      // 1. The QR code in front of the camera: 登園, large, then sent at once.
      const result = t.getByTestId('scan-result');
      await expect(result).toContainText(first.name);
      await expect(result.getByTestId('scan-kind')).toHaveText('登園');
      // The siblings are offered in the same tap (not taken here: they come by touch, offline).
      await expect(result.getByRole('button', { name: /^きょうだいも登園（/ })).toContainText(others[0]!.name);
      await expectAccessible(t);
      await dismissResult(t);
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件');
      await expectAccessible(t);
      await expectTouchTargets(t);
      // The QR stays in front of the fake camera: the rest is by touch (the choice stays on the tablet).
      await t.getByRole('button', { name: 'カメラを止める' }).click();
      await expect(t.getByText('カメラは止まっています。')).toBeVisible();

      // A guardian's QR needed no one; a touch does: the director names themself with their PIN
      // (the step checked with axe and for touch targets), remembered at the gate for 3 minutes.
      await identifyByPin(t, director.name, true);
      await expect(t.getByRole('button', { name: '交代' })).toBeVisible();
      await expectAccessible(t);

      // The shell works offline: wait for the service worker to control the page.
      await t.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      });

      // 2. No network: the page reloads from the device, three children by touch wait on it.
      await tablet.context.setOffline(true);
      await t.reload();
      await expect(t.getByRole('heading', { level: 1, name: '登降園受付' })).toBeVisible();
      await expect(t.getByText('オフライン', { exact: true })).toBeVisible();
      for (const child of others) {
        await touchChild(t, child);
        await closeResult(t, '登園');
      }
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 3件');
      // The same child again within the minute: ignored on the device, with a message.
      await touchChild(t, others[0]!);
      await expect(t.getByRole('alert').filter({ hasText: '1分以内の読み取りは記録しません' })).toBeVisible();
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 3件');
      await expectAccessible(t);
      // The gate kept the director across the offline reload (the three were named by them). Without
      // anyone named, the PIN cannot be checked offline: the step says so (checked with axe).
      await t.getByRole('button', { name: '交代' }).click();
      await t.getByRole('button', { name: '職員を確認' }).click();
      const offlineStep = t.getByRole('dialog', { name: '職員の確認' });
      await expect(offlineStep).toContainText('オフラインのためPINは使えません');
      await expectAccessible(t);
      await offlineStep.getByRole('button', { name: 'やめる' }).click();

      // 3. The network returns: the badge goes to 0 and the server has all four arrivals.
      await tablet.context.setOffline(false);
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件');
      const times = await serverTimes(
        tablet.context,
        family.children.map((c) => c.id),
      );
      for (const child of times) expect(child?.arrived_at).toMatch(/^09:0\d$/);
      // The guardian's home feed has the times at once (the feed's day of the children).
      const feed = await request.get(`/api/children/content?${family.children.map((c) => `children[]=${c.id}`).join('&')}`);
      expect(feed.status()).toBe(200);
      const days = (await feed.json()) as {
        data: Record<string, { child_id: number; attendances: { attendanceTime: string | null } }[]>;
      };
      const today = Object.values(days.data)[0] ?? [];
      for (const child of family.children)
        expect(today.find((m) => m.child_id === child.id)?.attendances.attendanceTime).toMatch(/09:0\d/);

      // 4. 12 scans with the network off (登園 forced, a minute apart per child: three rounds within
      // the director's 3 minutes at the gate, named again by PIN first) are kept, then arrive once:
      // each id is sent until answered, and answered once.
      const answered = new Map<string, number>();
      const statuses = new Set<string>();
      t.on('response', async (response) => {
        if (!response.url().endsWith('/api/kiosk/scans') || response.status() !== 200) return;
        const body = (await response.json()) as { results: { id: string; status: string }[] };
        for (const r of body.results) {
          answered.set(r.id, (answered.get(r.id) ?? 0) + 1);
          statuses.add(r.status);
        }
      });
      await tablet.context.clock.fastForward('01:01');
      await identifyByPin(t, director.name);
      await tablet.context.setOffline(true);
      await t.getByRole('group', { name: '記録の種類' }).getByRole('button', { name: '登園' }).click();
      const OFFLINE_SCANS = 12;
      for (let i = 0; i < OFFLINE_SCANS; i++) {
        if (i > 0 && i % 4 === 0) await tablet.context.clock.fastForward('01:01');
        await touchChild(t, family.children[i % 4]!);
        await closeResult(t, '登園');
      }
      await expect(t.getByTestId('unsynced')).toHaveText(`未同期 ${OFFLINE_SCANS}件`);
      await t.reload();
      await expect(t.getByTestId('unsynced')).toHaveText(`未同期 ${OFFLINE_SCANS}件`);
      // The first answer is lost on the way back (the server has the scans, the tablet never hears):
      // the tablet sends them again and the server answers 「記録済み」 for each, writing nothing twice.
      let lost = 0;
      await t.route(
        '**/api/kiosk/scans',
        async (route) => {
          const response = await route.fetch();
          lost = ((await response.json()) as { results: unknown[] }).results.length;
          await route.abort('connectionreset');
        },
        { times: 1 },
      );
      await tablet.context.setOffline(false);
      await expect.poll(() => lost).toBe(OFFLINE_SCANS);
      // (The next round comes with the 15-s retry, or sooner on another trigger. On a loaded machine
      // the lost round may still be settling when the clock first jumps: jump again until it is sent.)
      await expect(async () => {
        await tablet.context.clock.fastForward('00:16');
        await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件', { timeout: 3_000 });
      }).toPass({ timeout: 60_000 });
      await expect.poll(() => answered.size).toBe(OFFLINE_SCANS);
      expect([...answered.values()].every((n) => n === 1)).toBe(true);
      expect([...statuses]).toEqual(['duplicate']);

      // 5. A substitute's one-time code (issued by the main guardian after the roster was loaded),
      // checked at the server only: the roster carries none.
      const issued = await request.post(`/api/children/${first.id}/pickup-codes`, {
        data: { name: '代理 太郎' },
        headers: await xsrfHeaders(request),
      });
      expect(issued.status()).toBe(201);
      const pickupCode = ((await issued.json()) as { code: string }).code;
      const roster = await tablet.context.request.get('/api/kiosk/roster');
      expect(await roster.text()).not.toContain('code_hash');
      await tablet.context.clock.fastForward('01:01');
      await t.getByRole('group', { name: '記録の種類' }).getByRole('button', { name: '自動' }).click();
      // The director's minutes are over: the pick-up asks who confirms first.
      await touchChild(t, first);
      await expect(t.getByRole('dialog', { name: '職員の確認' })).toContainText(`${first.name}さんの降園`);
      await identifyByPin(t, director.name);
      const panel = t.getByRole('dialog', { name: `${first.name}さんの降園` });
      await expect(panel.getByRole('button', { name: /E2E 保護者/ })).toBeVisible();
      await expectAccessible(t);
      await panel.getByRole('textbox', { name: 'お迎えコード（6桁）' }).fill('000000');
      await panel.getByRole('button', { name: 'コードで確認' }).click();
      await expect(panel.getByRole('alert')).toContainText('お迎えコードが正しくないか');
      await panel.getByRole('textbox', { name: 'お迎えコード（6桁）' }).fill(pickupCode);
      await panel.getByRole('button', { name: 'コードで確認' }).click();
      await expect(t.getByTestId('scan-result')).toContainText('お迎えコード');
      await closeResult(t, '降園');
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件');
      expect((await serverTimes(tablet.context, [first.id]))[0]?.picked_up_at).toMatch(/^\d\d:\d\d$/);

      // Once only: the server refuses it again.
      await tablet.context.clock.fastForward('01:01');
      await t.getByRole('group', { name: '記録の種類' }).getByRole('button', { name: '降園' }).click();
      await touchChild(t, first);
      await panel.getByRole('textbox', { name: 'お迎えコード（6桁）' }).fill(pickupCode);
      await panel.getByRole('button', { name: 'コードで確認' }).click();
      await expect(panel.getByRole('alert')).toContainText('使用済み');
      // Offline a code cannot be checked: said plainly, nothing kept to send.
      await tablet.context.setOffline(true);
      await panel.getByRole('textbox', { name: 'お迎えコード（6桁）' }).fill('123456');
      await panel.getByRole('button', { name: 'コードで確認' }).click();
      await expect(panel.getByRole('alert')).toContainText('通信できるときだけ確認できます');
      await expectAccessible(t);
      await expect(t.getByTestId('unsynced')).toHaveText('未同期 0件');
      await panel.getByRole('button', { name: 'やめる' }).click();
      await tablet.context.setOffline(false);
    } catch (error) {
      await t.screenshot({ path: test.info().outputPath('tablet.png') }).catch(() => undefined);
      throw error;
    } finally {
      await tablet.browser.close();
    }
  });

  test('職員QR: issued on 設定 and shown once, reissued, revoked', async ({ page, request }) => {
    test.slow();
    const staff = await createStaff(request, 'staffqr');
    await signIn(page, staff.email);
    await page.goto('/staff/settings');
    const section = page.getByRole('region', { name: '職員QR' });
    await expect(section.getByText('未発行')).toBeVisible();
    await section.getByRole('button', { name: '職員QRを発行する' }).click();
    await expect(section.getByRole('img', { name: 'あなたの職員QR' })).toBeVisible();
    await expect(section.getByText('発行済み')).toBeVisible();
    await expect(section).toContainText('このQRは今だけ表示されます');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('staff-qr.png'), fullPage: true });
    // Shown once: after a reload only the date remains.
    await page.reload();
    await expect(section.getByRole('img', { name: 'あなたの職員QR' })).toHaveCount(0);
    await expect(section).toContainText('発行日時');
    await section.getByRole('button', { name: /再発行する/ }).click();
    await expect(section.getByRole('img', { name: 'あなたの職員QR' })).toBeVisible();
    await section.getByRole('button', { name: '無効にする' }).click();
    await expect(section.getByText('未発行')).toBeVisible();
    await expectAccessible(page);
  });
});
