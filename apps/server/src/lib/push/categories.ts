import { inArray } from 'drizzle-orm';
import { type PushSettings } from '@renraku/contract';
import type { Db } from '../../db/client';
import { pushOutbox, pushSettings, webPushSubscriptions } from '../../db/schema';

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
export type PushRow = typeof pushOutbox.$inferSelect;

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
export const DIGESTIBLE: ReadonlySet<PushCategory> = new Set(['daily_note', 'notice', 'questionnaire_closing']);

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
