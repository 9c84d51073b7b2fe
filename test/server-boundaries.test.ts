import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The `import/no-restricted-paths` errors of a file with this text at this path (the file need not exist). */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

// The first lint loads typescript-eslint and the import resolver: seconds on a loaded 2-core machine.
describe('server areas (DESIGN §3.1)', { timeout: 120_000 }, () => {
  it('fail the lint when an area reaches into another area past its service', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/feed/x.ts',
      "import { presentNotice } from '../notices/presenter';\nexport const x = presentNotice;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('service.ts or the access kernel');
  });

  it('pass when an area uses another area’s service or the access kernel', async () => {
    const code = [
      "import { listNotices } from '../notices/service';",
      "import { authorizeChild } from '../access';",
      'export const x = [listNotices, authorizeChild];',
      '',
    ].join('\n');
    expect(await boundaryErrors('apps/server/src/modules/feed/x.ts', code)).toEqual([]);
  });

  it('fail when the access kernel reaches into an area, or lib into a module', async () => {
    const kernel = await boundaryErrors(
      'apps/server/src/modules/access/x.ts',
      "import { listNotices } from '../notices/service';\nexport const x = listNotices;\n",
    );
    const lib = await boundaryErrors(
      'apps/server/src/lib/x.ts',
      "import { authorizeChild } from '../modules/access';\nexport const x = authorizeChild;\n",
    );
    expect(kernel).toHaveLength(1);
    expect(lib).toHaveLength(1);
  });
});
