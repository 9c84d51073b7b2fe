import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { generateSync } from 'otplib';
import { NOW, NOW_SECONDS } from './clock';

/** The demo staff (apps/server/src/seed/staff.ts; README). */
export const DEMO_STAFF = { director: 'enchou@example.com', directorName: '佐藤 園子', password: 'hoiku-demo-2026' } as const;
export const PASSWORD = 'hoiku-demo-2026';

/** No serious or critical accessibility violations on the page as it is now (staff.md §7). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The class tablet's projects: landscape (`tablet`, 1024×768) and upright (`tablet-portrait`, 768×1024). */
export const onTablet = () => test.info().project.name.startsWith('tablet');

/**
 * The main menu, opened first where it folds behind its button (both tablet sizes, shell.tsx): the
 * way every spec goes to a section, whatever the project's width.
 */
export async function openMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'メインメニュー' });
  const burger = page.getByRole('button', { name: 'メニューを開く' });
  // The page first: the menu on a desktop, its button on a tablet (isVisible does not wait).
  await expect(menu.or(burger).first()).toBeVisible();
  if (await burger.isVisible()) await burger.click();
  await expect(menu).toBeInViewport();
  return menu;
}

/** Opens a section from the main menu (see openMenu). */
export async function goToMenu(page: Page, name: string, exact = false) {
  await (await openMenu(page)).getByRole('link', { name, exact }).click();
}

/** On the tablet projects: every visible button, link-button and text field is at least 44 px high (staff.md §1). */
export async function expectTouchTargets(page: Page) {
  if (!onTablet()) return;
  const small = await page
    .locator('button:visible, a[role="button"]:visible, input:not([type="hidden"]):visible')
    .evaluateAll((elements) =>
      elements
        // A field's touch area is its frame (an input inside Mantine's wrapper, as the password's).
        // A radio's or checkbox's is its row with the label (the label toggles it).
        .map((el) => ({
          el,
          box: (
            el.closest('.mantine-Input-input, .mantine-Radio-body, .mantine-Checkbox-body, .mantine-Switch-body') ?? el
          ).getBoundingClientRect(),
        }))
        // A control inside a field (the password's show button) shares the field's height. A control
        // 0 px high is not there to touch: a notification's 閉じる while it collapses away.
        .filter(({ el, box }) => box.height > 0 && box.height < 44 && !el.closest('.mantine-Input-section'))
        .map(({ el, box }) => {
          const name =
            el.textContent?.trim() || el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent;
          return `${el.tagName.toLowerCase()} "${name}" ${box.height}px`;
        }),
    );
  expect(small).toEqual([]);
}

export async function xsrfHeaders(request: APIRequestContext) {
  // The staff app's endpoint: it sees the staff session cookie, so the token is bound to it too (issue 30).
  await request.get('/api/staff/csrf-cookie');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(token) };
}

/** An address no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export interface StaffFixture {
  email: string;
  name: string;
  id: number;
  facilityId: number;
  facilityName: string;
}

/**
 * A staff member of their own at さくら保育園 (test-mode fixture API), so a test that enrols 2FA or
 * sets a PIN leaves the demo staff as the other tests, running in parallel, expect them. With
 * `billingFacility`, at a new facility of the demo company of their own (two paying families, both
 * months open: apps/server/src/seed/billing-facility.ts), for a test that closes a month.
 */
export async function createStaff(
  request: APIRequestContext,
  prefix: string,
  options: {
    role?: 'director' | 'company_admin' | 'office' | 'class_staff';
    name?: string;
    pin?: string;
    billingFacility?: boolean;
  } = {},
): Promise<StaffFixture> {
  const email = uniqueEmail(prefix);
  const name = options.name ?? `試験 ${prefix}${Math.floor(Math.random() * 1e4)}`;
  const res = await request.post('/api/dev/fixtures/staff', {
    data: { email, password: PASSWORD, name, role: options.role, pin: options.pin, billing_facility: options.billingFacility },
    headers: await xsrfHeaders(request),
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: number; facility_id: number; facility_name: string };
  return { email, name, id: body.id, facilityId: body.facility_id, facilityName: body.facility_name };
}

/** Fills the sign-in form and sends it (the password step). */
export async function submitLogin(page: Page, email: string, password: string = PASSWORD) {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** Signs in on a desktop without 2FA and waits for the facility's home. */
export async function signIn(page: Page, email: string, password: string = PASSWORD) {
  await page.goto('/staff/login');
  await submitLogin(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeVisible();
}

/**
 * The authenticator app's code at the pinned instant plus `steps` 30-second steps: the server reads
 * the time from X-Test-Now and takes each step once, ±1 step for clock drift.
 */
export const totpCode = (secret: string, steps = 0) => generateSync({ secret, epoch: NOW_SECONDS + steps * 30 });

export const test = base.extend({
  // (`provide` is Playwright's `use`, named so that the React hooks lint rule leaves it alone.)
  context: async ({ context }, provide) => {
    // The browser's clock starts at the run's pinned instant (clock.ts); time flows from there.
    await context.clock.install({ time: NOW });
    await provide(context);
  },
});
export { expect };
