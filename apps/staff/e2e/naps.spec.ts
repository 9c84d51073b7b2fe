import { NOW, TODAY } from './clock';
import { createStaff, expect, expectAccessible, expectTouchTargets, goToMenu, signIn, test, xsrfHeaders } from './fixtures';

/**
 * 午睡チェック (staff.md §4) on the class tablet: a class staff member starts the nap, checks a child
 * with one tap, the browser clock (and the server's test clock) moves 11 minutes on, the child shows
 * as overdue (colour and text), one tap makes it done; うつ伏せ asks for the second look a minute
 * later; the day's sheet lists the checks with the staff member's name and exports CSV.
 */
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

test('a nap check becomes overdue, then done; うつ伏せ asks for a second look; the day’s sheet', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'tablet', 'the class tablet’s flow');
  test.setTimeout(300_000);
  const staff = await createStaff(request, 'naps', { role: 'class_staff', name: '試験 午睡係' });
  const name = `午睡${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 3, staffEmail: staff.email },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { class_id: number; children: { id: number; name: string }[] };
  const [first, second] = klass.children;

  await signIn(page, staff.email);
  // The three came in the morning (only children in the room are due: naps-presence.spec.ts).
  for (const child of klass.children) {
    const arrived = await page.request.put(`/api/staff/classes/${klass.class_id}/board/attendances`, {
      data: { date: TODAY, child_id: child.id, arrived_at: '08:30', picked_up_at: null },
      headers: await xsrfHeaders(page.request),
    });
    expect(arrived.status()).toBe(200);
  }
  await goToMenu(page, '午睡チェック', true);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: '午睡チェック' })).toBeVisible();
  await expect(page.getByText('確認の間隔：10分（標準）')).toBeVisible();
  // The nap starts at 10:00 on both clocks (signing in took real time on the browser's clock).
  await page.clock.setSystemTime(new Date(NOW));
  await page.getByRole('button', { name: '午睡開始' }).tap();
  await expect(page.getByTestId('nap-summary')).toContainText(`● 確認の時間（3人）：${first!.name}、${second!.name}`);
  const card = page.getByTestId(`nap-child-${first!.id}`);
  await expect(card).toHaveAttribute('data-state', 'due');

  await card.getByRole('button', { name: `${first!.name}：仰向け・呼吸よし` }).tap();
  await expect(card).toHaveAttribute('data-state', 'ok');
  await expect(card).toContainText('次の確認 10:10');
  await expect(card).toContainText('最終 10:00 仰向け・呼吸よし（試験 午睡係）');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-naps-grid.png', fullPage: true });

  // 11 minutes later (the tablet's clock and the server's): overdue, in colour and in words.
  await page.setExtraHTTPHeaders({ 'x-test-now': later(11) });
  await page.clock.setSystemTime(new Date(later(11)));
  await expect(card).toHaveAttribute('data-state', 'overdue');
  await expect(card).toContainText('確認が1分遅れています（10:10）');
  await expect(page.getByTestId('nap-summary')).toContainText('⚠ 確認が遅れています（3人）');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-naps-overdue.png', fullPage: true });
  await card.getByRole('button', { name: `${first!.name}：横向き・呼吸よし` }).tap();
  await expect(card).toHaveAttribute('data-state', 'ok');
  await expect(card).toContainText('次の確認 10:21');

  // うつ伏せ: the second look is due a minute later (so at once 「確認の時間」).
  const proneCard = page.getByTestId(`nap-child-${second!.id}`);
  await proneCard.getByRole('button', { name: `${second!.name}：うつ伏せ・呼吸よし` }).tap();
  await expect(proneCard).toHaveAttribute('data-state', 'due');
  await expect(proneCard).toContainText('うつ伏せ・再確認：確認の時間です（10:12）');
  await proneCard.getByRole('button', { name: `${second!.name}：仰向け・呼吸よし` }).tap();
  await expect(proneCard).toHaveAttribute('data-state', 'ok');

  // Upright, the grid still takes a finger.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-naps-portrait.png', fullPage: true });
  await page.getByRole('link', { name: '記録表（印刷・CSV）' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '午睡チェック表' })).toBeVisible();
  const rows = page.getByTestId('nap-sheet-table').getByRole('row');
  await expect(rows).toHaveCount(1 + 4);
  await expect(rows.nth(1)).toContainText('10:00');
  await expect(rows.nth(1)).toContainText('試験 午睡係');
  // Signed in at a desktop, not a paired tablet: no 端末.
  await expect(rows.nth(1)).toContainText('—');
  await expect(page.getByTestId('nap-sheet-table')).toContainText('うつ伏せ');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-naps-sheet.png', fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeHidden();
  await page.screenshot({ path: '/tmp/staff-naps-sheet-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  const csv = await page.request.get((await page.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.startsWith('\uFEFF"日付","クラス","園児","確認時刻","体位","呼吸","記録者","端末"\r\n')).toBe(true);
  expect(text.split('\r\n')).toHaveLength(1 + 4 + 1);
});
