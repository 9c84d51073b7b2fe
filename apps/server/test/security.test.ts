/**
 * The security findings of issue 21 (hardening), one describe each: the dev mailbox and the
 * generated session secret, TRUST_PROXY, secrets in log lines, atomic limits, the per-client
 * lockout, email-change probing, Secure cookies, redirects, what a pending invitee sees.
 * Extra apps of other modes are built over this file's database (no second migration run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  getChildren,
  getDevMailbox,
  getRecognition,
  guardianMessages,
  idpMessages,
  messages,
  postChild,
  postEmailChange,
  postLogin,
  postSignup,
  postStaffLogin,
} from '@renraku/contract';
import { buildApp } from '../src/app';
import { devMailboxKey, loadConfig, SESSION_SECRET_FILE } from '../src/config';
import { childRegistrationAttempts, children, idpTokens } from '../src/db/schema';
import { fileUrls } from '../src/lib/files';
import { memoryCounter } from '../src/lib/rate-limit';
import { safeRedirect } from '../src/modules/idp/redirect';
import { LOGIN_LIMITS } from '../src/modules/idp/credentials';
import { IDP_LIMITS } from '../src/modules/idp/flows';
import { Agent, call, setupApp } from './harness';
import { buildChild, buildFamily, buildRegistrationToken, buildStaff, buildUser, linkGuardian, TEST_PASSWORD } from './factories';

const t = setupApp();
const db = () => t.db;

/** The value the config fell back to before issue 21 when SESSION_SECRET was not set (it is public, in git history). */
const OLD_DEMO_SECRET = 'embedded-demo-session-secret-not-for-production';

const tmpDirs: string[] = [];
const extraApps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-security-'));
  tmpDirs.push(dir);
  return dir;
};

/** Settings of a production installation (its database is this file's, whatever DATABASE_URL says). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  APP_URL: 'https://renraku.example',
  SESSION_SECRET: 'p'.repeat(48),
  STAFF_REQUIRE_2FA: '0',
};

/** Another app over this file's database, in the mode `env` describes; its log lines in `lines`. */
async function appWith(env: Record<string, string>, options: { capture?: boolean; ownCounter?: boolean } = {}) {
  const dataDir = freshDataDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.capture ? 'info' : 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
    ...env,
  });
  const lines: string[] = [];
  const app = await buildApp(config, {
    database: t.database,
    // Counters of its own when a test fills the limits of 127.0.0.1 (the inject default), which the other tests use too.
    ...(options.ownCounter ? { counter: memoryCounter() } : {}),
    ...(options.capture ? { logStream: { write: (line: string) => void lines.push(line) } } : {}),
  });
  await app.ready();
  extraApps.push(app);
  return { app, config, lines, agent: (headers: Record<string, string> = {}) => new Agent(app, headers) };
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`;
const login = (agent: Agent, email: string, password: string) =>
  call(agent, postLogin, { body: { email, password, remember: false } });

describe('finding 1: the dev mailbox and the session secret in embedded mode', () => {
  it('signed out, GET /api/dev/mailbox answers 404 in test, development (embedded) and production modes', async () => {
    expect((await call(t.agent(), getDevMailbox)).statusCode).toBe(404);
    const development = await appWith({ NODE_ENV: 'development' });
    expect(development.config.embedded && development.config.devMailbox).toBe(true);
    expect((await call(development.agent(), getDevMailbox)).statusCode).toBe(404);
    const production = await appWith(PRODUCTION);
    expect((await call(production.agent(), getDevMailbox)).statusCode).toBe(404);
    // Production has no mailbox at all, whatever the key.
    expect((await call(production.agent({ 'x-mailbox-key': devMailboxKey(production.config) }), getDevMailbox)).statusCode).toBe(
      404,
    );
  });

  it('development: the key printed at start opens it; a session does not, loopback-bound or not (issue 30)', async () => {
    const user = await buildUser(db());
    const open = await appWith({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    expect((await call(open.agent({ 'x-mailbox-key': 'wrong' }), getDevMailbox)).statusCode).toBe(404);
    expect((await call(open.agent({ 'x-mailbox-key': devMailboxKey(open.config) }), getDevMailbox)).statusCode).toBe(200);
    const signedIn = await open.agent().login(user.email, TEST_PASSWORD);
    expect((await call(signedIn, getDevMailbox)).statusCode).toBe(404);
    const local = await appWith({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    expect((await call(await local.agent().login(user.email, TEST_PASSWORD), getDevMailbox)).statusCode).toBe(404);
    expect((await call(local.agent(), getDevMailbox)).statusCode).toBe(404);
  });

  it('without SESSION_SECRET a random secret is generated once and kept in DATA_DIR (0600)', () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const secret = first.sessionSecret;
    expect(secret).not.toBe(OLD_DEMO_SECRET);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(secret);
    expect(loadConfig({ DATA_DIR: freshDataDir() }).sessionSecret).not.toBe(secret);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40) }).sessionSecret).toBe('s'.repeat(40));
  });

  it('a file URL signed with the demo secret is refused when no secret was configured', async () => {
    const embedded = await appWith({ NODE_ENV: 'development' });
    await embedded.app.ctx.storage.put('children/forged.jpg', Buffer.from('photo'));
    const forged = fileUrls(OLD_DEMO_SECRET).url('children/forged.jpg')!;
    expect((await embedded.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const own = embedded.app.ctx.files.url('children/forged.jpg')!;
    expect((await embedded.app.inject({ method: 'GET', url: own })).statusCode).toBe(200);
  });
});

describe('finding 2: TRUST_PROXY', () => {
  it('production without TRUST_PROXY: X-Forwarded-For rotated on every request still meets the per-client limit (429 at 51)', async () => {
    const production = await appWith(PRODUCTION, { ownCounter: true });
    expect(production.config.trustProxy).toBe(false);
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perIp + 5; i++) {
      const agent = production.agent({ 'x-forwarded-for': `198.51.100.${i % 250}` });
      statuses.push((await login(agent, uniqueEmail(`rotate${i}`), 'wrong-password')).statusCode);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perIp).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perIp)).toEqual([429, 429, 429, 429, 429]);
  });

  it('TRUST_PROXY=1: the address the proxy forwards is the client; a hop count or addresses are accepted, nonsense refused', async () => {
    const behindProxy = await appWith({ TRUST_PROXY: '1' });
    expect(behindProxy.config.trustProxy).toBe(1);
    const email = uniqueEmail('proxied');
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndIp; i++) {
      expect((await login(behindProxy.agent({ 'x-forwarded-for': '203.0.113.7' }), email, 'wrong')).statusCode).toBe(422);
    }
    expect((await login(behindProxy.agent({ 'x-forwarded-for': '203.0.113.7' }), email, 'wrong')).statusCode).toBe(429);
    // Another client behind the same proxy is another client.
    expect((await login(behindProxy.agent({ 'x-forwarded-for': '203.0.113.8' }), email, 'wrong')).statusCode).toBe(422);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true; rm -rf' })).toThrow(/TRUST_PROXY/);
  });
});

describe('finding 3: secrets in log lines', () => {
  it('request URLs are logged with their tokens and signatures redacted', async () => {
    const logged = await appWith({}, { capture: true });
    const secrets = Array.from({ length: 10 }, (_, i) => `SeCrEt${i}x${Math.random().toString(36).slice(2, 10)}`);
    const urls = [
      `/api/idp/signup/${secrets[0]}`,
      `/api/idp/password/reset/${secrets[1]}`,
      `/api/users/invite/verify/${secrets[2]}`,
      `/api/events/ical/${secrets[3]}`,
      `/children/register/1/${secrets[4]}`,
      `/password/new/${secrets[5]}`,
      `/users/register/${secrets[6]}?utm=x`,
      `/email/verify/${secrets[7]}`,
      `/files/children/a.jpg?exp=1700000000&sig=${secrets[8]}&v=thumb`,
      `/files/children/a.jpg?sig%5Bx%5D=${secrets[9]}`,
    ];
    for (const url of urls) await logged.app.inject({ method: 'GET', url });
    const output = logged.lines.join('');
    expect(output).toContain('"url":"/api/idp/signup/[redacted]"');
    expect(output).toContain('"url":"/files/children/a.jpg?exp=[redacted]&sig=[redacted]&v=thumb"');
    expect(output).toContain('"url":"/children/register/1/[redacted]"');
    for (const secret of secrets) expect(output).not.toContain(secret);
    expect(output).not.toContain('1700000000');
  });
});

describe('finding 5: limits counted atomically', () => {
  it('40 concurrent wrong passwords against a limit of 10: at most 10 are checked, the rest 429', async () => {
    // One client of its own (behind a trusted proxy), so the other tests' 127.0.0.1 keeps its count.
    const client = await appWith({ TRUST_PROXY: '1' });
    const user = await buildUser(db());
    const agents = Array.from({ length: 40 }, () => client.agent({ 'x-forwarded-for': '100.64.0.40' }));
    const statuses = await Promise.all(
      agents.map((agent) => login(agent, user.email, 'wrong-password').then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAddressAndIp);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LOGIN_LIMITS.perAddressAndIp);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
  });

  it('concurrent wrong birth dates on one registration link: at most 5 compared, the rest 429', async () => {
    const { child } = await buildChild(db());
    const { token, row } = await buildRegistrationToken(db(), child);
    const agent = await t.signIn(await buildUser(db()));
    const body = { birth: '2019-01-01', type: 0, token, company_id: child.companyId };
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(agent, postChild, { body })));
    const wrong = answers.filter((a) => a.statusCode === 422);
    expect(wrong.length).toBeLessThanOrEqual(5);
    for (const a of wrong) expect(a.json().message).toBe(guardianMessages.wrongBirth);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(7);
    const attempts = await db().select().from(childRegistrationAttempts).where(eq(childRegistrationAttempts.tokenId, row.id));
    expect(attempts.length).toBeLessThanOrEqual(5);
  });
});

describe('finding 6: no stranger can lock a parent out', () => {
  it('10 wrong passwords from one client lock that client only; the parent elsewhere signs in, a little later', async () => {
    const behindProxy = await appWith({ TRUST_PROXY: '1' });
    const parent = await buildUser(db());
    const stranger = (i: number) => behindProxy.agent({ 'x-forwarded-for': `192.0.2.${i}` });
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndIp; i++)
      expect((await login(stranger(1), parent.email, 'guess')).statusCode).toBe(422);
    const walled = await login(stranger(1), parent.email, TEST_PASSWORD);
    expect(walled.statusCode).toBe(429);
    expect(walled.json().message).toBe(messages.tooManyLoginAttempts);
    // Past 10 failures for the address from anywhere, each check waits (here ½ s), never refuses.
    const started = Date.now();
    const home = await login(behindProxy.agent({ 'x-forwarded-for': '198.18.0.1' }), parent.email, TEST_PASSWORD);
    expect(home.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.addressDelayStepMs - 50);
  });
});

describe('finding 7: email-change probing', () => {
  it('answers a registered address as a free one and allows 5 changes per user an hour', async () => {
    const user = await buildUser(db());
    const agent = await t.signIn(user);
    const statuses: number[] = [];
    for (let i = 0; i < IDP_LIMITS.emailChangesPerUser + 1; i++) {
      const registered = await buildUser(db());
      const res = await call(agent, postEmailChange, { body: { current_password: TEST_PASSWORD, new_email: registered.email } });
      statuses.push(res.statusCode);
      if (res.statusCode === 202) expect(res.json().message).toBe(idpMessages.emailChangeSent);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // A free address after the limit: refused too, and no token is written for it.
    const free = uniqueEmail('free');
    expect((await call(agent, postEmailChange, { body: { current_password: TEST_PASSWORD, new_email: free } })).statusCode).toBe(
      429,
    );
    expect(await db().select().from(idpTokens).where(eq(idpTokens.email, free))).toEqual([]);
  });
});

describe('finding 8: Secure cookies in production', () => {
  it('session, XSRF and staff cookies are Secure in production even when the proxy does not say https', async () => {
    const production = await appWith(PRODUCTION);
    const user = await buildUser(db());
    const guardian = await login(production.agent(), user.email, TEST_PASSWORD);
    expect(guardian.statusCode).toBe(200);
    const cookies = guardian.cookies as { name: string; secure?: boolean }[];
    expect(cookies.find((c) => c.name === 'renraku_session')?.secure).toBe(true);
    const xsrf = await production.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect((xsrf.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    const staff = await buildStaff(db());
    const staffLogin = await call(production.agent(), postStaffLogin, {
      body: { email: staff.user.email, password: TEST_PASSWORD },
    });
    expect(staffLogin.statusCode).toBe(200);
    const staffCookie = (staffLogin.cookies as { name: string; secure?: boolean }[]).find(
      (c) => c.name === 'renraku_staff_session',
    );
    expect(staffCookie?.secure).toBe(true);
    // Development over plain http keeps working without https.
    const plain = await login(t.agent(), user.email, TEST_PASSWORD);
    expect((plain.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === 'renraku_session')?.secure).toBeFalsy();
  });
});

describe('finding 9: the ID service redirect check', () => {
  const config = { appUrl: 'http://app.example', allowedRedirectOrigins: ['https://photo.example'] };

  it('refuses tabs, newlines, control characters, backslashes and own-origin URLs that read as another host', () => {
    for (const evil of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '\t/evil.example',
      '/\\evil.example',
      '/a\\..\\evil',
      '//evil.example',
      'http://app.example//evil.example',
      'http://app.example/\t/evil.example',
      'http:\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(config, evil), JSON.stringify(evil)).toBe('/main');
    }
  });

  it('allows same-origin paths and the configured origins', () => {
    expect(safeRedirect(config, '/notices?x=1#top')).toBe('/notices?x=1#top');
    expect(safeRedirect(config, 'http://app.example/children/recognition/3')).toBe('/children/recognition/3');
    expect(safeRedirect(config, '/%09/evil.example')).toBe('/%09/evil.example');
    expect(safeRedirect(config, 'https://photo.example/back')).toBe('https://photo.example/back');
  });

  it('a sign-up started with a tab-smuggled redirect stores the default', async () => {
    const email = uniqueEmail('redirect');
    expect((await call(t.agent(), postSignup, { body: { email, redirect_url: '/\t/evil.example' } })).statusCode).toBe(202);
    const [token] = await db().select().from(idpTokens).where(eq(idpTokens.email, email));
    expect(token!.redirectUrl).toBe('/main');
  });
});

describe('finding 11: what a pending invitee sees', () => {
  it('only the kana first name and the inviter: no full name, photo, facility or QR', async () => {
    const f = await buildFamily(db());
    await db().update(children).set({ imageKey: 'children/secret-photo.jpg' }).where(eq(children.id, f.child.id));
    const invitee = await buildUser(db());
    await linkGuardian(db(), f.child.id, invitee.id, { activated: null });
    const agent = await t.signIn(invitee);
    const [listed] = (await call(agent, getChildren)).data.filter((c) => c.id === f.child.id);
    expect(listed).toMatchObject({
      first_name: '',
      last_name: '',
      last_name_kana: '',
      first_name_kana: 'こ',
      image_url: null,
      facility_name: null,
      qr_token: '',
      pivot: { activated: null },
    });
    const recognition = (await call(agent, getRecognition, { params: { id: f.child.id } })).data;
    expect(recognition.child).toMatchObject({ first_name: '', last_name: '', first_name_kana: 'こ', image_url: null });
    expect(recognition.mainUser).toMatchObject({ id: f.main.id, name: f.main.name });
    // The guardians themselves still see everything.
    const [own] = (await call(await t.signIn(f.main), getChildren)).data.filter((c) => c.id === f.child.id);
    expect(own!.first_name).toBe(f.child.firstName);
    expect(own!.image_url).toMatch(/^\/files\/children\/secret-photo\.jpg\?/);
  });
});

describe('over-long URLs', () => {
  it('a path parameter over the router limit answers 414 with a Japanese JSON message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/idp/signup/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'URLが長すぎます' });
  });
});
