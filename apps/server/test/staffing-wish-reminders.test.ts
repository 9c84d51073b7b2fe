import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { putStaffMyWishes } from '@renraku/contract';
import { mailOutbox, notificationSettings, staffingSettings, staffMemberships } from '../src/db/schema';
import { enqueueWishReminders, WISH_REMINDER_KIND } from '../src/modules/staffing/wish-reminders';
import { buildStaff, buildStaffWorld } from './factories';
import { call, setupApp } from './harness';

/*
 * 希望休の締切のお知らせ (docs/decisions/staffing-wish-reminder.md): from 3 days before the facility's
 * deadline until the deadline, from 09:00 Tokyo, each 保育士 and 園長 of the facility who has entered
 * no 希望休 for next month gets one mail (the outbox), once per month however often the worker runs.
 */

const t = setupApp();
const db = () => t.db;
const APP = 'https://renraku.example';
const tokyo = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let quiet: Awaited<ReturnType<typeof buildStaff>>;

const reminders = () => db().select().from(mailOutbox).where(eq(mailOutbox.kind, WISH_REMINDER_KIND));

beforeAll(async () => {
  w = await buildStaffWorld(db());
  await db()
    .update(staffMemberships)
    .set({ validUntil: '2025-03-31' })
    .where(eq(staffMemberships.id, w.staff.ended.membership.id));
  // さくら's deadline: the 20th (the default). Another person turned mails off.
  quiet = await buildStaff(db(), { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classB.id] });
  await db().insert(notificationSettings).values({ userId: quiet.user.id, emailDisabled: true });
  // The other facility's deadline: the 10th.
  await db().insert(staffingSettings).values({
    facilityId: w.otherFacility.facilityId,
    companyId: w.otherFacility.companyId,
    facilityType: 'nursery',
    wishDeadlineDay: 10,
  });
  // 保育士 A has sent a wish for December already.
  const agent = await t.signInStaff(w.staff.classStaffA.user, { 'x-test-now': '2026-11-15T01:00:00.000Z' });
  const sent = await call(agent, putStaffMyWishes, {
    params: { facilityId: w.facilityId },
    body: { month: '2026-12', dates: ['2026-12-24'] },
    headers: { 'x-test-now': '2026-11-15T01:00:00.000Z' },
  });
  expect(sent.statusCode).toBe(200);
}, 120_000);

describe('enqueueWishReminders', () => {
  it('nothing before the window (16th) nor before 09:00 on its first day', async () => {
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-16', '12:00'))).toBe(0);
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-17', '08:59'))).toBe(0);
    expect(await reminders()).toEqual([]);
  });

  it('3 days before the 20th: the 園長 and 保育士 B without wishes; not A (sent), office, the company admin, the ended or mails-off person', async () => {
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-17', '09:00'))).toBe(2);
    const rows = await reminders();
    expect(rows.map((r) => r.userId).sort()).toEqual([w.staff.director.user.id, w.staff.classStaffB.user.id].sort());
    const mail = rows.find((r) => r.userId === w.staff.classStaffB.user.id)!;
    expect(mail.to).toBe(w.staff.classStaffB.user.email);
    expect(mail.subject).toMatch(/^【.+】12月の希望休の締切は11月20日です$/);
    expect(mail.text).toContain('12月の希望休がまだ入力されていません');
    expect(mail.text).toContain(`${APP}/staff/f/${w.facilityId}/staffing/me`);
    expect(mail.dedupeKey).toBe(`${w.facilityId}:2026-12:${w.staff.classStaffB.user.id}`);
  });

  it('once per month: the next runs up to the deadline write nothing more; after it nothing', async () => {
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-17', '09:10'))).toBe(0);
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-20', '18:00'))).toBe(0);
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-21', '09:00'))).toBe(0);
    expect(await reminders()).toHaveLength(2);
  });

  it('each facility by its own deadline; next month again', async () => {
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-11-08', '10:00'))).toBe(1);
    expect((await reminders()).map((r) => r.userId)).toContain(w.staff.otherFacility.user.id);
    expect(await enqueueWishReminders(db(), APP, tokyo('2026-12-18', '10:00'))).toBe(3);
    expect(
      (await reminders())
        .filter((r) => r.dedupeKey?.includes(':2027-01:'))
        .map((r) => r.userId)
        .sort(),
    ).toEqual([w.staff.director.user.id, w.staff.classStaffA.user.id, w.staff.classStaffB.user.id].sort());
  });
});
