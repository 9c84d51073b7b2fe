import { pushSettings } from '../db/schema';
import type { SeedContext } from './context';

/**
 * Demo content of the push area (DESIGN §8; docs/decisions/push-web-push.md): the co-guardian takes
 * the evening digest and no questionnaire reminders, so /notification_settings shows both states.
 * Subscriptions come from the browser itself (通知設定 or after sending a report).
 */
export async function seedPush({ db, ids, now }: SeedContext): Promise<void> {
  await db.insert(pushSettings).values({ userId: ids.users.sub, questionnaireClosing: false, digest: true, updatedAt: now });
}
