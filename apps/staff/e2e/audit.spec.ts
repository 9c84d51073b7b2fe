import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test } from './fixtures';

/**
 * The director's audit screen (issue 29), on the desktop (1366×768) and the tablet (1024×768)
 * projects: the person filter offers every member, not only those on the page; the child filter
 * finds a child by name or kana; one open of a child's page is one read in the log.
 */
interface ListedChild {
  id: number;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
}

test('a director finds who read a child by the child’s kana; one page open is one read; every member is offered', async ({
  page,
  request,
}, info) => {
  // Three axe runs over a page with every member and child in its pickers.
  test.slow();
  const director = await createStaff(request, 'audit-child');
  // A member who has done nothing yet: never on a page of the log, offered all the same.
  const quiet = await createStaff(request, 'audit-quiet', { role: 'class_staff' });
  await signIn(page, director.email);
  const kids = (await (await page.request.get(`/api/staff/facilities/${director.facilityId}/children`)).json()) as ListedChild[];
  const child = kids[info.project.name === 'tablet' ? 1 : 0]!;
  const name = `${child.last_name} ${child.first_name}`;

  // One open of the child's page: the record, the guardians and the pick-up persons load.
  const loaded = ['', '/guardians', '/pickup-persons'].map((tail) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/staff/children/${child.id}${tail}` && r.ok()),
  );
  await page.goto(`/staff/f/${director.facilityId}/children/${child.id}`);
  await Promise.all(loaded);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goto(`/staff/f/${director.facilityId}/audit`);
  await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();

  // The person filter offers the quiet member, who is on no page of the log.
  const person = page.getByRole('combobox', { name: '職員' });
  await person.click();
  await person.fill(quiet.name);
  await expect(page.getByRole('option', { name: new RegExp(quiet.name) })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await person.fill('');

  // The child filter: typed in katakana, the kana of the demo is hiragana.
  const kana = child.last_name_kana.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  const childBox = page.getByRole('combobox', { name: '園児' });
  await childBox.click();
  await childBox.fill(kana);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await person.click();
  await person.fill(director.name);
  await page.getByRole('option', { name: new RegExp(director.name) }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(new RegExp(`user_id=${director.id}&child_id=${child.id}$`));

  // One open of the page, one entry: 園児情報の閲覧 for this child, nothing else.
  const table = page.getByTestId('audit-table');
  await expect(page.getByText('全1件（1〜1件目）')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('園児情報の閲覧');
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: test.info().outputPath(`audit-${info.project.name}.png`), fullPage: false });
});
