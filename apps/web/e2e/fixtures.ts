import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { NOW } from './clock';

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

/** Signs in and waits for the home page, the proof that the session is there. */
export async function signIn(page: Page, email: string = DEMO.main, password: string = DEMO.password) {
  await login(page, email, password);
  await expect(page).toHaveURL(/\/main$/);
}

/**
 * Starts the browser's clock at the run's pinned instant (clock.ts), where the web works out
 * "today"; time then flows as usual from there, so timers and intervals behave as in real life.
 */
export async function pinClock(context: BrowserContext) {
  await context.clock.install({ time: NOW });
}

export const test = base.extend({
  // (`provide` is Playwright's `use`, named so that the React hooks lint rule leaves it alone.)
  context: async ({ context }, provide) => {
    await pinClock(context);
    await provide(context);
  },
});
export { expect };

/** A second phone (another guardian), with the config's options and the pinned clock. */
export async function newPhone(browser: Browser) {
  const context = await browser.newContext();
  await pinClock(context);
  return { context, page: await context.newPage() };
}

export async function xsrfHeaders(request: APIRequestContext) {
  // A token is bound to the sessions it is issued beside (auth-xsrf-bound-to-session.md): a context that
  // signed in to the staff app asks the staff endpoint, which sees the staff cookie (scoped to /api/staff).
  const staffSignedIn = (await request.storageState()).cookies.some((c) => c.name === 'renraku_staff_session');
  await request.get(staffSignedIn ? '/api/staff/csrf-cookie' : '/sanctum/csrf-cookie');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(token) };
}

/** An address no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A guardian of its own (test-mode fixture API), so a test that writes leaves the demo family as
 * the other tests, running in parallel, expect it.
 */
export async function createGuardian(
  request: APIRequestContext,
  prefix: string,
  options: { name?: string; password?: string; agreed?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/dev/fixtures/users', {
    data: { email, password: options.password ?? DEMO.password, name: options.name, agreed: options.agreed },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
  return email;
}

export interface ChildFixture {
  child_id: number;
  company_id: number;
  /** A registration URL token for the child. */
  token: string;
  birth: string;
}

/**
 * A child of its own (test-mode fixture API): 試験 <firstName>, enrolled ten days ago (or on
 * `admittedOn`) at さくら保育園, or at the facility and class of the demo child `twinOf` with the
 * notices addressed to it; linked to `mainEmail` as its main guardian when given.
 */
export async function createChild(
  request: APIRequestContext,
  data: { mainEmail?: string; firstName?: string; firstNameKana?: string; admittedOn?: string; twinOf?: '陽翔' | '結衣' } = {},
): Promise<ChildFixture> {
  const res = await request.post('/api/dev/fixtures/children', { data, headers: await xsrfHeaders(request) });
  expect(res.status()).toBe(201);
  return (await res.json()) as ChildFixture;
}

/** An enrolled child whose main guardian is `mainEmail` (test-mode fixture API). */
export async function createEnrolledChild(
  request: APIRequestContext,
  mainEmail: string,
  firstName: string,
  firstNameKana: string,
  admittedOn?: string,
) {
  return createChild(request, { mainEmail, firstName, firstNameKana, admittedOn });
}
