import { describe, expect, it } from 'vitest';
import { getChildrenContent, getConfigConst, getHealth, getNotices, relationTypeOrder } from '@renraku/contract';
import { loadConfig, ConfigError } from '../src/config';
import { call, setupApp } from './harness';
import { createTestApp } from './helpers';

const t = setupApp();

describe('platform', () => {
  it('GET /api/health touches the database', async () => {
    const res = await call(t.agent(), getHealth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config/const answers relation types and the head office address', async () => {
    const body = (await call(t.agent(), getConfigConst)).data;
    expect(Object.keys(body.relation_types)).toHaveLength(10);
    expect(relationTypeOrder).toEqual([0, 1, 2, 5, 6, 3, 4, 7, 8, 9]);
    expect(body.head_office_address).toBe(t.config.operator.head_office_address);
  });

  it('answers unknown API paths with a JSON 404 in Japanese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('お探しのページが見つかりませんでした');
  });

  it('sets security headers on every answer, errors and hot calls included', async () => {
    const anonymous = t.agent();
    for (const send of [
      () => call(anonymous, getHealth),
      () => anonymous.get('/api/nothing-here'),
      () => call(anonymous, getChildrenContent, { query: { children: [1] } }),
      () => call(anonymous, getNotices),
    ]) {
      const res = await send();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/login/check', '/api/config/const']),
    );
  });

  it('refuses to start production without its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db', APP_URL: 'https://a.example' }),
    ).toThrow(/SESSION_SECRET/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@localhost/db',
      APP_URL: 'https://a.example',
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(ok.embedded).toBe(false);
    expect(ok.seedDemo).toBe(false);
    expect(ok.testClock).toBe(false);
  });

  it('sizes the database pool from DATABASE_POOL_MAX, 4 connections by default', () => {
    expect(loadConfig({}).databasePoolMax).toBe(4);
    expect(loadConfig({ DATABASE_POOL_MAX: '12' }).databasePoolMax).toBe(12);
    for (const bad of ['0', '2.5', 'many', '500']) expect(() => loadConfig({ DATABASE_POOL_MAX: bad })).toThrow(ConfigError);
  });
});

describe('logging', () => {
  it('redacts cookies, XSRF tokens and passwords', async () => {
    const { default: pino } = await import('pino');
    const { REDACTED_PATHS } = await import('../src/lib/logger');
    const lines: string[] = [];
    const log = pino(
      { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
      { write: (line: string) => void lines.push(line) },
    );
    log.info(
      { req: { headers: { cookie: 'renraku_session=secret', 'x-xsrf-token': 'xsrf-secret' } }, body: { password: 'hunter2' } },
      'x',
    );
    log.info({ password: 'hunter3', user: { passwordHash: '$argon2id$' } }, 'y');
    const out = lines.join('');
    expect(out).not.toMatch(/secret|hunter|argon2id/);
    expect(out).toContain('[redacted]');
  });
});

describe('the web app', () => {
  it('answers index.html for every SPA path and JSON 404 for API paths', async () => {
    const os = await import('node:os');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      for (const url of ['/', '/main', '/main/qr', '/children/register/1/tok/x', '/notices/1/2?childIds[]=3', '/no/such/page']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toBe('お探しのページが見つかりませんでした');
      // A file path without a valid signature never falls back to the page.
      const file = await web.app.inject({ method: 'GET', url: '/files/nothing' });
      expect(file.statusCode).toBe(403);
      expect(file.headers['content-type']).toContain('application/json');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers home.html (the home code preloaded) for the home with a session cookie, index.html otherwise', async () => {
    const os = await import('node:os');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">index</div>');
    fs.writeFileSync(path.join(dist, 'home.html'), '<!doctype html><div id="root">home</div>');
    const web = await createTestApp({ WEB_DIST: dist });
    const cookie = 'renraku_session=anything';
    try {
      for (const url of ['/', '/main', '/main/', '/main?x=1']) {
        const res = await web.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.body, url).toContain('home');
        expect(res.headers.vary).toContain('Cookie');
        expect((await web.app.inject({ method: 'GET', url })).body, url).toContain('index');
      }
      for (const url of ['/login', '/main/qr', '/notices']) {
        const res = await web.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.body, url).toContain('index');
      }
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends the precompressed copy the browser accepts, the plain file otherwise, the page fallback too', async () => {
    const os = await import('node:os');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const page = '<!doctype html><div id="root"></div>'.repeat(20);
    const script = 'console.log("れんらくノート");\n'.repeat(50);
    // As the build writes them (apps/web/scripts/precompress.mjs).
    const writeWithCopies = (file: string, text: string) => {
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    };
    writeWithCopies(path.join(dist, 'index.html'), page);
    fs.mkdirSync(path.join(dist, 'assets'));
    writeWithCopies(path.join(dist, 'assets', 'app-abc.js'), script);
    const web = await createTestApp({ WEB_DIST: dist });
    const get = (url: string, acceptEncoding?: string) =>
      web.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    try {
      const br = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzip = await get('/assets/app-abc.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

      for (const acceptEncoding of [undefined, 'identity']) {
        const plain = await get('/assets/app-abc.js', acceptEncoding);
        expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(script);
      }

      // The SPA fallback carries its first answers (src/lib/first-answers.ts): compressed per request
      // in the encoding the browser accepts; without a session cookie nothing personal (no-cache).
      const withoutAnswers = (html: string) => html.replace(/\n\s*<script id="first-answers".*?<\/script>/s, '');
      const fallback = await get('/main/qr', 'br, gzip');
      expect(fallback.statusCode).toBe(200);
      expect(fallback.headers['content-encoding']).toBe('br');
      expect(fallback.headers['content-type']).toMatch(/^text\/html/);
      expect(fallback.headers['cache-control']).toBe('no-cache');
      const sent = zlib.brotliDecompressSync(fallback.rawPayload).toString();
      expect(sent).toContain('<script id="first-answers" type="application/json">');
      expect(withoutAnswers(sent)).toBe(page);
      const gzipFallback = await get('/main/qr', 'gzip');
      expect(gzipFallback.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzipFallback.rawPayload).toString()).toBe(sent);
      const plainFallback = await get('/main/qr');
      expect(plainFallback.headers['content-encoding']).toBeUndefined();
      expect(plainFallback.body).toBe(sent);

      // A copy is no URL of its own: its path is just another SPA path.
      const copy = await get('/assets/app-abc.js.br');
      expect(copy.headers['content-type']).toMatch(/^text\/html/);
      expect(withoutAnswers(copy.body)).toBe(page);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
