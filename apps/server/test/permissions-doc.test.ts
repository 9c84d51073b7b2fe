import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as C from '@renraku/contract';
import { byDeviceAction } from '../src/modules/access/devices';
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

  it('prints the device audience: the gate kiosk’s and the PIN pad’s calls, each kind per action', async () => {
    const doc = await permissionsDoc();
    expect(doc).toMatch(/### `kiosk.scan`\n\n.*クラスタブレット: no, 門のキオスク: yes\./);
    expect(doc).toMatch(/### `device.unlock`\n\n.*クラスタブレット: yes, 門のキオスク: no\./);
    expect(doc).toMatch(/### `day.write`\n\n.*Gate kiosk: no\./);
    expect(doc).toContain('- `POST /api/kiosk/scans`');
  });

  it('names every gate kiosk call of the contract in the device catalogue', () => {
    const kioskCalls = (Object.values(C) as unknown[]).filter(
      (c): c is { path: string } =>
        typeof c === 'object' && c !== null && 'path' in c && String(c.path).startsWith('/api/kiosk/'),
    );
    expect(kioskCalls.length).toBeGreaterThan(0);
    const named = new Set<unknown>(Object.values(byDeviceAction).flat());
    expect(kioskCalls.filter((c) => !named.has(c)).map((c) => c.path)).toEqual([]);
  });
});
