import { createEnrolledChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

test.describe('お迎えコード', () => {
  test('the main guardian issues a one-time code for a substitute, sees it once, and cancels it', async ({ page, request }) => {
    const email = await createGuardian(request, 'pickupcode');
    const child = await createEnrolledChild(request, email, '符', 'ふ');
    await signIn(page, email);
    await page.goto(`/children/${child.child_id}`);
    await page.getByRole('link', { name: 'お迎えコード' }).click();
    await expect(page).toHaveURL(new RegExp(`/children/${child.child_id}/pickup-codes$`));
    await expect(page).toHaveTitle('お迎えコード | れんらくノート');
    await expect(page.getByText('本日発行したお迎えコードはありません。')).toBeVisible();

    await page.getByRole('button', { name: 'コードを発行する' }).click();
    await expect(page.getByText('お迎えに来る方のお名前を入力してください')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'お迎えに来る方のお名前' }).fill('佐藤 一郎');
    await page.getByRole('button', { name: 'コードを発行する' }).click();
    const issued = page.getByTestId('issued-code');
    await expect(issued).toContainText('佐藤 一郎さんのお迎えコード');
    await expect(issued).toContainText(/\d{6}/);
    await expect(issued).toContainText('このコードは今だけ表示されます');
    const card = page.getByRole('listitem', { name: '佐藤 一郎さんのお迎えコード' });
    await expect(card).toContainText('未使用');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/pickup-codes-issued.png', fullPage: true });

    // Shown once: after a reload only the name and its state remain.
    const code = (await issued.textContent())!.match(/\d{6}/)![0];
    await page.reload();
    await expect(card).toBeVisible();
    await expect(page.getByTestId('issued-code')).toHaveCount(0);
    await expect(page.getByText(code)).toHaveCount(0);

    await card.getByRole('button', { name: '取り消す' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '取り消す' }).click();
    await expect(page.getByText('お迎えコードを取り消しました')).toBeVisible();
    await expect(page.getByText('本日発行したお迎えコードはありません。')).toBeVisible();
  });
});
