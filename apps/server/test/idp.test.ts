import { describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import {
  getLoginCheck,
  getPasswordResetToken,
  getSignupToken,
  getUsers,
  idpMessages,
  postEmailChange,
  postEmailVerify,
  postLogin,
  postPasswordChange,
  postPasswordForgot,
  postPasswordReset,
  postSignup,
  postSignupComplete,
} from '@renraku/contract';
import { childUser, idpTokens, invitations, mailOutbox, sessions, users } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { safeRedirect } from '../src/modules/idp/redirect';
import { buildChild, buildUser, linkGuardian, TEST_PASSWORD } from './factories';
import { call, callRaw, setupApp } from './harness';

const t = setupApp();

const NEW_PASSWORD = 'sakura-hoikuen-2026';
let ipSeq = 0;
/** A fresh client IP per test, so the per-IP limits of one test do not leak into another. */
const agent = () => t.agent({ 'x-forwarded-for': `192.0.2.${++ipSeq}` });

async function lastMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${email})`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}
const tokenIn = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1];
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('sign-up', () => {
  it('mails a verification link, then sets the password, agrees, signs in and links pending invitations', async () => {
    const email = `new-${Date.now()}@example.com`;
    // A main guardian invited this address before it had an account.
    const { child } = await buildChild(t.db);
    const inviter = await buildUser(t.db);
    await linkGuardian(t.db, child.id, inviter.id, { main: true });
    await t.db.insert(invitations).values({
      companyId: child.companyId,
      childId: child.id,
      email: email.toUpperCase(),
      type: 1,
      writable: false,
      tokenHash: sha256(`inv-${email}`),
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const a = agent();
    const start = await call(a, postSignup, { body: { email, redirect_url: '/children/recognition/1' } });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ message: idpMessages.signupSent });
    const mail = await lastMailTo(email);
    expect(mail!.kind).toBe('email_verification');
    const token = tokenIn(mail!.text, '/users/register')!;
    expect(token).toBeTruthy();
    // Only the hash is stored.
    expect((await t.db.select().from(idpTokens).where(eq(idpTokens.tokenHash, token))).length).toBe(0);

    expect((await call(a, getSignupToken, { params: { token } })).json()).toEqual({ email });
    const done = await call(a, postSignupComplete, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        agreed: true,
      },
    });
    expect(done.statusCode).toBe(200);
    const body = done.data;
    expect(body.redirect_url).toBe('/children/recognition/1');
    expect(body.user.email).toBe(email);
    expect(body.user.agreed_at).not.toBeNull();
    expect(body.user.idp?.sub).toMatch(/^[0-9a-f-]{36}$/);
    // Signed in, and the invitation became a pending link.
    expect((await call(a, getLoginCheck)).json().user.id).toBe(body.user.id);
    const links = await t.db.select().from(childUser).where(eq(childUser.userId, body.user.id));
    expect(links).toEqual([expect.objectContaining({ childId: child.id, activated: null, writable: false, type: 1 })]);
    // And the password works for a normal sign-in.
    await agent().login(email, NEW_PASSWORD);
  });

  it('answers a registered address exactly like a new one and writes no token for it', async () => {
    const user = await buildUser(t.db);
    const known = await call(agent(), postSignup, { body: { email: user.email } });
    const unknown = await call(agent(), postSignup, { body: { email: `nobody-${Date.now()}@example.com` } });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect((await lastMailTo(user.email))!.kind).toBe('account_exists');
    expect((await t.db.select().from(idpTokens).where(eq(idpTokens.email, user.email))).length).toBe(0);
  });

  it('refuses a used, expired or tampered link and weak passwords; nothing is created', async () => {
    const email = `weak-${Date.now()}@example.com`;
    const a = agent();
    await call(a, postSignup, { body: { email } });
    const token = tokenIn((await lastMailTo(email))!.text, '/users/register')!;
    const before = await userCount();
    for (const [password, message] of [
      ['short', idpMessages.passwordTooShort],
      ['Password123', idpMessages.passwordTooCommon],
    ] as const) {
      const res = await call(a, postSignupComplete, { body: { token, password, password_confirmation: password, agreed: true } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toContain(message);
    }
    const mismatch = await call(a, postSignupComplete, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: 'other-password-1',
        agreed: true,
      },
    });
    expect(mismatch.json().errors.password_confirmation).toEqual([idpMessages.passwordMismatch]);
    const noAgreement = await callRaw(a, postSignupComplete, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        agreed: false,
      },
    });
    expect(noAgreement.statusCode).toBe(422);
    expect(noAgreement.json().errors.agreed).toEqual([idpMessages.mustAgree]);
    const tampered = await call(a, postSignupComplete, {
      body: {
        token: `${token}x`,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        agreed: true,
      },
    });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toBe(idpMessages.linkInvalid);
    expect(await userCount()).toBe(before);

    // Used once, then refused.
    expect(
      (
        await call(a, postSignupComplete, {
          body: {
            token,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
            agreed: true,
          },
        })
      ).statusCode,
    ).toBe(200);
    const reuse = await call(agent(), postSignupComplete, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        agreed: true,
      },
    });
    expect(reuse.statusCode).toBe(422);
    expect((await call(agent(), getSignupToken, { params: { token } })).statusCode).toBe(422);

    // Expired after 60 minutes.
    const late = `late-${Date.now()}@example.com`;
    await call(agent(), postSignup, { body: { email: late } });
    const lateToken = tokenIn((await lastMailTo(late))!.text, '/users/register')!;
    const in61 = new Date(Date.now() + 61 * 60_000).toISOString();
    const expired = await call(agent(), getSignupToken, { params: { token: lateToken }, headers: { 'x-test-now': in61 } });
    expect(expired.statusCode).toBe(422);
  });

  it('never follows a redirect_url to another origin', async () => {
    const email = `redirect-${Date.now()}@example.com`;
    const a = agent();
    await call(a, postSignup, { body: { email, redirect_url: 'https://evil.example/steal' } });
    const token = tokenIn((await lastMailTo(email))!.text, '/users/register')!;
    const done = await call(a, postSignupComplete, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        agreed: true,
      },
    });
    expect(done.json().redirect_url).toBe('/main');
    const config = { appUrl: 'https://app.example', allowedRedirectOrigins: ['https://photo.example'] };
    expect(safeRedirect(config, '//evil.example/x')).toBe('/main');
    expect(safeRedirect(config, '/\\evil.example')).toBe('/main');
    expect(safeRedirect(config, 'javascript:alert(1)')).toBe('/main');
    expect(safeRedirect(config, 'https://app.example/notices?x=1')).toBe('/notices?x=1');
    expect(safeRedirect(config, 'https://photo.example/back')).toBe('https://photo.example/back');
    expect(safeRedirect(config, 'https://app.example.evil.example/')).toBe('/main');
  });

  it('limits mails per address: the sixth request in an hour is 429 and sends nothing', async () => {
    const email = `limit-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await call(agent(), postSignup, { body: { email } })).statusCode).toBe(202);
    const before = await mailCount();
    const res = await call(agent(), postSignup, { body: { email } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(idpMessages.tooManyMails);
    expect(await mailCount()).toBe(before);
  });

  it('validates input and needs the XSRF header', async () => {
    const bad = await call(agent(), postSignup, { body: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect((await call(agent(), postSignup, { body: { email: 'a@example.com' }, xsrf: false })).statusCode).toBe(419);
  });
});

describe('password reset', () => {
  it('mails a single-use link, sets the password and ends every session', async () => {
    const user = await buildUser(t.db);
    const signedIn = await agent().login(user.email, TEST_PASSWORD);
    const res = await call(agent(), postPasswordForgot, { body: { email: user.email.toUpperCase() } });
    expect(res.statusCode).toBe(202);
    const token = tokenIn((await lastMailTo(user.email))!.text, '/password/new')!;
    expect((await call(agent(), getPasswordResetToken, { params: { token } })).json()).toEqual({ valid: true });
    const done = await call(agent(), postPasswordReset, {
      body: {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(idpMessages.passwordReset);
    expect((await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0]!.n).toBe(0);
    expect((await call(signedIn, getUsers)).statusCode).toBe(401);
    expect((await call(agent(), postLogin, { body: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(422);
    await agent().login(user.email, NEW_PASSWORD);
    const again = await call(agent(), postPasswordReset, {
      body: {
        token,
        password: 'another-pass-2026',
        password_confirmation: 'another-pass-2026',
      },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(idpMessages.linkInvalid);
  });

  it('answers an unknown address exactly like a known one and mails nothing', async () => {
    const user = await buildUser(t.db);
    const known = await call(agent(), postPasswordForgot, { body: { email: user.email } });
    const before = await mailCount();
    const unknown = await call(agent(), postPasswordForgot, { body: { email: `ghost-${Date.now()}@example.com` } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount()).toBe(before);
  });
});

describe('email and password change (signed in)', () => {
  it('anonymous callers get 401', async () => {
    expect(
      (await call(agent(), postEmailChange, { body: { current_password: 'x', new_email: 'a@example.com' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await call(agent(), postPasswordChange, {
          body: {
            current_password: 'x',
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('changes the address only after the new one is verified, and tells the old one', async () => {
    const user = await buildUser(t.db);
    const a = await agent().login(user.email, TEST_PASSWORD);
    const wrong = await call(a, postEmailChange, { body: { current_password: 'wrong', new_email: 'x@example.com' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([idpMessages.currentPasswordWrong]);
    // A registered address gets the same answer as a free one (no probing); only its owner is told, by mail.
    const taken = await buildUser(t.db);
    const probe = await call(a, postEmailChange, { body: { current_password: TEST_PASSWORD, new_email: taken.email } });
    expect(probe.statusCode).toBe(202);
    expect(probe.json().message).toBe(idpMessages.emailChangeSent);
    const told = await lastMailTo(taken.email);
    expect(told!.subject).toContain('ご登録済みのメールアドレスです');
    expect(told!.text).not.toContain('/email/verify/');

    const newEmail = `moved-${Date.now()}@example.com`;
    const res = await call(a, postEmailChange, { body: { current_password: TEST_PASSWORD, new_email: newEmail } });
    expect(res.statusCode).toBe(202);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(user.email);
    const token = tokenIn((await lastMailTo(newEmail))!.text, '/email/verify')!;
    const done = await call(agent(), postEmailVerify, { body: { token } });
    expect(done.statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(newEmail);
    const notice = await lastMailTo(user.email);
    expect(notice!.subject).toContain('メールアドレスが変更されました');
    expect((await call(agent(), postEmailVerify, { body: { token } })).statusCode).toBe(422);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const user = await buildUser(t.db);
    const here = await agent().login(user.email, TEST_PASSWORD);
    const elsewhere = await agent().login(user.email, TEST_PASSWORD);
    const weak = await call(here, postPasswordChange, {
      body: {
        current_password: TEST_PASSWORD,
        password: 'short',
        password_confirmation: 'short',
      },
    });
    expect(weak.statusCode).toBe(422);
    const res = await call(here, postPasswordChange, {
      body: {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(idpMessages.passwordChanged);
    expect((await call(here, getUsers)).statusCode).toBe(200);
    expect((await call(elsewhere, getUsers)).statusCode).toBe(401);
    expect((await lastMailTo(user.email))!.kind).toBe('password_changed');
  });

  it('limits current-password checks to 10 in 15 minutes', async () => {
    const user = await buildUser(t.db);
    const a = await agent().login(user.email, TEST_PASSWORD);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(a, postPasswordChange, {
            body: {
              current_password: `bad-${i}`,
              password: NEW_PASSWORD,
              password_confirmation: NEW_PASSWORD,
            },
          })
        ).statusCode,
      ).toBe(422);
    }
    const res = await call(a, postPasswordChange, {
      body: {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(429);
  });
});
