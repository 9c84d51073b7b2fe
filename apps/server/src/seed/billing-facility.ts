import { eq } from 'drizzle-orm';
import { addDays, addMonths, fiscalYearOf } from '@renraku/contract';
import type { Db } from '../db/client';
import {
  billingBankAccounts,
  billingChildAttributes,
  billingDebitSettings,
  billingSettings,
  childAttendances,
  childUser,
  children,
  classes,
  facilities,
  noteChildren,
  users,
} from '../db/schema';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { DEMO_PASSWORD } from './accounts';
import { demoAttendance, demoBillingSettings, weekdaysBefore } from './billing';
import { demoBankAccount, demoDebitSettings } from './billing-collection';

/** The two families of a billing facility: the guardian who pays, the child, the account's カナ name. */
const families = [
  { guardian: ['青木', '健'], child: ['青木', '陸', 'あおき', 'りく'], holder: 'ｱｵｷ ｹﾝ' },
  { guardian: ['石井', '舞'], child: ['石井', '葵', 'いしい', 'あおい'], holder: 'ｲｼｲ ﾏｲ' },
] as const;

/**
 * A facility of its own for an end-to-end test that closes a month (docs/decisions/tests-e2e-billing-facility.md):
 * a new facility of `companyId` with one class of 4歳児 this 年度, two families (each main guardian pays,
 * with a 口座振替 account registered at the bank when the server's secret is given), the demo's fee
 * rules and 委託者 settings, and the gate's times of last month and of this month before today, so
 * both months are open drafts. Built from the demo seed's billing builders; the test-mode fixture
 * (modules/dev) is its only caller.
 */
export async function seedBillingFacility(
  db: Db,
  input: { companyId: number; staffUserId: number; today: string; now: Date; secret?: string },
): Promise<{ id: number; name: string }> {
  const { companyId, today, now } = input;
  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [created] = await t.insert(facilities).values({ companyId, name: '請求試験園' }).returning({ id: facilities.id });
    const facilityId = created!.id;
    const name = `請求試験園${facilityId}`;
    await t.update(facilities).set({ name }).where(eq(facilities.id, facilityId));
    const [klass] = await t
      .insert(classes)
      .values({ companyId, facilityId, name: 'もも組', fiscalYear: fiscalYearOf(today), ageBand: 4 })
      .returning({ id: classes.id });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const enrolled: { noteChildId: number; childId: number; payer: number; holder: string }[] = [];
    for (const [i, f] of families.entries()) {
      const [payer] = await t
        .insert(users)
        .values({
          email: `billing-${facilityId}-${i + 1}@example.com`,
          passwordHash,
          name: f.guardian.join(' '),
          agreedAt: now,
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      const [child] = await t
        .insert(children)
        .values({
          companyId,
          lastName: f.child[0],
          firstName: f.child[1],
          lastNameKana: f.child[2],
          firstNameKana: f.child[3],
          birth: addDays(today, -Math.round(365.25 * 4 + 30 * (i + 1))),
          sex: i + 1,
          qrToken: randomToken(24),
        })
        .returning({ id: children.id });
      const [noteChild] = await t
        .insert(noteChildren)
        .values({ companyId, childId: child!.id, facilityId, classId: klass!.id, admittedOn: addDays(today, -400) })
        .returning({ id: noteChildren.id });
      await t.insert(childUser).values({
        childId: child!.id,
        userId: payer!.id,
        companyId,
        type: 1,
        main: true,
        writable: true,
        activated: true,
        sortOrder: 0,
      });
      enrolled.push({ noteChildId: noteChild!.id, childId: child!.id, payer: payer!.id, holder: f.holder });
    }
    await t.insert(billingSettings).values(demoBillingSettings(companyId, facilityId, lastMonth, input.staffUserId));
    await t.insert(billingDebitSettings).values(demoDebitSettings(companyId, facilityId, input.staffUserId, now));
    await t.insert(billingChildAttributes).values(
      enrolled.map((c, i) => ({
        companyId,
        facilityId,
        childId: c.childId,
        validFrom: `${lastMonth}-01`,
        certification: 2,
        need: i % 2 === 0 ? 'standard' : 'short',
        payerUserId: c.payer,
        updatedBy: input.staffUserId,
      })),
    );
    await t.insert(childAttendances).values(demoAttendance(companyId, enrolled, weekdaysBefore([lastMonth, thisMonth], today)));
    const { secret } = input;
    if (secret) {
      const registeredAt = new Date(`${lastMonth}-01T10:00:00+09:00`);
      await t.insert(billingBankAccounts).values(
        enrolled.map((c, index) =>
          demoBankAccount(secret, {
            companyId,
            facilityId,
            userId: c.payer,
            index,
            holder: c.holder,
            own: false,
            registeredAt,
            registeredBy: input.staffUserId,
          }),
        ),
      );
    }
    return { id: facilityId, name };
  });
}
