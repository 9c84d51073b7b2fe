import {
  childOrderLabel,
  discountableKindLabels,
  type DiscountableKind,
  type DiscountTier,
  type StatementLine,
} from '@renraku/contract';

/**
 * The sibling discount (spec/billing.md §2, docs/decisions/billing-sibling-discount.md), pure and in
 * integer yen. Siblings are the children enrolled in the month who share an activated main or
 * writable guardian (directly or through a brother or sister), whoever pays for each; the eldest is
 * 第1子. A child's order is 1 + the siblings here born before it (twins: the lower id first) + the
 * older siblings outside the facility its attributes declare, when the rule counts those.
 */

export interface SiblingRule {
  appliesTo: DiscountableKind[];
  countDeclaredOlder: boolean;
  /** Any order; the tier with the largest `from_order` ≤ a child's order applies. */
  tiers: DiscountTier[];
}

export interface FamilyChild {
  id: number;
  birth: string;
  guardianIds: number[];
  olderOutside: number;
}

/** Each child's order among its siblings (1 = the eldest). */
export function siblingOrders(children: FamilyChild[], countDeclaredOlder: boolean): Map<number, number> {
  const parent = new Map<number, number>(children.map((c) => [c.id, c.id]));
  const root = (id: number): number => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  const byGuardian = new Map<number, number>();
  for (const c of children) {
    for (const g of c.guardianIds) {
      const other = byGuardian.get(g);
      if (other === undefined) byGuardian.set(g, c.id);
      else parent.set(root(c.id), root(other));
    }
  }
  const groups = new Map<number, FamilyChild[]>();
  for (const c of children) groups.set(root(c.id), [...(groups.get(root(c.id)) ?? []), c]);
  const orders = new Map<number, number>();
  for (const group of groups.values()) {
    group.sort((x, y) => x.birth.localeCompare(y.birth) || x.id - y.id);
    group.forEach((c, i) => orders.set(c.id, i + 1 + (countDeclaredOlder ? c.olderOutside : 0)));
  }
  return orders;
}

/** The tier for a child order, or null (第1子, or no tier reaches it). */
export function tierFor(tiers: DiscountTier[], order: number): DiscountTier | null {
  let best: DiscountTier | null = null;
  for (const t of tiers) if (t.from_order <= order && (best === null || t.from_order > best.from_order)) best = t;
  return best;
}

/** The discount (yen, ≥ 0) of a base: a percentage rounded down to whole yen, or an amount up to the base. */
export function discountOf(tier: DiscountTier, base: number): number {
  if (base <= 0) return 0;
  return tier.kind === 'percent' ? Math.floor((base * tier.value) / 100) : Math.min(tier.value, base);
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** The discount line of one child's lines (null: none), placed after them on the payer's statement. */
export function siblingDiscountLine(
  child: { id: number; name: string },
  order: number,
  lines: StatementLine[],
  rule: SiblingRule,
): StatementLine | null {
  const tier = tierFor(rule.tiers, order);
  if (!tier) return null;
  const applies = new Set<string>(rule.appliesTo);
  const base = lines.filter((l) => applies.has(l.kind)).reduce((sum, l) => sum + l.amount, 0);
  const discount = discountOf(tier, base);
  if (discount === 0) return null;
  const last = tier.from_order === Math.max(...rule.tiers.map((t) => t.from_order));
  const label = childOrderLabel(tier.from_order, last);
  const kinds = rule.appliesTo.map((k) => discountableKindLabels[k]).join('・');
  const how = tier.kind === 'percent' ? `${tier.value}%（1円未満切り捨て）` : `${yen(tier.value)}引き（対象額まで）`;
  return {
    child_id: child.id,
    child_name: child.name,
    kind: 'sibling_discount',
    label: `兄弟姉妹割引（${label}）`,
    amount: -discount,
    explanation: `第${order}子：${kinds}の${how}、対象額${yen(base)}`,
    days: [],
  };
}
