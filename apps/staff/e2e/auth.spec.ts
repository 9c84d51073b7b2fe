import { addDays as shiftDay } from '@renraku/contract/dates';
import { TODAY } from './clock';
import {
  DEMO_STAFF,
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  signIn,
  submitLogin,
  test,
  totpCode,
  goToMenu,
  openMenu,
} from './fixtures';

test.describe('staff sign-in', () => {
  test('the login page passes axe; a wrong password shows the server’s message', async ({ page }) => {
    await page.goto('/staff/login');
    await expect(page).toHaveTitle('ログイン | れんらくノート 施設用');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('施設スタッフ ログイン');
    await expectAccessible(page);
    await expectTouchTargets(page);

    await submitLogin(page, DEMO_STAFF.director, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText(
      'IDまたはパスワードが正しくありません. ログインには【はいチーズ！ID】の登録が必要となります',
    );
    await expect(page).toHaveURL(/\/staff\/login$/);
    await expectAccessible(page);
  });

  test('the demo director signs in to the facility’s home, with the director’s menu', async ({ page }) => {
    // さくら保育園 is the first facility of the fresh e2e database.
    await page.goto('/staff/f/1/audit?date=2026-06-10');
    // The guard keeps where the visitor wanted to go.
    await expect(page).toHaveURL(/\/staff\/login\?next=%2Ff%2F1%2Faudit%3Fdate%3D2026-06-10$/);
    await submitLogin(page, DEMO_STAFF.director);
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/f\/1\/audit\?date=2026-06-10$/);
    await expect(page.getByTestId('staff-name')).toHaveText(DEMO_STAFF.directorName);
    const menu = await openMenu(page);
    await expect(menu.getByRole('link')).toHaveText([
      'ホーム',
      '連絡',
      'クラスボード',
      '連絡帳記入',
      '写真',
      '身体測定',
      '午睡チェック',
      '計画・記録',
      '配置・勤怠',
      'わたしの勤務',
      'クラス',
      '園児',
      'お知らせ',
      '行事予定',
      '登園予定',
      '請求',
      '端末',
      '監査ログ',
      '職員',
      '施設設定',
      '計画・記録の様式',
      '設定',
    ]);
    await menu.getByRole('link', { name: 'ホーム' }).click();
    await expect(page.getByTestId('facility-name')).toHaveText('さくら保育園');
    await expect(page.getByText('あなたの役割: 園長')).toBeVisible();
  });

  test('class staff and office see the menu of their role', async ({ page, request }) => {
    const classStaff = await createStaff(request, 'hoikushi', { role: 'class_staff' });
    await signIn(page, classStaff.email);
    const menu = await openMenu(page);
    await expect(menu.getByRole('link')).toHaveText([
      'ホーム',
      '連絡',
      'クラスボード',
      '連絡帳記入',
      '写真',
      '身体測定',
      '午睡チェック',
      '計画・記録',
      '配置・勤怠',
      'わたしの勤務',
      'クラス',
      '園児',
      'お知らせ',
      '行事予定',
      '登園予定',
      '設定',
    ]);
    await page.goto(`/staff/f/${classStaff.facilityId}/audit`);
    await expect(page.getByRole('heading', { level: 1, name: '権限がありません' })).toBeVisible();
    await page.getByRole('button', { name: 'ログアウト' }).click();

    const office = await createStaff(request, 'jimu', { role: 'office' });
    await signIn(page, office.email);
    await openMenu(page);
    await expect(menu.getByRole('link')).toHaveText([
      'ホーム',
      '要録の入所記録',
      '配置・勤怠',
      'わたしの勤務',
      'クラス',
      '園児',
      'お知らせ',
      '行事予定',
      '登園予定',
      '請求',
      '設定',
    ]);
    await expect(page.getByText('あなたの役割: 事務')).toBeVisible();
  });

  test('a director enrols 2FA in the settings, signs out, and signs in again with a code', async ({ page, request }) => {
    const director = await createStaff(request, 'totp');
    await signIn(page, director.email);
    await goToMenu(page, '設定', true);
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    await page.getByRole('button', { name: '設定を始める' }).click();
    await expect(page.getByRole('img', { name: '二段階認証の設定用QRコード' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page);

    await page.getByLabel('確認コード（6桁）').fill(totpCode(secret));
    await page.getByRole('button', { name: '有効にする' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(page.getByText('回復コードはこの画面でしか表示されません', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: '保管しました' }).click();
    await expect(page.getByRole('region', { name: '二段階認証' }).getByText('有効', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '施設スタッフ ログイン' })).toBeVisible();
    await page.goto(`/staff/f/${director.facilityId}`);
    await expect(page).toHaveURL(/\/staff\/login\?next=/);

    await submitLogin(page, director.email);
    await expect(page.getByRole('heading', { level: 1, name: '二段階認証' })).toBeVisible();
    await page.getByLabel('確認コード').fill('abcd-0000');
    await page.getByRole('button', { name: '確認' }).click();
    await expect(page.getByRole('alert')).toHaveText('確認コードが正しくありません');
    // The code of the next 30-second step: the one used for the enrolment is taken.
    await page.getByLabel('確認コード').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: '確認' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/staff/f/${director.facilityId}$`));
    await expect(page.getByTestId('staff-name')).toHaveText(director.name);
  });
});

test.describe('audit log', () => {
  test('a director finds their own PIN change by person and day and downloads the CSV', async ({ page, request }) => {
    const director = await createStaff(request, 'audit');
    await signIn(page, director.email);
    await goToMenu(page, '設定', true);
    await page.getByLabel('新しいPIN（4桁の数字）').fill('2468');
    await page.getByLabel('新しいPIN（確認）').fill('2468');
    await page.getByRole('button', { name: 'PINを保存' }).click();
    await expect(page.getByText('PINを設定しました')).toBeVisible();

    await goToMenu(page, '監査ログ');
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    const table = page.getByTestId('audit-table');
    await expect(table.getByRole('row').filter({ hasText: director.name }).first()).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    // The person filter offers the names seen in the log.
    await page.getByRole('combobox', { name: '職員' }).fill(director.name);
    await page.getByRole('option', { name: new RegExp(director.name) }).click();
    await page.getByLabel('日付').fill(TODAY);
    await page.getByRole('button', { name: '絞り込む' }).click();
    await expect(page).toHaveURL(new RegExp(`user_id=${director.id}&date=${TODAY}$`));
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell')).toHaveText([
      new RegExp(`^${TODAY.replaceAll('-', '/')} \\d\\d:\\d\\d:\\d\\d$`),
      new RegExp(director.name),
      '—',
      'PINの設定',
      '—',
      /\S+/,
    ]);
    await expect(page.getByText('全1件（1〜1件目）')).toBeVisible();
    await expectAccessible(page);

    const csv = page.getByRole('link', { name: 'CSVダウンロード' });
    const href = await csv.getAttribute('href');
    expect(href).toBe(`/api/staff/facilities/${director.facilityId}/audit.csv?user_id=${director.id}&date=${TODAY}`);
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('PINの設定');

    // Another day: nothing.
    await page.getByLabel('日付').fill(shiftDay(TODAY, -1));
    await page.getByRole('button', { name: '絞り込む' }).click();
    await expect(page.getByText('条件に合う記録はありません。')).toBeVisible();
    await page.getByRole('button', { name: '条件をクリア' }).click();
    await expect(page).toHaveURL(/\/audit$/);
  });

  test('a director pages through more than one page of the log', async ({ page, request }) => {
    const director = await createStaff(request, 'audit-pages');
    await signIn(page, director.email);
    // 55 reads of a child's record, each audited under the director's name (the page's own cookies).
    const child = (await (await page.request.get(`/api/staff/facilities/${director.facilityId}/children`)).json())[0] as {
      id: number;
    };
    for (let i = 0; i < 55; i++) expect((await page.request.get(`/api/staff/children/${child.id}`)).status()).toBe(200);

    await page.goto(`/staff/f/${director.facilityId}/audit?user_id=${director.id}`);
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    const table = page.getByTestId('audit-table');
    await expect(page.getByText('全55件（1〜50件目）')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(51);
    await expectAccessible(page);
    await expectTouchTargets(page);
    await page.getByRole('button', { name: '2ページ目' }).click();
    await expect(page).toHaveURL(new RegExp(`user_id=${director.id}&page=2$`));
    await expect(page.getByText('全55件（51〜55件目）')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table.getByRole('row').nth(1)).toContainText('園児情報の閲覧');
    await page.getByRole('button', { name: '前のページ' }).click();
    await expect(page.getByText('全55件（1〜50件目）')).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });
});
