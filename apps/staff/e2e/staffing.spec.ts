import type { APIRequestContext, Page } from '@playwright/test';
import { NOW, TODAY } from './clock';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/*
 * 配置・勤怠 (issue 35; staffing.md §2, §4): a 保育士 clocks in on their desktop and the 園長's screen
 * shows them in their room; three children arrive (the board's call, as the gate would) and the room
 * turns red on the 園長's screen without a reload, within 5 s. On the class tablet, a second 保育士
 * taps into the room and the red row clears.
 */

async function send(request: APIRequestContext, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

/** A class of its own at さくら保育園 with three 2歳 children, its 保育士, and signed-in API clients. */
async function world(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  tag: string,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, `${tag}dir`);
  const keeper = await createStaff(api, `${tag}keeper`, { role: 'class_staff', name: `試験 担任${tag}`, pin: '2468' });
  const name = `配置${tag}${Math.floor(Math.random() * 1e4)}組`;
  const klass = (await send(api, '/api/dev/fixtures/classes', { name, size: 3, staffEmail: keeper.email })) as {
    class_id: number;
    children: { id: number; name: string }[];
  };
  await send(api, '/api/staff/login', { email: director.email, password: 'hoiku-demo-2026' });
  const arrive = async () => {
    for (const child of klass.children)
      await send(
        api,
        `/api/staff/classes/${klass.class_id}/board/attendances`,
        { date: TODAY, child_id: child.id, arrived_at: '09:30', picked_up_at: null },
        'put',
      );
  };
  return { api, director, keeper, klass, name, arrive };
}

const row = (page: Page, classId: number) => page.getByTestId(`ratio-row-${classId}`);

test('a 保育士 clocks in and appears in the room; the room falls short and turns red on the 園長’s screen without a reload', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the 園長’s desktop');
  test.setTimeout(180_000);
  const w = await world(playwright, baseURL!, 'd');
  await signIn(page, w.director.email);
  await goToMenu(page, '配置・勤怠');
  await expect(page.getByRole('heading', { level: 1, name: '配置・勤怠' })).toBeVisible();
  const r = row(page, w.klass.class_id);
  await expect(r).toContainText(w.name);
  await expect(r).toContainText('園児なし');
  await expect(r).toHaveAttribute('data-short', 'false');

  // The 保育士 clocks in on their own desktop: the 園長's row names them, without a reload.
  const keeperContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await keeperContext.clock.install({ time: NOW });
  const k = await keeperContext.newPage();
  try {
    await signIn(k, w.keeper.email);
    await k.goto(`/staff/f/${w.keeper.facilityId}/staffing`);
    await expect(k.getByTestId('my-clock-state')).toHaveText('未出勤');
    await k.getByRole('button', { name: '出勤', exact: true }).click();
    await expect(k.getByTestId('my-clock-state')).toHaveText('勤務中');
    await expect(k.getByTestId('my-clock')).toContainText(`（${w.name}）`);
  } finally {
    await keeperContext.close();
  }
  await expect(r).toContainText(w.keeper.name);

  // Three children arrive (as at the gate): 1 保育士 for 3 children is short (2 while any child is here).
  const started = Date.now();
  await w.arrive();
  await expect(r).toHaveAttribute('data-short', 'true', { timeout: 5_000 });
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: 'arrival to red row (s)', description: seconds.toFixed(1) });
  expect(seconds).toBeLessThan(5);
  await expect(r).toContainText('1人不足');
  await expect(r).toContainText('2歳 3');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-staffing-1366.png', fullPage: false });

  // The month's 勤務実績 CSV downloads from the screen (its link once led to /staff/api/…, the app's page).
  // Fetched with the page's session: the browser's download manager sends no X-Test-Now, and the
  // pinned-clock session would look expired to the server (as export.spec.ts does).
  const link = page.getByRole('link', { name: '今月の勤務実績CSV' });
  await expect(link).toHaveAttribute('download', '');
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/staff\//);
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  const csv = await answer.text();
  expect(csv).toContain('"職員","日付","出勤","退勤"');
  expect(csv).toContain(w.keeper.name);

  // The month's shift table: pick a pattern, tap a cell, publish.
  await page.getByRole('link', { name: 'シフト表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'シフト表' })).toBeVisible();
  await page.getByRole('group', { name: '入力するパターン' }).getByRole('button', { name: 'C', exact: true }).click();
  const cell = page.getByRole('button', { name: `${w.director.name} 15日：休` });
  await cell.click();
  await expect(page.getByRole('button', { name: `${w.director.name} 15日：C` })).toBeVisible();
  await page.getByRole('button', { name: /公開する/ }).click();
  await expect(page.getByText(/公開済み/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-staffing-shifts-1366.png', fullPage: false });
});

test('on the class tablet a second 保育士 taps into the room and the red row clears', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'the class tablet’s flow');
  test.setTimeout(180_000);
  const w = await world(playwright, baseURL!, 't');
  // A 保育士 of no class, at work: the one who comes to help.
  const helper = await createStaff(w.api, 'thelper', { role: 'class_staff', name: '試験 応援', pin: '1357' });
  const keeperApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  for (const [person, client] of [
    [w.keeper, keeperApi],
    [helper, await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } })],
  ] as const) {
    await send(client, '/api/staff/login', { email: person.email, password: 'hoiku-demo-2026' });
    await send(client, `/api/staff/facilities/${person.facilityId}/clock`, { kind: 'in' });
  }
  await w.arrive();
  const device = (await send(w.api, `/api/staff/facilities/${w.director.facilityId}/devices`, {
    name: `${w.name}タブレット`,
    class_id: w.klass.class_id,
  })) as { code: string };

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  await context.clock.install({ time: NOW });
  const t = await context.newPage();
  try {
    await t.goto('/staff/pair');
    await t.getByLabel('ペアリングコード（8桁）').fill(device.code);
    await t.getByRole('button', { name: 'ペアリングする' }).tap();
    await t.getByRole('button', { name: helper.name }).tap();
    const pad = t.getByTestId('pin-pad');
    for (const digit of '1357') await pad.getByRole('button', { name: digit, exact: true }).tap();
    await expect(t.getByTestId('staff-name')).toHaveText(helper.name);
    await t.goto(`/staff/f/${w.director.facilityId}/staffing`);
    const r = row(t, w.klass.class_id);
    await expect(r).toHaveAttribute('data-short', 'true');
    // The tablet shows its own class only.
    await expect(t.getByTestId('ratio-table').locator('tbody tr')).toHaveCount(1);
    await expectAccessible(t);
    await expectTouchTargets(t);
    await t.screenshot({ path: '/tmp/staff-staffing-tablet-1024.png', fullPage: false });
    await r.getByRole('button', { name: 'この部屋に入る' }).tap();
    await expect(r).toHaveAttribute('data-short', 'false');
    await expect(r).toContainText(helper.name);
    await expect(r).toContainText('充足');
  } finally {
    await context.close();
  }
});
