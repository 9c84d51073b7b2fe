import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test, xsrfHeaders, goToMenu } from './fixtures';

/**
 * 行事予定 (staff.md §5): a director adds a facility event with details, the guardians of the
 * facility see it in their calendar, then edits and deletes it; a class staff member may write for
 * their own class only. Each project writes its own event names (both may run at once).
 */
const GUARDIAN = { email: 'hogosha@example.com', password: 'hoiku-demo-2026' };

test('a director adds, edits and deletes an event that the guardians’ calendar shows', async ({ page, request }) => {
  // A long path (three dialogs, four axe runs and the guardian's calendar): more than the default.
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const name = `夏祭り ${project}`;
  const director = await createStaff(request, 'events', { role: 'director' });
  await signIn(page, director.email);
  await goToMenu(page, '行事予定');
  await expect(page.getByRole('heading', { level: 1, name: '行事予定' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2026年6月' })).toBeVisible();
  await page.getByRole('button', { name: '次の月' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '2026年7月' })).toBeVisible();
  await expect(page).toHaveURL(/month=2026-07/);
  await expectAccessible(page);

  await page.getByRole('button', { name: '行事を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '行事の追加' });
  await expect(dialog.getByLabel('日付')).toHaveValue('2026-07-01');
  await expect(dialog.getByLabel('対象')).toHaveValue('');
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(dialog.getByText('行事名を入力してください')).toBeVisible();
  await dialog.getByLabel('日付').fill('2026-07-18');
  await dialog.getByLabel('行事名').fill(name);
  await dialog.getByLabel('詳細').fill('浴衣での参加も歓迎です。16時から');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await dialog.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('行事を追加しました')).toBeVisible();
  const row = page.getByTestId('event-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('7月18日(土)');
  await expect(row).toContainText('施設全体');
  await expect(row).toContainText('浴衣での参加も歓迎です。16時から');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-events-${project}.png`, fullPage: true });

  // The main guardian of 陽翔 (さくら保育園) sees it on the 18th of their calendar.
  const login = await request.post('/api/login', { data: GUARDIAN, headers: await xsrfHeaders(request) });
  expect(login.status()).toBe(200);
  const viewable = (await (await request.get('/api/events/children/viewable')).json()) as { id: number; first_name: string }[];
  const haruto = viewable.find((c) => c.first_name === '陽翔')!;
  const julyNames = async () => {
    const calendar = (await (await request.get(`/api/children/${haruto.id}/events?date=2026-07`)).json()) as Record<
      string,
      { events: { name: string }[] }
    >;
    return calendar['2026-07-18']!.events.map((e) => e.name);
  };
  expect(await julyNames()).toContain(name);

  await row.getByRole('button', { name: `「${name}」を編集` }).click();
  const edit = page.getByRole('dialog', { name: '行事の変更' });
  await expect(edit.getByLabel('行事名')).toHaveValue(name);
  await edit.getByLabel('行事名').fill(`${name}（雨天中止）`);
  await edit.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('行事を変更しました')).toBeVisible();
  await expect(page.getByTestId('event-table')).toContainText(`${name}（雨天中止）`);
  expect(await julyNames()).toContain(`${name}（雨天中止）`);

  await page.getByRole('button', { name: `「${name}（雨天中止）」を削除` }).click();
  await page.getByRole('dialog', { name: '行事の削除' }).getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('行事を削除しました')).toBeVisible();
  await expect(page.getByText(`${name}（雨天中止）`)).toHaveCount(0);
  expect(await julyNames()).not.toContain(`${name}（雨天中止）`);
});

test('a class staff member writes only for their own class', async ({ page }) => {
  // The demo 保育士 of ひよこ組.
  await signIn(page, 'hoikushi@example.com');
  await goToMenu(page, '行事予定');
  await page.getByRole('button', { name: '行事を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '行事の追加' });
  const options = await dialog.getByLabel('対象').locator('option').allTextContents();
  expect(options).toEqual(['ひよこ組']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toHaveCount(0);
});
