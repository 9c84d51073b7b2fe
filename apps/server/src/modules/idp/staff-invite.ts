import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail';
import { findUserByEmail } from './credentials';
import { issueToken, link } from './flows';
import { safeRedirect } from './redirect';

/** An invited person without an ID sets its password through this link within 3 days. */
const INVITE_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The ID side of a staff invitation (staff.md §3): the person's ID, created without a password when
 * the address has none, and the mail (through the outbox) that tells them where to sign in — with
 * a link to set the password first for a new ID. Runs in the caller's transaction.
 */
export async function inviteStaffAccount(
  ctx: AppContext,
  db: Db,
  input: { email: string; name: string; facilityName: string; now: Date },
): Promise<typeof users.$inferSelect> {
  const idName = ctx.config.operator.id_service_name;
  const existing = await findUserByEmail({ ...ctx, db }, input.email);
  const user = existing ?? (await db.insert(users).values({ email: input.email, name: input.name }).returning())[0]!;
  const lines = [`${user.name ?? input.name} 様`, '', `${input.facilityName}の職員として登録されました。`];
  if (!user.passwordHash) {
    const token = await issueToken(
      db,
      {
        purpose: 'password_reset',
        email: user.email,
        userId: user.id,
        redirectUrl: safeRedirect(ctx.config, '/staff/login'),
        ttlMs: INVITE_TTL_MS,
      },
      input.now,
    );
    lines.push(
      `次のURLを開いて${idName}のパスワードを設定してから、職員用画面にログインしてください（有効期限：3日間、1回限り有効）。`,
      '',
      link(ctx, `/password/new/${token}`),
    );
  } else {
    lines.push(`お使いの${idName}で、次の職員用画面にログインしてください。`, '', link(ctx, '/staff/login'));
  }
  await enqueueMail(db, {
    to: user.email,
    userId: user.id,
    kind: 'staff_invite',
    subject: `【${ctx.config.operator.app_name}】職員登録のご案内`,
    text: lines.join('\n'),
  });
  return user;
}
