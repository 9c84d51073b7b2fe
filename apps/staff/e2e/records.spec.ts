import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { NOW, TODAY } from './clock';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/**
 * 計画・記録 (records.md §1, §3; issue 32): two staff members write one 月案 at once, in two
 * browsers; each sees the other's text and name; one goes offline, keeps typing (the status says
 * オフライン・保存待ち), comes back, and both copies end the same with nothing lost; a 文例 tapped
 * in one goes in at the caret and shows in the other; the approved 日誌's PDF holds its text and
 * the approver's name.
 */

/** A second browser as the project's own (size, touch, locale, the pinned clock). */
async function secondPage(browser: Browser) {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
    reducedMotion: use.reducedMotion,
    extraHTTPHeaders: use.extraHTTPHeaders,
  });
  await context.clock.install({ time: NOW });
  return context.newPage();
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('two staff write one 月案 at once; one offline for a while; both end the same', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const writer = await createStaff(request, 'records', { role: 'class_staff', name: '試験 記録係' });
  const director = await createStaff(request, 'records-dir', { role: 'director', name: '試験 園長' });
  const name = `記録${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 2, staffEmail: writer.email },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);

  // The class's staff member opens the class's month and starts this month's 月案.
  await signIn(page, writer.email);
  await goToMenu(page, '計画・記録', true);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の計画・記録` })).toBeVisible();
  await expect(page.getByText(/未作成 \d+件/)).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-records-month-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: /の月案を書く$/ }).click();
  const month = TODAY.slice(0, 7);
  await expect(
    page.getByRole('heading', { level: 1, name: `${name} ${Number(month.slice(0, 4))}年${Number(month.slice(5))}月の月案` }),
  ).toBeVisible();
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  const url = page.url();

  // The director opens the same document in another browser.
  const other = await secondPage(browser);
  await signIn(other, director.email);
  await other.goto(url);
  await expect(other.getByText('オンライン・保存済み')).toBeVisible();

  // Both type at once, in different fields and in the same one.
  await field(page, 'ねらい').click();
  await field(page, 'ねらい').pressSequentially('秋の自然に触れて遊ぶ。');
  await field(other, '環境構成').click();
  await field(other, '環境構成').pressSequentially('落ち葉を集める袋を用意する。');
  await expect(field(other, 'ねらい')).toHaveValue('秋の自然に触れて遊ぶ。');
  await expect(field(page, '環境構成')).toHaveValue('落ち葉を集める袋を用意する。');
  // Each sees who else is in the document.
  await expect(page.getByText('いま開いている人：試験 園長')).toBeVisible();
  await expect(other.getByText('いま開いている人：試験 記録係')).toBeVisible();
  // …and where the other's caret is: the director's, at the end of 環境構成, with the name.
  await expect(page.getByTestId('remote-caret').filter({ hasText: '試験 園長' })).toBeVisible();
  await page.getByTestId('remote-caret').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/staff-records-caret-${test.info().project.name}.png` });
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-records-doc-${test.info().project.name}.png`, fullPage: false });

  // The writer's tablet loses the network and keeps writing; the director writes meanwhile.
  await page.context().setOffline(true);
  await expect(page.getByText('オフライン・保存待ち')).toBeVisible();
  await field(page, '食育').click();
  await field(page, '食育').pressSequentially('さつまいもに触れる。');
  await field(other, '健康・安全').click();
  await field(other, '健康・安全').pressSequentially('手洗いを丁寧に。');
  await expect(field(other, '食育')).toHaveValue('');
  await page.context().setOffline(false);
  await expect(page.getByText('オンライン・保存済み')).toBeVisible({ timeout: 30_000 });
  await expect(field(other, '食育')).toHaveValue('さつまいもに触れる。');
  await expect(field(page, '健康・安全')).toHaveValue('手洗いを丁寧に。');
  for (const [label, text] of [
    ['ねらい', '秋の自然に触れて遊ぶ。'],
    ['環境構成', '落ち葉を集める袋を用意する。'],
  ] as const) {
    await expect(field(page, label)).toHaveValue(text);
    await expect(field(other, label)).toHaveValue(text);
  }

  // 文例: one tap puts the phrase at the caret of the field last in focus; the other browser sees it.
  await field(page, 'ねらい').click();
  await field(page, 'ねらい').press('End');
  await page.getByRole('button', { name: '文例', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '文例' });
  await expect(drawer.getByText('入れる欄：ねらい')).toBeVisible();
  const phrase = '保育者に見守られながら、身の回りのことを自分でしようとする。';
  await drawer.getByRole('button', { name: phrase }).click();
  await expect(page.getByText('「ねらい」に文例を入れました')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-records-phrases-${test.info().project.name}.png`, fullPage: false });
  await drawer.getByRole('button', { name: '閉じる' }).click();
  await expect(field(page, 'ねらい')).toHaveValue(`秋の自然に触れて遊ぶ。${phrase}`);
  await expect(field(other, 'ねらい')).toHaveValue(`秋の自然に触れて遊ぶ。${phrase}`);
  await other.context().close();
});

test('a 保育日誌 opens with the day’s attendance; 提出 → 差し戻し → 直して提出 → 承認 → read-only with the approver', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const writer = await createStaff(request, 'journal', { role: 'class_staff', name: '試験 日誌係' });
  const director = await createStaff(request, 'journal-dir', { role: 'director', name: '試験 承認者' });
  const name = `日誌${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 2, staffEmail: writer.email },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { class_id: number; children: { id: number; name: string }[] };
  const [came] = klass.children;

  await signIn(page, writer.email);
  // One child came at 08:30 (the class board's record).
  const arrived = await page.request.put(`/api/staff/classes/${klass.class_id}/board/attendances`, {
    data: { date: TODAY, child_id: came!.id, arrived_at: '08:30', picked_up_at: null },
    headers: await xsrfHeaders(page.request),
  });
  expect(arrived.status()).toBe(200);
  await page.goto(`/staff/f/${writer.facilityId}/records/${klass.class_id}`);
  // The month names each child under 3 whose 個別指導計画 is not written yet.
  const ym = `${Number(TODAY.slice(0, 4))}年${Number(TODAY.slice(5, 7))}月`;
  await expect(page.getByRole('heading', { level: 2, name: '個別指導計画（3歳未満児）' })).toBeVisible();
  await expect(page.getByRole('button', { name: `${came!.name}さんの${ym}の個別指導計画を書く` })).toBeVisible();
  await page
    .getByRole('button', { name: /の保育日誌を書く$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${name} .*の保育日誌`) })).toBeVisible();
  const attendance = page.getByRole('region', { name: '出席・欠席（登降園の記録から）' });
  await expect(attendance.getByRole('row', { name: new RegExp(came!.name) })).toContainText('08:30');
  await expect(page.getByText('在籍 2名・出席 1名・欠席 0名')).toBeVisible();
  await page.getByRole('textbox', { name: '活動内容', exact: true }).fill('園庭で砂遊び。');
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-records-journal-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: '提出する' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提出する' }).click();
  await expect(page.getByText('提出済み（第1版）')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '活動内容', exact: true })).toHaveAttribute('readonly', '');
  const url = page.url();

  // The director returns it with a comment.
  const other = await secondPage(browser);
  await signIn(other, director.email);
  await other.goto(url);
  await other.getByRole('button', { name: '差し戻す' }).click();
  await other.getByRole('dialog').getByLabel('差し戻しの理由').fill('午睡の様子も書いてください');
  await other.getByRole('dialog').getByRole('button', { name: '差し戻す' }).click();
  await expect(other.getByText('差し戻し（第1版）')).toBeVisible();

  // The writer sees the reason at once, fixes and submits again.
  await expect(page.getByText('午睡の様子も書いてください')).toBeVisible({ timeout: 20_000 });
  const children = page.getByRole('textbox', { name: 'クラス全体', exact: true });
  await expect(children).not.toHaveAttribute('readonly', '');
  await children.fill('よく眠っていた。');
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  await page.getByRole('button', { name: '提出する' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提出する' }).click();
  await expect(page.getByText('提出済み（第1版）')).toBeVisible();

  // The director approves: read-only for both, with the approver's name.
  await other.reload();
  await other.getByRole('button', { name: '承認する' }).click();
  await other.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(other.getByText(/承認：試験 承認者/)).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'クラス全体', exact: true })).toHaveValue('よく眠っていた。');
  await expect(page.getByText(/承認：試験 承認者/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: '活動内容', exact: true })).toHaveAttribute('readonly', '');
  await expectAccessible(other);

  // The PDF to print: the written text and the approver's name in the 確認印 (read with pdftotext).
  const link = other.getByRole('link', { name: '印刷・PDF' });
  await expect(link).toHaveAttribute('download', '');
  const pdf = await other.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const file = test.info().outputPath('journal.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  expect(text).toContain('園庭で砂遊び。');
  expect(text).toContain('よく眠っていた。');
  expect(text).toContain('試験承認者');

  // The 年度's plans and records as one ZIP for an inspection: the director's, not the 保育士's; built
  // in the background, the screen shows 作成中 and then the download without a reload.
  await page.goto(`/staff/f/${writer.facilityId}/records/${klass.class_id}`);
  await expect(page.getByRole('heading', { level: 2, name: '保育日誌' })).toBeVisible();
  await expect(page.getByRole('button', { name: '監査用ZIPを作成' })).toHaveCount(0);
  await other.goto(`/staff/f/${writer.facilityId}/records/${klass.class_id}`);
  await other.getByRole('button', { name: '監査用ZIPを作成' }).click();
  await expect(other.getByRole('status').filter({ hasText: '作成中' })).toBeVisible();
  await expectAccessible(other);
  const archive = other.getByRole('link', { name: '監査用ZIPをダウンロード' });
  await expect(archive).toBeVisible({ timeout: 60_000 });
  await expect(archive).toHaveAttribute('download', '');
  await expectAccessible(other);
  const zip = await other.request.get((await archive.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect((await zip.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  await other.context().close();
});
