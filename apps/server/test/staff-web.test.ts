/**
 * The staff app's serving (DESIGN §3.1): its own build under /staff/, beside the guardian app,
 * which is served as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const guardianPage = '<!doctype html><title>guardian</title><div id="root"></div>'.repeat(10);
const staffPage = '<!doctype html><title>staff</title><div id="root"></div>'.repeat(10);
const staffScript = 'console.log("施設用");\n'.repeat(50);
/** A guardian page as sent, less the first answers written in after its root element (src/lib/first-answers.ts). */
const withoutFirstAnswers = (body: string) => body.replace(/\n\s*<script id="first-answers".*?<\/script>/s, '');

/** A dist folder as the builds write it (index.html, hashed assets, brotli and gzip copies). */
function writeDist(root: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}

describe('the staff app beside the guardian app', () => {
  let dir: string;
  let both: TestApp;
  let guardianOnly: TestApp;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-dist-'));
    writeDist(path.join(dir, 'web'), { 'index.html': guardianPage, 'assets/app-abc.js': 'console.log(1)' });
    writeDist(path.join(dir, 'staff'), { 'index.html': staffPage, 'assets/staff-abc.js': staffScript, 'favicon.svg': '<svg/>' });
    both = await createTestApp({ WEB_DIST: path.join(dir, 'web'), STAFF_DIST: path.join(dir, 'staff') });
    guardianOnly = await createTestApp({ WEB_DIST: path.join(dir, 'web') });
    // Two apps, two databases: a PGlite opens in seconds, more on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await both?.close();
    await guardianOnly?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (t: TestApp, url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers the staff index.html for /staff and every staff screen path, revalidated, precompressed', async () => {
    for (const url of ['/staff', '/staff/', '/staff/login', '/staff/login?next=%2Ff%2F1', '/staff/f/1/audit', '/staff/pin']) {
      const res = await get(both, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(staffPage);
    }
    const compressed = await get(both, '/staff/f/1', 'br, gzip');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(staffPage);
  });

  it('serves the staff assets for a year, precompressed, and a missing one as a 404', async () => {
    const asset = await get(both, '/staff/assets/staff-abc.js', 'gzip, br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(staffScript);
    const icon = await get(both, '/staff/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await get(both, '/staff/assets/gone-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('お探しのページが見つかりませんでした');
  });

  it('leaves the guardian app as it was: its pages, its assets, API 404s', async () => {
    for (const t of [both, guardianOnly]) {
      for (const url of ['/', '/main', '/login', '/staffroom', '/notices/1/2']) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(200);
        expect(withoutFirstAnswers(res.body), url).toBe(guardianPage);
      }
      expect((await get(t, '/assets/app-abc.js')).headers['cache-control']).toContain('immutable');
      expect((await get(t, '/api/nothing')).statusCode).toBe(404);
      // The staff build's files are no guardian URLs.
      expect(withoutFirstAnswers((await get(t, '/assets/staff-abc.js')).body)).toBe(guardianPage);
    }
  });

  it('without a staff build, /staff paths fall back to the guardian app as before', async () => {
    const res = await get(guardianOnly, '/staff/login');
    expect(res.statusCode).toBe(200);
    expect(withoutFirstAnswers(res.body)).toBe(guardianPage);
  });
});
