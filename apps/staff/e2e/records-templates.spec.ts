import type { Locator, Page } from '@playwright/test';
import { createStaff, expect, expectAccessible, goToMenu, onTablet, signIn, test, xsrfHeaders } from './fixtures';

/**
 * 計画・記録の様式と年度更新 (records.md §2, §7; issue 32): the 園長 edits the facility's 日案
 * template on the desktop (rename, a tick list of the 10の姿, reorder, remove) and saves it as a new
 * version; then starts next 年度's 年間指導計画 of a new class from this year's plan of the class of
 * the same age, after a confirm; drags fields and sections of the 週案 by their handles with the
 * mouse and the keyboard. A desktop screen: the tablet projects skip it.
 */
test.beforeEach(() => {
  test.skip(onTablet(), 'the templates and the 年度更新 are the desktop’s work (園長, 法人管理者)');
});

test('the 園長 edits the 日案 template and saves a new version', async ({ page, request }) => {
  const director = await createStaff(request, 'templates', { role: 'director' });
  await signIn(page, director.email);
  await goToMenu(page, '計画・記録の様式');
  await expect(page.getByRole('heading', { level: 1, name: '計画・記録の様式と年度更新' })).toBeVisible();
  await page.getByRole('combobox', { name: '様式の種類' }).click();
  await page.getByRole('option', { name: '日案', exact: true }).click();
  await expect(page.getByText('初期の様式です（まだ変更していません）。', { exact: false })).toBeVisible();

  // Rename the first section, add a tick list of the 10の姿 to it.
  const first = page.getByRole('textbox', { name: '欄の見出し' }).first();
  await expect(first).toHaveValue('ねらい');
  await first.fill('本日のねらい');
  await page.getByRole('button', { name: '欄「本日のねらい」に項目を追加' }).click();
  const added = page.getByRole('textbox', { name: '項目名' }).nth(1);
  await added.fill('育ってほしい姿');
  await page.getByRole('combobox', { name: '種類', exact: true }).nth(1).click();
  await page.getByRole('option', { name: /チェック欄/ }).click();
  await page.getByRole('combobox', { name: 'チェックする一覧' }).click();
  await page.getByRole('option', { name: '幼児期の終わりまでに育ってほしい姿（10の姿）' }).click();
  await expect(page.getByText('健康な心と体・自立心・協同性', { exact: false })).toBeVisible();
  // 評価・反省 up one place; the new field first in its section.
  await page.getByRole('button', { name: '欄「評価・反省」を上へ' }).click();
  await page.getByRole('button', { name: '「育ってほしい姿」を上へ' }).click();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-records-templates.png', fullPage: true });

  await page.getByRole('button', { name: '様式を保存' }).click();
  await expect(page.getByText('様式を保存しました（新しい版）')).toBeVisible();
  // 第1版, or 第2版 when another spec's first 日案 copied the shipped default in first (version 1).
  await expect(page.getByText(/第[12]版（/)).toBeVisible();

  // As saved, after a reload.
  await page.reload();
  await page.getByRole('combobox', { name: '様式の種類' }).click();
  await page.getByRole('option', { name: '日案', exact: true }).click();
  await expect(page.getByText(/第[12]版（/)).toBeVisible();
  const titles = page.getByRole('textbox', { name: '欄の見出し' });
  await expect(titles).toHaveCount(3);
  expect(await titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    '本日のねらい',
    '評価・反省',
    '一日の流れ',
  ]);
  await expect(page.getByRole('textbox', { name: '項目名' }).first()).toHaveValue('育ってほしい姿');
  // A saved field keeps its type.
  await expect(page.getByRole('combobox', { name: '種類', exact: true }).first()).toBeDisabled();
});

/** The fields' names section by section, as the editor shows them (each field's first input: 項目名). */
const layoutOf = (page: Page) =>
  page
    .locator('[data-testid^="section-"]')
    .evaluateAll((sections) =>
      sections.map((s) => [...s.querySelectorAll('[data-testid^="field-"]')].map((f) => f.querySelector('input')!.value)),
    );

/** Drags a handle with the mouse to the middle of `target`, in small steps (the pointer sensor starts after 5 px). */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 25 });
  // Where it lands once the lists made room: the target's upper third, read after the lists' move
  // animation has ended (its box unchanged between two reads). Its middle, read mid-animation, was
  // sometimes below the target's centre on CI, and the item went after it.
  let settled = (await target.boundingBox())!;
  await expect(async () => {
    const before = settled;
    await page.waitForTimeout(100);
    settled = (await target.boundingBox())!;
    expect([settled.x, settled.y]).toEqual([before.x, before.y]);
  }).toPass({ timeout: 5_000 });
  await page.mouse.move(settled.x + settled.width / 2, settled.y + settled.height / 3, { steps: 5 });
  await page.mouse.up();
}

/**
 * One arrow press. dnd-kit's keyboard sensor adds its arrow listener from a timer set on pick-up
 * (KeyboardSensor.attach) and measures the places after the pick-up's render, so a press before
 * both is lost; pressing again when the answer was only slow moved twice on a loaded machine (CI).
 * So: two frames and a turn of the page's timers, then one press.
 */
async function stepWithKeyboard(page: Page, key: 'ArrowUp' | 'ArrowDown') {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
  await page.keyboard.press(key);
}

/** Moves by keyboard: Space on the handle picks it up, `key` once, Space drops; each step once the live region says it. */
async function moveWithKeyboard(page: Page, handle: Locator, name: string, key: 'ArrowUp' | 'ArrowDown', place: string) {
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`${name}を持ち上げました`);
  await stepWithKeyboard(page, key);
  await expect(announced).toHaveText(`${name}を${place}に移動しました。`);
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`${name}を${place}に置きました。`);
}

test('the 園長 drags the 週案’s fields and sections by mouse and keyboard; the new version keeps the order', async ({
  page,
  request,
}) => {
  const director = await createStaff(request, 'templates-dnd', { role: 'director' });
  await signIn(page, director.email);
  await page.goto(`/staff/f/${director.facilityId}/records/setup`);
  const choose = async (first: string) => {
    await page.getByRole('combobox', { name: '様式の種類' }).click();
    await page.getByRole('option', { name: '週案', exact: true }).click();
    await expect(page.getByRole('textbox', { name: '欄の見出し' }).first()).toHaveValue(first);
  };
  await choose('今週のねらい');
  await page.getByRole('button', { name: '欄「今週のねらい」に項目を追加' }).click();
  await page.getByRole('textbox', { name: '項目名' }).nth(1).fill('行事');
  expect(await layoutOf(page)).toEqual([['ねらい', '行事'], ['曜日ごとの計画'], ['評価・反省']]);

  // The mouse: 行事 down past the 表 into 評価・反省, in its place (the first).
  const handle = page.getByRole('button', { name: '項目「行事」を並べ替える' });
  await expect(handle).toHaveAttribute('aria-roledescription', '並べ替えできる項目');
  await dragWithMouse(page, handle, page.getByTestId('field-evaluation'));
  await expect.poll(() => layoutOf(page)).toEqual([['ねらい'], ['曜日ごとの計画'], ['行事', '評価・反省']]);

  // The only field of 今週のねらい may not leave it: said so; Esc puts everything back.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: '項目「ねらい」を並べ替える' }).focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText('項目「ねらい」を持ち上げました（欄「今週のねらい」の1番目）');
  await stepWithKeyboard(page, 'ArrowDown');
  await expect(announced).toHaveText('項目「ねらい」は欄「曜日ごとの計画」に移せません（欄には項目が1つ以上必要です）。');
  await page.keyboard.press('Escape');
  await expect(announced).toHaveText('並べ替えを取り消しました。項目「ねらい」は元の場所に戻りました。');
  expect(await layoutOf(page)).toEqual([['ねらい'], ['曜日ごとの計画'], ['行事', '評価・反省']]);

  // The keyboard: 行事 up into 曜日ごとの計画, in the 表's place (the 表 keeps its rows and columns).
  await moveWithKeyboard(page, handle, '項目「行事」', 'ArrowUp', '欄「曜日ごとの計画」の1番目');
  expect(await layoutOf(page)).toEqual([['ねらい'], ['行事', '曜日ごとの計画'], ['評価・反省']]);
  await expect(page.getByTestId('field-days').getByRole('textbox', { name: '列（1行に1つ）' })).toHaveValue(
    '活動\n環境構成\n援助',
  );
  // A section by keyboard: 評価・反省 first.
  const evaluation = page.getByRole('button', { name: '欄「評価・反省」を並べ替える' });
  await moveWithKeyboard(page, evaluation, '欄「評価・反省」', 'ArrowUp', '2番目');
  await moveWithKeyboard(page, evaluation, '欄「評価・反省」', 'ArrowUp', '1番目');
  const order = [['評価・反省'], ['ねらい'], ['行事', '曜日ごとの計画']];
  expect(await layoutOf(page)).toEqual(order);
  // The 上へ/下へ buttons stay, named as before (fingers and the keyboard).
  await expect(page.getByRole('button', { name: '「行事」を下へ' })).toBeEnabled();
  await expect(page.getByRole('button', { name: '欄「評価・反省」を下へ' })).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/staff-records-templates-dnd.png', fullPage: true });

  await page.getByRole('button', { name: '様式を保存' }).click();
  await expect(page.getByText('様式を保存しました（新しい版）')).toBeVisible();
  await expect(page.getByText(/第[12]版（/)).toBeVisible();
  expect(await layoutOf(page)).toEqual(order);
  await page.reload();
  await choose('評価・反省');
  await expect(page.getByText(/第[12]版（/)).toBeVisible();
  expect(await layoutOf(page)).toEqual(order);
  await expectAccessible(page);
});

test('年度更新: a new 2027 class starts from this year’s plan of the same age, after a confirm', async ({ page, request }) => {
  // The co-editing page it opens at the end loads the editor bundle (slow on a loaded machine).
  test.setTimeout(240_000);
  const director = await createStaff(request, 'rollover', { role: 'director' });
  await signIn(page, director.email);
  const name = `更新${Math.floor(Math.random() * 1e5)}組`;
  // Next 年度's class of the 1歳児 (the demo's ひよこ組 is this year's 1歳児 class, with its 年間指導計画).
  const created = await page.request.post(`/api/staff/facilities/${director.facilityId}/classes`, {
    data: { name, fiscal_year: 2027, age_band: 1 },
    headers: await xsrfHeaders(page.request),
  });
  expect(created.status()).toBe(201);

  await page.goto(`/staff/f/${director.facilityId}/records/setup`);
  const panel = page.getByRole('region', { name: '年度更新（全体的な計画・年間指導計画）' });
  await panel.getByRole('combobox', { name: '更新する年度' }).selectOption('2026');
  const row = panel.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${name}（1歳児）の年間指導計画`);
  await expect(row).toContainText('ひよこ組の年間指導計画');
  await expect(row).toContainText('作成します');
  await expect(panel.getByText(/引き継ぐ期：I期（4月〜5月）/)).toBeVisible();
  await expectAccessible(page);

  await panel.getByRole('button', { name: '年度更新を実行' }).click();
  const dialog = page.getByRole('dialog', { name: '年度更新' });
  await expect(dialog).toContainText('2027年度の全体的な計画と年間指導計画を、2026年度の内容を写した下書きとして作成します');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '年度更新を実行' }).click();
  await expect(page.getByText(/件の計画を作成しました/)).toBeVisible();
  await expect(row).toContainText('作成しました');
  await expect(panel.getByRole('button', { name: '年度更新を実行' })).toBeDisabled();
  // The new plan opens as a draft with this year's text (the demo ひよこ組's 年間目標).
  await panel.getByRole('link', { name: `${name}の2027年度の年間指導計画を開く` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} 2027年度 年間指導計画` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '年間目標', exact: true })).toHaveValue(
    '保育者に見守られながら、自分でしようとする気持ちを育む。',
  );
  await page.goBack();

  // Once only: the preview now finds it made.
  await page.reload();
  await panel.getByRole('combobox', { name: '更新する年度' }).selectOption('2026');
  await expect(panel.getByRole('row', { name: new RegExp(name) })).toContainText('作成済み');
});
