import fs from 'node:fs';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { YEAR } from './clock';
import { createChild, createGuardian, expect, expectAccessible, login, newPhone, signIn, test } from './fixtures';
import { e2eMailboxKey } from './mailbox';

/**
 * Moves a sortable item one place with @dnd-kit's keyboard sensor (Space, arrow, Space), each step
 * once the list says it is done (its live region): picked up and measured (the item is over its
 * own place), moved over another item, dropped.
 */
async function moveWithKeyboard(page: Page, index: number, key: 'ArrowDown' | 'ArrowUp') {
  const item = page.locator('[data-testid^=sortable-]').nth(index);
  const id = (await item.getAttribute('data-testid'))!.replace('sortable-', '');
  const announced = page.locator('[id^="DndLiveRegion"]');
  await item.focus();
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`Draggable item ${id} was moved over droppable area ${id}.`);
  // dnd-kit's keyboard sensor attaches its keydown listener on a timer after the drag starts, and
  // measures the rows asynchronously: a key pressed too early is lost, so press until it moves.
  const movedAway = new RegExp(`^Draggable item ${id} was moved over droppable area (?!${id}\\.)\\d+\\.$`);
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(announced).toHaveText(movedAway, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(new RegExp(`^Draggable item ${id} was dropped over droppable area \\d+$`));
}

async function selectOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('child registration', () => {
  test('a signed-in guardian registers a child from its URL with the birth date', async ({ page, request }) => {
    const child = await createChild(request, { firstName: '登録', firstNameKana: 'とうろく' });
    const email = await createGuardian(request, 'register');
    await signIn(page, email);
    await page.goto(`/children/register/${child.company_id}/${child.token}`);
    await expect(page).toHaveTitle('お子さま登録 | れんらくノート');
    await expect(page.getByRole('heading', { name: 'お子さま登録' })).toBeVisible();
    const birth = page.getByLabel('お子さまの生年月日');
    await expect(birth).toHaveAttribute('placeholder', `${YEAR - 1}-01-01`);
    await expect(birth).toHaveAttribute('inputmode', 'tel');
    await expect(page.getByRole('combobox', { name: 'お子さまとの続柄' })).toHaveValue('父');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/children-register.png' });

    await birth.pressSequentially('20190101x');
    await expect(birth).toHaveValue('2019-01-01');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('生年月日が正しくありません')).toBeVisible();

    await birth.fill('');
    await birth.pressSequentially(child.birth.replace(/-/g, ''));
    await expect(birth).toHaveValue(child.birth);
    await selectOption(page, 'お子さまとの続柄', '母');
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('登録完了')).toBeVisible();
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/users/setting');
    await expect(page.getByRole('link', { name: /登録/ }).first()).toBeVisible();
  });

  test('a visitor who is not logged in is sent to /receptions with history replaced', async ({ page, request }) => {
    const child = await createChild(request);
    await page.goto('/privacy');
    await page.goto(`/children/register/${child.company_id}/${child.token}`);
    await expect(page).toHaveURL(/\/receptions$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('after signing in from /receptions the visitor is back on the registration URL they opened', async ({ page, request }) => {
    const child = await createChild(request);
    const email = await createGuardian(request, 'resume');
    await page.goto(`/children/register/${child.company_id}/${child.token}`);
    await expect(page).toHaveURL(/\/receptions$/);
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await login(page, email, undefined, true);
    await expect(page).toHaveURL(new RegExp(`/children/register/${child.company_id}/${child.token}$`));
    await expect(page.getByRole('heading', { name: 'お子さま登録' })).toBeVisible();
  });
});

test.describe('children area', () => {
  test('child info: upload a photo (preview, confirm, progress); the served image has no EXIF', async ({
    page,
    request,
  }, testInfo) => {
    // A fresh main guardian: the demo family stays as the other areas' tests expect it.
    const mainEmail = await createGuardian(request, 'main');
    const child = await createChild(request, { mainEmail, firstName: '写真', firstNameKana: 'しゃしん' });
    await signIn(page, mainEmail);
    await page.goto(`/children/${child.child_id}`);
    await expect(page).toHaveTitle('お子さま情報 | れんらくノート');
    await expect(page.getByText('試験 写真')).toBeVisible();
    await expect(page.getByText('E2E 保護者')).toBeVisible();
    await expect(page.getByText('代表者', { exact: true })).toBeVisible();
    await expect(
      page.getByText('※代表者の方は、お子さま情報の編集や保護者の追加・管理など、すべての操作ができます。'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'お名前を変更する' })).toHaveAttribute(
      'href',
      `/children/${child.child_id}/edit`,
    );
    await expect(page.getByRole('link', { name: '保護者を追加する' })).toHaveAttribute('href', `/users/${child.child_id}/invite`);
    await expectAccessible(page);

    const jpeg = await sharp({ create: { width: 200, height: 160, channels: 3, background: { r: 250, g: 180, b: 90 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'RenrakuCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 29/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 28/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    await page.locator('input[type=file]').setInputFiles({ name: 'gps.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByRole('dialog', { name: 'この写真を登録しますか？' })).toBeVisible();
    await expect(page.getByRole('img', { name: '選択した写真のプレビュー' })).toBeVisible();
    await page.screenshot({ path: '/tmp/children-photo-preview.png' });
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('画像をアップロードしました')).toBeVisible();
    const avatar = page.getByRole('img', { name: '写真さんの写真' });
    await expect(avatar).toHaveAttribute('src', /\/files\/children\//);
    const served = await page.request.get((await avatar.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    const bytes = await served.body();
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('RenrakuCam'))).toBe(false);
    await page.screenshot({ path: '/tmp/children-info.png', fullPage: true });

    // A file of 20,000,000 bytes or more is refused before upload. Given by its path (a sparse file),
    // not as a buffer: 20 MB sent to the browser over the protocol took most of the test's time.
    const big = testInfo.outputPath('big.jpg');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 20_000_000);
    await page.locator('input[type=file]').setInputFiles(big);
    await expect(page.getByText('空のファイルまたは20MB以上の画像はアップロードできません')).toBeVisible();
  });

  test('name edit, then a 404 for unknown children subpaths', async ({ page, request }) => {
    // A fresh main guardian: the demo family stays as the other areas' tests expect it.
    const mainEmail = await createGuardian(request, 'main');
    const child = await createChild(request, { mainEmail, firstName: '名前', firstNameKana: 'なまえ' });
    await signIn(page, mainEmail);
    await page.goto(`/children/${child.child_id}/edit`);
    await expect(
      page.getByText('※ここで変更されるのは、連絡帳に表示されるお名前のみです。施設に登録されているお名前は変更されません。'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('めい（ひらがな）').fill('Hana');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('めいはひらがなで入力してください')).toBeVisible();
    await page.getByLabel('名', { exact: true }).fill('花');
    await page.getByLabel('めい（ひらがな）').fill('はな');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('お子さまのお名前を変更しました')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/children/${child.child_id}$`));
    await expect(page.getByText('試験 花')).toBeVisible();
    await page.goto(`/children/${child.child_id}/nothing/here`);
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  });

  test('recognition shows the inviter and the kana name, and asks before refusing', async ({ page }) => {
    await signIn(page);
    // A pending invitation shows its kana first name only (docs/decisions/guardians-pending-invitee-view.md).
    const children = (await (await page.request.get('/api/children')).json()) as { id: number; first_name_kana: string }[];
    const sota = children.find((c) => c.first_name_kana === 'そうた')!;
    await page.goto(`/children/recognition/${sota.id}`);
    await expect(page.getByText('山田 太郎さんから、そうたさんの保護者として招待されています。')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '拒否する' }).click();
    await expect(page.getByText('保護者としての招待を辞退しますか？')).toBeVisible();
    await page.screenshot({ path: '/tmp/children-recognition.png' });
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(new RegExp(`/children/recognition/${sota.id}$`));
  });
});

test.describe('invitations', () => {
  test('invite a registered guardian, accept in a second browser, then toggle writable, hand over main, detach', async ({
    page,
    request,
    browser,
  }) => {
    // Two browsers, five axe runs.
    test.slow();
    // A family of its own, and an invitee of its own: the demo accounts stay as the other tests expect them.
    const mainEmail = await createGuardian(request, 'main');
    const inviteeEmail = await createGuardian(request, 'invitee', { name: '招待 太郎' });
    const child = await createChild(request, { mainEmail, firstName: '招待', firstNameKana: 'しょうたい' });
    await signIn(page, mainEmail);
    await page.goto(`/users/${child.child_id}/invite`);
    await expect(page).toHaveTitle('保護者の追加 | れんらくノート');
    await expect(page.getByText('招待できるのは、はいチーズ！IDに登録済みのメールアドレスのみです。')).toBeVisible();
    await expect(page.getByText('iCloudメールをご利用の方へ')).toBeVisible();
    await page.getByRole('combobox', { name: 'お子さまとの続柄' }).click();
    await expect(page.getByRole('option')).toHaveText([
      '父',
      '母',
      '祖父',
      '祖母',
      'おじ・おば',
      '兄',
      '姉',
      '里親',
      '後見人',
      'その他',
    ]);
    await page.getByRole('option', { name: '祖父' }).click();
    await expect(page.getByRole('combobox', { name: 'お子さまとの続柄' })).toHaveValue('祖父');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/children-invite.png', fullPage: true });
    await page.getByLabel('招待する方のメールアドレス').fill(inviteeEmail);
    await page.getByLabel('閲覧のみ（連絡帳の送信などはできません）').check();
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page).toHaveURL(/\/users\/invite\/sent$/);
    await expect(page.getByRole('heading', { name: '招待完了' })).toBeVisible();
    await expectAccessible(page);

    // The invitation mail, read from the outbox.
    const mails = (await (await request.get(`/api/dev/fixtures/mails?to=${encodeURIComponent(inviteeEmail)}`)).json()) as {
      text: string;
      kind: string;
    }[];
    const mail = mails.find((m) => m.kind === 'invitation')!;
    expect(mail.text).toContain('試験 招待');
    expect(mail.text).toContain('E2E 保護者 さんから');
    const verifyPath = new URL(/https?:\/\/\S+\/users\/invite\/verify\/\S+/.exec(mail.text)![0]).pathname;

    const invitee = await newPhone(browser);
    await signIn(invitee.page, inviteeEmail);
    await invitee.page.goto(verifyPath);
    await expect(invitee.page).toHaveURL(new RegExp(`/children/recognition/${child.child_id}$`));
    await expect(invitee.page.getByText('E2E 保護者さんから、しょうたいさんの保護者として招待されています。')).toBeVisible();
    await invitee.page.getByRole('button', { name: '承認する' }).click();
    await expect(invitee.page).toHaveURL(/\/main$/);
    // Used once: the link now shows the expired text.
    await invitee.page.goto(verifyPath);
    await expect(
      invitee.page.getByText('招待URLの有効期限が切れています。代表者の方に再度招待を依頼してください。'),
    ).toBeVisible();
    await expectAccessible(invitee.page);

    // The main guardian manages the new guardian.
    await page.goto(`/children/${child.child_id}`);
    await page.getByRole('link', { name: /招待 太郎/ }).click();
    await expect(page).toHaveTitle('保護者情報 | れんらくノート');
    await expect(page.getByText('続柄：祖父')).toBeVisible();
    await expect(page.getByText('権限：閲覧のみ')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/children-guardian.png' });
    await page.getByRole('button', { name: '書き込みできるように変更する' }).click();
    const permission = page.getByRole('dialog', { name: '権限の変更' });
    await expect(permission.getByText('招待 太郎さんが書き込みできるように変更しますか？')).toBeVisible();
    await permission.getByRole('button', { name: '決定' }).click();
    await expect(page.getByText('権限の変更が完了しました')).toBeVisible();
    await expect(page.getByText('権限：書き込み可')).toBeVisible();
    await page.getByRole('button', { name: '代表者に設定する' }).click();
    await page.getByRole('dialog', { name: '代表者の変更' }).getByRole('button', { name: '決定' }).click();
    await expect(page.getByText('代表者を変更しました')).toBeVisible();
    await expect(page.getByRole('button', { name: '保護者の登録を解除する' })).toHaveCount(0);

    // The new main guardian changes their own relation, then detaches the former one.
    await invitee.page.goto(`/children/${child.child_id}`);
    await invitee.page.getByRole('link', { name: /招待 太郎/ }).click();
    await invitee.page.getByRole('link', { name: '続柄を変更する' }).click();
    await expect(invitee.page).toHaveTitle('続柄の変更 | れんらくノート');
    await expectAccessible(invitee.page);
    await selectOption(invitee.page, 'お子さまとの続柄', '父');
    await invitee.page.getByRole('button', { name: '変更する' }).click();
    await expect(invitee.page.getByText('続柄を更新しました')).toBeVisible();
    await expect(invitee.page.getByText('続柄：父')).toBeVisible();
    await invitee.page.goto(`/children/${child.child_id}`);
    await invitee.page.getByRole('link', { name: /E2E 保護者/ }).click();
    await invitee.page.getByRole('button', { name: '保護者の登録を解除する' }).click();
    // The detached guardian's page is not asked for again: its 404 would send the user to /users/setting.
    const guardianCalls: string[] = [];
    invitee.page.on('request', (r) => {
      if (/^\/api\/children\/\d+\/users\/\d+$/.test(new URL(r.url()).pathname)) guardianCalls.push(r.url());
    });
    await invitee.page
      .getByRole('dialog', { name: '保護者の解除' })
      .getByRole('button', { name: '解除する', exact: true })
      .click();
    await expect(invitee.page.getByText('保護者の登録を解除しました')).toBeVisible();
    await expect(invitee.page).toHaveURL(new RegExp(`/children/${child.child_id}$`));
    await expect(invitee.page.getByRole('link', { name: /E2E 保護者/ })).toHaveCount(0);
    expect(guardianCalls).toEqual([]);
    await invitee.context.close();
  });

  test('an unregistered address gets the sign-up guidance (202): the message shows and the page stays', async ({
    page,
    request,
  }) => {
    // A fresh main guardian: the demo family stays as the other areas' tests expect it.
    const mainEmail = await createGuardian(request, 'main');
    const child = await createChild(request, { mainEmail });
    const nobody = `nobody-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await signIn(page, mainEmail);
    await page.goto(`/users/${child.child_id}/invite`);
    await page.getByLabel('招待する方のメールアドレス').fill(nobody);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(
      page.getByText(
        'このメールアドレスはまだ登録されていないため、ID登録のご案内メールを送信しました。登録が完了すると招待が届きます。',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/users/${child.child_id}/invite$`));
    await page.goto('/users/invite/sent');
    await expect(page).toHaveURL(/\/main$/);
    await page.goto(`/dev/mailbox#key=${e2eMailboxKey()}`);
    await expect(page.getByRole('heading', { name: '開発用メールボックス' })).toBeVisible();
    // This test's own mail: the outbox is shared with the tests running alongside, so the newest
    // mail in it may be another test's.
    await expect(page.getByRole('article').filter({ hasText: `宛先：${nobody}` })).toContainText('登録のご案内');
    await expectAccessible(page);
  });
});

test.describe('my page', () => {
  test('every section, reorder with the unsaved-change prompt, save', async ({ page }) => {
    // The demo family, only read: the new order is never saved.
    await signIn(page);
    await page.goto('/users/setting');
    await expect(page).toHaveTitle('マイページ | れんらくノート');
    for (const heading of ['施設との連絡', 'お子さま情報の変更・保護者の追加', '保護者情報', '設定', 'その他']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    for (const [name, href] of [
      ['お知らせ', '/notices'],
      ['翌月登園予定登録', '/schedules/children'],
      ['成長記録', '/growths/children'],
      ['行事予定', '/events/children'],
      ['保護者から施設へ（連絡帳）', '/communications'],
      ['請求', '/billing'],
      ['お名前の変更', '/users/setting/name'],
      ['メール通知設定', '/notification_settings'],
      ['プライバシーポリシー', '/privacy'],
      ['利用規約', '/terms'],
      ['運営会社', '/corporate'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('link', { name: 'パスワードの変更' })).toHaveAttribute('href', /redirect_url=/);
    await expect(page.getByRole('link', { name: 'メールアドレスの変更' })).toHaveAttribute('href', /redirect_url=/);
    await expect(page.getByRole('link', { name: /陽翔/ })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/children-mypage.png', fullPage: true });

    const rows = page.locator('[data-testid^=sortable-]');
    await page.getByRole('button', { name: '並び替える' }).click();
    await expect(rows).toContainText(['陽翔', '結衣']);
    await moveWithKeyboard(page, 0, 'ArrowDown');
    await expect(rows).toContainText(['結衣', '陽翔']);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/children-sorting.png', fullPage: true });

    // Leaving in-app asks first; staying keeps the unsaved order.
    await page.getByRole('link', { name: 'ホーム' }).click();
    const leave = page.getByRole('dialog', { name: '確認' });
    await expect(leave.getByText('並び順の変更が保存されていません。本当にページを離れますか？')).toBeVisible();
    await leave.getByRole('button', { name: 'キャンセル' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/setting$/);
    await expect(rows).toContainText(['結衣', '陽翔']);
    // Closing the tab asks the browser's question.
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
  });

  test('saving the order and cancelling restores', async ({ page, request }) => {
    // A family of its own: saving an order must not change the demo family other tests read.
    const mainEmail = await createGuardian(request, 'order');
    await createChild(request, { mainEmail, firstName: '一郎', firstNameKana: 'いちろう' });
    await createChild(request, { mainEmail, firstName: '二郎', firstNameKana: 'じろう' });
    await signIn(page, mainEmail);
    await page.goto('/users/setting');
    const rows = page.locator('[data-testid^=sortable-]');
    const sort = page.getByRole('button', { name: '並び替える' });
    await sort.click();
    await expect(rows).toContainText(['一郎', '二郎']);
    await moveWithKeyboard(page, 0, 'ArrowDown');
    await expect(rows).toContainText(['二郎', '一郎']);
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await sort.click();
    await expect(rows).toContainText(['一郎', '二郎']);
    // Save a new order, then put it back.
    await moveWithKeyboard(page, 0, 'ArrowDown');
    await expect(rows).toContainText(['二郎', '一郎']);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('お子さまの並び順を保存しました')).toBeVisible();
    await expect(sort).toBeVisible();
    await page.reload();
    await sort.click();
    await expect(rows).toContainText(['二郎', '一郎']);
    await moveWithKeyboard(page, 1, 'ArrowUp');
    await expect(rows).toContainText(['一郎', '二郎']);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('お子さまの並び順を保存しました')).toBeVisible();
    await expect(sort).toBeVisible();
    await page.reload();
    await sort.click();
    await expect(rows).toContainText(['一郎', '二郎']);
  });

  test('name change', async ({ page, request }) => {
    const email = await createGuardian(request, 'name');
    await signIn(page, email);
    await page.goto('/users/setting');
    await expect(page.getByText('お子さま情報が登録されていません')).toBeVisible();
    await page.getByRole('link', { name: 'お名前の変更' }).click();
    await expect(page.getByText('E2E 保護者')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '設定する' }).click();
    await expect(page.getByText('お名前を入力してください')).toBeVisible();
    await page.getByLabel('新しいお名前').fill('新しい 名前');
    await page.getByRole('button', { name: '設定する' }).click();
    await expect(page.getByText('お名前の更新が成功しました')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/setting$/);
    await expect(page.getByText('新しい 名前')).toBeVisible();
  });

  test('own avatar: choose, preview, confirm; the page and the header show the new image', async ({ page, request }) => {
    // A guardian of its own: the demo accounts keep their avatars.
    const email = await createGuardian(request, 'avatar');
    await signIn(page, email);
    await page.goto('/users/setting');
    const change = page.getByRole('button', { name: 'プロフィール画像を変更' });
    const headerAvatar = page.getByRole('link', { name: 'マイページ' }).locator('img');
    await expect(change).toBeVisible();
    await expect(change.locator('img')).toHaveCount(0);
    await expect(headerAvatar).toHaveCount(0);
    await page.screenshot({ path: '/tmp/avatar-settings-before.png' });

    // The shared chooser refuses an empty file (its other checks are proven by the child photo test).
    await page.locator('input[type=file]').setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
    await expect(page.getByText('空のファイルまたは20MB以上の画像はアップロードできません')).toBeVisible();

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 60, g: 140, b: 220 } } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await change.click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('dialog', { name: 'この写真を登録しますか？' })).toBeVisible();
    await expect(page.getByRole('img', { name: '選択した写真のプレビュー' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByText('画像をアップロードしました')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(change.locator('img')).toHaveAttribute('src', /\/files\/users\//);
    const src = await change.locator('img').getAttribute('src');
    // The header's avatar changes without a reload, from the same login state.
    await expect(headerAvatar).toHaveAttribute('src', src!);
    expect((await page.request.get(src!)).status()).toBe(200);
    await page.screenshot({ path: '/tmp/avatar-settings-after.png' });
  });

  test('email notification settings: the master toggle and its snackbar', async ({ page, request, browser }) => {
    // A family of its own: the demo guardian's settings stay as they are.
    const email = await createGuardian(request, 'notify');
    await createChild(request, { mainEmail: email, firstName: '通知', firstNameKana: 'つうち' });
    await signIn(page, email);
    await page.goto('/notification_settings');
    await expect(page).toHaveTitle('メール通知設定 | れんらくノート');
    await expect(page.getByText('受け取りたい通知にチェックを入れてください。')).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'すべてのメール通知' });
    await expect(toggle).toBeChecked();
    await expectAccessible(page);
    await toggle.click({ force: true });
    const snack = page.getByRole('status').filter({ hasText: 'メール通知' });
    await expect(snack).toContainText('すべてのメール通知をオフにしました。');
    await expect(toggle).not.toBeChecked();
    await page.screenshot({ path: '/tmp/children-notifications.png' });
    await snack.getByRole('button', { name: '閉じる' }).click();
    await expect(snack).toHaveCount(0);
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    await expect(page.getByText('すべてのメール通知をオンにしました。')).toBeVisible();
    await expect(toggle).toBeChecked();
    // Hides by itself (after about 3 s).
    await expect(page.getByText('すべてのメール通知をオンにしました。')).toHaveCount(0);

    const lonelyEmail = await createGuardian(request, 'lonely');
    const lonely = await newPhone(browser);
    await signIn(lonely.page, lonelyEmail);
    await lonely.page.goto('/notification_settings');
    await expect(
      lonely.page.getByText('お子さま情報が登録されていません。お子さまを登録すると、設定内容が表示されます。'),
    ).toBeVisible();
    await lonely.context.close();
  });
});
