import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { NOW } from './clock';
import { goToMenu } from './fixtures';

/**
 * 施設設定 (staff.md §3) as the demo director uses it, at the staff room's desktop and on the class
 * tablet. The two projects may run at once against the same server, so each writes its own values
 * (its own address, function, closed day and banner) and asserts only those.
 */
const DIRECTOR = { email: 'enchou@example.com', password: 'hoiku-demo-2026' };
const GUARDIAN = { email: 'hogosha@example.com', password: 'hoiku-demo-2026' };

async function xsrfHeaders(request: APIRequestContext) {
  // The staff app's endpoint: it sees the staff session cookie, so the token is bound to it too (issue 30).
  await request.get('/api/staff/csrf-cookie');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(token) };
}

/** Signs the page's browser in to the staff side through the API (the page shares its cookies). */
async function signInAsDirector(page: Page): Promise<number> {
  const res = await page.request.post('/api/staff/login', { data: DIRECTOR, headers: await xsrfHeaders(page.request) });
  expect(res.status()).toBe(200);
  expect((await res.json()).stage).toBe('ok');
  const me = await (await page.request.get('/api/staff/me')).json();
  return (me.facilities as { id: number; name: string }[]).find((f) => f.name === 'さくら保育園')!.id;
}

/** No serious or critical accessibility violations on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

let facilityId: number;

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: NOW });
  facilityId = await signInAsDirector(page);
});

const openTab = async (page: Page, tab: string) => {
  await page.goto(`/staff/f/${facilityId}/facility`);
  await expect(page.getByRole('heading', { level: 1, name: '施設設定' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
};

test('the director edits the profile: address, phone and opening hours', async ({ page }) => {
  const project = test.info().project.name;
  await page.goto(`/staff/f/${facilityId}`);
  await goToMenu(page, '施設設定');
  await expect(page).toHaveURL(new RegExp(`/staff/f/${facilityId}/facility$`));
  await expect(page).toHaveTitle(/施設設定/);
  await expect(page.getByLabel('施設名')).toHaveValue('さくら保育園');
  await expectAccessible(page);

  await page.getByLabel('住所').fill(`東京都世田谷区桜1-2-3（${project}）`);
  await page.getByLabel('電話番号').fill('03-1234-5678');
  await page.getByLabel('開園時刻').fill('07:00');
  await page.getByLabel('閉園時刻').fill('19:00');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('施設情報を保存しました')).toBeVisible();

  await page.reload();
  // The other project may have saved its own address since: either one proves the save.
  await expect(page.getByLabel('住所')).toHaveValue(/^東京都世田谷区桜1-2-3（(desktop|tablet)）$/);
  await expect(page.getByLabel('電話番号')).toHaveValue('03-1234-5678');
  await expect(page.getByLabel('開園時刻')).toHaveValue('07:00');

  // A closing time before the opening time is refused with the contract's message, nothing sent.
  await page.getByLabel('閉園時刻').fill('06:00');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('閉園時刻は開園時刻より後の時刻を入力してください')).toBeVisible();
  await expectAccessible(page);
});

test('the director switches a function off and on', async ({ page }) => {
  // Each project its own switch, so that the two never race on one.
  const [key, label] = test.info().project.name === 'tablet' ? ['body_measurement', '身体測定'] : ['event', '行事'];
  await openTab(page, '利用する機能');
  const toggle = page.getByRole('switch', { name: label });
  await expect(toggle).toBeChecked();
  await expectAccessible(page);

  const serverSays = async () => (await (await page.request.get(`/api/staff/facilities/${facilityId}`)).json()).functions[key];
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('利用する機能を保存しました').first()).toBeVisible();
  await expect.poll(serverSays).toBe(false);

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(serverSays).toBe(true);
});

test('the director adds a closed day beside the public holidays, then deletes it', async ({ page }) => {
  const tablet = test.info().project.name === 'tablet';
  const [date, label, name] = tablet
    ? ['2026-10-06', '10月6日(火)', '運動会の振替休園（タブレット）']
    : ['2026-10-05', '10月5日(月)', '運動会の振替休園（パソコン）'];
  await openTab(page, '休園日');
  // Public holidays are listed read-only.
  const july = page.getByTestId('closed-days-2026-07');
  await expect(july.getByRole('row', { name: /海の日/ })).toContainText('祝日');
  await expect(july.getByRole('button')).toHaveCount(0);
  // The facility's own days (the demo's summer closing) beside them, with their delete buttons.
  await expect(page.getByTestId('closed-days-2026-08').getByRole('row', { name: /夏季休園/ })).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('textbox', { name: '日付', exact: true }).fill(date);
  await page.getByRole('textbox', { name: '名前', exact: true }).fill(name);
  await page.getByRole('button', { name: '追加する' }).click();
  const row = page.getByTestId('closed-days-2026-10').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(label);
  await expect(row).toContainText('休園日');
  await expectAccessible(page);

  await row.getByRole('button', { name: `${label}の休園日を削除` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('休園日を削除しました')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the director adds a banner the guardians see on their home feed, then deletes it', async ({ page, request }) => {
  const message = `明日は遠足です。お弁当をお持たせください（${test.info().project.name}-${Date.now()}）`;
  await openTab(page, 'バナー');
  await expectAccessible(page);

  await page.getByLabel('種類').selectOption('alert');
  await expect(page.getByLabel('見出し')).toHaveValue('重要');
  await page.getByLabel('本文').fill(message);
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('バナーを追加しました')).toBeVisible();
  const row = page.getByTestId('banner-table').getByRole('row').filter({ hasText: message });
  await expect(row).toContainText('表示中');
  await expect(row).toContainText('2026/06/10 〜 2026/06/16');
  await expectAccessible(page);

  // The main guardian of a child at the facility sees it over the feed (the `request` fixture has its own cookies).
  const login = await request.post('/api/login', { data: GUARDIAN, headers: await xsrfHeaders(request) });
  expect(login.status()).toBe(200);
  const banners = async () =>
    ((await (await request.get('/api/notices/notifications')).json()) as { message: string }[]).map((b) => b.message);
  expect(await banners()).toContain(message);

  await row.getByRole('button', { name: /を削除$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('バナーを削除しました')).toBeVisible();
  await expect(page.getByTestId('banner-table').getByText(message)).toHaveCount(0);
  expect(await banners()).not.toContain(message);
});

test('the director sets the facility’s manual banner; its guardians see it instead of the operator’s, until it is deleted', async ({
  page,
  request,
}) => {
  // One banner per facility: the desktop project owns it (the tablet's banner test runs axe on the tab).
  test.skip(test.info().project.name !== 'desktop', 'one manual banner per facility');
  await openTab(page, 'バナー');
  const section = page.getByRole('region', { name: 'マニュアルバナー' });
  await expect(section.getByTestId('manual-banner-state')).toHaveText('現在：運営のマニュアルバナーを表示しています');
  const login = await request.post('/api/login', { data: GUARDIAN, headers: await xsrfHeaders(request) });
  expect(login.status()).toBe(200);
  const seen = async () =>
    ((await (await request.get('/api/microcms')).json()) as { data: { title: string; url: string } | null }).data;
  const operator = await seen();

  // A link that is not a web address is refused with the contract's message, nothing saved.
  await section.getByLabel('バナーの文言').fill('さくら保育園アプリの使い方');
  await section.getByLabel('リンク先のURL').fill('sakura.example.com/guide');
  await section.getByRole('button', { name: 'マニュアルバナーを保存' }).click();
  await expect(section.getByText('リンク先のURLは https:// から始まる形で入力してください')).toBeVisible();
  await expectAccessible(page);
  await section.getByLabel('リンク先のURL').fill('https://sakura.example.com/guide');
  await section.getByRole('button', { name: 'マニュアルバナーを保存' }).click();
  await expect(page.getByText('マニュアルバナーを保存しました')).toBeVisible();
  await expect(section.getByTestId('manual-banner-state')).toHaveText('現在：この施設のマニュアルバナーを表示しています');
  expect(await seen()).toEqual({ title: 'さくら保育園アプリの使い方', url: 'https://sakura.example.com/guide' });
  await page.reload();
  await expect(page.getByLabel('バナーの文言')).toHaveValue('さくら保育園アプリの使い方');
  await expectAccessible(page);

  await section.getByRole('button', { name: '削除して運営のバナーに戻す' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('マニュアルバナーを削除しました（運営のマニュアルバナーが表示されます）')).toBeVisible();
  await expect(section.getByTestId('manual-banner-state')).toHaveText('現在：運営のマニュアルバナーを表示しています');
  expect(await seen()).toEqual(operator);
});

test('the 進級 tab explains the step and is accessible', async ({ page }) => {
  await openTab(page, '進級');
  await expect(page.getByLabel('進級元の年度')).toHaveValue('2025');
  await expect(page.getByText('2025年度のクラスがありません。')).toBeVisible();
  await expectAccessible(page);
});
