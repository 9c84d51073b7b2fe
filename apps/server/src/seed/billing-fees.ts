import { and, eq, inArray } from 'drizzle-orm';
import { datesOfMonth, fiscalYearOf, weekdayIndexOf } from '@renraku/contract';
import {
  billingChildAttributes,
  billingItemConsents,
  billingSiblingDiscounts,
  billingTemporaryBookings,
  billingTemporaryRates,
  childAttendances,
  childUser,
  children,
  noteChildren,
  users,
} from '../db/schema';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { DEMO_PASSWORD } from './accounts';
import type { SeedContext } from './context';

/**
 * The fee rules' demo (spec/billing.md §2) at さくら保育園: a family of two in ぞう組 (渡辺 蓮 and
 * 小林 紬, a blended family: one guardian, two surnames) so the 兄弟姉妹割引 shows on its statement,
 * the discount rule and the 一時預かり prices of the 年度, and the 実費 consents: 教材費 consented by
 * every paying family at enrolment, this month's 遠足代 by 佐藤 蒼太's family only (hogosha has yet to).
 */
export async function seedSiblingFamily({ db, ids, now }: SeedContext): Promise<number[]> {
  const kids = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.companyId, ids.companies.sakura),
        inArray(children.firstName, ['蓮', '紬']),
        inArray(children.lastName, ['渡辺', '小林']),
      ),
    );
  if (kids.length !== 2) return [];
  const [parent] = await db
    .insert(users)
    .values({
      email: 'watanabe@example.com',
      // A demo guardian like the others: signs in with the demo password (README) to see the discount.
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: '渡辺 美咲',
      agreedAt: now,
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  await db.insert(childUser).values(
    kids.map((k, i) => ({
      childId: k.id,
      userId: parent!.id,
      companyId: ids.companies.sakura,
      type: 1,
      main: true,
      writable: true,
      activated: true,
      sortOrder: i,
    })),
  );
  return kids.map((k) => k.id);
}

export async function seedFeeRules(
  { db, ids }: SeedContext,
  staff: { director: number },
  month: string,
  consents: { itemId: number; childId: number; userId: number; at: Date }[],
): Promise<void> {
  const companyId = ids.companies.sakura;
  const facilityId = ids.facilities.sakura;
  const validFrom = `${fiscalYearOf(`${month}-01`)}-04-01`;
  await db.insert(billingSiblingDiscounts).values({
    companyId,
    facilityId,
    validFrom,
    appliesTo: ['extension', 'side_dish', 'item'],
    countDeclaredOlder: true,
    tiers: [
      { from_order: 2, kind: 'percent', value: 50 },
      { from_order: 3, kind: 'percent', value: 100 },
    ],
    updatedBy: staff.director,
  });
  await db.insert(billingTemporaryRates).values({
    companyId,
    facilityId,
    validFrom,
    halfDayHours: 4,
    bands: [
      { from_age: 0, half_day: 2500, full_day: 4500 },
      { from_age: 3, half_day: 1500, full_day: 3000 },
    ],
    updatedBy: staff.director,
  });
  if (consents.length > 0) {
    await db
      .insert(billingItemConsents)
      .values(consents.map((c) => ({ companyId, itemId: c.itemId, childId: c.childId, userId: c.userId, consentedAt: c.at })));
  }
}

/**
 * 一時預かり (docs/decisions/billing-temporary-care.md) at さくら保育園: 山本 ひなた, registered for
 * 一時預かり only from this month (no class) with her guardian (a demo account, the payer), booked on
 * two days of this month: the last weekday before today with the gate's arrival and pick-up (the use
 * takes them), and a weekday after it (before it comes: the booking's times, flagged on the page).
 * This month's draft has her 一時預かり line with both uses.
 */
export async function seedTemporaryCareChild({ db, ids, now }: SeedContext, staff: { director: number }, today: string) {
  const companyId = ids.companies.sakura;
  const facilityId = ids.facilities.sakura;
  const month = today.slice(0, 7);
  const weekdays = datesOfMonth(month).filter((d) => weekdayIndexOf(d) > 0 && weekdayIndexOf(d) < 6);
  const past = weekdays.filter((d) => d < today).at(-1);
  const later = weekdays.filter((d) => d > today)[0] ?? weekdays.filter((d) => d < today).at(-2);
  const [child] = await db
    .insert(children)
    .values({
      companyId,
      lastName: '山本',
      firstName: 'ひなた',
      lastNameKana: 'やまもと',
      firstNameKana: 'ひなた',
      birth: `${fiscalYearOf(today) - 3}-09-14`,
      sex: 2,
      qrToken: randomToken(24),
    })
    .returning({ id: children.id });
  const [enrolment] = await db
    .insert(noteChildren)
    .values({ companyId, childId: child!.id, facilityId, classId: null, admittedOn: `${month}-01`, temporaryOnly: true })
    .returning({ id: noteChildren.id });
  const [parent] = await db
    .insert(users)
    .values({
      email: 'yamamoto@example.com',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: '山本 彩',
      agreedAt: now,
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  await db.insert(childUser).values({
    childId: child!.id,
    userId: parent!.id,
    companyId,
    type: 1,
    main: true,
    writable: true,
    activated: true,
    sortOrder: 0,
  });
  await db.insert(billingChildAttributes).values({
    companyId,
    facilityId,
    childId: child!.id,
    validFrom: `${month}-01`,
    certification: 2,
    need: 'standard',
    payerUserId: parent!.id,
    updatedBy: staff.director,
  });
  const days = [past, later].filter((d): d is string => d !== undefined);
  if (days.length === 0) return;
  await db.insert(billingTemporaryBookings).values(
    days.map((date, i) => ({
      companyId,
      facilityId,
      childId: child!.id,
      date,
      start: i === 0 ? '09:00' : '08:30',
      end: i === 0 ? '12:00' : '16:30',
      createdBy: staff.director,
      createdAt: new Date(`${month}-01T10:00:00+09:00`),
    })),
  );
  if (past !== undefined) {
    await db
      .insert(childAttendances)
      .values({ companyId, noteChildId: enrolment!.id, date: past, arrivedAt: '09:10', pickedUpAt: '12:35', source: 'kiosk' });
  }
}
