import { YEAR } from './clock';
import { createEnrolledChild, createGuardian, expect, expectAccessible, signIn, test } from './fixtures';

/** The states a new or departing family sees (F §2 Home feed, Communications), on families of their own. */
test.describe('empty and not-admitted states', () => {
  test('a guardian without children sees the registration guide and the empty-state text, and no QR link', async ({
    page,
    request,
  }) => {
    const email = await createGuardian(request, 'empty');
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: 'お子さまを登録しましょう' })).toBeVisible();
    await expect(page.getByRole('link', { name: '登降園QRコード' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '連絡する' })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto('/communications');
    await expect(page.getByText('施設に入所しているお子さまがいないため、施設への連絡はご利用できません。')).toBeVisible();
  });

  test('a child admitted only next month shows the not-admitted text, and communications are closed', async ({
    page,
    request,
  }) => {
    const email = await createGuardian(request, 'future');
    const nextYear = YEAR + 1;
    await createEnrolledChild(request, email, '未来', 'みらい', `${nextYear}-04-01`);
    await signIn(page, email);
    await expect(page.getByText('※試験 未来は施設に入所前または退所後のため、現在はご利用できません。')).toBeVisible();
    await expect(page.getByText('表示可能なメッセージがありません。投稿されるまでしばらくお待ちください')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/communications');
    await expect(page.getByText('施設に入所しているお子さまがいないため、施設への連絡はご利用できません。')).toBeVisible();
    await expectAccessible(page);
  });
});
