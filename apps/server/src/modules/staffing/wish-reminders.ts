import { and, between, eq, exists, inArray, sql } from 'drizzle-orm';
import { addMonths, monthRange, tokyoDate, tokyoTime } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { facilities, shiftWishes, staffingSettings, staffMemberships, users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail';
import { repeatInBackground } from '../../lib/repeat';
import { membershipCovers } from '../access';

/*
 * 希望休の締切のお知らせ (docs/decisions/staffing-wish-reminder.md): from WISH_REMINDER_DAYS days before a
 * facility's deadline (its wish_deadline_day of the month before) until the deadline itself, each
 * 保育士 and 園長 of the facility who has entered no 希望休 for next month gets one mail through the
 * outbox, the staff's notification channel (dedupe: facility, month, person: once per month however
 * often the worker runs). From 09:00 Tokyo, as the questionnaire reminders.
 */

export const WISH_REMINDER_DAYS = 3;
export const WISH_REMINDER_KIND = 'shift_wish_reminder';

/** Roles asked for wishes: those the draft places in a room (generate.ts), not 事務. */
const ASKED_ROLES = ['class_staff', 'director'];

export async function enqueueWishReminders(db: Db, appUrl: string, now: Date): Promise<number> {
  if (tokyoTime(now) < '09:00') return 0;
  const today = tokyoDate(now);
  const day = Number(today.slice(8));
  const month = addMonths(today.slice(0, 7), 1);
  const { first, last } = monthRange(month);
  const deadline = sql<number>`coalesce(${staffingSettings.wishDeadlineDay}, 20)`;
  const due = await db
    .select({ id: facilities.id, name: facilities.name, deadlineDay: deadline })
    .from(facilities)
    .leftJoin(staffingSettings, eq(staffingSettings.facilityId, facilities.id))
    .where(sql`${day} between ${deadline} - ${WISH_REMINDER_DAYS} and ${deadline}`);
  let written = 0;
  for (const facility of due) {
    const wished = db
      .select({ one: sql`1` })
      .from(shiftWishes)
      .where(
        and(
          eq(shiftWishes.facilityId, facility.id),
          eq(shiftWishes.userId, staffMemberships.userId),
          between(shiftWishes.date, first, last),
        ),
      );
    const people = await db
      .selectDistinct({
        userId: users.id,
        email: users.email,
        name: sql<string>`coalesce(${users.name}, ${staffMemberships.invitedName}, '')`,
      })
      .from(staffMemberships)
      .innerJoin(users, eq(users.id, staffMemberships.userId))
      .where(
        and(
          eq(staffMemberships.facilityId, facility.id),
          inArray(staffMemberships.role, ASKED_ROLES),
          membershipCovers(staffMemberships, today),
          sql`not ${exists(wished)}`,
        ),
      );
    const deadlineDate = `${today.slice(0, 8)}${String(facility.deadlineDay).padStart(2, '0')}`;
    const deadlineLabel = `${Number(deadlineDate.slice(5, 7))}月${Number(deadlineDate.slice(8))}日`;
    const monthLabel = `${Number(month.slice(5))}月`;
    const url = new URL(`/staff/f/${facility.id}/staffing/me`, appUrl).toString();
    for (const person of people) {
      const id = await enqueueMail(db, {
        to: person.email,
        userId: person.userId,
        kind: WISH_REMINDER_KIND,
        subject: `【${facility.name}】${monthLabel}の希望休の締切は${deadlineLabel}です`,
        text:
          `${person.name ? `${person.name}さん\n\n` : ''}${monthLabel}の希望休がまだ入力されていません。` +
          `${deadlineLabel}までに「わたしの勤務」から入力してください（希望休がない場合はこのままで構いません）。\n\n${url}\n`,
        dedupeKey: `${facility.id}:${month}:${person.userId}`,
      });
      if (id !== null) written += 1;
    }
  }
  return written;
}

/** The worker of main.ts: looks every ten minutes (a repeat writes nothing: the dedupe key). */
export function startWishReminderWorker(ctx: AppContext, intervalMs = 10 * 60_000): () => void {
  return repeatInBackground(ctx.log, { name: 'wish reminder worker', intervalMs }, () =>
    enqueueWishReminders(ctx.db, ctx.config.appUrl, new Date()),
  );
}
