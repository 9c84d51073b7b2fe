import { defineConfig } from '@playwright/test';
import { NOW } from './e2e/clock';
import { e2eSessionSecret } from './e2e/mailbox';

const port = Number(process.env.E2E_STAFF_PORT ?? 3200);

/**
 * The staff app's end-to-end tests (staff.md §7): the real server on a fresh database, as the
 * guardian app's (apps/web/playwright.config.ts), at the staff room's desktop and at tablet size.
 */
export default defineConfig({
  testDir: './e2e',
  // Bounds for a hang, not waits (see apps/web/playwright.config.ts for the measurements).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    defaultBrowserType: 'chromium',
    locale: 'ja-JP',
    // Settled colours for axe: the app turns transitions off for reduced motion.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Tokyo',
    // One pinned instant for the whole run (e2e/clock.ts): the server answers every request as at
    // NOW (test mode only, TOTP codes included); fixtures.ts starts each browser clock at it.
    extraHTTPHeaders: { 'x-test-now': NOW },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The staff room's PC (staff.md §1).
    { name: 'desktop', use: { viewport: { width: 1366, height: 768 } } },
    // The class tablet, landscape, by touch: the day's flows. The desktop sign-in's deep flows (children,
    // setup, company, devices, audit, events, notices) run at 1366×768; their screens are toured at
    // both tablet sizes too, upright with all of them (screens.spec.ts, tests-e2e-sizes.md).
    {
      name: 'tablet',
      testIgnore: /\/(children|facilities|facilities-company|devices|audit|events|notices)\.spec\.ts$/,
      use: { viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
    // The class tablet held upright: the tests tagged @portrait (every screen's axe-and-layout tour,
    // the upright board, …); the deep flows run at the two other sizes only, to keep the run short.
    { name: 'tablet-portrait', grep: /@portrait/, use: { viewport: { width: 768, height: 1024 }, hasTouch: true } },
  ],
  webServer: {
    command: `npx tsx ../server/test/e2e-server.ts`,
    cwd: import.meta.dirname,
    url: `http://localhost:${port}/api/health`,
    // A loaded machine (parallel runs) may need longer to start the server: E2E_SERVER_TIMEOUT (ms).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: `${import.meta.dirname}/../web/dist`,
      // E2E_STAFF_DIST: another build to test (the default: this app's dist).
      STAFF_DIST: process.env.E2E_STAFF_DIST ?? `${import.meta.dirname}/dist`,
      E2E_NOW: NOW,
      // The run's own secret, so the specs know the dev mailbox's key (e2e/mailbox.ts).
      SESSION_SECRET: e2eSessionSecret(),
    },
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM (not the default SIGKILL), so that the server drops its e2e database on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
