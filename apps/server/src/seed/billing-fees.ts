import { and, eq, inArray } from 'drizzle-orm';
import { fiscalYearOf } from '@renraku/contract';
import { billingItemConsents, billingSiblingDiscounts, billingTemporaryRates, childUser, children, users } from '../db/schema';
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
