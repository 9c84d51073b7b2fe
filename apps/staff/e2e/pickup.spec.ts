import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import {
  PASSWORD,
  createStaff,
  expect,
  expectAccessible,
  expectTouchTargets,
  signIn,
  test,
  xsrfHeaders,
  goToMenu,
} from './fixtures';

test.describe('お迎え登録者', () => {
  test('the director sees the demo child’s pick-up persons and the guardian’s proposal, adds one and removes it', async ({
    page,
    request,
  }) => {
    const director = await createStaff(request, 'pickup');
    await signIn(page, director.email);
    await goToMenu(page, '園児');
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

/** A small JPEG with camera metadata, as a phone or tablet camera writes it. */
const photoFile = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 160, height: 160, channels: 3, background: { r: 240, g: 170, b: 80 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'RenrakuCam' } })
    .toBuffer(),
});

/** The demo main guardian proposes a pick-up person for 陽翔 through the guardian app's call. */
async function proposeAsGuardian(request: APIRequestContext, childId: number, name: string) {
  const login = await request.post('/api/login', {
    data: { email: 'hogosha@example.com', password: PASSWORD },
    headers: await xsrfHeaders(request),
  });
  expect(login.status()).toBe(200);
  const res = await request.post(`/api/children/${childId}/pickup-persons`, {
    multipart: { name, relation: '知人', phone: '' },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
}

test.describe('写真と申請の承認', () => {
  test('the director adds a photo to a child and to a new pick-up person', async ({ page, request }) => {
    test.slow();
    const director = await createStaff(request, 'photos');
    await signIn(page, director.email);
    await goToMenu(page, '園児');
    const table = page.getByTestId('children-table');
    // The roster shows each child's thumb and the proposals waiting (the demo's uncle of 陽翔).
    await expect(table.getByRole('row', { name: /山田 陽翔/ })).toContainText(/お迎え申請 \d+件/);
    await expect(page.getByTestId('pickup-proposals')).toBeVisible();
    await expectAccessible(page);

    // A child of this test's own (the other project runs beside it), created as the roster form does.
    const project = test.info().project.name;
    const created = await page.request.post(`/api/staff/facilities/${director.facilityId}/children`, {
      data: {
        last_name: '写真',
        first_name: project === 'desktop' ? '机' : '板',
        last_name_kana: 'しゃしん',
        first_name_kana: project === 'desktop' ? 'つくえ' : 'いた',
        birth: '2022-05-01',
        sex: 1,
        admitted_on: '2024-04-01',
      },
      headers: await xsrfHeaders(page.request),
    });
    expect(created.status()).toBe(201);
    const child = (await created.json()) as { id: number; last_name: string; first_name: string };
    const childName = `${child.last_name} ${child.first_name}`;
    await page.goto(`/staff/f/${director.facilityId}/children/${child.id}`);
    await expect(page.getByRole('heading', { level: 1, name: childName })).toBeVisible();

    await expect(page.getByRole('img', { name: `${childName}さんの写真` })).toHaveCount(0);
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles(await photoFile('child.jpg'));
    await expect(page.getByText('写真を登録しました')).toBeVisible();
    await expect(page.getByRole('img', { name: `${childName}さんの写真` })).toBeVisible();
    await expect(page.getByRole('button', { name: `${childName}さんの写真を変更` })).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    const name = `写真 迎子${test.info().project.name}`;
    const section = page.getByRole('region', { name: 'お迎え登録者' });
    await section.getByRole('button', { name: 'お迎え登録者を追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'お迎え登録者を追加' });
    await dialog.getByRole('textbox', { name: 'お名前' }).fill(name);
    await dialog.getByRole('textbox', { name: '続柄' }).fill('祖父');
    await dialog.locator('input[type=file]').setInputFiles(await photoFile('grandpa.jpg'));
    await expect(dialog.getByTestId('chosen-photo')).toHaveText('grandpa.jpg');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '保存する' }).click();
    const row = section.getByTestId('pickup-persons').getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('img', { name: `${name}さんの写真` })).toBeVisible();
    await page.screenshot({ path: `/tmp/pickup-staff-${test.info().project.name}.png`, fullPage: true });

    // Edit: the photo is removed at once, after a confirm.
    await row.getByRole('button', { name: `${name}さんを編集` }).click();
    const edit = page.getByRole('dialog', { name: 'お迎え登録者を編集' });
    await edit.getByRole('button', { name: `${name}さんの写真を削除` }).click();
    await page.getByRole('dialog', { name: '写真の削除' }).getByRole('button', { name: '削除する' }).click();
    await expect(edit.getByRole('button', { name: `${name}さんの写真を登録` })).toBeVisible();
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'キャンセル' }).click();
    await expect(row.getByRole('img', { name: `${name}さんの写真` })).toHaveCount(0);

    await row.getByRole('button', { name: `${name}さんを削除` }).click();
    await page.getByRole('dialog', { name: 'お迎え登録者の削除' }).getByRole('button', { name: '削除する' }).click();
    await expect(row).toHaveCount(0);
  });

  test('the director approves one guardian’s proposal and rejects another', async ({ page, request }) => {
    const director = await createStaff(request, 'approve');
    await signIn(page, director.email);
    await goToMenu(page, '園児');
    const childHref = await page.getByRole('link', { name: '山田 陽翔' }).getAttribute('href');
    const childId = Number(childHref!.split('/').pop());
    const project = test.info().project.name;
    const [yes, no] = [`承認 太郎${project}`, `却下 次郎${project}`];
    await proposeAsGuardian(request, childId, yes);
    await proposeAsGuardian(request, childId, no);
    await page.getByRole('link', { name: '山田 陽翔' }).click();

    const section = page.getByRole('region', { name: 'お迎え登録者' });
    const table = section.getByTestId('pickup-persons');
    await expect(table.getByRole('row', { name: new RegExp(yes) })).toContainText('保護者からの申請');
    await expect(section.getByText(/保護者からの申請が\d+件あります/)).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);

    await section.getByRole('button', { name: `${yes}さんを承認` }).click();
    await page.getByRole('dialog', { name: 'お迎え登録者の申請を承認' }).getByRole('button', { name: '承認する' }).click();
    await expect(table.getByRole('row', { name: new RegExp(yes) })).toContainText('登録済み');

    await section.getByRole('button', { name: `${no}さんの申請を却下` }).click();
    await page.getByRole('dialog', { name: 'お迎え登録者の申請を却下' }).getByRole('button', { name: '却下する' }).click();
    await expect(page.getByText('申請を却下しました')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(no) })).toHaveCount(0);

    // Tidy up: the approved one goes too, so the demo child keeps its two pick-up persons.
    await section.getByRole('button', { name: `${yes}さんを削除` }).click();
    await page.getByRole('dialog', { name: 'お迎え登録者の削除' }).getByRole('button', { name: '削除する' }).click();
    await expect(table.getByRole('row', { name: new RegExp(yes) })).toHaveCount(0);
  });
});
