import { and, eq, isNotNull } from 'drizzle-orm';
import { addMonths, datesOfMonth, fiscalYearOf, tokyoDate, weekdayIndexOf } from '@renraku/contract';
import {
  billingChildAttributes,
  billingItems,
  billingMonths,
  billingSettings,
  billingStatements,
  childAttendances,
  dailyNotes,
  childUser,
  noteChildren,
} from '../db/schema';
import { enrolmentCovers, mainLinks } from '../modules/access';
import { computeMonth, issuedStatements, loadMonthInputs } from '../modules/billing/service';
import { seedFeeRules, seedSiblingFamily, seedTemporaryCareChild } from './billing-fees';
import type { SeedContext } from './context';

/**
 * 請求 demo (spec/billing.md) at さくら保育園: the fee rules of the 年度 (私立認可保育所: no 保育料),
 * 教材費 every month and this month's 遠足代, each enrolled child's attributes (payer: their main
 * guardian), a month and a half of arrivals and pick-ups with some late ones, last month closed and
 * issued (collected by 口座振替 in seed/billing-collection.ts), this month's drafts ready to close
 * (with a child registered for 一時預かり only, booked on two days: seedTemporaryCareChild).
 */
export async function seedBilling(seed: SeedContext, staff: { director: number }): Promise<void> {
  const { db, ids, now } = seed;
  const today = tokyoDate(now);
  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  const facilityId = ids.facilities.sakura;
  const companyId = ids.companies.sakura;
  await db.insert(billingSettings).values(demoBillingSettings(companyId, facilityId, lastMonth, staff.director));
  const family = await seedSiblingFamily(seed);
  const [materials, outing] = await db
    .insert(billingItems)
    .values([
      {
        companyId,
        facilityId,
        name: '教材費',
        amount: 500,
        frequency: 'monthly',
        target: 'facility',
        explanation: '絵本・製作の材料・連絡帳などの費用です（毎月）',
        monthFrom: `${lastMonth}-01`,
        createdBy: staff.director,
      },
      {
        companyId,
        facilityId,
        name: '遠足代',
        amount: 1200,
        frequency: 'once',
        target: 'class',
        classId: ids.classes.sakuraHiyoko,
        explanation: '秋の遠足（バス代・入園料）です',
        monthFrom: `${thisMonth}-01`,
        createdBy: staff.director,
      },
    ])
    .returning({ id: billingItems.id });

  // Each child enrolled today, with their main guardian as the payer.
  const enrolled = await db
    .select({ noteChildId: noteChildren.id, childId: noteChildren.childId, payer: childUser.userId })
    .from(noteChildren)
    .innerJoin(childUser, and(eq(childUser.childId, noteChildren.childId), mainLinks(childUser)))
    .where(and(eq(noteChildren.facilityId, facilityId), enrolmentCovers(noteChildren, today)));
  if (enrolled.length === 0) return;
  await db.insert(billingChildAttributes).values(
    enrolled.map((c, i) => ({
      companyId,
      facilityId,
      childId: c.childId,
      validFrom: `${lastMonth}-01`,
      certification: c.childId === ids.children.haruto || family.includes(c.childId) ? 2 : 3,
      need: i % 2 === 0 ? 'standard' : 'short',
      payerUserId: c.payer,
      updatedBy: staff.director,
    })),
  );

  // 教材費 consented by every payer at enrolment; this month's 遠足代 by 蒼太's family only.
  const enrolledAt = new Date(`${lastMonth}-01T09:00:00+09:00`);
  await seedFeeRules(seed, staff, lastMonth, [
    ...enrolled.map((c) => ({ itemId: materials!.id, childId: c.childId, userId: c.payer, at: enrolledAt })),
    ...enrolled
      .filter((c) => c.childId === ids.children.sota)
      .map((c) => ({ itemId: outing!.id, childId: c.childId, userId: c.payer, at: new Date(now.getTime() - 86_400_000) })),
  ]);

  // Weekdays of last month and of this month before today: arrivals around 8:00, a few late pick-ups.
  const days = weekdaysBefore([lastMonth, thisMonth], today);
  // A recorded arrival makes a day of the guardian's feed: a child with the feed seed's daily notes
  // gets times on those days only, so the feed keeps the days it was seeded with.
  const noteDays = new Set(
    (
      await db
        .select({ noteChildId: dailyNotes.noteChildId, date: dailyNotes.date })
        .from(dailyNotes)
        .where(isNotNull(dailyNotes.publishedAt))
    ).map((n) => `${n.noteChildId}:${n.date}`),
  );
  const hasNotes = new Set([...noteDays].map((key) => Number(key.split(':')[0])));
  const rows = demoAttendance(companyId, enrolled, days).filter(
    (r) => !hasNotes.has(r.noteChildId) || noteDays.has(`${r.noteChildId}:${r.date}`),
  );
  await db.insert(childAttendances).values(rows).onConflictDoNothing();
  // After the regular children's attributes and days: her own, from this month.
  await seedTemporaryCareChild(seed, staff, today);

  // Last month: closed by the demo 園長 on the 3rd of this month, statements issued.
  const closedAt = new Date(`${thisMonth}-03T10:00:00+09:00`);
  await db.insert(billingMonths).values({ companyId, facilityId, month: `${lastMonth}-01`, closedAt, closedBy: staff.director });
  const { inputs } = await loadMonthInputs(db, facilityId, lastMonth);
  const drafts = inputs ? computeMonth(inputs) : [];
  if (drafts.length === 0) return;
  // Unpaid: collected by 口座振替 in seed/billing-collection.ts (振替済, or 資金不足 and carried).
  await db
    .insert(billingStatements)
    .values(issuedStatements(drafts, { companyId, facilityId, month: lastMonth, issuedAt: closedAt, issuedBy: staff.director }));
}

/** The demo's fee rules of the 年度 that holds `month` (延長 200 円 per 30 minutes past the window, 副食費 4,500 円). */
export function demoBillingSettings(companyId: number, facilityId: number, month: string, updatedBy: number) {
  return {
    companyId,
    facilityId,
    validFrom: `${fiscalYearOf(`${month}-01`)}-04-01`,
    facilityType: 'licensed_nursery',
    standardStart: '07:00',
    standardEnd: '18:00',
    shortStart: '08:30',
    shortEnd: '16:30',
    unitMinutes: 30,
    graceMinutes: 5,
    pricePerUnit: 200,
    lateFrom: '18:30',
    latePricePerUnit: 300,
    dailyCap: 1000,
    monthlyCap: null,
    flatMonthly: 3000,
    sideDishFee: 4500,
    stapleFee: 0,
    // 引落日 the 10th: last month's 口座振替 is done and answered for most of this month.
    dueDay: 10,
    updatedBy,
  } satisfies typeof billingSettings.$inferInsert;
}

/** The weekdays of the months before `today`. */
export const weekdaysBefore = (months: string[], today: string) =>
  months.flatMap((m) => datesOfMonth(m)).filter((d) => d < today && weekdayIndexOf(d) > 0 && weekdayIndexOf(d) < 6);

/** The gate's times on `days`: arrivals around 8:00 (now and then 6:50), a few late pick-ups, an absence now and then. */
export function demoAttendance(companyId: number, enrolled: { noteChildId: number }[], days: string[]) {
  const late = ['18:20', '18:45', '19:10', '17:30'];
  const rows: (typeof childAttendances.$inferInsert & { noteChildId: number; date: string })[] = [];
  enrolled.forEach((c, k) =>
    days.forEach((date, i) => {
      if ((i + k) % 9 === 4) return; // an absence now and then
      const early = (i + k) % 11 === 0;
      rows.push({
        companyId,
        noteChildId: c.noteChildId,
        date,
        arrivedAt: early ? '06:50' : `08:${String(10 + ((i * 7 + k * 3) % 40)).padStart(2, '0')}`,
        pickedUpAt:
          (i + k) % 4 === 1 ? late[Math.floor(i / 4) % late.length]! : `16:${String(20 + ((i * 5) % 35)).padStart(2, '0')}`,
        source: 'kiosk',
      });
    }),
  );
  return rows;
}
