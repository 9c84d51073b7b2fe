import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox, notificationSettings } from '../db/schema';

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
}

/**
 * Writes a mail to the outbox in the caller's transaction (pass the transaction as `db`).
 * A notification to a user who has turned email notifications off is not written; answers the
 * outbox id, or null when suppressed.
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
    .values({ to: mail.to, subject: mail.subject, text: mail.text, kind: mail.kind, userId: mail.userId ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface MailSender {
  send(mail: { from: string; to: string; subject: string; text: string }): Promise<void>;
}

/** Nodemailer over SMTP_URL. */
export async function smtpSender(smtpUrl: string): Promise<MailSender> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}

const MAX_ATTEMPTS = 5;

/**
 * Sends up to `batch` pending mails. `for update skip locked` lets several app servers run the
 * worker at once without sending a mail twice. Answers how many were sent.
 */
export async function deliverPendingMails(
  db: Db,
  sender: MailSender,
  from: string,
  log?: FastifyBaseLogger,
  batch = 20,
): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      try {
        await sender.send({ from, to: row.to, subject: row.subject, text: row.text });
        await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
          .where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        log?.warn({ err: error, mailId: row.id }, 'mail delivery failed');
        await tx
          .update(mailOutbox)
          .set({ attempts, lastError: String(error).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  });
  return sent;
}

/** The worker of main.ts: every few seconds when SMTP_URL is set; without it mails stay in the outbox. */
export function startMailWorker(
  db: Db,
  options: { smtpUrl?: string; from: string; log: FastifyBaseLogger; intervalMs?: number },
): () => void {
  if (!options.smtpUrl) return () => {};
  const senderPromise = smtpSender(options.smtpUrl);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    senderPromise
      .then((sender) => deliverPendingMails(db, sender, options.from, options.log))
      .catch((error) => options.log.error({ err: error }, 'mail worker failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 5000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Newest first, for the dev mailbox. */
export async function listOutbox(db: Db, limit = 100) {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(limit);
}
