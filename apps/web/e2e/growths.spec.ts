import { expect, expectAccessible, signIn, test } from './fixtures';

test.describe('growth records', () => {
  test('pick a child, read the cards and the chart on the newest one', async ({ page }) => {
    await signIn(page);
    await page.goto('/growths/children');
    await expect(page.getByRole('heading', { level: 1, name: '成長記録' })).toBeVisible();
    await expect(page.getByText('成長記録の閲覧をするお子さまを選択してください')).toBeVisible();
    await expect(page.getByRole('link', { name: /陽翔/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /結衣/ })).toBeVisible();
    // A pending invitation (蒼太) is not offered.
    await expect(page.getByRole('link', { name: /蒼太/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/growths-list.png' });

    await page.getByRole('link', { name: /陽翔/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '陽翔の成長記録' })).toBeVisible();
    const cards = page.getByRole('region', { name: /^測定日：/ });
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(36);
    await expect(cards.first().getByText(/^測定日：\d{4}\/\d{2}\/\d{2}$/)).toBeVisible();
    await expect(cards.first().getByText('身長')).toBeVisible();
    await expect(cards.first().getByText('体重')).toBeVisible();
    // The chart only on the newest card, with the survey note.
    await expect(page.locator('canvas')).toHaveCount(1);
    await expect(cards.first().locator('canvas')).toBeVisible();
    await expect(page.getByText('出典：こども家庭庁『令和5年乳幼児身体発育調査』をもとに作成（一部加工）')).toBeVisible();

    // The drawn chart, read back from the chart.js instance.
    const chart = page.getByTestId('growth-chart');
    await expect(chart).toHaveAttribute('data-chart', /datasets/);
    const summary = JSON.parse((await chart.getAttribute('data-chart'))!);
    expect(summary.aspectRatio).toBeCloseTo(85 / 111);
    expect(summary.tooltip).toBe(false);
    expect(summary.scales.x).toEqual({ min: 0, max: 84, title: '年齢(歳)' });
    expect(summary.scales.y).toEqual({ min: 30, max: 140, title: '身長(cm)' });
    expect(summary.scales.y1).toEqual({ min: 0, max: 65, title: '体重(kg)' });
    // Named entries only in the legend.
    expect(summary.legend).toEqual([
      '身長 2SD（3・97パーセンタイル）',
      '身長 1SD（10・90パーセンタイル）',
      '身長 平均（50パーセンタイル）',
      '体重 2SD（3・97パーセンタイル）',
      '体重 1SD（10・90パーセンタイル）',
      '体重 平均（50パーセンタイル）',
      '身長',
      '体重',
    ]);
    const byLabel = (label: string) => summary.datasets.filter((d: { label: string }) => d.label === label);
    // Boys' curves (陽翔 is a boy): birth length 50th percentile 49.4 cm, reference lines end at 75 months.
    expect(byLabel('身長 平均（50パーセンタイル）')[0]).toMatchObject({
      axis: 'y',
      points: 76,
      first: { x: 0, y: 49.4 },
      last: { x: 75 },
    });
    expect(summary.datasets.filter((d: { label: string }) => d.label === '')).toHaveLength(4);
    expect(byLabel('身長')[0].points).toBeGreaterThanOrEqual(36);
    expect(byLabel('体重')[0].axis).toBe('y1');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/growths-chart.png' });
  });

  test('the girl’s chart uses the girls’ curves and shows head and chest when measured', async ({ page }) => {
    await signIn(page);
    await page.goto('/growths/children');
    await page.getByRole('link', { name: /結衣/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '結衣の成長記録' })).toBeVisible();
    const chart = page.getByTestId('growth-chart');
    await expect(chart).toHaveAttribute('data-chart', /datasets/);
    const summary = JSON.parse((await chart.getAttribute('data-chart'))!);
    const median = summary.datasets.find((d: { label: string }) => d.label === '身長 平均（50パーセンタイル）');
    expect(median.first).toEqual({ x: 0, y: 48.8 });
    await expect(page.getByText('頭囲').first()).toBeVisible();
    await expect(page.getByText('胸囲').first()).toBeVisible();
  });

  test('a child that is not the guardian’s shows not-found', async ({ page }) => {
    await signIn(page);
    await page.goto('/growths/children/99999');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
    await page.goto('/growths/unknown');
    await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  });
});
