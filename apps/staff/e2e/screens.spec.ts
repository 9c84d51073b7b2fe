import type { Browser, Page } from '@playwright/test';
import { NOW } from './clock';
import {
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  goToMenu,
  onTablet,
  signIn,
  test,
  xsrfHeaders,
} from './fixtures';

/**
 * Every staff screen at the project's size (desktop 1366×768, tablet 1024×768 and upright 768×1024):
 * axe with no serious or critical violation, finger-sized controls on the tablets, and no sideways
 * scroll of the page (staff.md §1, §7). The deep flows of each screen are in their own specs; this
 * tour is what the upright project runs of every screen (@portrait).
 */

/** The screen has settled (its h1, no 読み込み中) and passes axe, the touch rule and the width rule. */
async function expectScreenFits(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '読み込み中' })).toHaveCount(0);
  await expectAccessible(page);
  await expectTouchTargets(page);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(width);
}

/** A second browser at the project's size: the class tablet or the gate kiosk, paired with a code. */
async function pairedBrowser(browser: Browser, code: string) {
  const context = await browser.newContext({ viewport: test.info().project.use.viewport, hasTouch: onTablet() });
  await context.clock.install({ time: NOW });
  const page = await context.newPage();
  await page.goto('/staff/pair');
  await page.getByLabel('ペアリングコード（8桁）').fill(code);
  await page.getByRole('button', { name: 'ペアリングする' }).click();
  return { context, page };
}

interface Ids {
  facilityId: number;
  companyId: number;
  classId: number;
  childId: number;
  noticeId: number;
}

async function demoIds(page: Page, facilityId: number): Promise<Ids> {
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const me = await get<{ facilities: { id: number; company_id: number }[] }>('/api/staff/me');
  const classes = await get<{ id: number; name: string }[]>(`/api/staff/facilities/${facilityId}/classes`);
  const children = await get<{ id: number; class_id: number | null }[]>(`/api/staff/facilities/${facilityId}/children`);
  const notices = await get<{ id: number }[]>(`/api/staff/facilities/${facilityId}/notices`);
  const hiyoko = classes.find((c) => c.name === 'ひよこ組') ?? classes[0]!;
  return {
    facilityId,
    companyId: me.facilities.find((f) => f.id === facilityId)!.company_id,
    classId: hiyoko.id,
    childId: children.find((c) => c.class_id === hiyoko.id)!.id,
    noticeId: notices[0]!.id,
  };
}

test('every screen of a company admin passes axe and fits the width @portrait', async ({ page, request }) => {
  // About 30 screens, each with axe: a bound for a hang, not a wait.
  test.setTimeout(600_000);
  const admin = await createStaff(request, 'tour', { role: 'company_admin', pin: '8642' });
  await page.goto('/staff/login');
  await expectScreenFits(page, 'ログイン');
  await signIn(page, admin.email);
  // Home: with the 「二段階認証が未設定です」 warning (its title was 2.7:1).
  await expect(page.getByText('二段階認証が未設定です')).toBeVisible();
  await expectScreenFits(page, 'ホーム');
  const ids = await demoIds(page, admin.facilityId);
  const f = (rest: string) => `/staff/f/${ids.facilityId}/${rest}`;
  // The tablet's day (a PIN session's screens): at every size.
  const day: [string, string | RegExp][] = [
    [f('inbox'), '連絡'],
    [f('board'), 'クラスボード'],
    [f(`board/${ids.classId}`), /のボード$/],
    [f('daily'), '連絡帳記入'],
    [f(`daily/${ids.classId}`), /連絡帳/],
    [f('photos'), '写真'],
    [f(`photos/${ids.classId}`), /写真/],
    [f('growth'), '身体測定'],
    [f(`growth/${ids.classId}`), /身体測定/],
    [f('naps'), '午睡チェック'],
    [f(`naps/${ids.classId}`), '午睡チェック'],
    [f(`naps/${ids.classId}/sheet`), /午睡チェック表/],
    [f('records'), '計画・記録'],
    [f(`records/${ids.classId}`), /の計画・記録$/],
    // The ratio now: on the 園長's desktop and the class tablets (staffing.md §4).
    [f('staffing'), '配置・勤怠'],
  ];
  // The desktop sign-in's screens (roster, setup, notices, billing, …): at 1366×768 and upright, the
  // narrower tablet (tests-e2e-sizes.md); the landscape tablet tours the day's screens only.
  const desk: [string, string | RegExp][] = [
    [f('classes'), 'クラス'],
    [f('children'), '園児'],
    // The CSV import: its 「クリックしてファイルを選択」 placeholder was 2.1:1.
    [f('children/import'), /CSV/],
    [f(`children/${ids.childId}`), /./],
    [f(`children/${ids.childId}/handout`), /登録/],
    [f('events'), '行事予定'],
    [f('notices'), 'お知らせ'],
    [f('notices/new'), 'お知らせの作成'],
    [f(`notices/${ids.noticeId}`), /./],
    [f('schedules'), '登園予定'],
    [f('staffing/time-entries'), '打刻の修正・設定'],
    [f('staffing/shifts'), 'シフト表'],
    [f('staffing/me'), 'わたしの勤務'],
    [f('billing'), '請求'],
    [f('billing/settings'), '料金設定'],
    [f('billing/children'), '園児の請求情報'],
    [f('billing/collection?month=2026-05'), '集金・口座振替'],
    [f('devices'), '端末'],
    [f('audit'), '監査ログ'],
    [f('members'), '職員'],
    [f('facility'), '施設設定'],
    [f('records/setup'), '計画・記録の様式と年度更新'],
    [`/staff/company/${ids.companyId}`, '法人の施設'],
  ];
  const screens = test.info().project.name === 'tablet' ? day : [...day, ...desk];
  for (const [path, heading] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectScreenFits(page, heading);
    });
  }
  // 設定: the PIN's 「設定済み」 badge was 4.3:1.
  await goToMenu(page, '設定', true);
  await expect(page.getByText('設定済み', { exact: true })).toBeVisible();
  await expectScreenFits(page, '設定');
  // The invitation dialog, as a dialog over the screen (a desktop sign-in's screen, as above).
  if (screens === day) return;
  await page.goto(f('members'));
  await page.getByRole('button', { name: '職員を招待' }).click();
  await expect(page.getByRole('dialog', { name: '職員を招待' })).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
});

test('the class tablet’s PIN pad, then its class’s board; the gate kiosk; both pass axe @portrait', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const director = await createStaff(request, 'tour-pad');
  const hoikushi = await createStaff(request, 'tour-pin', { role: 'class_staff', pin: '2468' });
  await signIn(page, director.email);
  const ids = await demoIds(page, director.facilityId);
  const addDevice = async (data: object) => {
    const added = await page.request.post(`/api/staff/facilities/${ids.facilityId}/devices`, {
      data: { name: `巡回${Math.floor(Math.random() * 1e6)}`, ...data },
      headers: await xsrfHeaders(page.request),
    });
    expect(added.status()).toBe(201);
    return ((await added.json()) as { code: string }).code;
  };

  const tablet = await pairedBrowser(browser, await addDevice({ purpose: 'class', class_id: ids.classId }));
  try {
    const t = tablet.page;
    const person = t.getByRole('button', { name: hoikushi.name });
    await expect(person).toBeVisible();
    await expectScreenFits(t, '職員を選んでください');
    await person.click();
    await expectScreenFits(t, 'PINを入力');
    const pad = t.getByTestId('pin-pad');
    for (const digit of '2468') await pad.getByRole('button', { name: digit, exact: true }).click();
    // A tablet paired to a class opens on that class's board, not on a generic home.
    await expect(t).toHaveURL(new RegExp(`/staff/f/${ids.facilityId}/board/${ids.classId}$`));
    await expectScreenFits(t, /のボード$/);
    // The PIN session sees a child's アレルギー on the board (day-allergies-on-tablet.md).
    await expect(t.getByRole('listitem', { name: '佐藤 蒼太' }).getByTestId('allergy-note')).toContainText('アレルギー：卵');
    // And so does /staff/ (the app's start, as its home-screen icon opens it).
    await t.goto('/staff/');
    await expect(t).toHaveURL(new RegExp(`/staff/f/${ids.facilityId}/board/${ids.classId}$`));
  } finally {
    await tablet.context.close();
  }

  const kiosk = await pairedBrowser(browser, await addDevice({ purpose: 'kiosk' }));
  try {
    await expect(kiosk.page).toHaveURL(/\/staff\/kiosk$/);
    await expect(kiosk.page.getByRole('heading', { level: 1, name: '登降園受付' })).toBeVisible();
    await expectAccessible(kiosk.page);
    await expectTouchTargets(kiosk.page);
  } finally {
    await kiosk.context.close();
  }
});

test('the class board of 20 shows at least 10 children per upright screen @portrait', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'tablet-portrait', 'the upright class tablet');
  const director = await createStaff(request, 'board20');
  const name = `縦${Math.floor(Math.random() * 1e5)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 20 },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const { class_id: classId } = (await created.json()) as { class_id: number };
  await signIn(page, director.email);
  await page.goto(`/staff/f/${director.facilityId}/board/${classId}`);
  await expectScreenFits(page, `${name}のボード`);
  const rows = page.getByTestId('board-row');
  await expect(rows).toHaveCount(20);
  const viewport = page.viewportSize()!;
  const inView = await rows.evaluateAll(
    (elements, height) => elements.filter((el) => el.getBoundingClientRect().bottom <= height).length,
    viewport.height,
  );
  // It was about 4.5 with the menu open and three lines per child.
  expect(inView).toBeGreaterThanOrEqual(10);
  await page.screenshot({ path: test.info().outputPath('board-768x1024.png') });
});
