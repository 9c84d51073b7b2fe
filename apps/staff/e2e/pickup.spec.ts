import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test } from './fixtures';

test.describe('お迎え登録者', () => {
  test('the director sees the demo child’s pick-up persons and the guardian’s proposal, adds one and removes it', async ({
    page,
    request,
  }) => {
    const director = await createStaff(request, 'pickup');
    await signIn(page, director.email);
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '園児' }).click();
    await page.getByRole('link', { name: '山田 陽翔' }).click();
    const section = page.getByRole('region', { name: 'お迎え登録者' });
    const table = section.getByTestId('pickup-persons');
    await expect(table.getByRole('row', { name: /山田 和子/ })).toContainText('登録済み');
    await expect(table.getByRole('row', { name: /山田 健一/ })).toContainText('保護者からの申請');
    await expectAccessible(page);
    await expectTouchTargets(page);

    const name = `試験 迎子${test.info().project.name}`;
    await section.getByRole('button', { name: 'お迎え登録者を追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'お迎え登録者を追加' });
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(dialog.getByText('お名前を入力してください')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'お名前' }).fill(name);
    await dialog.getByRole('textbox', { name: '続柄' }).fill('ベビーシッター');
    await dialog.getByRole('textbox', { name: '電話番号' }).fill('070-1234-5678');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('070-1234-5678');

    await section.getByRole('button', { name: `${name}さんを削除` }).click();
    await page.getByRole('dialog', { name: 'お迎え登録者の削除' }).getByRole('button', { name: '削除する' }).click();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});
