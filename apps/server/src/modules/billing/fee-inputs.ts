import type { DiscountableKind, DiscountTier } from '@renraku/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import {
  billingItemConsents,
  billingSiblingDiscounts,
  billingTemporaryRates,
  billingTemporaryUses,
  childUser,
} from '../../db/schema';
import type { FamilyChild, SiblingRule } from './sibling-discount';
import type { TemporaryBand, TemporaryRates } from './temporary';

/** What the sibling discount, 一時預かり and the 実費 consents add to a month's inputs (loaded in the caller's transaction). */

/** The sibling discount row in force in the month (the newest from that month or before). */
export async function siblingRuleRow(db: Db, facilityId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingSiblingDiscounts)
    .where(and(eq(billingSiblingDiscounts.facilityId, facilityId), lte(billingSiblingDiscounts.validFrom, `${month}-01`)))
    .orderBy(desc(billingSiblingDiscounts.validFrom))
    .limit(1);
  return row;
}

/** The 一時預かり rates row in force in the month. */
export async function temporaryRatesRow(db: Db, facilityId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingTemporaryRates)
    .where(and(eq(billingTemporaryRates.facilityId, facilityId), lte(billingTemporaryRates.validFrom, `${month}-01`)))
    .orderBy(desc(billingTemporaryRates.validFrom))
    .limit(1);
  return row;
}

export const ratesOf = (row: typeof billingTemporaryRates.$inferSelect): TemporaryRates => ({
  halfDayHours: row.halfDayHours,
  bands: row.bands as TemporaryBand[],
});

/** The month's 一時預かり uses the 事務 recorded (`temporary-month.ts` adds the booked days). */
export async function temporaryUsesIn(db: Db, facilityId: number, start: string, end: string) {
  return db
    .select()
    .from(billingTemporaryUses)
    .where(
      and(
        eq(billingTemporaryUses.facilityId, facilityId),
        gte(billingTemporaryUses.date, start),
        lte(billingTemporaryUses.date, end),
      ),
    )
    .orderBy(asc(billingTemporaryUses.date), asc(billingTemporaryUses.start), asc(billingTemporaryUses.id));
}

/**
 * The children's guardians who make them siblings: activated main or writable links (the guardians
 * who may pay; a read-only co-guardian such as a grandparent joins no families).
 */
export async function guardiansOf(db: Db, childIds: number[]) {
  if (childIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .select({ childId: childUser.childId, userId: childUser.userId })
    .from(childUser)
    .where(
      and(
        inArray(childUser.childId, childIds),
        eq(childUser.activated, true),
        or(eq(childUser.main, true), eq(childUser.writable, true)),
      ),
    );
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.childId, [...(map.get(r.childId) ?? []), r.userId]);
  return map;
}

/**
 * The consents covering the month to the given items: `${itemId}:${childId}` (a consent covers the
 * months from its `month_from`, or from the start, until the month before its withdrawal).
 */
export async function consentKeys(db: Db, itemIds: number[], month: string) {
  if (itemIds.length === 0) return new Set<string>();
  const first = `${month}-01`;
  const c = billingItemConsents;
  const rows = await db
    .select({ itemId: c.itemId, childId: c.childId })
    .from(c)
    .where(
      and(
        inArray(c.itemId, itemIds),
        or(isNull(c.monthFrom), lte(c.monthFrom, first)),
        or(isNull(c.withdrawnFrom), gt(c.withdrawnFrom, first)),
      ),
    );
  return new Set(rows.map((r) => `${r.itemId}:${r.childId}`));
}

/**
 * Everything above for a month but the 一時預かり uses (`temporary-month.ts`), given its enrolled
 * children (with the declared older siblings of those billed).
 */
export async function loadFeeInputs(
  db: Db,
  facilityId: number,
  month: string,
  range: { start: string; end: string },
  enrolled: { id: number; birth: string; temporaryOnly: boolean }[],
  olderOutside: Map<number, number>,
  itemIds: number[],
) {
  // A child registered for 一時預かり only is no one's sibling in the discount's count.
  const regular = enrolled.filter((c) => !c.temporaryOnly);
  // 確定 passes its transaction: there, one after the other (db/reads.ts).
  const [rule, rates, guardians, consents] = await readTogether(
    db,
    () => siblingRuleRow(db, facilityId, month),
    () => temporaryRatesRow(db, facilityId, month),
    () =>
      guardiansOf(
        db,
        regular.map((c) => c.id),
      ),
    () => consentKeys(db, itemIds, month),
  );
  const siblingRule: SiblingRule | null =
    rule && (rule.tiers as DiscountTier[]).length > 0
      ? {
          appliesTo: rule.appliesTo as DiscountableKind[],
          countDeclaredOlder: rule.countDeclaredOlder,
          tiers: rule.tiers as DiscountTier[],
        }
      : null;
  const family: FamilyChild[] = regular.map((c) => ({
    id: c.id,
    birth: c.birth,
    guardianIds: guardians.get(c.id) ?? [],
    olderOutside: olderOutside.get(c.id) ?? 0,
  }));
  return {
    siblingRule,
    family,
    temporaryRates: rates ? ratesOf(rates) : null,
    consents,
  };
}
