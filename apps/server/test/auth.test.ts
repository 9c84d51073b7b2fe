import { describe, expect, it } from 'vitest';
import { getLoginCheck, getUsers, messages, postLogin, postLogout, putUsersAgreedAt } from '@renraku/contract';
import { sessions, users } from '../src/db/schema';
import { count, eq } from 'drizzle-orm';
import { buildUser, TEST_PASSWORD } from './factories';
import { call, callRaw, setupApp } from './harness';
import { createTestApp } from './helpers';

const t = setupApp();

const sessionCount = async (userId: number) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

describe('POST /api/login', () => {
  it('signs in, answers the user without secrets and the next path', async () => {
    const user = await buildUser(t.db);
    const agent = t.agent();
    const res = await call(agent, postLogin, { body: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(body).toMatchObject({
      user: { id: user.id, email: user.email, idp: { sub: user.idpSub } },
      path: '/main',
      next_path: '/main',
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    const cookie = res.cookies.find((c) => c.name === 'renraku_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    // Without remember-me the cookie ends with the browser.
    expect(cookie.expires).toBeUndefined();
    expect(cookie.maxAge).toBeUndefined();
  });

  it('lasts 30 days with remember-me', async () => {
    const user = await buildUser(t.db);
    const res = await call(t.agent(), postLogin, { body: { email: user.email, password: TEST_PASSWORD, remember: true } });
    const cookie = res.cookies.find((c) => c.name === 'renraku_session')!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('sends a user who has not agreed to the terms to /terms', async () => {
    const user = await buildUser(t.db, { agreedAt: null });
    const res = await call(t.agent(), postLogin, { body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.json()).toMatchObject({ path: '/terms', next_path: '/main' });
  });

  it('refuses a call without the XSRF header with 419 and creates no session', async () => {
    const user = await buildUser(t.db);
    const agent = t.agent();
    const res = await call(agent, postLogin, { body: { email: user.email, password: TEST_PASSWORD }, xsrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe(messages.csrfMismatch);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('refuses a forged XSRF token', async () => {
    const user = await buildUser(t.db);
    const forger = t.agent();
    // The agent echoes the cookie it holds in X-XSRF-TOKEN.
    forger.setCookie('XSRF-TOKEN', 'forged.token');
    const res = await call(forger, postLogin, { body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(419);
  });

  it('answers the spec text for a wrong password and an unknown address alike', async () => {
    const user = await buildUser(t.db);
    const wrong = await call(t.agent(), postLogin, { body: { email: user.email, password: 'wrong-password' } });
    const unknown = await call(t.agent(), postLogin, { body: { email: 'nobody@example.com', password: 'wrong-password' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'IDまたはパスワードが正しくありません. ログインには【はいチーズ！ID】の登録が必要となります',
      });
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('rejects bad input with 422 and Japanese field errors', async () => {
    const res = await call(t.agent(), postLogin, { body: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['メールアドレスの形式が正しくありません'],
      password: ['パスワードを入力してください'],
    });
    const garbage = await callRaw(t.agent(), postLogin, { body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().message).toBe(messages.invalidInput);
  });

  it('limits failures per address: 15 failures in a row end in 429 and then even the right password waits', async () => {
    const user = await buildUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await call(t.agent({ 'x-forwarded-for': `10.0.0.${i}` }), postLogin, {
        body: {
          email: user.email,
          password: `bad-${i}`,
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await call(t.agent(), postLogin, { body: { email: user.email, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(messages.tooManyLoginAttempts);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('rotates the session id at login and ends the old one', async () => {
    const user = await buildUser(t.db);
    const agent = t.agent();
    await agent.login(user.email, TEST_PASSWORD);
    const first = agent.cookie('renraku_session');
    await agent.login(user.email, TEST_PASSWORD);
    const second = agent.cookie('renraku_session');
    expect(second).not.toBe(first);
    expect(await sessionCount(user.id)).toBe(1);
    const staleAgent = t.agent();
    staleAgent.setCookie('renraku_session', first!);
    const stale = await call(staleAgent, getUsers);
    expect(stale.statusCode).toBe(401);
  });
});

describe('GET /api/login/check and POST /api/logout', () => {
  it('is falsy logged out, the user after login, falsy after logout', async () => {
    const user = await buildUser(t.db);
    const agent = t.agent();
    expect((await call(agent, getLoginCheck)).data.user).toBeNull();
    await agent.login(user.email, TEST_PASSWORD);
    expect((await call(agent, getLoginCheck)).json().user).toMatchObject({ id: user.id, email: user.email });
    const out = await call(agent, postLogout);
    expect(out.statusCode).toBe(200);
    expect((await call(agent, getLoginCheck)).json().user).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('logout needs the XSRF header', async () => {
    const user = await buildUser(t.db);
    const agent = t.agent();
    await agent.login(user.email, TEST_PASSWORD);
    expect((await call(agent, postLogout, { xsrf: false })).statusCode).toBe(419);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('does not honour the test clock header outside test mode', async () => {
    const prod = await createTestApp({ NODE_ENV: 'development' });
    try {
      expect(prod.config.testClock).toBe(false);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/users and PUT /api/users/agreed-at', () => {
  it('needs a session', async () => {
    const agent = t.agent();
    expect((await call(agent, getUsers)).statusCode).toBe(401);
    expect((await call(agent, putUsersAgreedAt)).statusCode).toBe(401);
    expect((await call(agent, getUsers)).json().message).toBe(messages.unauthenticated);
  });

  it('answers the caller and records the agreement once', async () => {
    const user = await buildUser(t.db, { agreedAt: null });
    const agent = await t.agent().login(user.email, TEST_PASSWORD);
    expect((await call(agent, getUsers)).json()).toMatchObject({ id: user.id, agreed_at: null });
    const at = '2026-11-22T00:00:00.000Z';
    const first = await call(agent, putUsersAgreedAt, { headers: { 'x-test-now': at } });
    expect(first.statusCode).toBe(200);
    expect(first.json().agreed_at).toBe(at);
    const again = await call(agent, putUsersAgreedAt, { headers: { 'x-test-now': '2026-11-22T03:00:00.000Z' } });
    expect(again.json().agreed_at).toBe(at);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.agreedAt!.toISOString()).toBe(at);
  });

  it('PUT /api/users/agreed-at without XSRF changes nothing', async () => {
    const user = await buildUser(t.db, { agreedAt: null });
    const agent = await t.agent().login(user.email, TEST_PASSWORD);
    expect((await call(agent, putUsersAgreedAt, { xsrf: false })).statusCode).toBe(419);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.agreedAt).toBeNull();
  });
});
