import type { APIRequestContext, Browser } from '@playwright/test';
import sharp from 'sharp';
import { slashDate } from '@renraku/contract/dates';
import { NOW, TODAY } from './clock';
import {
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  PASSWORD,
  signIn,
  test,
  uniqueEmail,
  xsrfHeaders,
  goToMenu,
} from './fixtures';

/**
 * The day's photos and the measurement session (staff.md §4) on the class tablet: two photos, one
 * tagged to a child and one to the class, uploaded with progress; the child's family sees both on
 * /main, another family of the class only the class photo; a height entered in the session is on
 * the guardian's growth chart.
 */

interface ClassFixture {
  class_id: number;
  facility_id: number;
  children: { id: number; name: string }[];
}

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

async function guardian(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/dev/fixtures/users', {
    data: { email, password: PASSWORD, agreed: true },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
  return email;
}

/** The guardian's phone (390×844), signed in. */
async function phoneOf(browser: Browser, email: string) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.clock.install({ time: NOW });
  const page = await phone.newPage();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/main$/);
  return { phone, page };
}

test('photos with progress reach only their family; a measurement reaches the growth chart', async ({
  page,
  request,
  browser,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'a tablet flow (upload from the class tablet); one project is enough');
  test.setTimeout(240_000);
  const staff = await createStaff(request, 'hoiku-photo', { role: 'class_staff', name: '試験 撮影者' });
  const [mainEmail, secondEmail] = [await guardian(request, 'photo-a'), await guardian(request, 'photo-b')];
  const name = `写真${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 3, staffEmail: staff.email, mainEmail, secondEmail },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as ClassFixture;
  const [a, b] = klass.children as [ClassFixture['children'][number], ClassFixture['children'][number]];

  /** The tablet held upright (768×1024) for a check, then back. */
  const portrait = async (check: () => Promise<void>) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await check();
    await page.setViewportSize({ width: 1024, height: 768 });
  };

  await signIn(page, staff.email);
  // The day's notes of both children are published (as the entry grid would): photos show with 公開.
  const headers = await xsrfHeaders(page.request);
  const base = `/api/staff/classes/${klass.class_id}/daily-notes`;
  const content = (text: string) => ({
    thermometries: [],
    school_meal: null,
    lunch_items: [],
    lunch_note: null,
    snack_morning: null,
    snack_afternoon: null,
    snack_note: null,
    sleeps: [],
    defecations: [],
    milks: [],
    text,
  });
  const drafts = await page.request.put(`${base}/drafts`, {
    data: {
      date: TODAY,
      drafts: [
        { child_id: a.id, content: content('Aさんの一日') },
        { child_id: b.id, content: content('Bさんの一日') },
      ],
    },
    headers,
  });
  expect(drafts.status()).toBe(200);
  expect((await page.request.post(`${base}/publish`, { data: { date: TODAY, child_ids: [a.id, b.id] }, headers })).status()).toBe(
    200,
  );

  // From the menu: 写真 → the class.
  await goToMenu(page, '写真');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の写真` })).toBeVisible();
  await expect(page.getByRole('button', { name: '写真を選ぶ' })).toBeDisabled();
  await expectAccessible(page);
  await expectTouchTargets(page);

  const tags = page.getByRole('group', { name: /載せる先を選んでから/ });
  const files = page.locator('input[type="file"][multiple]');
  // One photo for child A.
  const audience = page.getByTestId('photo-audience');
  await expect(audience).toHaveText('載せる先が選ばれていません');
  await tags.getByRole('button', { name: a.name }).tap();
  await expect(tags.getByRole('button', { name: a.name })).toHaveAttribute('aria-pressed', 'true');
  // Who will see it, named before it is sent (issue 29).
  await expect(audience).toHaveText(`${a.name}さんのご家族に表示されます`);
  await files.setInputFiles({ name: 'a-sandbox.jpg', mimeType: 'image/jpeg', buffer: await jpeg(220, 120, 40) });
  const uploads = page.getByRole('list', { name: 'アップロード' });
  const first = uploads.getByRole('listitem', { name: 'a-sandbox.jpg' });
  await expect(first.getByRole('status')).toHaveText('完了');
  await expect(first.getByRole('progressbar', { name: 'a-sandbox.jpgのアップロード' })).toHaveAttribute('value', '100');
  // The tags cleared after the upload: the next photo cannot go to A's family by mistake.
  await expect(tags.getByRole('button', { name: a.name })).toHaveAttribute('aria-pressed', 'false');
  await expect(audience).toHaveText('載せる先が選ばれていません');
  await expect(page.getByRole('button', { name: '写真を選ぶ' })).toBeDisabled();
  // One photo for the class.
  await tags.getByRole('button', { name: 'クラス全員' }).tap();
  await expect(audience).toHaveText(`${name}の全家庭に表示されます`);
  await files.setInputFiles({ name: 'class-walk.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 140, 200) });
  await expect(uploads.getByRole('listitem', { name: 'class-walk.jpg' }).getByRole('status')).toHaveText('完了');
  await expect(page.getByRole('heading', { name: 'この日の写真（2枚）' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `写真1（${a.name}）` }).getByText('公開中')).toBeVisible();
  await expect(page.getByRole('listitem', { name: '写真2（クラス全員）' }).getByText('公開中')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await portrait(async () => {
    await expectAccessible(page);
    await expectTouchTargets(page);
  });

  // The measurement session: an implausible height is flagged, corrected, saved.
  await goToMenu(page, '身体測定');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の身体測定` })).toBeVisible();
  const row = page.getByRole('listitem', { name: a.name, exact: true });
  await row.getByLabel(`${a.name}の身長`).fill('75.0');
  await expect(row.getByRole('status', { name: `${a.name}の注意` })).toContainText('身長が基準範囲');
  await row.getByLabel(`${a.name}の身長`).fill('95.5');
  await row.getByLabel(`${a.name}の体重`).fill('14.2');
  await expect(row.getByRole('status', { name: `${a.name}の注意` })).toHaveCount(0);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.getByRole('button', { name: '保存（1人）' }).tap();
  await expect(row.getByText('保存済')).toBeVisible();
  await portrait(async () => {
    await expectAccessible(page);
    await expectTouchTargets(page);
  });

  // Child A's guardian: both photos on /main, the height on the growth chart.
  const one = await phoneOf(browser, mainEmail);
  try {
    const card = one.page.getByRole('article', { name: `${a.name.replace(/^試験 /, '')}の連絡` }).first();
    await expect(card.getByRole('button', { name: '今日の写真 1枚目を拡大表示' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'クラスの写真 1枚目を拡大表示' })).toBeVisible();
    await one.page.goto(`/growths/children/${a.id}`);
    const measured = one.page.getByRole('region', { name: `測定日：${slashDate(TODAY)}` });
    await expect(measured.getByText('95.5 cm')).toBeVisible();
    await expect(measured.getByText('14.2 kg')).toBeVisible();
    await expect(measured.getByRole('img', { name: /成長曲線のグラフ/ })).toBeVisible();
    // The point is drawn: read back from the chart (as apps/web/e2e/growths.spec.ts does).
    const chart = one.page.getByTestId('growth-chart');
    await expect(chart).toHaveAttribute('data-chart', /datasets/);
    const drawn = JSON.parse((await chart.getAttribute('data-chart'))!) as {
      datasets: { first: { y: number } | null; last: { y: number } | null }[];
    };
    expect(drawn.datasets.some((d) => d.last?.y === 95.5 || d.first?.y === 95.5)).toBe(true);
  } finally {
    await one.phone.close();
  }

  // Child B's guardian: the class photo, not A's.
  const two = await phoneOf(browser, secondEmail);
  try {
    const card = two.page.getByRole('article', { name: `${b.name.replace(/^試験 /, '')}の連絡` }).first();
    await expect(card.getByText('Bさんの一日')).toBeVisible();
    await expect(card.getByRole('button', { name: 'クラスの写真 1枚目を拡大表示' })).toBeVisible();
    await expect(two.page.getByRole('button', { name: /今日の写真/ })).toHaveCount(0);
  } finally {
    await two.phone.close();
  }
});
