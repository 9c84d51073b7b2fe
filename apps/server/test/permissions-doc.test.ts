import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsDoc } from '../src/modules/access/permissions-doc';

describe('docs/permissions.md', () => {
  it('is what the access catalogues say (run `npm run permissions:doc` after changing them)', async () => {
    const onDisk = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(await permissionsDoc());
  });

  it('names every role and says where a PIN tablet may not go', async () => {
    const doc = await permissionsDoc();
    for (const label of ['法人管理者', '園長', '保育士', '事務']) expect(doc).toContain(label);
    expect(doc).toMatch(/### `billing.manage`\n\n.*PIN tablet: no\./);
    expect(doc).toMatch(/### `day.write`\n\n.*PIN tablet: yes\./);
  });
});
