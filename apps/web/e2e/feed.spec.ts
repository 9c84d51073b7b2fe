import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { TODAY as today, dateAt, weekdayOf } from './clock';
import { DEMO, expect, expectAccessible, signIn as signInOnly, test } from './fixtures';

/** The demo notes' days (apps/server/src/seed/feed.ts feedSeedOffsets): today and every weekday of 30 days but one holiday. */
function seededDays(): string[] {
  const days: string[] = [];
  for (let offset = 0; offset >= -30; offset--) {
    const weekday = weekdayOf(dateAt(offset));
    if (offset === 0 || (weekday !== 0 && weekday !== 6 && offset !== -17)) days.push(dateAt(offset));
  }
  return days;
}

const daySection = (page: Page, date: string) => page.locator(`[data-qa="feed-day"][data-date="${date}"]`);
const card = (scope: Locator, child: string) => scope.getByRole('article', { name: `${child}の連絡` });

async function signIn(page: Page, email: string = DEMO.main) {
  await signInOnly(page, email);
  await expect(page.locator('[data-qa="feed-day"]').first()).toBeVisible();
}

/**
 * Scrolls down the feed, as a guardian would, until `target` has loaded: each scroll to the end
 * loads the next (older) day, so scroll again whenever the end is reached without it.
 */
async function scrollFeedUntil(page: Page, target: Locator) {
  // Short checks at a steady pace: each scroll loads one older day, so a long wait per try (and
  // toPass's growing intervals) cost seconds per day for nothing.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(target).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 120_000, intervals: [100] });
}

test.describe('home feed', () => {
  test('shows banners, the manual banner, the invitation and every field of today, expanded', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveTitle('ホーム | れんらくノート');
    await expect(page.getByRole('alert').filter({ hasText: '重要' })).toContainText('園内で感染性胃腸炎が発生しています。');
    await expect(page.getByRole('status').filter({ hasText: 'お知らせ' })).toContainText(
      '年末年始の休園日は12月29日から1月3日までです。',
    );
    await expect(page.getByRole('link', { name: /はじめての方へ：れんらくノートの使い方ガイド/ })).toHaveAttribute(
      'href',
      'https://example.com/renraku/guide',
    );
    const invitation = page.getByRole('link', { name: /そうたさんの保護者として招待されています/ });
    await expect(invitation).toHaveAttribute('href', /^\/children\/recognition\/\d+$/);
    await expect(page.getByRole('link', { name: '連絡する' })).toHaveAttribute('href', '/communications');

    const todaySection = daySection(page, today);
    await expect(todaySection.getByRole('heading', { level: 2 })).toContainText('今日');
    await expect(todaySection.getByRole('button', { name: 'さらに表示' })).toHaveCount(0);
    const haruto = card(todaySection, '陽翔');
    // Seed day n = 0 for 陽翔: every field, in the formats of F §9.
    await expect(haruto).toContainText('さくら保育園');
    // The arrival the facility recorded today (the demo board's 08:32, child_attendances) wins over
    // the note's planned 08:00 (docs/decisions/kiosk-guardian-notifications.md); the pick-up is not
    // recorded yet, so the note's 17:00 reads as planned, never as a pick-up that happened (issue 29).
    await expect(haruto).toContainText('登園 08:32 ／ 降園予定 17:00');
    await expect(haruto).not.toContainText('降園 17:00');
    await expect(haruto).toContainText('記入者：佐々木 美咲');
    for (const line of [
      '09:00 36.4℃',
      '15:00 36.6℃',
      '12:30〜14:10',
      '10:20 うんち（やわらかい）',
      'ごはん、鮭の塩焼き、ひじきの煮物、みそ汁',
      '主食：完食',
      '主菜：おかわり',
      '汁物：完食',
      '苦手なにんじんも一口食べられました',
      '午前：牛乳、ビスケット',
      '午後：おにぎり',
      '10:00 100ml',
      '15:30 120ml',
    ]) {
      await expect(haruto.getByText(line, { exact: true })).toBeVisible();
    }
    await expect(haruto.getByRole('link', { name: /今月の献立表\.pdf（\d+B）/ })).toBeVisible();
    await expect(haruto.getByText('クラスの写真')).toBeVisible();
    await expect(card(todaySection, '結衣')).toContainText('ひまわりこども園');
    await page.screenshot({ path: '/tmp/feed-main.png' });
    await expectAccessible(page);
  });

  test('older days are collapsed and expand, with the family information', async ({ page }) => {
    await signIn(page);
    // Offset −3 or the next older facility day with family information (every 3rd day from −3).
    const familyDay = seededDays().find(
      (d) => d <= dateAt(-3) && Math.round((Date.parse(today) - Date.parse(d)) / 86_400_000) % 3 === 0,
    )!;
    const section = daySection(page, familyDay);
    await scrollFeedUntil(page, section);
    const haruto = card(section, '陽翔');
    await haruto.scrollIntoViewIfNeeded();
    await expect(haruto.getByText('検温')).toHaveCount(0);
    await haruto.getByRole('button', { name: 'さらに表示' }).click();
    await expect(haruto.getByRole('button', { name: 'さらに表示' })).toHaveCount(0);
    await expect(haruto.getByText('おうちからの連絡')).toBeVisible();
    const family = haruto.locator('[data-qa="family-information"]');
    await expect(family).toContainText('07:00');
    await expect(family).toContainText('21:00〜06:45');
    await expect(family).toContainText('前日の夕食ハンバーグ、ごはん、サラダ');
    await expect(family).toContainText('朝食トースト、バナナ、牛乳');
    await expect(family).toContainText(/36\.\d℃/);
    // F §2: the child's name on a card links to the child's page.
    await haruto.getByRole('link', { name: '陽翔' }).click();
    await expect(page).toHaveURL(/\/children\/\d+$/);
  });

  test('long text truncates and toggles; the gallery shows 5 then +N and opens the viewer', async ({ page }) => {
    await signIn(page);
    const haruto = card(daySection(page, today), '陽翔');
    const ending = 'ご家庭でもゆっくり休ませてあげてください。';
    await expect(haruto.getByText(ending)).toHaveCount(0);
    await haruto.getByRole('button', { name: '…もっとみる' }).click();
    await expect(haruto.getByText(ending)).toBeVisible();
    await haruto.getByRole('button', { name: '小さくする' }).click();
    await expect(haruto.getByText(ending)).toHaveCount(0);
    await expect(haruto.getByRole('button', { name: '…もっとみる' })).toBeVisible();

    // 8 photos today for 陽翔: 5 tiles and '+3'.
    const photos = haruto.getByRole('button', { name: /^今日の写真 \d+枚目を拡大表示$/ });
    await expect(photos).toHaveCount(5);
    await haruto.getByRole('button', { name: '残り3枚の写真を表示' }).click();
    await expect(photos).toHaveCount(8);

    // Tiles are the small variant: each at most 100 kB.
    const sources = await haruto
      .locator('[data-qa="gallery"] img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThanOrEqual(8);
    for (const src of sources) {
      expect(src).toContain('v=thumb');
      const res = await page.request.get(src);
      expect(res.status()).toBe(200);
      expect((await res.body()).length).toBeLessThanOrEqual(100_000);
    }

    await photos.first().click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toContainText('今日の写真 1 / 8');
    await expect(viewer.getByRole('img', { name: '今日の写真 1枚目' })).toBeVisible();
    await viewer.getByRole('button', { name: '次の写真' }).click();
    await expect(viewer).toContainText('今日の写真 2 / 8');
    // Swipe left → next photo.
    const box = (await viewer.locator('[data-qa="viewer"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(viewer).toContainText('今日の写真 3 / 8');
    await page.screenshot({ path: '/tmp/feed-viewer.png' });
    await expectAccessible(page);
    await viewer.getByRole('button', { name: '閉じる' }).click();
    await expect(viewer).toHaveCount(0);
  });

  test('scrolling from today visits every seeded day once, in order, down to the first note', async ({ page }) => {
    // One scroll and one answer per day, 23 days.
    test.slow();
    // The answer that says there is no older day: after it the feed asks for nothing more.
    const last = page.waitForResponse(
      async (r) => r.url().includes('/api/children/content') && (await r.json()).has_more === false,
      { timeout: 0 },
    );
    await signIn(page);
    const expected = seededDays();
    const loaded = () => page.locator('[data-qa="feed-day"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
    await scrollFeedUntil(page, daySection(page, expected.at(-1)!));
    await last;
    // Scrolling further loads nothing more.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByText('読み込み中...')).toHaveCount(0);
    expect(await loaded()).toEqual(expected);
  });

  test('reopened while signed in, the home shows its feed with the answers the page brought: no call before the cards', async ({
    page,
  }) => {
    await signIn(page);
    await expect(card(daySection(page, today), '陽翔')).toBeVisible();
    // A fresh open of /main (as from the home screen icon): the server writes the first answers
    // into the page (docs/decisions/web-speed-main.md).
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    await page.goto('/main');
    await expect(card(daySection(page, today), '陽翔')).toBeVisible();
    await expect(card(daySection(page, today), '結衣')).toBeVisible();
    await expect(page.getByRole('link', { name: 'マイページ' })).toBeVisible();
    await expect(page.getByText('読み込み中...')).toHaveCount(0);
    // The login check, the constants, the children and today's feed came with the page.
    expect(
      calls.filter((c) => /^\/api\/(login\/check|config\/const|children(\?|$)|children\/content\?(?!.*date=))/.test(c)),
    ).toEqual([]);
    // Older days still load as the end comes into view, and a real call answers them.
    await scrollFeedUntil(page, daySection(page, seededDays()[8]!));
    expect(calls.some((c) => c.startsWith('/api/children/content?') && c.includes('date='))).toBe(true);
    await expectAccessible(page);
  });

  test('the child selector switches and persists across a reload', async ({ page }) => {
    await signIn(page);
    const selector = page.getByRole('group', { name: '表示するお子さま' });
    await expect(selector.getByRole('button')).toHaveText(['HOME', '陽翔', '結衣']);
    await expect(selector.getByRole('button', { name: 'HOME' })).toHaveAttribute('aria-pressed', 'true');
    const todaySection = daySection(page, today);
    await expect(card(todaySection, '陽翔')).toBeVisible();
    await selector.getByRole('button', { name: '結衣' }).click();
    await expect(selector.getByRole('button', { name: '結衣' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(todaySection, '結衣')).toBeVisible();
    await expect(card(todaySection, '陽翔')).toHaveCount(0);
    await page.reload();
    await expect(selector.getByRole('button', { name: '結衣' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(daySection(page, today), '結衣')).toBeVisible();
    await expect(card(daySection(page, today), '陽翔')).toHaveCount(0);
    await selector.getByRole('button', { name: 'HOME' }).click();
    await expect(card(daySection(page, today), '陽翔')).toBeVisible();
  });

  test('a read-only co-guardian sees the child’s notes', async ({ page }) => {
    await signIn(page, DEMO.sub);
    await expect(card(daySection(page, today), '陽翔')).toBeVisible();
    await expect(card(daySection(page, today), '蒼太')).toBeVisible();
  });
});

test.describe('QR page', () => {
  test('shows one scannable QR per enrolled child, matching its qr_token', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: '登降園QRコード' }).click();
    await expect(page).toHaveURL(/\/main\/qr$/);
    await expect(page.getByRole('heading', { level: 1, name: '登降園QRコード' })).toBeVisible();
    await expect(page.getByText('読み取りにくいときは、画面の明るさを最大にしてください。')).toBeVisible();
    const children = (await (await page.request.get('/api/children')).json()) as {
      first_name: string;
      qr_token: string;
      pivot: { activated: boolean | null };
    }[];
    const enrolled = children.filter((c) => c.pivot.activated);
    expect(enrolled.map((c) => c.first_name)).toEqual(['陽翔', '結衣']);
    const images = page.locator('[data-qa="qr"]');
    await expect(images).toHaveCount(2);

    for (const child of enrolled) {
      const image = page.getByRole('img', { name: `${child.first_name}の登降園QRコード` });
      await expect(image).toBeVisible();
      const box = (await image.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(250);
      // Decode: sample the centre of every module of the screenshot and compare with the token's matrix.
      const { data, info } = await sharp(await image.screenshot())
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const matrix = QRCode.create(child.qr_token, { errorCorrectionLevel: 'M' }).modules;
      const total = matrix.size + 2 * 4;
      let mismatches = 0;
      for (let row = 0; row < matrix.size; row++) {
        for (let col = 0; col < matrix.size; col++) {
          const x = Math.floor(((col + 4 + 0.5) * info.width) / total);
          const y = Math.floor(((row + 4 + 0.5) * info.height) / total);
          const dark = data[y * info.width + x]! < 128;
          if (dark !== Boolean(matrix.get(row, col))) mismatches++;
        }
      }
      expect(mismatches).toBe(0);
      // And it is not the other child's code.
      const other = enrolled.find((c) => c !== child)!;
      const otherMatrix = QRCode.create(other.qr_token, { errorCorrectionLevel: 'M' }).modules;
      let differs = 0;
      for (let i = 0; i < otherMatrix.data.length; i++) if (otherMatrix.data[i] !== matrix.data[i]) differs++;
      expect(differs).toBeGreaterThan(0);
    }
    await page.screenshot({ path: '/tmp/feed-qr.png', fullPage: true });
    await expectAccessible(page);
  });
});
