/**
 * The import arrows of DESIGN §3 hold because lint fails a wrong one: each case lints a virtual
 * file with the repository's own eslint.config.js. import/no-restricted-paths resolves imports to
 * real files, so every import below names a file that exists.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const rule = 'import/no-restricted-paths';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The messages ESLint reports for `code` as if it were the file at `filePath` (relative to the repository). */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages;
}

/** `specifier` imported and used (so that only the import's own rules can fire). */
const importing = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

// The first lint loads typescript-eslint and the import resolver: seconds on a loaded 2-core machine.
describe('web features', { timeout: 120_000 }, () => {
  it.each([
    ['a feature importing another feature’s api', 'apps/web/src/features/feed/routes/x.tsx', '../../notices/api'],
    [
      'a feature importing another feature’s components',
      'apps/web/src/features/feed/routes/x.tsx',
      '../../notices/components/notice-card',
    ],
    ['a feature’s api importing another feature’s api', 'apps/web/src/features/users/x.ts', '../children/api'],
    ['shared UI importing a feature', 'apps/web/src/components/x.tsx', '../features/feed/api'],
    ['lib importing shared UI', 'apps/web/src/lib/x.ts', '../components/page'],
    ['a feature importing the app', 'apps/web/src/features/feed/routes/x.tsx', '../../../app/router'],
  ])('%s fails lint', async (_case, filePath, specifier) => {
    const messages = await lint(filePath, importing(specifier));
    expect(messages).toEqual([expect.objectContaining({ ruleId: rule, severity: 2 })]);
  });

  it.each([
    ['a feature importing shared UI', 'apps/web/src/features/feed/routes/x.tsx', '../../../components/page'],
    ['a feature importing lib', 'apps/web/src/features/feed/routes/x.tsx', '../../../lib/children'],
    ['a feature importing its own api', 'apps/web/src/features/feed/routes/x.tsx', '../api'],
    ['the app importing a feature', 'apps/web/src/app/x.tsx', '../features/feed/routes/main-page'],
  ])('%s passes lint', async (_case, filePath, specifier) => {
    expect(await lint(filePath, importing(specifier))).toEqual([]);
  });
});

describe('staff app features', { timeout: 120_000 }, () => {
  it.each([
    ['a feature importing another feature’s api', 'apps/staff/src/features/audit/routes/x.tsx', '../../staff/devices/api'],
    [
      'a feature importing another feature’s screen',
      'apps/staff/src/features/home/routes/x.tsx',
      '../../staff/account/routes/settings-page',
    ],
    ['shared UI importing a feature', 'apps/staff/src/components/x.tsx', '../features/audit/api'],
    ['lib importing shared UI', 'apps/staff/src/lib/x.ts', '../components/page'],
    ['a feature importing the app', 'apps/staff/src/features/audit/routes/x.tsx', '../../../app/router'],
    ['the staff app importing the guardian app', 'apps/staff/src/lib/x.ts', '../../../web/src/lib/api'],
    ['the guardian app importing the staff app', 'apps/web/src/lib/x.ts', '../../../staff/src/lib/api'],
    ['the shared client pieces importing the guardian app', 'packages/ui/src/x.ts', '../../../apps/web/src/lib/api'],
    ['the shared client pieces importing the staff app', 'packages/ui/src/x.ts', '../../../apps/staff/src/components/page'],
  ])('%s fails lint', async (_case, filePath, specifier) => {
    const messages = await lint(filePath, importing(specifier));
    expect(messages).toEqual([expect.objectContaining({ ruleId: rule, severity: 2 })]);
  });

  it.each([
    ['a feature importing shared UI', 'apps/staff/src/features/audit/routes/x.tsx', '../../../components/page'],
    ['a feature importing lib', 'apps/staff/src/features/audit/routes/x.tsx', '../../../lib/facility'],
    ['a feature importing its own api', 'apps/staff/src/features/audit/routes/x.tsx', '../api'],
    ['the app importing a feature', 'apps/staff/src/app/x.tsx', '../features/audit/routes/audit-page'],
    [
      'either app importing the shared client pieces',
      'apps/staff/src/features/audit/routes/x.tsx',
      '../../../../../../packages/ui/src/loading',
    ],
    ['the guardian app importing the shared client pieces', 'apps/web/src/lib/x.ts', '../../../../packages/ui/src/api'],
  ])('%s passes lint', async (_case, filePath, specifier) => {
    expect(await lint(filePath, importing(specifier))).toEqual([]);
  });
});
