import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderClient } from '../scripts/generate-client';

describe('the zod-free client module', () => {
  it('is up to date with the contract (run npm run contract:client)', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, '../src/client.ts'), 'utf8');
    expect(file).toBe(renderClient());
  });

  it('imports no zod at run time', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, '../src/client.ts'), 'utf8');
    const runtimeImports = file
      .split('\n')
      .filter((l) => /^(import|export) .* from /.test(l) && !/^(import|export) type /.test(l));
    for (const line of runtimeImports) {
      const target = /from '(.+)'/.exec(line)![1]!;
      const source = fs.readFileSync(path.join(import.meta.dirname, '../src', `${target}.ts`), 'utf8');
      expect(source, target).not.toMatch(/from 'zod'/);
    }
  });
});
