import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import {
  createEnrolledChild,
  createGuardian,
  expect,
  expectAccessible,
  signIn,
  test,
  uniqueEmail,
  xsrfHeaders,
} from './fixtures';

/** A staff member of さくら保育園 (test-mode fixture API) signed in on `request`, the API as the staff app calls it. */
async function staffApi(request: APIRequestContext) {
  const email = uniqueEmail('pickup-staff');
  const created = await request.post('/api/dev/fixtures/staff', {
    data: { email, password: 'hoiku-demo-2026', name: '試験 園長', role: 'director' },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const login = await request.post('/api/staff/login', {
    data: { email, password: 'hoiku-demo-2026' },
    headers: await xsrfHeaders(request),
  });
  expect(login.status()).toBe(200);
  return request;
}

test.describe('お迎え登録者', () => {
  test('the main guardian proposes a pick-up person with a photo; the facility approves; the guardian sees it registered', async ({
    page,
    request,
  }) => {
    test.slow(); // four axe checks and the facility's approval: past 90 s on a busy machine
    const email = await createGuardian(request, 'pickup');
    const child = await createEnrolledChild(request, email, '迎', 'むかえ');
    await signIn(page, email);
    await page.goto(`/children/${child.child_id}`);
    await page.getByRole('link', { name: 'お迎え登録者' }).click();
    await expect(page).toHaveURL(new RegExp(`/children/${child.child_id}/pickup-persons$`));
    await expect(page).toHaveTitle('お迎え登録者 | れんらくノート');
    await expect(page.getByText('お迎え登録者はいません。')).toBeVisible();
    await expectAccessible(page);

    // Empty: the required fields say so, nothing is sent.
    await page.getByRole('button', { name: '申請する' }).click();
    await expect(page.getByText('お名前を入力してください')).toBeVisible();
    await expect(page.getByText('続柄を入力してください')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'お名前' }).fill('山田 健一');
    await page.getByRole('textbox', { name: 'お子さまとの続柄' }).fill('叔父');
    await page.getByRole('textbox', { name: '電話番号' }).fill('080-3333-4444');
    const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 90, g: 160, b: 220 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'RenrakuCam' } })
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'uncle.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: '選択した写真のプレビュー' })).toBeVisible();
    await page.getByRole('button', { name: '申請する' }).click();
    await expect(page.getByText('山田 健一さんを申請しました。施設の承認をお待ちください')).toBeVisible();
    const card = page.getByRole('listitem', { name: '山田 健一さん' });
    await expect(card).toContainText('承認待ち');
    await expect(card).toContainText('続柄：叔父');
    await expect(card.getByRole('img', { name: '山田 健一さんの写真' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'お名前' })).toHaveValue('');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/pickup-guardian-proposed.png', fullPage: true });

    // The facility approves it (the staff app's call; the staff session is a cookie of its own).
    const staff = await staffApi(request);
    const list = await staff.get(`/api/staff/children/${child.child_id}/pickup-persons`);
    expect(list.status()).toBe(200);
    const [proposal] = (await list.json()) as { id: number; status: string; name: string; relation: string; phone: string }[];
    expect(proposal).toMatchObject({ name: '山田 健一', status: 'proposed' });
    const approved = await staff.put(`/api/staff/pickup-persons/${proposal!.id}`, {
      data: { name: proposal!.name, relation: proposal!.relation, phone: proposal!.phone },
      headers: await xsrfHeaders(staff),
    });
    expect(approved.status()).toBe(200);

    await page.reload();
    await expect(card).toContainText('登録済み');
    await expect(card.getByRole('button', { name: '申請を取り下げる' })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/pickup-guardian-registered.png', fullPage: true });
  });

  test('the main guardian withdraws a proposal the facility has not answered', async ({ page, request }) => {
    const email = await createGuardian(request, 'pickup-withdraw');
    const child = await createEnrolledChild(request, email, '取下', 'とりさげ');
    await signIn(page, email);
    await page.goto(`/children/${child.child_id}/pickup-persons`);
    await page.getByRole('textbox', { name: 'お名前' }).fill('佐藤 花');
    await page.getByRole('textbox', { name: 'お子さまとの続柄' }).fill('ベビーシッター');
    await page.getByRole('button', { name: '申請する' }).click();
    const card = page.getByRole('listitem', { name: '佐藤 花さん' });
    await expect(card).toContainText('承認待ち');
    await card.getByRole('button', { name: '申請を取り下げる' }).click();
    await page.getByRole('dialog', { name: '申請の取り下げ' }).getByRole('button', { name: '取り下げる' }).click();
    await expect(page.getByText('申請を取り下げました')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('お迎え登録者はいません。')).toBeVisible();
  });
});
