import type { Page } from '@playwright/test';
import { createEnrolledChild, createGuardian, DEMO, expect, expectAccessible, login, test } from './fixtures';

const M = {
  notEnrolled: '施設に入所しているお子さまがいないため、施設への連絡はご利用できません。',
  alreadyAbsent: '既に欠席の連絡をしているため、登園・お迎え時間の変更はできません。施設へ直接ご連絡ください。',
  nextDayNote: '連絡帳は当日に送信できます',
  unsavedConfirm: '入力中の内容は破棄されます。よろしいですか？',
  draftSaved: '連絡帳を一時保存しました',
  sent: '連絡帳を送信しました',
  absenceSent: '欠席の連絡をしました',
  diseaseRequired: '症状・病名を選択してください',
  readOnly: '閲覧のみの権限のため、このお子さまの連絡はできません。',
};

const tokyoToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const label = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日(${'日月火水木金土'[d.getUTCDay()]})`;
};

/** Chooses the child in the selector (a segmented control). */
async function chooseChild(page: Page, name: string) {
  await page.getByRole('radiogroup', { name: 'お子さまを選択' }).getByText(name, { exact: true }).click();
}

/** Picks HH and MM in a time select. */
async function pickTime(page: Page, name: string, hour: string, minute: string) {
  await page.getByRole('button', { name: `${name}（時）` }).click();
  await page.getByRole('option', { name: hour, exact: true }).click();
  await page.getByRole('button', { name: `${name}（分）` }).click();
  await page.getByRole('option', { name: minute, exact: true }).click();
}

test.describe('communications', () => {
  test('the menu lists the three kinds of message', async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications');
    await expect(page.getByRole('heading', { level: 1, name: '施設への連絡' })).toBeVisible();
    for (const name of ['連絡帳を送る', '登園・お迎え時間の変更', '欠席連絡'])
      await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText(M.notEnrolled)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/communications-menu.png' });
    await expectAccessible(page);
    await page.getByRole('link', { name: /連絡帳を送る/ }).click();
    await expect(page).toHaveURL(/\/communications\/message$/);
  });

  test("fills and sends today's contact book through the confirm page; then it is read-only", async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications/message');
    await expect(page.getByRole('heading', { level: 1, name: '連絡帳' })).toBeVisible();
    await expect(page.getByText(label(tokyoToday()))).toBeVisible();
    await chooseChild(page, '陽翔');

    // The sleep hour list opens at 21, the wake and temperature ones at 07.
    await page.getByRole('button', { name: '就寝時刻（時）' }).click();
    await expect(page.getByRole('option', { name: '21', exact: true })).toHaveAttribute('data-combobox-selected', 'true');
    await page.getByRole('option', { name: '21', exact: true }).click();
    await page.getByRole('button', { name: '就寝時刻（分）' }).click();
    await expect(page.getByRole('option', { name: '55', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: '03', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: '30', exact: true }).click();
    await page.getByRole('button', { name: '検温時刻（時）' }).click();
    await expect(page.getByRole('option', { name: '07', exact: true })).toHaveAttribute('data-combobox-selected', 'true');
    await page.keyboard.press('Escape');
    await pickTime(page, '起床時刻', '06', '45');
    await pickTime(page, '検温時刻', '07', '00');
    const temperature = page.getByLabel('体温');
    await expect(temperature.locator('option')).toHaveCount(72);
    await expect(temperature.locator('option').first()).toHaveText('未選択');
    await expect(temperature.locator('option').last()).toHaveText('42.0℃');
    await temperature.selectOption('36.8');
    await page.getByLabel('排便', { exact: true }).selectOption('普通');
    await page.getByLabel('前日の夕食').fill('ハンバーグとごはん');
    await page.getByLabel('連絡事項').fill('今日もよろしくお願いします。');
    await expect(page.getByText('14/500')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/communications-message.png', fullPage: true });

    await page.getByRole('button', { name: '確認する' }).click();
    await expect(page).toHaveURL(/\/communications\/message\/confirm/);
    await expect(page.getByRole('heading', { level: 1, name: '連絡帳の確認' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '21:30' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '36.8℃' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '今日もよろしくお願いします。' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/communications-confirm.png', fullPage: true });
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText(M.sent)).toBeVisible();
    await expect(page).toHaveURL(/\/communications\/message\?/);

    await expect(page.getByRole('button', { name: '送信済み' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '確認する' })).toHaveCount(0);
    // The sent entry is shown read-only, as on the confirm page.
    await expect(page.getByRole('cell', { name: '今日もよろしくお願いします。' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '21:30' })).toBeVisible();
    await expect(page.getByLabel('連絡事項')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: '送信済み' })).toBeDisabled();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/communications-sent.png', fullPage: true });
  });

  test('the next day: cannot be sent, a draft is saved and restored, and unsaved input asks before leaving', async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications/message');
    await chooseChild(page, '結衣');
    await page.getByRole('button', { name: '翌日' }).click();
    const tomorrow = shift(tokyoToday(), 1);
    await expect(page.getByText(label(tomorrow))).toBeVisible();
    await expect(page.getByText(M.nextDayNote)).toBeVisible();
    await expect(page.getByRole('button', { name: '確認する' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '翌日' })).toBeDisabled();

    await page.getByLabel('朝食').fill('おにぎりとみそ汁');
    await page.getByRole('button', { name: '一時保存' }).click();
    await expect(page.getByText(M.draftSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('朝食')).toHaveValue('おにぎりとみそ汁');

    await page.getByLabel('連絡事項').fill('まだ保存していない入力');
    await page.getByRole('button', { name: '前日' }).click();
    await expect(page.getByText(M.unsavedConfirm)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.getByText(label(tomorrow))).toBeVisible();
    await expect(page.getByLabel('連絡事項')).toHaveValue('まだ保存していない入力');
    await chooseChild(page, '陽翔');
    await expect(page.getByText(M.unsavedConfirm)).toBeVisible();
    await page.getByRole('button', { name: '決定' }).click();
    await expect(page.getByRole('radio', { name: '陽翔' })).toBeChecked();
    await expect(page.getByLabel('連絡事項')).toHaveValue('');
  });

  test('reports a sick absence for three dates with a symptom, then a pick-up change on that date is blocked', async ({
    page,
  }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    // Three consecutive days the schedule check allows (an open schedule window would refuse them).
    const existence = (await (await page.request.get('/api/children/existence')).json()) as {
      child_id: number;
      facility_name: string;
    }[];
    const haruto = existence.find((e) => e.facility_name === 'さくら保育園')!.child_id;
    const allowed = async (d: string) =>
      ((await (await page.request.get(`/api/children/checkTargetDate/${haruto}?target_date=${d}`)).json()) as { result: boolean })
        .result;
    let first = tokyoToday();
    for (
      let i = 0;
      i < 60 && !((await allowed(first)) && (await allowed(shift(first, 1))) && (await allowed(shift(first, 2))));
      i++
    )
      first = shift(first, 1);
    await page.goto(`/communications/absence?child=${haruto}&date=${first}`);
    await expect(page.getByRole('heading', { level: 1, name: '欠席連絡' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '陽翔' })).toBeChecked();
    await expect(page.locator('[data-qa="absence-first-date"]')).toHaveText(label(first));
    await page.getByRole('button', { name: '日付を追加' }).click();
    await page.getByRole('button', { name: '日付を追加' }).click();
    await page.getByRole('button', { name: '日付を追加' }).click();
    await expect(page.getByLabel('欠席日2', { exact: true })).toHaveValue(shift(first, 1));
    await expect(page.getByLabel('欠席日4', { exact: true })).toHaveValue(shift(first, 3));
    await page.getByRole('button', { name: '欠席日4を削除' }).click();
    await expect(page.getByLabel('欠席日4', { exact: true })).toHaveCount(0);

    await page.getByRole('radio', { name: '病気' }).check();
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText(M.diseaseRequired)).toBeVisible();
    await page.getByRole('checkbox', { name: '発熱' }).check();
    await page.getByLabel('備考').fill('熱が下がるまでお休みします');
    await expect(page.getByText('13/255')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/communications-absence.png', fullPage: true });
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText(M.absenceSent)).toBeVisible();
    // The form resets and the history reloads.
    await expect(page.getByLabel('備考')).toHaveValue('');
    await expect(page.getByLabel('欠席日2', { exact: true })).toHaveCount(0);
    const history = page.locator('[data-qa="history-item"]');
    for (const d of [first, shift(first, 1), shift(first, 2)])
      await expect(history.filter({ hasText: `${label(d)} 欠席` })).toContainText('発熱');

    await page.goto(`/communications/attendance?date=${shift(first, 1)}`);
    await expect(page.getByRole('heading', { level: 1, name: '登園・お迎え時間の変更' })).toBeVisible();
    await chooseChild(page, '陽翔');
    await expect(page.getByText(M.alreadyAbsent)).toBeVisible();
    await expect(page.getByRole('button', { name: '送信する' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('sends a pick-up time change and sees it in the history', async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications/attendance');
    await chooseChild(page, '結衣');
    await page.getByRole('radio', { name: 'お迎え時間' }).check();
    await page.getByRole('button', { name: 'お迎え時間（時）' }).click();
    await expect(page.getByRole('option', { name: '18', exact: true })).toHaveAttribute('data-combobox-selected', 'true');
    await page.getByRole('option', { name: '17', exact: true }).click();
    await page.getByRole('button', { name: 'お迎え時間（分）' }).click();
    await page.getByRole('option', { name: '45', exact: true }).click();
    await page.getByLabel('備考').fill('父が迎えに行きます');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/communications-attendance.png', fullPage: true });
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('登園・お迎え時間の変更を連絡しました')).toBeVisible();
    await expect(page.locator('[data-qa="history-item"]').first()).toContainText('お迎え時間：17:45');
    await expect(page.locator('[data-qa="history-item"]').first()).toContainText('未読');

    await page.getByRole('radio', { name: '登園時間' }).check();
    await page.getByRole('button', { name: '登園時間（時）' }).click();
    await expect(page.getByRole('option', { name: '09', exact: true })).toHaveAttribute('data-combobox-selected', 'true');
  });

  test('in the pool season the contact book asks about the pool (server clock set to July 15)', async ({ page, request }) => {
    // A family of its own: a contact book sent on a July day must not show up in the demo feed.
    const email = await createGuardian(request, 'pool');
    const year = tokyoToday().slice(0, 4);
    await createEnrolledChild(request, email, '海', 'うみ', `${year}-04-01`);
    await page.setExtraHTTPHeaders({ 'x-test-now': `${year}-07-15T01:00:00.000Z` });
    await login(page, email);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications/message');
    await expect(page.getByText(label(`${year}-07-15`))).toBeVisible();
    const pool = page.getByRole('radiogroup', { name: 'プール' });
    await expect(pool).toBeVisible();
    await pool.getByRole('radio', { name: '参加する' }).check();
    await page.getByRole('button', { name: '確認する' }).click();
    await expect(page.getByRole('row', { name: /プール/ })).toContainText('参加する');
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText(M.sent)).toBeVisible();
    await expect(page.getByRole('row', { name: /プール/ })).toContainText('参加する');
  });

  test('a read-only guardian sees the contact book but cannot send', async ({ page }) => {
    await login(page, DEMO.sub);
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/communications/attendance');
    await chooseChild(page, '陽翔');
    await expect(page.getByText(M.readOnly)).toBeVisible();
    await page.goto('/communications/message');
    await chooseChild(page, '陽翔');
    await expect(page.getByText(M.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: '一時保存' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
