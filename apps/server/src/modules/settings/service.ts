import { count, eq } from 'drizzle-orm';
import { guardianMessages, type PushSettings } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, notificationSettings } from '../../db/schema';
import { readPushSettings, writePushSettings } from '../../lib/push';
import { activeLinksOf } from '../access';

export async function getNotificationSettings(ctx: AppContext, userId: number) {
  const [[setting], [children], push] = await Promise.all([
    ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ctx.db.select({ n: count() }).from(childUser).where(activeLinksOf(childUser, userId)),
    readPushSettings(ctx.db, [userId]),
  ]);
  return {
    isNotificationDisabled: (children?.n ?? 0) === 0,
    notification_settings: { email_all: !setting?.emailDisabled },
    push: push.get(userId)!,
  };
}

/** The master switch: every notification mail (lib/mail honours it). */
export async function setEmailNotifications(ctx: AppContext, userId: number, enabled: boolean, now: Date) {
  await ctx.db
    .insert(notificationSettings)
    .values({ userId, emailDisabled: !enabled, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailDisabled: !enabled, updatedAt: now } });
  return { message: enabled ? guardianMessages.notificationsOn : guardianMessages.notificationsOff };
}

/** The push categories and the digest (docs/decisions/push-web-push.md); the fields given change. */
export async function setPushSettings(ctx: AppContext, userId: number, change: Partial<PushSettings>, now: Date) {
  const push = await writePushSettings(ctx.db, userId, change, now);
  return { message: 'プッシュ通知の設定を変更しました', push };
}
