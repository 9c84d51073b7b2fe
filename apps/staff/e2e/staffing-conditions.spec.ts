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

/*
 * 勤務条件 (docs/decisions/staffing-working-conditions.md): the 園長 opens the seeded part-timer's
 * conditions from her row of the シフト表 (3 days a week, F only), adds an hours cap and saves (desktop);
 * the dialog opens again with it. At the desktop and the tablet, axe clean, finger-sized on the tablet.
 * A 保育士 reads her own on わたしの勤務 (her phone).
 */

test('the 園長 reads and changes a part-timer’s 勤務条件 from the シフト表', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'conddir');
  await signIn(page, director.email);
  await goToMenu(page, '配置・勤怠');
  await page.getByRole('link', { name: 'シフト表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'シフト表' })).toBeVisible();

  await page.getByRole('button', { name: '鈴木 春美さんの勤務条件' }).click();
  const dialog = page.getByRole('dialog', { name: '鈴木 春美さんの勤務条件' });
  await expect(dialog.getByLabel('週の勤務日数（上限）')).toHaveValue('3日');
  await expect(dialog.getByRole('checkbox', { name: /^F / })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^A / })).not.toBeChecked();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-staffing-conditions-${onTablet() ? 'tablet' : '1366'}.png` });

  // The specs share one database: the tablet reads and leaves, the desktop saves (no race on her row).
  if (onTablet()) {
    await dialog.getByRole('button', { name: 'キャンセル' }).tap();
    await expect(dialog).toBeHidden();
    return api.dispose();
  }
  const hours = '80';
  await dialog.getByLabel('月の勤務時間（上限）').fill(hours);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('勤務条件を保存しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The focus is back on the row's button; opening it again shows the saved cap.
  await expect(page.getByRole('button', { name: '鈴木 春美さんの勤務条件' })).toBeFocused();
  await page.getByRole('button', { name: '鈴木 春美さんの勤務条件' }).click();
  await expect(dialog.getByLabel('月の勤務時間（上限）')).toHaveValue(`${hours}時間`);
  await expect(dialog.getByRole('checkbox', { name: /^F / })).toBeChecked();
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
  await api.dispose();
});

test('a 保育士 reads her own 勤務条件 on わたしの勤務 (her phone)', async ({ browser, playwright, baseURL }) => {
  test.skip(test.info().project.name !== 'desktop', 'a phone of its own size, once');
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': NOW } });
  const director = await createStaff(api, 'condme-dir');
  const me = await createStaff(api, 'condme', { role: 'class_staff' });
  const login = await api.post('/api/staff/login', {
    data: { email: director.email, password: 'hoiku-demo-2026' },
    headers: await xsrfHeaders(api),
  });
  expect(login.status()).toBe(200);
  const base = `/api/staff/facilities/${director.facilityId}`;
  const { patterns } = (await (await api.get(`${base}/shift-patterns`)).json()) as { patterns: { id: number; code: string }[] };
  const f = patterns.find((p) => p.code === 'F')!;
  const saved = await api.put(`${base}/working-conditions/${me.id}`, {
    data: {
      max_days_per_week: 2,
      max_days_per_month: null,
      max_consecutive_days: null,
      max_hours_per_month: 64,
      pattern_ids: [f.id],
    },
    headers: await xsrfHeaders(api),
  });
  expect(saved.status(), await saved.text()).toBe(200);

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
    const card = page.getByTestId('my-conditions');
    await expect(card).toContainText('週2日まで・月23日まで・連続5日まで・月64時間まで');
    await expect(card).toContainText('勤務できるシフト：F（09:30〜18:15）');
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/staff-staffing-my-conditions-390.png' });
  } finally {
    await phone.close();
    await api.dispose();
  }
});
