import { createStaff, expect, expectAccessible, onTablet, signIn, test } from './fixtures';

/**
 * 書面の同意・取り下げ (billing-item-consent-withdrawal.md) at the staff room's desktop: the 事務 records
 * a family's paper 同意書 and 取り下げ届 of 教材費 from next month (this month keeps its line, so the month
 * billing.spec.ts closes is unchanged), then their paper 同意書 again, naming the guardian who signed it;
 * the 実費 list shows both, with who signed and who recorded them.
 */
test('the 事務 records a paper withdrawal and a paper consent of a 実費 item', async ({ page, request }) => {
  test.skip(onTablet(), 'fee settings are the desktop’s work');
  const office = await createStaff(request, 'billing-consent', { role: 'office' });
  await signIn(page, office.email);
  await page.goto(`/staff/f/${office.facilityId}/billing/settings`);
  await expect(page.getByRole('heading', { level: 1, name: '料金設定' })).toBeVisible();
  const form = page.getByRole('form', { name: '書面の同意・取り下げの記録' });
  await form.getByLabel('品目').selectOption({ label: '教材費' });
  const child = form.getByLabel('園児');
  const signedBy = form.getByLabel('署名した保護者');
  // The first child with a guardian in the app (one who may sign for them is offered).
  for (let i = 1; (await signedBy.locator('option').count()) < 2; i++) await child.selectOption({ index: i });
  const name = (await child.locator('option:checked').textContent())!.trim();
  // The paper 同意書 first (kept as it is when the family consented in the app already).
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('書面の同意を記録しました')).toBeVisible();
  await form.getByRole('radio', { name: '取り下げ' }).check();
  const month = form.getByLabel('取り下げる月（この月の分から請求しません）');
  await expect(month).toHaveValue('2026-07');
  await expectAccessible(page);
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('取り下げを記録しました')).toBeVisible();
  const items = page.getByRole('region', { name: '実費の品目' });
  await expect(items).toContainText(`2026年7月分から取り下げ（書面、記録：${office.name}、2026/06/10）`);

  // Withdrawing twice is refused in Japanese, nothing changes.
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(form.getByRole('alert')).toContainText('同意していないため、取り下げられません');

  // The 同意書 again, naming the guardian who signed it (one of the child's guardians who may consent).
  await form.getByRole('radio', { name: '書面で同意' }).check();
  await expect(signedBy.locator('option').first()).toHaveText('記載なし・アプリ未登録の保護者');
  await signedBy.selectOption({ index: 1 });
  const signer = (await signedBy.locator('option:checked').textContent())!.trim();
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByText('書面の同意を記録しました').last()).toBeVisible();
  await expect(items).toContainText(`${name}：2026年6月分から書面で同意（署名：${signer}、2026/06/10、記録：${office.name}）`);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/billing-consent-staff-desktop.png', fullPage: true });
});
