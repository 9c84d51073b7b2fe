import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
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

async function xsrfHeaders(request: APIRequestContext) {
  await request.get('/sanctum/csrf-cookie');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(token) };
}

/** A guardian of its own (test-mode fixture API), so a test that writes leaves the demo family as others expect it. */
export async function createGuardian(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post('/api/dev/fixtures/users', {
    data: { email, password: DEMO.password },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
  return email;
}

/** An enrolled child whose main guardian is `mainEmail` (test-mode fixture API). */
export async function createEnrolledChild(
  request: APIRequestContext,
  mainEmail: string,
  firstName: string,
  firstNameKana: string,
  admittedOn?: string,
) {
  const res = await request.post('/api/dev/fixtures/children', {
    data: { mainEmail, firstName, firstNameKana, admittedOn },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { child_id: number };
}
