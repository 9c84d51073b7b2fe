import type { APIRequestContext } from '@playwright/test';
import { NOW, TODAY } from './clock';
import {
  DEMO_STAFF,
  PASSWORD,
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  signIn,
  test,
  uniqueEmail,
  xsrfHeaders,
  goToMenu,
} from './fixtures';

/**
 * The day (staff.md §4): a class staff member has the class board open; the guardian's absence
 * (sent from the phone, through the guardian API) appears on it without a reload, with the
 * infection alert; 確認 and a reply to the contact book; the guardian's phone then shows 施設確認済
 * and 園からの返信. A tablet flow: the desktop project skips it (each project would need its own
 * class anyway; this one makes its own).
 */

interface ClassFixture {
  class_id: number;
  children: { id: number; name: string }[];
}

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: await xsrfHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

test('a guardian’s absence appears on the open board; 確認 and a reply reach the guardian’s phone', async ({
  page,
  request,
  browser,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'a class tablet flow');
  test.setTimeout(180_000);
  const staff = await createStaff(request, 'inbox', { role: 'class_staff', name: '試験 担任' });
  const guardianEmail = uniqueEmail('inbox-guardian');
  await post(request, '/api/dev/fixtures/users', { email: guardianEmail, password: PASSWORD, agreed: true, name: '試験 保護者' });
  const name = `連絡${Math.floor(Math.random() * 1e4)}組`;
  const klass = (await post(request, '/api/dev/fixtures/classes', {
    name,
    size: 3,
    staffEmail: staff.email,
    mainEmail: guardianEmail,
  })) as ClassFixture;
  const child = klass.children[0]!;

  // The guardian's phone: signed in, sends today's contact book.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phoneContext.clock.install({ time: NOW });
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await phone.getByLabel('メールアドレス').fill(guardianEmail);
  await phone.getByRole('textbox', { name: 'パスワード', exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'ログイン' }).click();
  await expect(phone).toHaveURL(/\/main$/);
  await post(phone.request, `/api/families/information/children/${child.id}`, {
    sleepTime: '21:00',
    wakeTime: '06:30',
    bodyTemperature: '37.4',
    thermometryTime: '06:40',
    dinner: 'うどん',
    breakfast: 'りんご',
    message: '朝から少し熱っぽいです。',
    isSent: true,
    contactOn: TODAY,
    baseDate: TODAY,
  });

  // The class tablet: the board of the class, from the menu.
  await signIn(page, staff.email);
  await goToMenu(page, 'クラスボード');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}のボード` })).toBeVisible();
  const row = page.getByTestId('board-row').filter({ hasText: child.name });
  await expect(row).toContainText('なし');
  await expect(row.getByRole('button', { name: `${child.name}さんの連絡帳を見る` })).toHaveText('連絡帳 受信');
  await expect(page.getByTestId('infection-alert')).toHaveCount(0);
  await expectAccessible(page);
  await expectTouchTargets(page);

  // The guardian reports a sick absence with インフルエンザ: the open board shows it, no reload.
  const diseases = (await (await phone.request.get('/api/children/diseases')).json()) as { id: number; name: string }[];
  await post(phone.request, `/api/absences/${child.id}`, {
    absenceType: 1,
    absenceDates: [TODAY],
    diseases: [diseases.find((d) => d.name === 'インフルエンザ')!.id],
    message: '受診したらインフルエンザでした',
  });
  await expect(row).toContainText('受診したらインフルエンザでした');
  await expect(page.getByTestId('infection-alert')).toContainText(`${child.name}さん（インフルエンザ）`);

  await page.screenshot({ path: '/tmp/staff-board-1024.png', fullPage: true });
  // Upright, the board scrolls sideways and stays finger-sized.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-board-768.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });

  // 確認 of the absence on the board, then the contact book: 確認 and a reply.
  await row.getByRole('button', { name: `${child.name}さんの連絡を確認` }).tap();
  await expect(row).toContainText('確認済 試験 担任');
  await row.getByRole('button', { name: `${child.name}さんの連絡帳を見る` }).tap();
  const dialog = page.getByRole('dialog', { name: `${child.name}さんの連絡帳` });
  await expect(dialog).toContainText('朝から少し熱っぽいです。');
  await expect(dialog).toContainText('37.4℃');
  await dialog.getByRole('button', { name: '返信する' }).tap();
  await expect(dialog.getByText('返信を入力してください')).toBeVisible();
  await dialog.getByLabel(`${child.name}さんの連絡帳への返信`).fill('ご連絡ありがとうございます。お大事になさってください。');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await dialog.getByRole('button', { name: '返信する' }).tap();
  await expect(dialog.getByTestId('staff-reply')).toContainText('お大事になさってください');
  await expect(dialog).toContainText('確認済 試験 担任');
  await dialog.getByRole('button', { name: '閉じる' }).tap();

  // Another child arrives: 登園 now, on the board.
  const next = klass.children[1]!;
  const nextRow = page.getByTestId('board-row').filter({ hasText: next.name });
  await nextRow.getByRole('button', { name: `${next.name}さんの登降園を記録` }).tap();
  const times = page.getByRole('dialog', { name: `${next.name}さんの登降園` });
  await times.getByRole('button', { name: '登園の時刻を今にする' }).tap();
  await expect(times.getByLabel('登園の時刻', { exact: true })).toHaveValue(/^10:0\d$/);
  await expectAccessible(page);
  await times.getByRole('button', { name: '保存' }).tap();
  await expect(nextRow.getByRole('button', { name: `${next.name}さんの登降園を記録` })).toHaveText(/^10:0\d 〜 —$/);

  // The inbox, from the menu: the class's entries, both confirmed.
  await goToMenu(page, '連絡', true);
  await expect(page.getByRole('heading', { level: 1, name: '連絡' })).toBeVisible();
  const items = page.getByTestId('inbox-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: '確認済' })).toHaveCount(2);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-inbox.png', fullPage: true });

  // The guardian's phone: 施設確認済 and the reply under the contact book; the absence confirmed.
  await phone.goto('/communications/message');
  await expect(phone.getByText('施設確認済')).toBeVisible();
  await expect(phone.locator('[data-qa="staff-reply"]')).toContainText('お大事になさってください');
  await expect(phone.locator('[data-qa="staff-reply"]')).toContainText('試験 担任');
  await expectAccessible(phone);
  await phone.screenshot({ path: '/tmp/guardian-contact-reply.png', fullPage: true });
  await phone.goto('/communications/absence');
  await expect(phone.locator('[data-qa="history-item"]').first()).toContainText('施設確認済');
  await phoneContext.close();
});

test('the demo director reads the day: the inbox of every class and ひよこ組’s board with its infection alert', async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.director);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^連絡\s*保護者からの/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '連絡' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'クラス' })).toHaveValue('すべてのクラス');
  const absence = page.getByTestId('inbox-item').filter({ hasText: '佐藤 蒼太' });
  await expect(absence).toContainText('インフルエンザ');
  await expect(page.getByTestId('inbox-item').filter({ hasText: '山田 陽翔' })).toContainText('16:30');
  await expectAccessible(page);
  await expectTouchTargets(page);

  await goToMenu(page, 'クラスボード');
  await page.getByRole('link', { name: /ひよこ組/ }).click();
  await expect(page.getByTestId('infection-alert')).toContainText('佐藤 蒼太さん（インフルエンザ）');
  await expect(page.getByRole('listitem', { name: '山田 陽翔' })).toContainText('予定: 08:00 〜 17:00');
  await expect(page.getByRole('button', { name: '山田 陽翔さんの登降園を記録' })).toHaveText('08:32 〜 —');
  // The child's アレルギー, whole, under the name (day-allergies-on-tablet.md); none for a child without.
  await expect(page.getByRole('listitem', { name: '佐藤 蒼太' }).getByTestId('allergy-note')).toHaveText(
    'アレルギー：卵（加熱したものも除去）、乳',
  );
  await expect(page.getByRole('listitem', { name: '山田 陽翔' }).getByTestId('allergy-note')).toHaveCount(0);
  await expectAccessible(page);
  await expectTouchTargets(page);
});
