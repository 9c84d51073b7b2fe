import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO = { main: 'hogosha@example.com', sub: 'sub@example.com', password: 'hoiku-demo-2026' } as const;

/** No serious or critical accessibility violations on the page as it is now (DESIGN §9). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Signs in on the login page; `stay` keeps the current login URL (and its referrer_path). */
export async function login(page: Page, email: string = DEMO.main, password: string = DEMO.password, stay = false) {
  if (!stay) await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

export const test = base;
export { expect };
