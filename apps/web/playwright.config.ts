import { defineConfig, devices } from '@playwright/test';
import { NOW } from './e2e/clock';
import { e2eSessionSecret } from './e2e/mailbox';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './e2e',
  // Bounds for a hang, not waits: a test ends as soon as its states are there. Measured on the
  // 2-core machine under other work (load 8-20): one axe run takes 3-10 s, a test with three axe
  // runs and a form 30-60 s, so the former 30 s / 7 s failed tests that were only slow.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // No retry, in CI either: a test that needs one has a cause to find (issue 15).
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['iPhone 13'],
    // Phone size as the guardians use it (DESIGN §9), in Debian's Chromium.
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    defaultBrowserType: 'chromium',
    locale: 'ja-JP',
    // Settled colours for axe: the app turns transitions off for reduced motion.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Tokyo',
    // One pinned instant for the whole run (e2e/clock.ts): the server answers every request as at
    // NOW (test mode only); fixtures.ts starts each browser clock at it.
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
    // The app's service worker serves its copies when the network fails; only offline.spec.ts, whose
    // subject it is, lets it run (the others see every request as it goes to the server).
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx tsx ../server/test/e2e-server.ts`,
    cwd: import.meta.dirname,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: `${import.meta.dirname}/dist`,
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
