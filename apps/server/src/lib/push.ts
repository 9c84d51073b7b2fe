import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { addDays, tokyoDate, tokyoInstant, tokyoTime, type PushSettings } from '@renraku/contract';
import type { VapidKeys } from '../config';
import type { Db } from '../db/client';
import {
  childUser,
  noteChildren,
  noticeTargets,
  notices,
  pushOutbox,
  pushSettings,
  pushTokens,
  questionnaireRespondents,
  questionnaires,
  webPushSubscriptions,
} from '../db/schema';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, retryDelayMs } from './mail';

/**
 * Push notifications through `push_outbox`, delivered as mails are (docs/decisions/platform-outbox-delivery.md):
 * claimed with a lease and committed, sent to the user's devices of the moment, then marked; retries
 * with backoff; unique (kind, dedupe_key). Web push (VAPID) is the provider of the guardian app
 * (docs/decisions/push-web-push.md); the native wrapper's FCM tokens are handed to the sender too, but
 * no FCM provider is configured, so they are left as they are.
 */
export interface PushSender {
  send(push: {
    userId: number;
    tokens: string[];
    subscriptions: WebPushSubscription[];
    title: string;
    body: string;
    link: string | null;
  }): Promise<void>;
}

export type WebPushSubscription = Pick<typeof webPushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth'>;
type PushRow = typeof pushOutbox.$inferSelect;

/** The categories a guardian switches on /notification_settings. */
export type PushCategory = Exclude<keyof PushSettings, 'digest'>;

/** What a row's kind belongs to; null (a digest, a test push): always sent. */
export function pushCategoryOf(kind: string): PushCategory | null {
  if (kind === 'daily_note') return 'daily_note';
  if (kind === 'notice' || kind === 'notice_reminder') return 'notice';
  if (kind === 'questionnaire_closing') return 'questionnaire_closing';
  if (kind === 'attendance' || kind.startsWith('attendance_')) return 'attendance';
  return null;
}

/** Arrival and pick-up stay immediate with the digest on: their point is the moment. */
const DIGESTIBLE: ReadonlySet<PushCategory> = new Set(['daily_note', 'notice', 'questionnaire_closing']);

/** The hour (Tokyo) of the once-a-day summary. */
export const DIGEST_TIME = '19:00';

export const defaultPushSettings: PushSettings = {
  daily_note: true,
  notice: true,
  questionnaire_closing: true,
  attendance: true,
  digest: false,
};

export async function readPushSettings(db: Db, userIds: number[]): Promise<Map<number, PushSettings>> {
  const result = new Map<number, PushSettings>(userIds.map((id) => [id, { ...defaultPushSettings }]));
  if (userIds.length === 0) return result;
  const rows = await db.select().from(pushSettings).where(inArray(pushSettings.userId, userIds));
  for (const r of rows) {
    result.set(r.userId, {
      daily_note: r.dailyNote,
      notice: r.notice,
      questionnaire_closing: r.questionnaireClosing,
      attendance: r.attendance,
      digest: r.digest,
    });
  }
  return result;
}

export async function writePushSettings(db: Db, userId: number, change: Partial<PushSettings>, now: Date) {
  const current = (await readPushSettings(db, [userId])).get(userId)!;
  const next = { ...current, ...change };
  const columns = {
    dailyNote: next.daily_note,
    notice: next.notice,
    questionnaireClosing: next.questionnaire_closing,
    attendance: next.attendance,
    digest: next.digest,
    updatedAt: now,
  };
  await db
    .insert(pushSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: pushSettings.userId, set: columns });
  return next;
}

/** Of these users, those with the category on and a device now (a browser subscription or a native token). */
async function reachableUsers(db: Db, userIds: number[], category: PushCategory): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const [withSubscription, withToken, settings] = await Promise.all([
    db
      .selectDistinct({ userId: webPushSubscriptions.userId })
      .from(webPushSubscriptions)
      .where(inArray(webPushSubscriptions.userId, userIds)),
    db.selectDistinct({ userId: pushTokens.userId }).from(pushTokens).where(inArray(pushTokens.userId, userIds)),
    readPushSettings(db, userIds),
  ]);
  const withDevice = new Set([...withSubscription, ...withToken].map((r) => r.userId));
  return new Set(userIds.filter((id) => withDevice.has(id) && settings.get(id)![category]));
}

export interface GuardianPush {
  /** The users, or the activated guardians of the children (or both). */
  userIds?: number[];
  childIds?: number[];
  title: string;
  body: string;
  link: string | null;
  /** Per guardian: the row's key is `<dedupeKey>:<user>`, unique per kind. */
  dedupeKey: string;
  /** Held until then (a scheduled notice). */
  notBefore?: Date;
}

/**
 * Enqueues one push per guardian of each item who has the category on and a device now; a second
 * call for the same thing writes nothing (the dedupe key). A fixed number of statements for any
 * number of items (a class's 公開). Returns the rows written.
 */
export async function enqueueGuardianPushes(
  db: Db,
  category: PushCategory,
  items: GuardianPush[],
  kind: string = category,
): Promise<number> {
  const childIds = [...new Set(items.flatMap((i) => i.childIds ?? []))];
  const guardians = childIds.length
    ? await db
        .selectDistinct({ childId: childUser.childId, userId: childUser.userId })
        .from(childUser)
        .where(and(inArray(childUser.childId, childIds), eq(childUser.activated, true)))
    : [];
  const recipients = items.map((item) => {
    const ids = new Set(item.userIds ?? []);
    const children = new Set(item.childIds ?? []);
    for (const g of guardians) if (children.has(g.childId)) ids.add(g.userId);
    return [...ids];
  });
  const reachable = await reachableUsers(db, [...new Set(recipients.flat())], category);
  const rows = items.flatMap((item, i) =>
    recipients[i]!.filter((userId) => reachable.has(userId)).map((userId) => ({
      userId,
      kind,
      title: item.title,
      body: item.body,
      link: item.link,
      dedupeKey: `${item.dedupeKey}:${userId}`,
      ...(item.notBefore ? { nextAttemptAt: item.notBefore, createdAt: item.notBefore } : {}),
    })),
  );
  if (rows.length === 0) return 0;
  const inserted = await db.insert(pushOutbox).values(rows).onConflictDoNothing().returning({ id: pushOutbox.id });
  return inserted.length;
}

/** One push (to the users or the children's guardians given): `enqueueGuardianPushes` with one item. */
export const enqueueGuardianPush = (db: Db, input: GuardianPush & { category: PushCategory; kind?: string }) =>
  enqueueGuardianPushes(db, input.category, [input], input.kind);

/** Pushes not yet sent whose dedupe key starts with the prefix (a scheduled notice changed or withdrawn). */
export async function dropPendingPushes(db: Db, kind: string, dedupePrefix: string) {
  await db
    .delete(pushOutbox)
    .where(
      and(
        eq(pushOutbox.kind, kind),
        eq(pushOutbox.status, 'pending'),
        sql`starts_with(${pushOutbox.dedupeKey}, ${dedupePrefix})`,
      ),
    );
}

export async function claimPushes(db: Db, now: Date, batch = 50): Promise<PushRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(
        or(
          and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, now)),
          and(eq(pushOutbox.status, 'sending'), lt(pushOutbox.lockedUntil, now), lt(pushOutbox.attempts, MAIL_MAX_ATTEMPTS)),
        ),
      )
      .orderBy(asc(pushOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushOutbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sql`${pushOutbox.attempts} + 1` })
      .where(
        inArray(
          pushOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/**
 * Sends the due pushes (claim, send, mark as `deliverPendingMails`). The guardian's settings of the
 * moment decide: a category turned off → `skipped`; with the digest on, a digestible one → `digest`
 * (waits for the evening summary). Rows written without a check (the kiosk's arrivals) are filtered
 * here too. A user without devices now: sent to nobody, done.
 */
export async function deliverPendingPushes(db: Db, sender: PushSender, log?: FastifyBaseLogger, now: Date = new Date()) {
  let sent = 0;
  for (const row of await claimPushes(db, now)) {
    const mine = and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'sending'), eq(pushOutbox.lockedUntil, row.lockedUntil!));
    try {
      const category = pushCategoryOf(row.kind);
      if (category) {
        const settings = (await readPushSettings(db, [row.userId])).get(row.userId)!;
        if (!settings[category] || (settings.digest && DIGESTIBLE.has(category))) {
          await db
            .update(pushOutbox)
            .set({ status: settings[category] ? 'digest' : 'skipped', lockedUntil: null })
            .where(mine);
          continue;
        }
      }
      const [tokens, subscriptions] = await Promise.all([
        db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, row.userId)),
        db
          .select({
            id: webPushSubscriptions.id,
            endpoint: webPushSubscriptions.endpoint,
            p256dh: webPushSubscriptions.p256dh,
            auth: webPushSubscriptions.auth,
          })
          .from(webPushSubscriptions)
          .where(eq(webPushSubscriptions.userId, row.userId)),
      ]);
      if (tokens.length > 0 || subscriptions.length > 0) {
        await sender.send({
          userId: row.userId,
          tokens: tokens.map((t) => t.token),
          subscriptions,
          title: row.title,
          body: row.body,
          link: row.link,
        });
      }
      await db.update(pushOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null }).where(mine);
      sent += 1;
    } catch (error) {
      log?.warn({ err: error, pushId: row.id }, 'push delivery failed');
      await db
        .update(pushOutbox)
        .set({
          status: row.attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(mine);
    }
  }
  return sent;
}

const CATEGORY_LABELS: Record<PushCategory, string> = {
  daily_note: '連絡帳',
  notice: 'お知らせ',
  questionnaire_closing: 'アンケート締切',
  attendance: '登園・お迎え',
};

/**
 * The once-a-day summary: from 19:00 Tokyo, each guardian's held pushes (`digest`) become one push
 * (kind `digest`, dedupe key day:user) and are marked `digested`. A push held after that day's summary
 * went waits for the next day's. Returns the summaries written.
 */
export async function enqueueDigests(db: Db, now: Date): Promise<number> {
  if (tokyoTime(now) < DIGEST_TIME) return 0;
  const day = tokyoDate(now);
  const held = await db
    .select({ id: pushOutbox.id, userId: pushOutbox.userId, kind: pushOutbox.kind })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.status, 'digest'), lte(pushOutbox.createdAt, now)))
    .orderBy(asc(pushOutbox.id));
  const byUser = new Map<number, typeof held>();
  for (const row of held) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  let written = 0;
  for (const [userId, rows] of byUser) {
    const counts = new Map<PushCategory, number>();
    for (const r of rows) {
      const c = pushCategoryOf(r.kind);
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const body = [...counts].map(([c, n]) => `${CATEGORY_LABELS[c]} ${n}件`).join('・');
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [digest] = await t
        .insert(pushOutbox)
        .values({
          userId,
          kind: 'digest',
          title: '今日のお知らせまとめ',
          body: `${body}が届いています`,
          link: '/main',
          dedupeKey: `${day}:${userId}`,
        })
        .onConflictDoNothing()
        .returning({ id: pushOutbox.id });
      if (!digest) return;
      await t
        .update(pushOutbox)
        .set({ status: 'digested' })
        .where(
          and(
            eq(pushOutbox.status, 'digest'),
            inArray(
              pushOutbox.id,
              rows.map((r) => r.id),
            ),
          ),
        );
      written += 1;
    });
  }
  return written;
}

/**
 * The day before a questionnaire closes: its guardians whose child has not answered yet get one push
 * (dedupe: questionnaire:user). Run by the push worker from 09:00 Tokyo; harmless to run again.
 */
export async function enqueueQuestionnaireClosing(db: Db, now: Date): Promise<number> {
  if (tokyoTime(now) < '09:00') return 0;
  const tomorrow = addDays(tokyoDate(now), 1);
  const closing = await db
    .select({ id: questionnaires.id, noticeId: questionnaires.noticeId, title: notices.title })
    .from(questionnaires)
    .innerJoin(notices, eq(notices.id, questionnaires.noticeId))
    .where(
      and(
        eq(notices.state, 'published'),
        lte(notices.releasedAt, now),
        sql`${questionnaires.closeAt} >= ${tokyoInstant(tomorrow)}`,
        lt(questionnaires.closeAt, tokyoInstant(addDays(tomorrow, 1))),
      ),
    );
  let written = 0;
  for (const q of closing) {
    const unanswered = await db
      .selectDistinct({ childId: noteChildren.childId })
      .from(noticeTargets)
      .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
      .leftJoin(
        questionnaireRespondents,
        and(eq(questionnaireRespondents.questionnaireId, q.id), eq(questionnaireRespondents.childId, noteChildren.childId)),
      )
      .where(and(eq(noticeTargets.noticeId, q.noticeId), isNull(questionnaireRespondents.id)));
    if (unanswered.length === 0) continue;
    written += await enqueueGuardianPush(db, {
      childIds: unanswered.map((u) => u.childId),
      category: 'questionnaire_closing',
      title: 'アンケートの締切は明日です',
      body: `「${q.title}」へのご回答をお願いします`,
      link: `/notices/${q.noticeId}`,
      dedupeKey: String(q.id),
    });
  }
  return written;
}

/** Push services answer these for a subscription that is gone for good. */
const GONE = new Set([404, 410]);

/**
 * The web push provider: each of the user's browser subscriptions gets the payload encrypted for it
 * (RFC 8291, aes128gcm) with a VAPID signature (RFC 8292), built by the web-push library and POSTed
 * with fetch (which also reaches the http test endpoint on 127.0.0.1). 404/410: the subscription is
 * deleted. It throws (the row is retried) only when no subscription took the push and one failed.
 * Native FCM tokens: no provider, left alone.
 */
export function webPushSender(db: Db, vapid: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  return {
    async send(push) {
      const payload = JSON.stringify({ title: push.title, body: push.body, link: push.link });
      let delivered = 0;
      const failures: string[] = [];
      for (const sub of push.subscriptions) {
        const request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: 24 * 60 * 60,
          },
        );
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        }).catch((error: unknown) => ({ status: 0, error }));
        if ('error' in response) {
          failures.push(String(response.error));
        } else if (response.status >= 200 && response.status < 300) {
          delivered += 1;
          await db.update(webPushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(webPushSubscriptions.id, sub.id));
        } else if (GONE.has(response.status)) {
          await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, sub.id));
        } else {
          failures.push(`push service answered ${response.status}`);
        }
      }
      if (delivered === 0 && failures.length > 0) throw new Error(failures.join('; '));
    },
  };
}

/** The push worker: the evening digest, the questionnaire reminders, then the due pushes, every few seconds. */
export function startPushWorker(
  db: Db,
  options: { vapid: VapidKeys; log: FastifyBaseLogger; intervalMs?: number; sender?: PushSender },
): () => void {
  const sender = options.sender ?? webPushSender(db, options.vapid);
  let running = false;
  let lastDaily = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = new Date();
    const daily = now.getTime() - lastDaily > 10 * 60_000;
    (async () => {
      if (daily) {
        lastDaily = now.getTime();
        await enqueueQuestionnaireClosing(db, now);
      }
      await enqueueDigests(db, now);
      await deliverPendingPushes(db, sender, options.log, now);
    })()
      .catch((error) => options.log.error({ err: error }, 'push worker failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 5000);
  timer.unref();
  return () => clearInterval(timer);
}
