import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { datesOfMonth, weekdayIndexOf } from '@renraku/contract/dates';
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
 * 登園予定 (staff.md §5), at the staff room's desktop: a director opens August's window (July's is
 * the seed's), sees who has not registered, reminds them (the mail reaches only the unregistered
 * family: dev fixtures' mails), and downloads the month's plan as CSV. Desktop only: one window per
 * month and facility, and the point is the office PC.
 */
const AUGUST = '2026-08';
/** In early July (the guardians' clock for this step) August is "next month", registrable. */
const JULY_NOW = new Date('2026-07-05T10:00:00+09:00').toISOString();

async function family(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail('sched-family');
  const headers = await xsrfHeaders(request);
  expect(
    (
      await request.post('/api/dev/fixtures/users', { data: { email, password: PASSWORD, name: `保護者 ${firstName}` }, headers })
    ).status(),
  ).toBe(201);
  const child = await request.post('/api/dev/fixtures/children', { data: { mainEmail: email, firstName }, headers });
  expect(child.status()).toBe(201);
  return { email, childName: `試験 ${firstName}`, childId: ((await child.json()) as { child_id: number }).child_id };
}

test('a director opens a window, sees who has not registered, reminds only them, and downloads the plan', async ({
  page,
  request,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'one window per month and facility: the desktop project opens it');
  test.setTimeout(180_000);
  const director = await createStaff(request, 'schedules', { role: 'director' });
  const waiting = await family(request, `未登録${Date.now() % 1e4}`);
  const done = await family(request, `登録済${Date.now() % 1e4}`);

  await signIn(page, director.email);
  await goToMenu(page, '登園予定', true);
  await expect(page.getByRole('heading', { level: 1, name: '登園予定' })).toBeVisible();
  // Next month by default: the seed's July window, open.
  await expect(page.getByRole('heading', { level: 2, name: '2026年7月' })).toBeVisible();
  await expect(page.getByTestId('window-summary')).toContainText('受付中');
  await page.getByRole('button', { name: '次の月' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '2026年8月' })).toBeVisible();
  await expect(page.getByTestId('window-summary')).toContainText('受付はまだ開いていません');
  await expectAccessible(page);

  await page.getByRole('button', { name: '受付を開始' }).click();
  const dialog = page.getByRole('dialog', { name: '受付の開始' });
  await expect(dialog.getByLabel('締切日')).toHaveValue('2026-07-20');
  // Weekdays minus 山の日 (8/11) and the seed's 夏季休園 (13–14): 18 days; the 12th is taken off by hand.
  await expect(dialog.getByText('開所日（18日）')).toBeVisible();
  await expect(dialog.getByTestId('open-day-2026-08-11')).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByTestId('open-day-2026-08-13')).toContainText('夏季休園');
  await dialog.getByTestId('open-day-2026-08-12').click();
  await expect(dialog.getByTestId('open-day-2026-08-12')).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByText('開所日（17日）')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '受付を開始する' }).click();
  await expect(page.getByText('受付を開始しました')).toBeVisible();
  await expect(page.getByTestId('window-summary')).toContainText('受付中');
  await expect(page.getByTestId('window-summary')).toContainText('開所日：17日');

  // The guardian app sees the window at once: one family registers every open day of August.
  const openDays = datesOfMonth(AUGUST).filter(
    (d) => ![0, 6].includes(weekdayIndexOf(d)) && !['2026-08-11', '2026-08-12', '2026-08-13', '2026-08-14'].includes(d),
  );
  const guardian = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-test-now': JULY_NOW } });
  expect(
    (
      await guardian.post('/api/login', { data: { email: done.email, password: PASSWORD }, headers: await xsrfHeaders(guardian) })
    ).status(),
  ).toBe(200);
  const month = (await (await guardian.get(`/api/children/${done.childId}/schedules?month=1`)).json()) as {
    month: string;
    can_register: boolean;
    schedules: Record<string, { school_day: boolean }>;
  };
  expect(month).toMatchObject({ month: AUGUST, can_register: true });
  expect(month.schedules['2026-08-12']!.school_day).toBe(false);
  const bulk = await guardian.post(`/api/children/${done.childId}/schedules/bulk`, {
    data: { dates: openDays, isAbsent: false, attendanceTime: '08:00', leavingTime: '18:30' },
    headers: await xsrfHeaders(guardian),
  });
  expect(bulk.status()).toBe(200);
  await guardian.dispose();

  await page.reload();
  const table = page.getByTestId('registration-table');
  const waitingRow = table.getByRole('row').filter({ hasText: waiting.childName });
  await expect(waitingRow).toContainText('未登録');
  await expect(table.getByRole('row').filter({ hasText: done.childName })).toContainText('登録済');
  await expectAccessible(page);

  await page.getByRole('button', { name: '未登録の保護者に催促メール' }).click();
  await page.getByRole('dialog', { name: '催促メールの送信' }).getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText(/人の保護者に催促のメールを送信しました/)).toBeVisible();
  await expect(waitingRow).toContainText('本日催促済');
  const mails = async (to: string) =>
    (
      (await (await request.get(`/api/dev/fixtures/mails?to=${encodeURIComponent(to)}`)).json()) as {
        kind: string;
        subject: string;
      }[]
    ).filter((m) => m.kind === 'schedule_reminder');
  expect((await mails(waiting.email)).map((m) => m.subject)).toEqual([expect.stringContaining('2026年8月の登園予定')]);
  expect(await mails(done.email)).toEqual([]);
  await page.screenshot({ path: '/tmp/staff-schedules-window.png', fullPage: true });

  await page.getByRole('tab', { name: '日別の予定' }).click();
  await expect(page).toHaveURL(/view=plan/);
  const day = page.getByTestId('plan-2026-08-03');
  await expect(day).toContainText('18:30');
  await expect(page.getByText('保育標準時間 07:00〜18:00')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-schedules-plan.png', fullPage: true });
  // The link's file, fetched as the audit log's CSV test does (the browser's download of a link is
  // not reliable under the fake clock).
  const link = page.getByRole('link', { name: 'CSV（日別）' });
  await expect(link).toHaveAttribute('download', '');
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.headers()['content-disposition']).toContain('schedule-plan-2026-08-days.csv');
  const csv = await file.text();
  expect(csv.startsWith('\uFEFF"日付","曜日","開所日"')).toBe(true);
  expect(csv).toContain('\r\n"2026-08-03","月","開所"');
});

test('on the tablet, landscape and upright: the window dialog and the plan are finger-sized and accessible', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== 'tablet', 'the desktop test covers the flow; this one only reads');
  test.setTimeout(120_000);
  const office = await createStaff(request, 'schedules-office', { role: 'office' });
  await signIn(page, office.email);
  await goToMenu(page, '登園予定', true);
  await expect(page.getByTestId('window-summary')).toContainText('受付中');
  await expect(page.getByTestId('registration-table')).toContainText('山田 陽翔');
  await expectTouchTargets(page);
  await page.getByRole('button', { name: '受付を変更' }).tap();
  const dialog = page.getByRole('dialog', { name: '受付の変更' });
  await expect(dialog.getByTestId('open-day-2026-07-20')).toHaveAttribute('aria-pressed', 'false'); // 海の日
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-schedules-dialog-portrait.png' });
  await dialog.getByRole('button', { name: 'キャンセル' }).tap();
  await page.getByRole('tab', { name: '日別の予定' }).tap();
  await expect(page.getByTestId('plan-table')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/staff-schedules-plan-portrait.png', fullPage: true });
});
