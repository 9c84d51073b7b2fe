import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { NOW, TODAY } from './clock';
import { createStaff, expect, expectAccessible, expectTouchTargets, signIn, test, xsrfHeaders } from './fixtures';

/**
 * Each child's record (records.md §2, §3; issue 33): a class's staff member opens a child's 経過記録
 * from the class's month, taps a remark of the child's published daily note into the field being
 * written, submits; the 園長 approves in another browser and opens the child's 児童票; the PDF's
 * text (pdftotext) holds what was typed and the inserted remark.
 */
test('経過記録 from the daily notes’ remarks: write, 提出, 承認 by the 園長; the 児童票; the PDF', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const writer = await createStaff(request, 'progress', { role: 'class_staff', name: '試験 担任' });
  const director = await createStaff(request, 'progress-dir', { role: 'director', name: '試験 園長先生' });
  const name = `経過${Math.floor(Math.random() * 1e4)}組`;
  const created = await request.post('/api/dev/fixtures/classes', {
    data: { name, size: 1, staffEmail: writer.email },
    headers: await xsrfHeaders(request),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { class_id: number; children: { id: number; name: string }[] };
  const child = klass.children[0]!;
  const remark = `積み木を高く積んで「みて」と笑顔で見せてくれました${Math.floor(Math.random() * 1e4)}。`;

  await signIn(page, writer.email);
  // Today's daily note with a remark, published to the guardians.
  const headers = await xsrfHeaders(page.request);
  const content = {
    thermometries: [],
    school_meal: null,
    lunch_items: [],
    lunch_note: null,
    snack_morning: null,
    snack_afternoon: null,
    snack_note: null,
    sleeps: [],
    defecations: [],
    milks: [],
    text: remark,
  };
  const drafted = await page.request.put(`/api/staff/classes/${klass.class_id}/daily-notes/drafts`, {
    data: { date: TODAY, drafts: [{ child_id: child.id, content }] },
    headers,
  });
  expect(drafted.status()).toBe(200);
  const published = await page.request.post(`/api/staff/classes/${klass.class_id}/daily-notes/publish`, {
    data: { date: TODAY, child_ids: [child.id] },
    headers,
  });
  expect(published.status()).toBe(200);

  // The class's month lists the child; its 経過記録 opens with the material beside.
  await page.goto(`/staff/f/${writer.facilityId}/records/${klass.class_id}`);
  await expect(page.getByRole('heading', { level: 2, name: '経過記録・児童票' })).toBeVisible();
  await page.getByRole('button', { name: `${child.name}さんの経過記録` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`${name} ${child.name}さんの.*の経過記録`) }),
  ).toBeVisible();
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  const material = page.getByRole('complementary', { name: 'この期間の記録から' });
  await expect(material.getByText(remark)).toBeVisible();
  await expectAccessible(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: `/tmp/staff-progress-${test.info().project.name}.png`, fullPage: true });

  // Type in 言葉, then one tap puts the remark at the caret.
  const words = page.getByRole('textbox', { name: '言葉', exact: true });
  await words.click();
  await words.pressSequentially('自分の気持ちを言葉で伝える。');
  await material.getByRole('button', { name: /の様子を入れる$/ }).click();
  await expect(words).toHaveValue(`自分の気持ちを言葉で伝える。${remark}`);
  await expect(page.getByText('オンライン・保存済み')).toBeVisible();
  await page.getByRole('button', { name: '提出する' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提出する' }).click();
  await expect(page.getByText('提出済み（第1版）')).toBeVisible();
  const url = page.url();

  // The 園長 approves in another browser.
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
    extraHTTPHeaders: use.extraHTTPHeaders,
  });
  await context.clock.install({ time: NOW });
  const other = await context.newPage();
  await signIn(other, director.email);
  await other.goto(url);
  await other.getByRole('button', { name: '承認する' }).click();
  await other.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(other.getByText(/承認：試験 園長先生/)).toBeVisible();

  // The PDF holds what was typed and the remark.
  const link = other.getByRole('link', { name: '印刷・PDF' });
  const pdf = await other.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const file = `/tmp/progress-${test.info().project.name}-${Date.now()}.pdf`;
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  expect(text).toContain('経過記録');
  expect(text).toContain('自分の気持ちを言葉で伝える。');
  expect(text).toContain(remark);
  expect(text).toContain('試験園長先生');

  // The child's 児童票, from the document.
  await other.getByRole('link', { name: `${child.name}さんの児童票へ` }).click();
  await expect(other.getByRole('heading', { level: 1, name: `${child.name}さんの児童票` })).toBeVisible();
  await expect(other.getByRole('heading', { level: 2, name: '入所に関する記録' })).toBeVisible();
  const progress = other.getByRole('region', { name: '経過記録' });
  await expect(progress.getByText('承認済み')).toBeVisible();
  await other.getByRole('button', { name: '児童票を編集' }).click();
  await other.getByRole('textbox', { name: '既往症' }).fill('突発性発疹（1歳）');
  await other.getByRole('button', { name: '保存する' }).click();
  await expect(other.getByText('突発性発疹（1歳）')).toBeVisible();
  await expectAccessible(other);
  await expectTouchTargets(other);
  await other.screenshot({ path: `/tmp/staff-child-record-${test.info().project.name}.png`, fullPage: true });
  await context.close();
});
