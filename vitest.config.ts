import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: the server's API tests and the packages' tests in Node, and the two apps'
 * client unit tests in a DOM (happy-dom; docs/decisions/tests-client-unit.md). One run, one
 * worker limit for all of them (the machine has two cores).
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Each API test file builds its own app over its own fresh database (test/harness.ts), so the
          // files need no module isolation; without it each worker imports the server once, not once per
          // file (docs/decisions/tests-api-no-isolation.md: imports 434 s → 28 s of a run).
          isolate: false,
          include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      ...(['web', 'staff'] as const).map((app) => ({
        extends: true,
        test: {
          name: app,
          environment: 'happy-dom',
          include: [`apps/${app}/test/**/*.test.{ts,tsx}`],
          setupFiles: [`apps/${app}/test/setup.ts`],
          testTimeout: 10_000,
        },
      })),
    ],
  },
});
