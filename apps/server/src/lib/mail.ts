import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox, notificationSettings } from '../db/schema';
import { repeatInBackground } from './repeat';

/** Mails that are not notifications: always sent, whatever the user's notification settings. */
export const TRANSACTIONAL_KINDS = new Set([
  'invitation',
  'signup_guidance',
  'child_registration',
  'password_reset',
  'email_verification',
  'email_change',
  // Asked for by the guardian (the child's archive is ready): always sent.
  'child_export',
  'password_changed',
  'account_exists',
  'staff_invite',
]);

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /** The recipient, when the mail is for a known user (notification settings apply to them). */
  userId?: number;
  /** What the mail is; any kind outside TRANSACTIONAL_KINDS is a notification. */
  kind: string;
  /**
   * When set, at most one mail of this kind with this key is ever written (unique (kind,
   * dedupe_key), `on conflict do nothing`): a reminder pressed twice mails each person once.
   */
  dedupeKey?: string;
}

/**
 * Writes a mail to the outbox in the caller's transaction (pass the transaction as `db`).
 * A notification to a user who has turned email notifications off is not written; answers the
 * outbox id, or null when suppressed or already written under the same dedupe key.
 */
export async function enqueueMail(db: Db, mail: MailInput): Promise<number | null> {
  if (mail.userId !== undefined && !TRANSACTIONAL_KINDS.has(mail.kind)) {
    const [setting] = await db
      .select({ disabled: notificationSettings.emailDisabled })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, mail.userId));
    if (setting?.disabled) return null;
  }
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      kind: mail.kind,
      userId: mail.userId ?? null,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/**
 * `enqueueMail` for many mails at once (a month's statements): one read of the recipients'
 * settings and one insert, whatever their number; answers how many were written.
 */
export async function enqueueMails(db: Db, mails: MailInput[]): Promise<number> {
  const isNotification = (m: MailInput) => m.userId !== undefined && !TRANSACTIONAL_KINDS.has(m.kind);
  const userIds = [...new Set(mails.filter(isNotification).map((m) => m.userId!))];
  const off = new Set(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ userId: notificationSettings.userId })
            .from(notificationSettings)
            .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.emailDisabled, true)))
        ).map((r) => r.userId),
  );
  const rows = mails
    .filter((m) => !(isNotification(m) && off.has(m.userId!)))
    .map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      kind: m.kind,
      userId: m.userId ?? null,
      dedupeKey: m.dedupeKey ?? null,
    }));
  if (rows.length === 0) return 0;
  const inserted = await db.insert(mailOutbox).values(rows).onConflictDoNothing().returning({ id: mailOutbox.id });
  return inserted.length;
}

export interface MailSender {
  send(mail: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<void>;
}

/** How long a claimed row belongs to its worker: far longer than one SMTP send may take (SEND_TIMEOUT_MS). */
export const MAIL_LEASE_MS = 5 * 60_000;
const SEND_TIMEOUT_MS = 60_000;

/** Nodemailer over SMTP_URL; every step of a send ends well inside the lease. */
export async function smtpSender(smtpUrl: string): Promise<MailSender> {
  const { default: nodemailer } = await import('nodemailer');
  const url = new URL(smtpUrl);
  // The timeouts ride on the URL (nodemailer reads them from its query).
  for (const [name, ms] of [
    ['connectionTimeout', SEND_TIMEOUT_MS / 3],
    ['greetingTimeout', SEND_TIMEOUT_MS / 3],
    ['socketTimeout', SEND_TIMEOUT_MS],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}

export const MAIL_MAX_ATTEMPTS = 5;
/** The wait after the n-th failed attempt: 1, 2, 4, 8 minutes. */
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims up to `batch` mails that are due: pending ones past their backoff, and ones whose
 * worker's lease ran out (it died between claiming and marking). The claim is committed at once
 * (`for update skip locked`: two workers never claim the same row) and counts the attempt, so no
 * transaction stays open while SMTP talks.
 */
export async function claimMails(db: Db, now: Date, batch = 20): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, now), lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/**
 * Sends up to `batch` due mails: claim (committed), send each, then mark it. A mark only lands
 * while the row is still this claim's (status sending with the lease it set), and a sent row is
 * never claimed again. Failures wait retryDelayMs, then fail for good after MAIL_MAX_ATTEMPTS.
 * Answers how many were sent.
 */
export async function deliverPendingMails(
  db: Db,
  sender: MailSender,
  from: string,
  log?: FastifyBaseLogger,
  batch = 20,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  for (const row of await claimMails(db, now, batch)) {
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.lockedUntil, row.lockedUntil!));
    try {
      // A stable Message-ID: a receiving server may drop the copy of a resend.
      await sender.send({ from, to: row.to, subject: row.subject, text: row.text, messageId: `<outbox-${row.id}@renraku-note>` });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null }).where(mine);
      sent += 1;
    } catch (error) {
      log?.warn({ err: error, mailId: row.id }, 'mail delivery failed');
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(mine);
    }
  }
  return sent;
}

/** The worker of main.ts: every few seconds when SMTP_URL is set; without it mails stay in the outbox. */
export function startMailWorker(
  db: Db,
  options: { smtpUrl?: string; from: string; log: FastifyBaseLogger; intervalMs?: number },
): () => void {
  if (!options.smtpUrl) return () => {};
  const senderPromise = smtpSender(options.smtpUrl);
  return repeatInBackground(options.log, { name: 'mail worker failed', intervalMs: options.intervalMs ?? 5000 }, () =>
    senderPromise.then((sender) => deliverPendingMails(db, sender, options.from, options.log)),
  );
}

/** Newest first, for the dev mailbox. */
export async function listOutbox(db: Db, limit = 100) {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(limit);
}
