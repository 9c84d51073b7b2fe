import type { SiblingDiscountInput, StaffFeeRules, TemporaryRatesInput } from '@renraku/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingSiblingDiscounts, billingTemporaryRates } from '../../db/schema';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { monthOf } from './inputs';
import { assertAfterClosed } from './settings';
import type { TemporaryBand } from './temporary';

/**
 * The sibling discount and the 一時預かり prices, dated like the main settings (billing-dated-rules.md):
 * a change applies from a month on, that month's row replaced, never a closed month.
 */
export async function feeRulesView(db: Db, grant: FacilityGrant): Promise<StaffFeeRules> {
  const [discounts, rates] = await Promise.all([
    db
      .select()
      .from(billingSiblingDiscounts)
      .where(eq(billingSiblingDiscounts.facilityId, grant.facilityId))
      .orderBy(desc(billingSiblingDiscounts.validFrom)),
    db
      .select()
      .from(billingTemporaryRates)
      .where(eq(billingTemporaryRates.facilityId, grant.facilityId))
      .orderBy(desc(billingTemporaryRates.validFrom)),
  ]);
  return {
    sibling_discounts: discounts.map((d) => ({
      id: d.id,
      valid_from: monthOf(d.validFrom),
      applies_to: d.appliesTo as StaffFeeRules['sibling_discounts'][number]['applies_to'],
      count_declared_older: d.countDeclaredOlder,
      tiers: d.tiers as StaffFeeRules['sibling_discounts'][number]['tiers'],
    })),
    temporary_rates: rates.map((r) => ({
      id: r.id,
      valid_from: monthOf(r.validFrom),
      half_day_hours: r.halfDayHours,
      bands: r.bands as TemporaryBand[],
    })),
  };
}

/** The tables of dated rules: one row a facility and month it applies from. */
type DatedRuleTable = typeof billingSiblingDiscounts | typeof billingTemporaryRates;

/**
 * A dated rule saved from a month on (the same month's row replaced), checked against the closed
 * months and audited, in one transaction; answers the facility's rules as they now stand.
 */
async function saveDatedRule<T extends DatedRuleTable>(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  now: Date,
  rule: {
    table: T;
    validFrom: string;
    values: Omit<T['$inferInsert'], 'companyId' | 'facilityId' | 'validFrom'>;
    audit: { action: 'billing.sibling_discount.update' | 'billing.temporary_rates.update'; targetType: string };
    details: Record<string, unknown>;
  },
): Promise<StaffFeeRules> {
  const table: DatedRuleTable = rule.table;
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await assertAfterClosed(t, grant.facilityId, rule.validFrom);
    const key = { companyId: grant.companyId, facilityId: grant.facilityId, validFrom: `${rule.validFrom}-01` };
    const [row] = await t
      .insert(table)
      .values({ ...key, ...rule.values })
      .onConflictDoUpdate({ target: [table.facilityId, table.validFrom], set: rule.values })
      .returning({ id: table.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      ...rule.audit,
      targetId: row!.id,
      details: rule.details,
    });
  });
  return feeRulesView(db, grant);
}

export function saveSiblingDiscount(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: SiblingDiscountInput,
  now: Date,
): Promise<StaffFeeRules> {
  return saveDatedRule(db, staff, grant, now, {
    table: billingSiblingDiscounts,
    validFrom: body.valid_from,
    values: {
      appliesTo: [...new Set(body.applies_to)],
      countDeclaredOlder: body.count_declared_older,
      tiers: [...body.tiers].sort((a, b) => a.from_order - b.from_order),
      updatedBy: staff.userId,
      updatedAt: now,
    },
    audit: { action: 'billing.sibling_discount.update', targetType: 'billing_sibling_discount' },
    details: body as unknown as Record<string, unknown>,
  });
}

export function saveTemporaryRates(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: TemporaryRatesInput,
  now: Date,
): Promise<StaffFeeRules> {
  return saveDatedRule(db, staff, grant, now, {
    table: billingTemporaryRates,
    validFrom: body.valid_from,
    values: {
      halfDayHours: body.half_day_hours,
      bands: [...body.bands].sort((a, b) => a.from_age - b.from_age),
      updatedBy: staff.userId,
      updatedAt: now,
    },
    audit: { action: 'billing.temporary_rates.update', targetType: 'billing_temporary_rates' },
    details: body as unknown as Record<string, unknown>,
  });
}
