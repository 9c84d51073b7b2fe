import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const repoRoot = import.meta.dirname;
/** Every folder under apps/web/src/features is an area (DESIGN §3); a new one is fenced in without editing this file. */
const webAreas = fs
  .readdirSync(path.join(repoRoot, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import direction (CONVENTIONS: bulletproof-react): shared → features → app. Shared code
 * (components/, lib/) never imports features or app; a feature imports no other feature at all:
 * what two areas need lives in components/ (UI) or lib/ (the rest), or in the contract.
 */
const webZones = [
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
  { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  ...webAreas.map((area) => ({
    target: `./apps/web/src/features/${area}`,
    from: './apps/web/src/features',
    except: [`./${area}`],
    message: 'A feature imports no other feature (DESIGN §3): move what both need to components/ or lib/.',
  })),
  { target: './packages/contract', from: './apps' },
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web/src', from: './apps/server' },
];

/** The staff app's areas (apps/staff/src/features), fenced in the same way (DESIGN §3.1). */
const staffAreas = fs
  .readdirSync(path.join(repoRoot, 'apps/staff/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The staff app's arrows, as the web's: shared → features → app, no feature importing another.
 * The two apps share no code directly: what both need is in packages/ui (DESIGN §3.2), which
 * imports neither app.
 */
const staffZones = [
  { target: './apps/staff/src/components', from: ['./apps/staff/src/features', './apps/staff/src/app'] },
  {
    target: './apps/staff/src/lib',
    from: ['./apps/staff/src/features', './apps/staff/src/app', './apps/staff/src/components'],
  },
  { target: './apps/staff/src/features', from: './apps/staff/src/app' },
  ...staffAreas.map((area) => ({
    target: `./apps/staff/src/features/${area}`,
    from: './apps/staff/src/features',
    except: [`./${area}`],
    message: 'A feature imports no other feature (DESIGN §3.1): move what both need to components/ or lib/.',
  })),
  { target: './apps/staff', from: './apps/web', message: 'The two apps share code through packages/ui only (DESIGN §3.2).' },
  { target: './apps/web', from: './apps/staff', message: 'The two apps share code through packages/ui only (DESIGN §3.2).' },
  { target: './packages/ui', from: './apps', message: 'packages/ui is below both apps: it imports neither (DESIGN §3.2).' },
  { target: './apps/staff/src', from: './apps/server' },
];

const serverAreas = fs
  .readdirSync(path.join(repoRoot, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'access')
  .map((entry) => entry.name);

/**
 * Server arrows (DESIGN §3.1): an area reaches another area only through its `service.ts` (its
 * public functions) or the access kernel; the kernel reaches no area; lib and db reach no module.
 */
const serverZones = [
  { target: './apps/server', from: ['./apps/web', './apps/staff'] },
  { target: './apps/server/src/lib', from: './apps/server/src/modules' },
  { target: './apps/server/src/db', from: './apps/server/src/modules' },
  { target: './apps/server/src/modules/access', from: './apps/server/src/modules', except: ['./access'] },
  ...serverAreas.map((area) => ({
    target: `./apps/server/src/modules/${area}`,
    from: './apps/server/src/modules',
    except: [`./${area}`, './access', ...serverAreas.filter((a) => a !== area).map((a) => `./${a}/service.ts`)],
    message: 'Another area is reached through its service.ts or the access kernel only (DESIGN §3.1).',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/test-results/**',
      'apps/staff/test-results/**',
    ],
  },
  js.configs.recommended,
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    // The web imports the contract's zod-free client module, so no zod reaches a phone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@renraku/contract', message: 'Import from @renraku/contract/client (zod-free).', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The staff app takes the staff calls from @renraku/contract/staff and the texts and dates from
    // their own modules, not the root, which carries every guardian area's schemas too.
    files: ['apps/staff/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@renraku/contract',
              message: 'Import from @renraku/contract/staff, /client/messages or /dates.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      // basePath: the zones hold wherever ESLint runs from (an editor, a test, a subfolder).
      'import/no-restricted-paths': ['error', { zones: [...webZones, ...staffZones], basePath: repoRoot }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Later than the block above, so for the server's files these zones are the ones that apply.
    files: ['apps/server/**/*.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: serverZones, basePath: repoRoot }] },
  },
);
