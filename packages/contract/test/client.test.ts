import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderClient, renderClientCalls } from '../scripts/generate-client';

const generated = { 'client.ts': renderClient, 'client-calls.ts': renderClientCalls };
const read = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '../src', file), 'utf8');

describe('the zod-free client modules', () => {
  for (const [file, render] of Object.entries(generated)) {
    it(`${file} is up to date with the contract (run npm run contract:client)`, () => {
      expect(read(file)).toBe(render());
    });

    it(`${file} imports no zod at run time`, () => {
      const runtimeImports = read(file)
        .split('\n')
        .filter((l) => /^(import|export) .* from /.test(l) && !/^(import|export) type /.test(l));
      for (const line of runtimeImports) {
        const target = /from '(.+)'/.exec(line)![1]!;
        expect(read(`${target}.ts`), target).not.toMatch(/from 'zod'/);
      }
    });
  }

  it('exports only zod-free modules to the web', () => {
    const { exports } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    for (const [name, target] of Object.entries(exports)) {
      if (!name.startsWith('./client')) continue;
      expect(read(path.relative('./src', target)), name).not.toMatch(/from 'zod'/);
    }
  });
});
