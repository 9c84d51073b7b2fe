import iconv from 'iconv-lite';
import type { Page } from '@playwright/test';
import { addDays } from '@renraku/contract/dates';
import { childrenCsvColumns } from '@renraku/contract/staff';
import { NOW } from './clock';
import { DEMO_STAFF, expect, expectAccessible, expectTouchTargets, signIn, test, goToMenu } from './fixtures';

/**
 * The roster and staff screens (staff.md §3) as the demo director: a class, the CSV import (a bad
 * file writes nothing, the fixed one imports 20), a child's registration URL and its handout, a
 * guardian registering the child from the URL on a phone, the child form, and a staff invitation.
 */

const GUARDIAN = { email: 'hogosha@example.com', password: 'hoiku-demo-2026' } as const;

async function selectOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Each project (desktop, tablet) runs against the same server at the same time: its own names.
const FIRST_NAMES = [
  ['陽翔', 'はると'],
  ['蓮', 'れん'],
  ['湊', 'みなと'],
  ['蒼', 'あおい'],
  ['樹', 'いつき'],
  ['大和', 'やまと'],
  ['悠真', 'ゆうま'],
  ['朝陽', 'あさひ'],
  ['律', 'りつ'],
  ['新', 'あらた'],
  ['結菜', 'ゆいな'],
  ['陽葵', 'ひまり'],
  ['咲', 'さき'],
  ['紬', 'つむぎ'],
  ['芽依', 'めい'],
  ['葵', 'あおい'],
  ['澪', 'みお'],
  ['結衣', 'ゆい'],
  ['杏', 'あん'],
  ['花', 'はな'],
] as const;

function rosterOf(project: string) {
  const [lastName, lastKana] = project === 'tablet' ? ['田村', 'たむら'] : ['青木', 'あおき'];
  const className = project === 'tablet' ? 'そら組T' : 'そら組D';
  const children = FIRST_NAMES.map(([firstName, firstKana], i) => ({
    lastName,
    lastKana,
    firstName,
    firstKana,
    birth: addDays('2022-04-02', i * 9),
    sex: i < 10 ? '男' : '女',
  }));
  return { className, children };
}

/** The roster CSV in Shift_JIS, as Japanese Excel saves it; `badBirth` spoils the first row's birth date. */
function rosterCsv(roster: ReturnType<typeof rosterOf>, badBirth: boolean): Buffer {
  const rows = roster.children.map((child, i) => [
    child.lastName,
    child.firstName,
    child.lastKana,
    child.firstKana,
    i === 0 && badBirth ? '2022/2/30' : child.birth.replaceAll('-', '/'),
    child.sex,
    roster.className,
    '2026/4/1',
    '',
    i === 0 ? '卵・乳' : '',
    i === 0 ? '午睡はあおむけで見守る' : '',
  ]);
  const text = [childrenCsvColumns.join(','), ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n';
  const bytes = iconv.encode(text, 'Shift_JIS');
  // Every character above has a Shift_JIS code (no '?' stand-ins).
  expect(iconv.decode(bytes, 'Shift_JIS')).toBe(text);
  return bytes;
}

async function chooseCsv(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** The roster filtered to one class lists `count` children. */
async function expectRosterCount(page: Page, facilityId: number, className: string, count: number) {
  await page.goto(`/staff/f/${facilityId}/children`);
  await expect(heading(page, '園児一覧')).toBeVisible();
  await selectOption(page, 'クラス', className);
  await expect(page).toHaveURL(/[?&]class=\d+/);
  await expect(page.getByTestId('children-count')).toHaveText(`${className}：${count}人`);
}

test.describe.serial('the roster as the director', () => {
  // The CSV import and the A4 handout are staff-room work (staff.md §3 "desktop"); the tablet project
  // covers the roster's compact layout and forms in the tests below.
  // さくら保育園 is the first facility of the fresh e2e database.
  const facilityId = 1;
  let registrationPath = '';
  let childPath = '';
  let childBirth = '';

  test('a class, a bad CSV that writes nothing, the fixed CSV, a child’s registration URL and its handout', async ({ page }) => {
    test.skip(test.info().project.name !== 'desktop', 'CSV import and handouts are done on the desktop');
    const roster = rosterOf(test.info().project.name);
    await signIn(page, DEMO_STAFF.director);

    await test.step('add a class of this 年度', async () => {
      await page.goto(`/staff/f/${facilityId}/classes`);
      await expect(heading(page, 'クラス')).toBeVisible();
      await expect(page).toHaveTitle('クラス | れんらくノート 施設用');
      await expect(page.getByTestId('fiscal-year')).toHaveText('2026年度（今年度）');
      await expect(page.getByTestId('class-table')).toBeVisible();
      await expectAccessible(page);
      await expectTouchTargets(page);

      await page.getByRole('button', { name: 'クラスを追加' }).click();
      const dialog = page.getByRole('dialog', { name: 'クラスを追加' });
      await dialog.getByRole('button', { name: '追加する' }).click();
      await expect(dialog.getByText('クラス名を入力してください')).toBeVisible();
      await dialog.getByLabel('クラス名').fill(roster.className);
      await selectOption(page, '年齢', '3歳児');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: '追加する' }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByTestId('class-table').getByRole('row', { name: new RegExp(roster.className) });
      await expect(row).toContainText('3歳児');
      await expect(row).toContainText('0人');
    });

    await test.step('a CSV whose first row is bad: errors by line, nothing imported', async () => {
      await expectRosterCount(page, facilityId, roster.className, 0);
      await expectAccessible(page);
      await expectTouchTargets(page);
      await page.getByRole('link', { name: 'CSVで取り込む' }).click();
      await expect(heading(page, '園児の一括登録（CSV）')).toBeVisible();
      await expect(page.getByTestId('csv-columns')).toHaveText(childrenCsvColumns.join(','));

      await chooseCsv(page, 'roster-bad.csv', rosterCsv(roster, true));
      await expect(page.getByTestId('import-summary')).toHaveText(/20行のうち1行にエラーがあります/);
      await expect(page.getByTestId('import-encoding')).toHaveText('文字コード: Shift_JIS');
      const badRow = page.getByTestId('import-row-2');
      await expect(badRow).toHaveAttribute('data-invalid', 'true');
      await expect(badRow).toContainText('2行目');
      await expect(badRow).toContainText('生年月日：生年月日は正しい日付（例：2024-04-01）で入力してください');
      await expect(page.getByTestId('import-row-3')).not.toHaveAttribute('data-invalid');
      await expect(page.getByRole('button', { name: '取り込む' })).toBeDisabled();
      await expectAccessible(page);
      await expectTouchTargets(page);
      await expectRosterCount(page, facilityId, roster.className, 0);
    });

    await test.step('the fixed CSV imports 20 children', async () => {
      await page.getByRole('link', { name: 'CSVで取り込む' }).click();
      await chooseCsv(page, 'roster.csv', rosterCsv(roster, false));
      await expect(page.getByTestId('import-summary')).toHaveText(/すべての行を取り込めます（20人）/);
      await page.getByRole('button', { name: '取り込む' }).click();
      await expect(page.getByTestId('import-result')).toHaveText('20人の園児を登録しました。');
      await expectAccessible(page);
      await page.getByRole('link', { name: '園児一覧を見る' }).click();
      await expect(heading(page, '園児一覧')).toBeVisible();
      await expectRosterCount(page, facilityId, roster.className, 20);
    });

    const child = roster.children[0]!;
    childBirth = child.birth;
    await test.step('the child’s record: allergies and care notes set apart', async () => {
      await page
        .getByTestId('children-table')
        .getByRole('link', { name: new RegExp(`${child.lastName} ${child.firstName}$`) })
        .click();
      await expect(heading(page, `${child.lastName} ${child.firstName}`)).toBeVisible();
      const careNotes = page.getByRole('region', { name: /アレルギー・配慮事項/ });
      await expect(careNotes).toContainText('卵・乳');
      await expect(careNotes).toContainText('午睡はあおむけで見守る');
      await expect(page.getByText('紐付けられた保護者はいません。')).toBeVisible();
      await expectAccessible(page);
      await expectTouchTargets(page);
      childPath = new URL(page.url()).pathname;
    });

    await test.step('issue the registration URL and open the handout', async () => {
      await page.getByRole('button', { name: '登録用URLを発行' }).click();
      const urlField = page.getByRole('textbox', { name: '登録用URL' });
      await expect(urlField).toHaveValue(/\/children\/register\/\d+\/[\w-]+$/);
      const url = await urlField.inputValue();
      registrationPath = new URL(url).pathname;
      await expect(page.getByTestId('registration-expiry')).toHaveText('有効期限: 2026/07/10 10:00まで');
      await expectAccessible(page);

      await page.getByRole('link', { name: '案内を印刷' }).click();
      await expect(heading(page, '登録の案内')).toBeVisible();
      const sheet = page.getByTestId('handout-sheet');
      await expect(sheet).toContainText('さくら保育園');
      await expect(sheet).toContainText(`${child.lastName} ${child.firstName} さんの保護者の方へ`);
      await expect(sheet).toContainText(
        'スマートフォンでQRコードを読み取り、はいチーズ！IDでログインして、お子さまの生年月日を入力してください。',
      );
      await expect(page.getByTestId('handout-url')).toHaveText(url);
      await expect(page.getByTestId('handout-expiry')).toHaveText('有効期限: 2026年7月10日(金) 10:00まで');
      const qr = sheet.getByRole('img', { name: '登録用URLのQRコード' });
      await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectAccessible(page);
      await expectTouchTargets(page);

      // Printed: the sheet only, without the app's header, menu and toolbar.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeHidden();
      await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
      await expect(sheet).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      await page.getByRole('button', { name: '印刷する' }).click();
      await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

      // A reload keeps the URL (the tab's history state); the URL is never fetched again.
      await page.reload();
      await expect(page.getByTestId('handout-url')).toHaveText(url);
    });
  });

  test('a guardian registers the child from the URL on a phone; the staff see the link', async ({ browser, page }) => {
    test.skip(test.info().project.name !== 'desktop', 'follows the desktop’s handout');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.clock.install({ time: NOW });
    const guardian = await phone.newPage();
    try {
      await guardian.goto('/login');
      await guardian.getByLabel('メールアドレス').fill(GUARDIAN.email);
      await guardian.getByRole('textbox', { name: 'パスワード', exact: true }).fill(GUARDIAN.password);
      await guardian.getByRole('button', { name: 'ログイン' }).click();
      await expect(guardian).toHaveURL(/\/main$/);

      await guardian.goto(registrationPath);
      await expect(guardian.getByRole('heading', { name: 'お子さま登録' })).toBeVisible();
      const birth = guardian.getByLabel('お子さまの生年月日');
      await birth.pressSequentially(childBirth.replaceAll('-', ''));
      await expect(birth).toHaveValue(childBirth);
      await guardian.getByRole('button', { name: '登録する' }).click();
      await expect(guardian.getByText('登録完了')).toBeVisible();
    } finally {
      await phone.close();
    }

    await signIn(page, DEMO_STAFF.director);
    await page.goto(childPath);
    const linked = page.getByTestId('linked-guardians');
    await expect(linked.getByRole('row', { name: new RegExp(GUARDIAN.email) })).toBeVisible();
    await expect(page.getByTestId('registration-status')).toHaveText('発行した登録用URLは使用済みです。');
    await expectAccessible(page);

    // 「紐付けを解除」 asks first, naming the guardian.
    await linked.getByRole('button', { name: /さんの紐付けを解除$/ }).click();
    const question = page.getByRole('dialog', { name: '保護者の紐付けを解除' });
    await expect(question).toContainText(`（${GUARDIAN.email}）とこの園児の紐付けを解除しますか？`);
    await question.getByRole('button', { name: '紐付けを解除する' }).click();
    await expect(page.getByText('保護者の紐付けを解除しました')).toBeVisible();
    await expect(page.getByText('紐付けられた保護者はいません。')).toBeVisible();
  });
});

test('the director registers a child by the form: the server’s own check shows under its field', async ({ page }) => {
  const project = test.info().project.name;
  const [lastName, lastKana] = project === 'tablet' ? ['森', 'もり'] : ['林', 'はやし'];
  await signIn(page, DEMO_STAFF.director);
  await page.goto('/staff/f/1/children');
  await page.getByRole('button', { name: '園児を登録' }).click();
  const dialog = page.getByRole('dialog', { name: '園児を登録' });
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByText('姓を入力してください')).toBeVisible();
  await expect(dialog.getByText('性別を選択してください')).toBeVisible();

  await dialog.getByRole('textbox', { name: '姓', exact: true }).fill(lastName);
  await dialog.getByRole('textbox', { name: '名', exact: true }).fill('さくら');
  await dialog.getByRole('textbox', { name: 'せい（ひらがな）' }).fill(lastKana);
  await dialog.getByRole('textbox', { name: 'めい（ひらがな）' }).fill('さくら');
  // A birth date after today: only the server knows the day, so its message comes back for the field.
  await dialog.getByRole('textbox', { name: '生年月日' }).fill('2026-12-01');
  await selectOption(page, '性別', '女');
  await dialog.getByRole('textbox', { name: 'アレルギー' }).fill('そば');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('入力内容に誤りがあります');
  const birth = dialog.getByRole('textbox', { name: '生年月日' });
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('生年月日に未来の日付は指定できません')).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);

  await birth.fill('2023-05-05');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(heading(page, `${lastName} さくら`)).toBeVisible();
  await expect(page.getByRole('region', { name: /アレルギー・配慮事項/ })).toContainText('そば');
});

test('the director invites a staff member, who shows in the list as invited', async ({ page }) => {
  // Three axe runs; one outlasted 90 s on the 2-core machine under load.
  test.slow();
  const project = test.info().project.name;
  const email = `invite-${project}-${Date.now()}@example.com`;
  await signIn(page, DEMO_STAFF.director);
  await page.goto('/staff/f/1');
  await goToMenu(page, '職員');
  await expect(heading(page, '職員')).toBeVisible();
  const table = page.getByTestId('member-table');
  await expect(table.getByRole('row', { name: /enchou@example\.com/ })).toContainText('園長');
  await expectAccessible(page);
  await expectTouchTargets(page);

  await page.getByRole('button', { name: '職員を招待' }).click();
  const dialog = page.getByRole('dialog', { name: '職員を招待' });
  await dialog.getByRole('button', { name: '招待する' }).click();
  await expect(dialog.getByText('メールアドレスを入力してください')).toBeVisible();
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByLabel('お名前').fill(`招待 ${project}`);
  await selectOption(page, '役割', '保育士');
  // The period as people read it: its start, then its end.
  const labels = (await dialog.locator('label').allTextContents()).map((l) => l.replace(/\s*\*$/, ''));
  expect(labels.indexOf('所属開始日')).toBeGreaterThan(-1);
  expect(labels.indexOf('所属開始日')).toBeLessThan(labels.indexOf('所属終了日'));
  await page.getByRole('combobox', { name: '担当クラス' }).click();
  await page.getByRole('option', { name: 'ひよこ組', exact: true }).click();
  // Away from the field: its list closes (Escape would close the dialog).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '招待する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('招待メールを送信しました')).toBeVisible();

  const row = table.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
  await expect(row).toContainText(`招待 ${project}`);
  await expect(row).toContainText('保育士');
  await expect(row).toContainText('ひよこ組');
  await expect(row).toContainText('在籍中');
  await expect(row).toContainText('パスワード未設定');

  // The invitation was a mistake: its membership ends (from the edit dialog, after a question).
  await row.getByRole('button', { name: `招待 ${project}さんを編集` }).click();
  const edit = page.getByRole('dialog', { name: `招待 ${project}さんを編集` });
  await expect(edit.getByRole('combobox', { name: '役割' })).toHaveValue('保育士');
  await expectAccessible(page);
  await expectTouchTargets(page);
  await edit.getByRole('button', { name: '所属を終了' }).click();
  const question = page.getByRole('dialog', { name: '所属を終了' });
  await expect(question).toContainText(`招待 ${project}さんの所属を終了しますか？`);
  await question.getByRole('button', { name: '所属を終了する' }).click();
  await expect(page.getByText('所属を終了しました')).toBeVisible();
  await expect(row).toContainText('所属終了');
  await expect(row.getByRole('button')).toHaveCount(0);
  // Ended on the day it began: no 「6/10 〜 6/9」, the period says what happened.
  await expect(row).toContainText('開始前に終了');
  await expect(row).not.toContainText('〜');
});

test('the roster is searched by name or kana, and fits an upright tablet without sideways scrolling', async ({ page }) => {
  await signIn(page, DEMO_STAFF.director);
  await page.goto('/staff/f/1/children');
  await expect(heading(page, '園児一覧')).toBeVisible();
  const table = page.getByTestId('children-table');
  await expect(table.getByRole('link', { name: /佐藤 蒼太/ })).toBeVisible();
  const search = page.getByRole('searchbox', { name: '名前・ふりがなで検索' });
  // Katakana and a full-width space find the hiragana kana.
  await search.fill('ヤマダ　ハルト');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('children-count')).toHaveText('すべてのクラス・「ヤマダ　ハルト」で検索：1人');
  await expect(table.getByRole('link')).toHaveText([/山田 陽翔/]);
  // The name in kanji too.
  await search.fill('佐藤');
  await expect(table.getByRole('link', { name: /佐藤 蒼太/ })).toBeVisible();
  await expect(table.getByRole('link', { name: /山田 陽翔/ })).toHaveCount(0);
  await search.fill('該当しない名前');
  await expect(page.getByText('該当する園児はいません。')).toBeVisible();
  await expectAccessible(page);

  // The class tablet upright: four columns, the page never scrolls sideways.
  await search.fill('');
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(table).toHaveAttribute('data-layout', 'compact');
  await expect(table.getByRole('columnheader')).toHaveText(['名前・生年月日', 'クラス', '状態・在籍期間', '保護者']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const box = await table.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(768);
  await page.screenshot({ path: test.info().outputPath('roster-768.png'), fullPage: true });
  await expectAccessible(page);
  await expectTouchTargets(page);
});
