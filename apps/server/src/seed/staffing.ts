import { inArray, sql } from 'drizzle-orm';
import { addDays, addMonths, fiscalYearOf, tokyoDate, tokyoInstant, weekdayIndexOf } from '@renraku/contract';
import {
  shiftMonths,
  shiftPatterns,
  shiftWishes,
  shifts,
  staffMembershipClasses,
  staffMemberships,
  staffRoomMoves,
  staffTimeEntries,
  staffWorkingConditions,
  staffingSettings,
  users,
} from '../db/schema';
import { loadGeneratorInput } from '../modules/staffing/generate';
import { generateShifts } from '../modules/staffing/generator';
import type { SeedContext } from './context';
import { DEMO_STAFF_EMAILS } from './staff';

/**
 * 配置・勤怠 demo (staffing.md §2, §4): さくら保育園 is a 保育所 taking the 1歳児配置改善加算. This
 * month's weekdays carry the 園長's and ひよこ組's 保育士's 打刻 (the 勤務実績 CSV has content); this
 * morning 田中 clocked in at 07:30, the first child came through the gate at 07:41 and the 園長
 * joined ひよこ組 only at 07:56, so the room was short for a quarter of an hour (a red slot in the
 * day's chart). Patterns A/B/C/F/H, this month's published table and next month's generated draft,
 * which keeps the ひよこ組 part-timer 鈴木's 勤務条件 (3 days a week, F only). Only 打刻 already past
 * when seeding are written.
 */
export async function seedStaffing({ db, ids, now }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  const company = ids.companies.sakura;
  const facility = ids.facilities.sakura;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [DEMO_STAFF_EMAILS.director, DEMO_STAFF_EMAILS.classStaff]));
  const director = people.find((p) => p.email.toLowerCase() === DEMO_STAFF_EMAILS.director)?.id;
  const hoikushi = people.find((p) => p.email.toLowerCase() === DEMO_STAFF_EMAILS.classStaff)?.id;
  if (!director || !hoikushi) return;
  await db
    .insert(staffingSettings)
    .values({ facilityId: facility, companyId: company, facilityType: 'nursery', oneYearImprovement: true });
  const past = (date: string, time: string) => tokyoInstant(date, time) <= now;
  const rows: (typeof staffTimeEntries.$inferInsert)[] = [];
  const entry = (userId: number, date: string, kind: string, time: string) => {
    if (past(date, time))
      rows.push({ companyId: company, facilityId: facility, userId, date, kind, time, source: 'self', recordedBy: userId });
  };
  // The month so far: A番 (07:30–16:15) for the 保育士, 08:00–17:00 for the 園長, an hour's break each.
  for (let date = `${today.slice(0, 7)}-01`; date < today; date = addDays(date, 1)) {
    const weekday = weekdayIndexOf(date);
    if (weekday === 0 || weekday === 6) continue;
    for (const [userId, from, to] of [
      [hoikushi, '07:30', '16:15'],
      [director, '08:00', '17:00'],
    ] as const) {
      entry(userId, date, 'in', from);
      entry(userId, date, 'break_start', '12:30');
      entry(userId, date, 'break_end', '13:30');
      entry(userId, date, 'out', to);
    }
  }
  entry(hoikushi, today, 'in', '07:30');
  entry(director, today, 'in', '07:40');
  if (rows.length > 0) await db.insert(staffTimeEntries).values(rows);
  // The facility's patterns and this month's table, published on the 25th of last month.
  const patterns = await db
    .insert(shiftPatterns)
    .values(
      (
        [
          ['A', '07:30', '16:15'],
          ['B', '08:00', '16:45'],
          ['C', '08:30', '17:15'],
          ['F', '09:30', '18:15'],
          ['H', '10:45', '19:00'],
        ] as const
      ).map(([code, startTime, endTime]) => ({
        companyId: company,
        facilityId: facility,
        code,
        startTime,
        endTime,
        breakMinutes: 60,
      })),
    )
    .returning({ id: shiftPatterns.id, code: shiftPatterns.code });
  const patternId = (code: string) => patterns.find((p) => p.code === code)!.id;
  const month = today.slice(0, 7);
  const table: (typeof shifts.$inferInsert)[] = [];
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) {
    const weekday = weekdayIndexOf(date);
    if (weekday === 0 || weekday === 6) continue;
    table.push({
      companyId: company,
      facilityId: facility,
      userId: hoikushi,
      date,
      patternId: patternId('A'),
      updatedBy: director,
    });
    table.push({
      companyId: company,
      facilityId: facility,
      userId: director,
      date,
      patternId: patternId('B'),
      updatedBy: director,
    });
  }
  if (table.length > 0) await db.insert(shifts).values(table);
  await db.insert(shiftMonths).values({
    facilityId: facility,
    companyId: company,
    month,
    publishedAt: tokyoInstant(addDays(`${month}-01`, -6), '17:00'),
    publishedBy: director,
  });
  // The 保育士's 希望休 of next month (the 園長's シフト表 of that month marks them 「希」).
  const next = addMonths(month, 1);
  await db
    .insert(shiftWishes)
    .values([`${next}-08`, `${next}-22`].map((date) => ({ facilityId: facility, companyId: company, userId: hoikushi, date })));
  await seedPartTimer(db, company, facility, ids.classes.sakuraHiyoko, patternId('F'), director, now);
  // Next month's draft (not published), generated from the seeded planned times, those wishes and 勤務条件.
  const { assignments } = generateShifts(await loadGeneratorInput(db, facility, next));
  const draft = [...assignments].flatMap(([userId, days]) =>
    [...days].flatMap(([date, patternId]) =>
      patternId === null ? [] : [{ companyId: company, facilityId: facility, userId, date, patternId, updatedBy: director }],
    ),
  );
  if (draft.length > 0) await db.insert(shifts).values(draft);
  // The 園長 joined ひよこ組 at 07:56 (from its tablet), after 15 minutes short.
  if (past(today, '07:56'))
    await db.insert(staffRoomMoves).values({
      companyId: company,
      facilityId: facility,
      userId: director,
      date: today,
      time: '07:56',
      classId: ids.classes.sakuraHiyoko,
      movedBy: director,
    });
}

/**
 * 鈴木 春美, a part-timer of ひよこ組 from the start of this 年度 (no sign-in: she has no password),
 * whose 勤務条件 are 3 days a week on F only (docs/decisions/staffing-working-conditions.md).
 */
async function seedPartTimer(
  db: SeedContext['db'],
  companyId: number,
  facilityId: number,
  classId: number,
  patternF: number,
  director: number,
  now: Date,
) {
  const [partTimer] = await db
    .insert(users)
    .values({ email: 'paato@example.com', name: '鈴木 春美', agreedAt: now })
    .returning({ id: users.id });
  const validFrom = `${fiscalYearOf(tokyoDate(now))}-04-01`;
  const [membership] = await db
    .insert(staffMemberships)
    .values({ companyId, facilityId, userId: partTimer!.id, role: 'class_staff', validFrom })
    .returning({ id: staffMemberships.id });
  await db.insert(staffMembershipClasses).values({ membershipId: membership!.id, classId });
  await db.insert(staffWorkingConditions).values({
    facilityId,
    companyId,
    userId: partTimer!.id,
    maxDaysPerWeek: 3,
    patternIds: [patternF],
    updatedBy: director,
    updatedAt: now,
  });
}
