import type { APIRequestContext, Page } from '@playwright/test';
import { NOW } from './clock';
import { createStaff, expect, expectAccessible, goToMenu, onTablet, signIn, test, xsrfHeaders } from './fixtures';

/*
 * 配置の月次報告 and シフト表's red slots (issue 35; staffing.md §3, §4), at the desktop and tablet
 * sizes with axe: the 園長 opens this month's report (the seed's past days were short of staff),
 * reads the 1歳児配置改善加算 self-check, prints it (A4 print CSS) and fetches its CSV; on シフト表 a
 * day of ひよこ組 planned short is red and turns normal once two 保育士 are tapped in; the 園長 marks a
 * 保育士 主任 on 職員.
 */

async function send(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const res = await request[method](url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

const newApi = (playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });

test('the 園長 reads, prints and downloads this month’s report with the 1歳児配置改善加算 self-check', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name === 'tablet-portrait', 'desktop and tablet landscape');
  test.setTimeout(120_000);
  const api = await newApi(playwright, baseURL!);
  const director = await createStaff(api, 'rptdir');
  await signIn(page, director.email);
  await goToMenu(page, '配置・勤怠');
  await page.getByRole('link', { name: '月次報告・1歳児加算' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '配置の月次報告' })).toBeVisible();
  await expect(page.getByTestId('report-heading')).toContainText('さくら保育園 2026年6月');
  // The seed's past weekdays: ひよこ組 had one 保育士 for its children (the demo's short slots).
  await expect(page.getByTestId('report-short-summary')).toContainText(/\d+日・\d+枠（15分）で不足がありました/);
  await expect(page.getByTestId('report-short-table').getByRole('row').nth(1)).toContainText('ひよこ組');
  await expect(page.getByTestId('headcount-required')).toHaveText(/\d+人/);
  const check = page.getByTestId('one-year-check');
  await expect(check.getByRole('heading', { name: '1歳児配置改善加算の自己点検' })).toBeVisible();
  await expect(check.getByTestId('condition-one_year_ratio')).toContainText('1歳児を5:1で配置');
  await expect(check.getByTestId('condition-ict_attendance')).toHaveAttribute('data-met', 'true');
  await expect(check.getByTestId('condition-ict_attendance')).toContainText(/登降園の記録 \d+件/);
  await expect(check.getByTestId('condition-ict_other')).toContainText('満たす');
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/staff-staffing-report-${test.info().project.name}.png`, fullPage: true });

  // On paper: the menu and the toolbar are gone, the report stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeHidden();
  await expect(page.getByTestId('one-year-check')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The CSV link, fetched with the page's session (UTF-8 with BOM).
  const href = await page.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.startsWith('\uFEFF"区分","日付","クラス","時刻","園児数","保育士数","必要数","内容"')).toBe(true);
  expect(text).toContain('"不足（実績）"');
  expect(text).toContain('1歳児配置改善加算');

  // The month before: no days yet counted is never an error; 前の月 moves the query.
  await page.getByRole('button', { name: '前の月' }).click();
  await expect(page.getByTestId('report-heading')).toContainText('2026年5月');
  await api.dispose();
});

/** The ratio row's cell of a day on シフト表. */
const dayCell = (page: Page, date: string) => page.getByTestId(`ratio-${date}`);

test('シフト表: a day planned short is red with its figure and turns normal after shifts are tapped', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.skip(test.info().project.name === 'tablet-portrait', 'desktop and tablet landscape');
  test.setTimeout(150_000);
  // Each project its own weekday and pattern (the run shares one database).
  const [date, code] = onTablet() ? ['2026-06-16', 'LT'] : ['2026-06-15', 'LD'];
  const api = await newApi(playwright, baseURL!);
  const director = await createStaff(api, 'rsdir');
  const tag = Math.floor(Math.random() * 1e4);
  const x = await createStaff(api, 'rsx', { role: 'class_staff', name: `試験 赤X${tag}` });
  const y = await createStaff(api, 'rsy', { role: 'class_staff', name: `試験 赤Y${tag}` });
  await signIn(page, director.email);
  // Two 保育士 of ひよこ組 (the seed's 陽翔 and 蒼太 are planned 08:00–17:00 and 09:00–16:30 there)
  // and a pattern covering the whole stay, through the page's session.
  const fid = director.facilityId;
  const classes = (await send(page.request, 'get', `/api/staff/facilities/${fid}/classes`)) as { id: number; name: string }[];
  const hiyoko = classes.find((c) => c.name === 'ひよこ組')!.id;
  const members = (await send(page.request, 'get', `/api/staff/facilities/${fid}/members`)) as {
    membership_id: number;
    email: string;
  }[];
  for (const person of [x, y]) {
    const m = members.find((row) => row.email === person.email)!;
    await send(page.request, 'put', `/api/staff/members/${m.membership_id}`, { role: 'class_staff', class_ids: [hiyoko] });
  }
  await send(page.request, 'post', `/api/staff/facilities/${fid}/shift-patterns`, {
    code,
    start: '08:00',
    end: '17:00',
    break_minutes: 60,
  });

  await goToMenu(page, '配置・勤怠');
  await page.getByRole('link', { name: 'シフト表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'シフト表' })).toBeVisible();
  const day = Number(date.slice(8));
  // The seed's table: the 保育士 on A (07:30–16:15) alone in ひよこ組: red, the worst figure 0 of 2 after 16:15.
  await expect(dayCell(page, date)).toHaveAttribute('data-short', 'true');
  await expect(dayCell(page, date)).toHaveText('0/2');
  await expect(page.getByTestId('shift-short-list')).toContainText(`6月${day}日`);
  await expectAccessible(page);

  await page.getByRole('group', { name: '入力するパターン' }).getByRole('button', { name: code, exact: true }).click();
  await page.getByRole('button', { name: `${x.name} ${day}日：休` }).click();
  await expect(page.getByRole('button', { name: `${x.name} ${day}日：${code}` })).toBeVisible();
  // 16:15–17:00 has one of two now: still red, with the new figure.
  await expect(dayCell(page, date)).toHaveText('1/2');
  await page.getByRole('button', { name: `${y.name} ${day}日：休` }).click();
  await expect(dayCell(page, date)).toHaveAttribute('data-short', 'false');
  await expect(dayCell(page, date)).toHaveAccessibleName(`${day}日：配置基準を満たしています`);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/staff-shift-red-${test.info().project.name}.png`, fullPage: false });
  await api.dispose();
});

test('the 園長 marks a 保育士 主任 on 職員: the badge shows, and clears again', async ({ page, playwright, baseURL }) => {
  test.skip(test.info().project.name !== 'desktop', 'the 園長’s desktop');
  const api = await newApi(playwright, baseURL!);
  const director = await createStaff(api, 'chdir');
  const keeper = await createStaff(api, 'chkeep', { role: 'class_staff', name: `試験 主任${Math.floor(Math.random() * 1e4)}` });
  await signIn(page, director.email);
  await goToMenu(page, '職員');
  const row = page.getByTestId(`member-${keeper.email}`);
  await row.getByRole('button', { name: `${keeper.name}さんを編集` }).click();
  const dialog = page.getByRole('dialog', { name: `${keeper.name}さんを編集` });
  await dialog.getByRole('button', { name: '主任にする' }).click();
  await expect(page.getByText(`${keeper.name}さんを主任にしました`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '主任を外す' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(row.getByTestId('chief-badge')).toHaveText('主任');
  await row.getByRole('button', { name: `${keeper.name}さんを編集` }).click();
  await dialog.getByRole('button', { name: '主任を外す' }).click();
  await expect(dialog.getByRole('button', { name: '主任にする' })).toBeVisible();
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(row.getByTestId('chief-badge')).toHaveCount(0);
  await api.dispose();
});
