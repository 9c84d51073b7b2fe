import type { APIRequestContext, Page } from '@playwright/test';
import { NOW, TODAY } from './clock';
import { PASSWORD, createStaff, expect, expectAccessible, expectTouchTargets, test, uniqueEmail, xsrfHeaders } from './fixtures';

/**
 * 午睡チェック and who is in the room (issue 29), on a paired class tablet by finger at 1024×768 and
 * 768×1024: one child reported absent by the guardian (not on the grid, not due), one not arrived;
 * the banner names who is due and who is late (⚠, minutes, a beep); after 5 idle minutes the PIN pad
 * names the due and late children; the PIN returns to the nap grid; the sheet names 記録者 and 端末.
 */
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

async function post(request: APIRequestContext, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

async function enterPin(page: Page, pin: string) {
  const pad = page.getByTestId('pin-pad');
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).tap();
}

/** Counts the tones the app starts (WebAudio oscillators), before the app loads. */
const countBeeps = () => {
  const w = window as unknown as { __tones: number };
  w.__tones = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__tones += 1;
    return original.call(this);
  };
};

test('a nap with one child absent: only children in the room are due; the PIN pad names them; the PIN returns to the grid', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'the class tablet’s flow');
  test.setTimeout(420_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'napdir');
  const keeper = await createStaff(api, 'napkeeper', { role: 'class_staff', name: '試験 午睡当番', pin: '2468' });
  const guardianEmail = uniqueEmail('nap-guardian');
  await post(api, '/api/dev/fixtures/users', { email: guardianEmail, password: PASSWORD, agreed: true, name: '試験 保護者' });
  const name = `午睡在${Math.floor(Math.random() * 1e4)}組`;
  const klass = (await post(api, '/api/dev/fixtures/classes', {
    name,
    size: 4,
    staffEmail: keeper.email,
    mainEmail: guardianEmail,
  })) as { class_id: number; children: { id: number; name: string }[] };
  const [absent, first, second, notArrived] = klass.children as [
    { id: number; name: string },
    { id: number; name: string },
    { id: number; name: string },
    { id: number; name: string },
  ];

  // The guardian reports today's absence; the gate recorded the other two arrivals (the board's call).
  const guardian = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  await post(guardian, '/api/login', { email: guardianEmail, password: PASSWORD });
  await post(guardian, `/api/absences/${absent.id}`, { absenceType: 2, absenceDates: [TODAY], message: '発熱のため休みます' });
  await post(api, '/api/staff/login', { email: director.email, password: PASSWORD });
  for (const child of [first, second]) {
    await post(
      api,
      `/api/staff/classes/${klass.class_id}/board/attendances`,
      { date: TODAY, child_id: child.id, arrived_at: '08:30', picked_up_at: null },
      'put',
    );
  }
  const device = (await post(api, `/api/staff/facilities/${director.facilityId}/devices`, {
    name: `${name}タブレット`,
    class_id: klass.class_id,
  })) as { code: string };

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  await context.clock.install({ time: NOW });
  await context.addInitScript(countBeeps);
  const t = await context.newPage();
  try {
    await t.goto('/staff/pair');
    await t.getByLabel('ペアリングコード（8桁）').fill(device.code);
    await t.getByRole('button', { name: 'ペアリングする' }).tap();
    await t.getByRole('button', { name: keeper.name }).tap();
    await enterPin(t, '2468');
    // Unlocked: a class tablet opens on its class's board (staff-tablet-layout-and-screens.md).
    await expect(t.getByTestId('staff-name')).toHaveText(keeper.name);

    // The nap grid: 午睡開始; the two children in the room are due, by name; the absent one is not.
    await t.goto(`/staff/f/${director.facilityId}/naps/${klass.class_id}`);
    // The nap starts at 10:00 on both clocks (the pairing took real time on the tablet's clock).
    await t.clock.setSystemTime(new Date(NOW));
    await t.getByRole('button', { name: '午睡開始' }).tap();
    const banner = t.getByTestId('nap-summary');
    await expect(banner).toHaveAttribute('data-level', 'due');
    await expect(banner).toContainText(`● 確認の時間（2人）：${first.name}、${second.name}`);
    await expect(banner).not.toContainText(absent.name);
    await expect(t.getByTestId(`nap-child-${absent.id}`)).toHaveCount(0);
    await expect(t.getByTestId(`nap-child-${notArrived.id}`)).toHaveCount(0);
    await expect(t.getByTestId(`nap-away-${absent.id}`)).toHaveText(`${absent.name}：欠席（連絡あり）`);
    await expect(t.getByTestId(`nap-away-${notArrived.id}`)).toHaveText(`${notArrived.name}：未登園`);
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: '/tmp/staff-naps-presence-1024.png', fullPage: true });

    await t.getByRole('button', { name: `${first.name}：仰向け・呼吸よし` }).tap();
    await expect(t.getByTestId(`nap-child-${first.id}`)).toHaveAttribute('data-state', 'ok');
    // (Under load the browser's clock runs on while the server's stays: back to 10:00.)
    await t.clock.setSystemTime(new Date(NOW));
    await expect(banner).toContainText(`● 確認の時間（1人）：${second.name}`);

    // 10 minutes on (the tablet's wall clock moved; its idle timer not): the second child is late —
    // solid red, ⚠, the minutes, and a beep; the first is due (10:10).
    await t.setExtraHTTPHeaders({ 'x-test-now': later(10) });
    await t.clock.setSystemTime(new Date(later(10)));
    await expect(banner).toHaveAttribute('data-level', 'overdue');
    await expect(banner).toContainText(`⚠ 確認が遅れています（1人）：${second.name} 10分`);
    await expect(banner).toContainText(`● 確認の時間（1人）：${first.name}`);
    await expect.poll(() => t.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBeGreaterThan(0);
    const sound = banner.getByRole('button', { name: /通知音/ });
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(t);
    await t.screenshot({ path: '/tmp/staff-naps-overdue-banner.png', fullPage: true });

    // 5 idle minutes (from the last touch): the PIN pad names the late children of the class.
    await t.setExtraHTTPHeaders({ 'x-test-now': later(15.5) });
    await t.clock.fastForward('05:01');
    const pad = t.getByTestId(`pin-pad-naps-${klass.class_id}`);
    await expect(pad).toBeVisible();
    const given = (child: { name: string }) => child.name.replace(/^試験 /, '');
    await expect(pad).toHaveAttribute('data-level', 'overdue');
    await expect(pad).toContainText(`⚠ 確認が遅れています（2人）`);
    await expect(pad).toContainText(given(first));
    await expect(pad).toContainText(given(second));
    await expect(t.getByTestId('pin-pad-naps')).not.toContainText(given(absent));
    await expect(t.getByTestId('pin-pad-naps')).toContainText(`${name}：午睡中（10:00〜）`);
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: '/tmp/staff-pin-pad-naps-1024.png', fullPage: true });
    await t.setViewportSize({ width: 768, height: 1024 });
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: '/tmp/staff-pin-pad-naps-768.png', fullPage: true });

    // The PIN: back on the nap grid, not ホーム.
    await t.getByRole('button', { name: keeper.name }).tap();
    await enterPin(t, '2468');
    await expect(t.getByRole('heading', { level: 1, name: '午睡チェック' })).toBeVisible();
    await expect(t).toHaveURL(new RegExp(`/staff/f/${director.facilityId}/naps/${klass.class_id}$`));
    await t.getByRole('button', { name: `${second.name}：横向き・呼吸よし` }).tap();
    await expect(t.getByTestId(`nap-child-${second.id}`)).toHaveAttribute('data-state', 'ok');
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: '/tmp/staff-naps-presence-768.png', fullPage: true });

    // The sheet: each check with 記録者 and 端末; the absent child nowhere.
    await t.getByRole('link', { name: '記録表（印刷・CSV）' }).tap();
    const table = t.getByTestId('nap-sheet-table');
    await expect(table.getByRole('row')).toHaveCount(1 + 2);
    await expect(table.getByRole('columnheader', { name: '記録者' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(`試験 午睡当番${name}タブレット`);
    await expect(table).not.toContainText(absent.name);
    await expectAccessible(t);
  } finally {
    await context.close();
    await guardian.dispose();
    await api.dispose();
  }
});
