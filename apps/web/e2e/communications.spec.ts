import type { Page } from '@playwright/test';
import { TODAY, YEAR, dayLabel as label, shiftDate as shift } from './clock';
import { createChild, createEnrolledChild, createGuardian, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

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

/** A guardian of its own with enrolled children of its own: what a test sends never reaches the demo family. */
async function family(request: Parameters<typeof createGuardian>[0], prefix: string, ...names: [string, string][]) {
  const email = await createGuardian(request, prefix);
  const children = [];
  for (const [firstName, firstNameKana] of names)
    children.push(await createChild(request, { mainEmail: email, firstName, firstNameKana }));
  return { email, childIds: children.map((c) => c.child_id) };
}

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
    await signIn(page);
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

  test("fills and sends today's contact book through the confirm page; then it is read-only", async ({ page, request }) => {
    const { email } = await family(request, 'contact', ['連絡', 'れんらく']);
    await signIn(page, email);
    await page.goto('/communications/message');
    await expect(page.getByRole('heading', { level: 1, name: '連絡帳' })).toBeVisible();
    await expect(page.getByText(label(TODAY))).toBeVisible();

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

  test('the next day: cannot be sent, a draft is saved and restored, and unsaved input asks before leaving', async ({
    page,
    request,
  }) => {
    const { email } = await family(request, 'nextday', ['一花', 'いちか'], ['双葉', 'ふたば']);
    await signIn(page, email);
    await page.goto('/communications/message');
    await chooseChild(page, '双葉');
    await expect(page.getByRole('radio', { name: '双葉' })).toBeChecked();
    await page.getByRole('button', { name: '翌日' }).click();
    const tomorrow = shift(TODAY, 1);
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
    const discard = page.getByRole('dialog', { name: '入力内容の破棄' });
    await expect(discard.getByText(M.unsavedConfirm)).toBeVisible();
    await expectAccessible(page);
    await discard.getByRole('button', { name: 'キャンセル' }).click();
    await expect(discard).toHaveCount(0);
    await expect(page.getByText(label(tomorrow))).toBeVisible();
    await expect(page.getByLabel('連絡事項')).toHaveValue('まだ保存していない入力');
    await chooseChild(page, '一花');
    await expect(discard.getByText(M.unsavedConfirm)).toBeVisible();
    await discard.getByRole('button', { name: '決定' }).click();
    await expect(page.getByRole('radio', { name: '一花' })).toBeChecked();
    await expect(page.getByLabel('連絡事項')).toHaveValue('');
  });

  test('reports a sick absence for three dates with a symptom, then a pick-up change on that date is blocked', async ({
    page,
    request,
  }) => {
    const {
      email,
      childIds: [child],
    } = await family(request, 'absence', ['花子', 'はなこ']);
    await signIn(page, email);
    // Three consecutive days the schedule check allows (an open schedule window would refuse them).
    const allowed = async (d: string) =>
      ((await (await page.request.get(`/api/children/checkTargetDate/${child}?target_date=${d}`)).json()) as { result: boolean })
        .result;
    let first = TODAY;
    for (
      let i = 0;
      i < 60 && !((await allowed(first)) && (await allowed(shift(first, 1))) && (await allowed(shift(first, 2))));
      i++
    )
      first = shift(first, 1);
    await page.goto(`/communications/absence?child=${child}&date=${first}`);
    await expect(page.getByRole('heading', { level: 1, name: '欠席連絡' })).toBeVisible();
    await expect(page.getByText('花子', { exact: true })).toBeVisible();
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
    await expect(page.getByText(M.alreadyAbsent)).toBeVisible();
    await expect(page.getByRole('button', { name: '送信する' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('sends a pick-up time change and sees it in the history', async ({ page, request }) => {
    const { email } = await family(request, 'pickup', ['迎え', 'むかえ']);
    await signIn(page, email);
    await page.goto('/communications/attendance');
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
    await createEnrolledChild(request, email, '海', 'うみ', `${YEAR}-04-01`);
    // The server's clock and the browser's, both on that morning.
    const poolDay = `${YEAR}-07-15T10:00:00+09:00`;
    await page.setExtraHTTPHeaders({ 'x-test-now': poolDay });
    await page.clock.setSystemTime(new Date(poolDay));
    await signIn(page, email);
    await page.goto('/communications/message');
    await expect(page.getByText(label(`${YEAR}-07-15`))).toBeVisible();
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
    await signIn(page, DEMO.sub);
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
