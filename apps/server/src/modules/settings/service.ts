import { and, count, eq } from 'drizzle-orm';
import { guardianMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, notificationSettings } from '../../db/schema';

export async function getNotificationSettings(ctx: AppContext, userId: number) {
  const [[setting], [children]] = await Promise.all([
    ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ctx.db
      .select({ n: count() })
      .from(childUser)
      .where(and(eq(childUser.userId, userId), eq(childUser.activated, true))),
  ]);
  return {
    isNotificationDisabled: (children?.n ?? 0) === 0,
    notification_settings: { email_all: !setting?.emailDisabled },
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
