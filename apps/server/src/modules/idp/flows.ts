import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idpMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { idpTokens, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { HttpError, invalid, tooMany } from '../../lib/errors';
import { countAttempt } from '../../lib/rate-limit';
import { enqueueMail } from '../../lib/mail';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { resetLoginFailures } from './credentials';
import { createSession, deleteOtherSessions, setSessionCookie, type SessionUser } from '../../lib/sessions';
import { findUserByEmail } from './credentials';
import { claimInvitations } from '../children/service';
import { safeRedirect } from './redirect';

type Purpose = 'signup' | 'password_reset' | 'email_change';
const TOKEN_TTL_MS = 60 * 60 * 1000;
/** Mails per address and per IP in one hour; password checks per user in 15 minutes; email changes per user in one hour. */
export const IDP_LIMITS = {
  mailsPerAddress: 5,
  mailsPerIp: 30,
  mailWindowSec: 3600,
  passwordChecks: 10,
  passwordWindowSec: 900,
  emailChangesPerUser: 5,
  emailChangeWindowSec: 3600,
};

const inTx = <T>(ctx: AppContext, work: (db: Db) => Promise<T>) => ctx.db.transaction((tx) => work(tx));
export const link = (ctx: AppContext, path: string) => new URL(path, ctx.config.appUrl).toString();
const linkInvalid = () => new HttpError(422, idpMessages.linkInvalid, { token: [idpMessages.linkInvalid] });

/** Counts one mail-sending request per address and per IP; 429 past the limits. */
async function limitMails(ctx: AppContext, email: string, ip: string) {
  const [byAddress, byIp] = await Promise.all([
    ctx.counter.hit(`idp:mail:${email.toLowerCase()}`, IDP_LIMITS.mailWindowSec),
    ctx.counter.hit(`idp:mail-ip:${ip}`, IDP_LIMITS.mailWindowSec),
  ]);
  if (byAddress.count > IDP_LIMITS.mailsPerAddress) throw tooMany(idpMessages.tooManyMails, byAddress.retryAfterSec);
  if (byIp.count > IDP_LIMITS.mailsPerIp) throw tooMany(idpMessages.tooManyMails, byIp.retryAfterSec);
}

/** Checks the signed-in user's current password, at most 10 wrong tries in 15 minutes (counted before the check). */
async function checkCurrentPassword(ctx: AppContext, user: SessionUser, password: string) {
  const key = `idp:password:${user.id}`;
  await countAttempt(ctx.counter, key, IDP_LIMITS.passwordChecks, IDP_LIMITS.passwordWindowSec);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw invalid('current_password', idpMessages.currentPasswordWrong);
  }
  await ctx.counter.release(key);
}

export async function issueToken(
  db: Db,
  input: { purpose: Purpose; email: string; userId?: number; redirectUrl?: string | null; ttlMs?: number },
  now: Date,
) {
  const token = randomToken(32);
  await db.insert(idpTokens).values({
    purpose: input.purpose,
    tokenHash: sha256(token),
    email: input.email,
    userId: input.userId ?? null,
    redirectUrl: input.redirectUrl ?? null,
    expiresAt: new Date(now.getTime() + (input.ttlMs ?? TOKEN_TTL_MS)),
  });
  return token;
}

/** A live token of that purpose, or 422; `consume` marks it used in the same transaction (single use). */
async function findToken(db: Db, purpose: Purpose, token: string, now: Date, consume: boolean) {
  const condition = and(
    eq(idpTokens.tokenHash, sha256(token)),
    eq(idpTokens.purpose, purpose),
    isNull(idpTokens.usedAt),
    gt(idpTokens.expiresAt, now),
  );
  const rows = consume
    ? await db.update(idpTokens).set({ usedAt: now }).where(condition).returning()
    : await db.select().from(idpTokens).where(condition).limit(1);
  if (!rows[0]) throw linkInvalid();
  return rows[0];
}

export async function startSignup(ctx: AppContext, input: { email: string; redirect_url?: string }, ip: string, now: Date) {
  await limitMails(ctx, input.email, ip);
  const appName = ctx.config.operator.app_name;
  const idName = ctx.config.operator.id_service_name;
  await inTx(ctx, async (db) => {
    const existing = await findUserByEmail({ ...ctx, db }, input.email);
    if (existing) {
      // Same answer as for a new address; the owner learns by mail, nobody else learns anything.
      await enqueueMail(db, {
        to: existing.email,
        userId: existing.id,
        kind: 'account_exists',
        subject: `【${idName}】ご登録済みのメールアドレスです`,
        text: [
          `このメールアドレスは既に${idName}に登録されています。`,
          `ログインはこちら：${link(ctx, '/login')}`,
          `パスワードをお忘れの場合はこちら：${link(ctx, '/password/forgot')}`,
          '',
          'お心当たりのない場合は、このメールを破棄してください。',
        ].join('\n'),
      });
      return;
    }
    const token = await issueToken(
      db,
      { purpose: 'signup', email: input.email, redirectUrl: safeRedirect(ctx.config, input.redirect_url) },
      now,
    );
    await enqueueMail(db, {
      to: input.email,
      kind: 'email_verification',
      subject: `【${idName}】メールアドレスの確認`,
      text: [
        `${idName}へのご登録ありがとうございます。`,
        `次のURLを開いてパスワードを設定し、登録を完了してください（有効期限：60分）。`,
        '',
        link(ctx, `/users/register/${token}`),
        '',
        `${appName}をはじめ、${idName}に対応したサービスをご利用いただけます。`,
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
    });
  });
  return { message: idpMessages.signupSent };
}

export async function peekSignup(ctx: AppContext, token: string, now: Date) {
  const row = await findToken(ctx.db, 'signup', token, now, false);
  return { email: row.email };
}

/** Creates the account from a verified address; pending invitations for it become pending links. */
export async function completeSignup(
  ctx: AppContext,
  input: { token: string; password: string },
  now: Date,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  const passwordHash = await hashPassword(input.password);
  const { user, redirectUrl } = await inTx(ctx, async (db) => {
    const row = await findToken(db, 'signup', input.token, now, true);
    if (await findUserByEmail({ ...ctx, db }, row.email)) throw invalid('email', idpMessages.emailTaken);
    const [user] = await db
      .insert(users)
      .values({ email: row.email, passwordHash, agreedAt: now, emailVerifiedAt: now })
      .returning();
    await claimInvitations(db, user!.id, now);
    return { user: user!, redirectUrl: row.redirectUrl };
  });
  const session = await createSession(ctx.db, user.id, false, now, http.req.headers['user-agent']);
  setSessionCookie(http.reply, http.req, session.token, false, session.expiresAt);
  return { user, redirect_url: safeRedirect(ctx.config, redirectUrl) };
}

export async function startPasswordReset(
  ctx: AppContext,
  input: { email: string; redirect_url?: string },
  ip: string,
  now: Date,
) {
  await limitMails(ctx, input.email, ip);
  const idName = ctx.config.operator.id_service_name;
  await inTx(ctx, async (db) => {
    const user = await findUserByEmail({ ...ctx, db }, input.email);
    if (!user) return; // the same answer: no account enumeration
    const token = await issueToken(
      db,
      {
        purpose: 'password_reset',
        email: user.email,
        userId: user.id,
        redirectUrl: safeRedirect(ctx.config, input.redirect_url, '/login'),
      },
      now,
    );
    await enqueueMail(db, {
      to: user.email,
      userId: user.id,
      kind: 'password_reset',
      subject: `【${idName}】パスワード再設定のご案内`,
      text: [
        'パスワード再設定のお申し込みを受け付けました。',
        '次のURLを開いて、新しいパスワードを設定してください（有効期限：60分、1回限り有効）。',
        '',
        link(ctx, `/password/new/${token}`),
        '',
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      ].join('\n'),
    });
  });
  return { message: idpMessages.resetSent };
}

export async function peekPasswordReset(ctx: AppContext, token: string, now: Date) {
  await findToken(ctx.db, 'password_reset', token, now, false);
  return { valid: true as const };
}

/** Sets the new password and ends every session of the user (whoever had the old one is out). */
export async function completePasswordReset(ctx: AppContext, input: { token: string; password: string }, now: Date, ip?: string) {
  const passwordHash = await hashPassword(input.password);
  const result = await inTx(ctx, async (db) => {
    const row = await findToken(db, 'password_reset', input.token, now, true);
    const [user] = await db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, row.userId!))
      .returning();
    if (!user) throw linkInvalid();
    await deleteOtherSessions(db, user.id);
    return { email: user.email, redirectUrl: row.redirectUrl };
  });
  await resetLoginFailures(ctx, result.email, ip);
  return { message: idpMessages.passwordReset, redirect_url: safeRedirect(ctx.config, result.redirectUrl, '/login') };
}

export async function startEmailChange(
  ctx: AppContext,
  user: SessionUser,
  input: { current_password: string; new_email: string; redirect_url?: string },
  ip: string,
  now: Date,
) {
  await checkCurrentPassword(ctx, user, input.current_password);
  if (input.new_email.toLowerCase() === user.email.toLowerCase()) throw invalid('new_email', idpMessages.emailSame);
  // Per user, whatever the addresses: no probing of which addresses are registered (docs/decisions/idp-email-change-probing.md).
  await countAttempt(ctx.counter, `idp:email-change:${user.id}`, IDP_LIMITS.emailChangesPerUser, IDP_LIMITS.emailChangeWindowSec);
  await limitMails(ctx, input.new_email, ip);
  const idName = ctx.config.operator.id_service_name;
  await inTx(ctx, async (db) => {
    const owner = await findUserByEmail({ ...ctx, db }, input.new_email);
    if (owner) {
      // The same answer as for a free address; only the address's owner learns of it, by mail.
      await enqueueMail(db, {
        to: owner.email,
        userId: owner.id,
        kind: 'account_exists',
        subject: `【${idName}】ご登録済みのメールアドレスです`,
        text: [
          `${idName}のメールアドレスをこのアドレスに変更するお申し込みがありましたが、`,
          `このメールアドレスは既に${idName}に登録されているため、変更は行われていません。`,
          '',
          'お心当たりのない場合は、このメールを破棄してください。',
        ].join('\n'),
      });
      return;
    }
    const token = await issueToken(
      db,
      {
        purpose: 'email_change',
        email: input.new_email,
        userId: user.id,
        redirectUrl: safeRedirect(ctx.config, input.redirect_url, '/users/setting'),
      },
      now,
    );
    await enqueueMail(db, {
      to: input.new_email,
      userId: user.id,
      kind: 'email_change',
      subject: `【${idName}】メールアドレス変更の確認`,
      text: [
        `${idName}のメールアドレスを、このアドレスに変更するお申し込みを受け付けました。`,
        '次のURLを開くと変更が完了します（有効期限：60分）。',
        '',
        link(ctx, `/email/verify/${token}`),
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
    });
  });
  return { message: idpMessages.emailChangeSent };
}

/** The new address takes effect only now; the old address is told. */
export async function confirmEmailChange(ctx: AppContext, token: string, now: Date) {
  const idName = ctx.config.operator.id_service_name;
  const redirectUrl = await inTx(ctx, async (db) => {
    const row = await findToken(db, 'email_change', token, now, true);
    if (await findUserByEmail({ ...ctx, db }, row.email)) throw invalid('email', idpMessages.emailTaken);
    const [before] = await db.select().from(users).where(eq(users.id, row.userId!));
    if (!before) throw linkInvalid();
    await db.update(users).set({ email: row.email, emailVerifiedAt: now }).where(eq(users.id, before.id));
    await claimInvitations(db, before.id, now);
    await enqueueMail(db, {
      to: before.email,
      userId: before.id,
      kind: 'email_change',
      subject: `【${idName}】メールアドレスが変更されました`,
      text: [
        `${idName}のメールアドレスが ${row.email} に変更されました。`,
        '今後のお知らせは新しいメールアドレスに届きます。',
        '',
        `お心当たりのない場合は、至急お問い合わせください：${ctx.config.operator.contact_form_url}`,
      ].join('\n'),
    });
    return row.redirectUrl;
  });
  return { message: idpMessages.emailChanged, redirect_url: safeRedirect(ctx.config, redirectUrl, '/users/setting') };
}

/** Needs the current password; every other session ends; the user is told by mail. */
export async function changePassword(ctx: AppContext, user: SessionUser, input: { current_password: string; password: string }) {
  await checkCurrentPassword(ctx, user, input.current_password);
  const passwordHash = await hashPassword(input.password);
  const idName = ctx.config.operator.id_service_name;
  await inTx(ctx, async (db) => {
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await deleteOtherSessions(db, user.id, user.sessionId);
    await enqueueMail(db, {
      to: user.email,
      userId: user.id,
      kind: 'password_changed',
      subject: `【${idName}】パスワードが変更されました`,
      text: [
        `${idName}のパスワードが変更されました。ほかの端末ではログアウトしています。`,
        '',
        `お心当たりのない場合は、パスワードを再設定してください：${link(ctx, '/password/forgot')}`,
      ].join('\n'),
    });
  });
  return { message: idpMessages.passwordChanged };
}
