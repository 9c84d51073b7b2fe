/**
 * Issue 30's platform findings: the dev mailbox opens to the printed key only, the browser's
 * security headers (Permissions-Policy, X-Frame-Options), the XSRF token bound to its session.
 * Extra apps of other modes are built over this file's database (no second migration run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getDevMailbox, messages, postNotificationSettingsEnable, postStaffLogout, putStaffPin } from '@renraku/contract';
import { buildApp } from '../src/app';
import { devMailboxKey, loadConfig } from '../src/config';
import { enqueueMail } from '../src/lib/mail';
import { buildStaff, buildUser, TEST_PASSWORD } from './factories';
import { Agent, call, setupApp } from './harness';

const t = setupApp();
const db = () => t.db;

const tmpDirs: string[] = [];
const extraApps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another app over this file's database, in the mode `env` describes. */
async function appWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-hardening-'));
  tmpDirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
    ...env,
  });
  const app = await buildApp(config, { database: t.database });
  await app.ready();
  extraApps.push(app);
  return { app, config, agent: (headers: Record<string, string> = {}) => new Agent(app, headers) };
}

describe('issue 30: the dev mailbox opens to the printed key only', () => {
  it('test mode: a signed-in guardian and a signed-in director get 404; the key opens it', async () => {
    await enqueueMail(db(), {
      to: 'victim@example.com',
      kind: 'password_reset',
      subject: 'パスワード再設定',
      text: 'reset link',
    });
    const guardian = await t.signIn(await buildUser(db()));
    expect((await call(guardian, getDevMailbox)).statusCode).toBe(404);
    const { user } = await buildStaff(db(), { role: 'director' });
    expect((await call(await t.signIn(user), getDevMailbox)).statusCode).toBe(404);
    const keyed = await call(t.agent({ 'x-mailbox-key': devMailboxKey(t.config) }), getDevMailbox);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.data.map((m) => m.to)).toContain('victim@example.com');
  });

  it('a loopback-bound embedded server: a session is no key (404); the key opens it', async () => {
    const local = await appWith({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    expect(local.config.devMailbox).toBe(true);
    const user = await buildUser(db());
    const signedIn = await local.agent().login(user.email, TEST_PASSWORD);
    expect((await call(signedIn, getDevMailbox)).statusCode).toBe(404);
    expect((await call(local.agent({ 'x-mailbox-key': 'x'.repeat(24) }), getDevMailbox)).statusCode).toBe(404);
    expect((await call(local.agent({ 'x-mailbox-key': devMailboxKey(local.config) }), getDevMailbox)).statusCode).toBe(200);
  });
});

describe('issue 30: security headers', () => {
  it('X-Frame-Options DENY, as CSP frame-ancestors none says, on API answers and pages', async () => {
    for (const url of ['/api/health', '/', '/staff/', '/staff/kiosk']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('Permissions-Policy: the camera only for the staff app (its gate kiosk scans QR codes), none elsewhere', async () => {
    for (const url of ['/api/health', '/', '/main', '/api/staff/me', '/dev/mailbox']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('geolocation=()');
    }
    for (const url of ['/staff/kiosk', '/staff/pair', '/staff/']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('microphone=()');
    }
  });
});

describe('issue 30: the XSRF token is bound to its session', () => {
  it('guardians: a token of one session does not pass for another (419); each passes for its own, right after sign-in', async () => {
    const a = await t.signIn(await buildUser(db()));
    const b = await t.signIn(await buildUser(db()));
    expect((await call(a, postNotificationSettingsEnable)).statusCode).toBe(200);
    expect((await call(b, postNotificationSettingsEnable)).statusCode).toBe(200);
    b.setCookie('XSRF-TOKEN', a.cookie('XSRF-TOKEN')!);
    const forged = await call(b, postNotificationSettingsEnable);
    expect(forged.statusCode).toBe(419);
    expect(forged.json().message).toBe(messages.csrfMismatch);
    // A visitor's token (no session) does not pass for a session either.
    const visitor = t.agent();
    await visitor.get('/sanctum/csrf-cookie');
    a.setCookie('XSRF-TOKEN', visitor.cookie('XSRF-TOKEN')!);
    expect((await call(a, postNotificationSettingsEnable)).statusCode).toBe(419);
  });

  it('staff: a token of one staff session does not pass for another (419); the own one does', async () => {
    const one = await t.signInStaff((await buildStaff(db(), { role: 'director' })).user);
    const two = await t.signInStaff((await buildStaff(db(), { role: 'director' })).user);
    expect((await call(one, putStaffPin, { body: { pin: '4821' } })).statusCode).toBe(200);
    two.setCookie('XSRF-TOKEN', one.cookie('XSRF-TOKEN')!);
    expect((await call(two, putStaffPin, { body: { pin: '4822' } })).statusCode).toBe(419);
    expect((await call(two, postStaffLogout)).statusCode).toBe(419);
    // The staff app's own cookie endpoint mints one for the session it sees.
    await two.get('/api/staff/csrf-cookie');
    expect((await call(two, putStaffPin, { body: { pin: '4822' } })).statusCode).toBe(200);
  });
});
