import type { APIRequestContext } from '@playwright/test';
import { NOW, TODAY } from './clock';
import { createStaff, expect, expectAccessible, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/*
 * わたしの勤務 on the staff member's phone (issue 35; staffing.md §2–3; docs/decisions/staffing-my-work.md):
 * the menu leads there for a 保育士; the 職員QR large once shown on this phone (kept across a reload),
 * today's 打刻, and their own published shifts only (a colleague's shift of the same day is not there).
 */

async function send(request: APIRequestContext, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

test('a 保育士 opens わたしの勤務 on their phone: 職員QR, today’s 打刻, their own shifts of the month', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'a phone of its own size, once');
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'mwdir');
  const me = await createStaff(api, 'mwme', { role: 'class_staff' });
  const colleague = await createStaff(api, 'mwother', { role: 'class_staff' });
  await send(api, '/api/staff/login', { email: director.email, password: 'hoiku-demo-2026' });
  const base = `/api/staff/facilities/${director.facilityId}`;
  const { patterns } = (await (await api.get(`${base}/shift-patterns`)).json()) as { patterns: { id: number; code: string }[] };
  const [a, h] = [patterns.find((p) => p.code === 'A')!, patterns.find((p) => p.code === 'H')!];
  const second = `${TODAY.slice(0, 7)}-${TODAY.slice(8) === '28' ? '27' : '28'}`;
  for (const [userId, date, patternId] of [
    [me.id, TODAY, a.id],
    [me.id, second, a.id],
    [colleague.id, TODAY, h.id],
  ] as const) {
    await send(api, `${base}/shifts`, { user_id: userId, date, pattern_id: patternId }, 'put');
  }
  const mine = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  await send(mine, '/api/staff/login', { email: me.email, password: 'hoiku-demo-2026' });
  await send(mine, `${base}/clock`, { kind: 'in' });

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    extraHTTPHeaders: { 'x-test-now': NOW },
  });
  await phone.clock.install({ time: NOW });
  const page = await phone.newPage();
  try {
    await signIn(page, me.email);
    await goToMenu(page, 'わたしの勤務');
    await expect(page.getByRole('heading', { level: 1, name: 'わたしの勤務' })).toBeVisible();
    await expect(page.getByTestId('my-today')).toContainText('勤務中');
    await expect(page.getByTestId('my-today')).toContainText('出勤 10:00');
    const month = page.getByTestId(`my-shifts-${TODAY.slice(0, 7)}`);
    const rows = month.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('A');
    await expect(month).not.toContainText('H');
    await expect(month.locator('tr[aria-current="date"]')).toContainText('きょう');

    await page.getByRole('button', { name: 'この端末に職員QRを表示する' }).tap();
    const qr = page.getByRole('img', { name: /わたしの職員QR/ });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('my-work-390.png'), fullPage: true });
    // Kept on this phone: there after a reload.
    await page.reload();
    await expect(page.getByRole('img', { name: /わたしの職員QR/ })).toBeVisible();

    // Next month's 希望休, before the deadline (the 20th): two days tapped and sent.
    const next = `${TODAY.slice(0, 5)}${String(Number(TODAY.slice(5, 7)) + 1).padStart(2, '0')}`;
    const wishes = page.getByTestId('my-wishes');
    await expect(wishes).toContainText('締切：');
    for (const day of ['8', '22']) await wishes.getByText(new RegExp(`^${day}[日月火水木金土]$`)).tap();
    await expect(wishes).toContainText('2日選択中');
    await wishes.getByRole('button', { name: '送信' }).tap();
    await expect(page.getByText('希望休を送信しました')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('my-work-wishes-390.png'), fullPage: true });
    // The 園長's シフト表 of that month has them.
    const table = (await (await api.get(`${base}/shifts?month=${next}`)).json()) as {
      staff: { user_id: number; wishes: string[] }[];
    };
    expect(table.staff.find((r) => r.user_id === me.id)!.wishes).toEqual([`${next}-08`, `${next}-22`]);
  } finally {
    await phone.close();
  }
});
