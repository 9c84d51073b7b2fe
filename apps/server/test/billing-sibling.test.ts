import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountTier, StatementLine } from '@renraku/contract';
import { computeMonth } from '../src/modules/billing/compute';
import { siblingDiscountLine, siblingOrders, type FamilyChild, type SiblingRule } from '../src/modules/billing/sibling-discount';
import { priceUse, temporaryLine } from '../src/modules/billing/temporary';
import { billedChild, settingsRow } from './billing-rows';

/**
 * The sibling discount against an oracle written here from spec/billing.md §2 and
 * docs/decisions/billing-sibling-discount.md, by another road: siblings are found by walking the
 * "shares a paying guardian" graph from each child (not a union-find); a child's order is one plus
 * the siblings born before it (the same day: the lower id first) plus its declared older siblings
 * outside when counted; the tier is found by counting down from the order to 2; a percentage is
 * taken in whole yen by subtracting the remainder; an amount never exceeds the base.
 */
function oracleOrder(children: FamilyChild[], id: number, countOutside: boolean): number {
  const seen = new Set<number>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift()!;
    const current = children.find((c) => c.id === next)!;
    for (const other of children) {
      if (seen.has(other.id)) continue;
      if (other.guardianIds.some((g) => current.guardianIds.includes(g))) {
        seen.add(other.id);
        queue.push(other.id);
      }
    }
  }
  const me = children.find((c) => c.id === id)!;
  const older = children.filter(
    (c) => seen.has(c.id) && c.id !== id && (c.birth < me.birth || (c.birth === me.birth && c.id < id)),
  );
  return 1 + older.length + (countOutside ? me.olderOutside : 0);
}

function oracleDiscount(tiers: DiscountTier[], order: number, base: number): number {
  let tier: DiscountTier | undefined;
  for (let k = order; k >= 2 && !tier; k--) tier = tiers.find((t) => t.from_order === k);
  if (!tier || base <= 0) return 0;
  if (tier.kind === 'amount') return tier.value > base ? base : tier.value;
  const product = base * tier.value;
  return (product - (product % 100)) / 100;
}

const birth = fc
  .record({ y: fc.integer({ min: 2020, max: 2025 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const family = fc
  .array(
    fc.record({
      birth,
      guardianIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 0, maxLength: 2 }),
      olderOutside: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((kids) => kids.map((k, i) => ({ ...k, id: i + 1 })));
const tiers = fc
  .uniqueArray(
    fc.record({
      from_order: fc.integer({ min: 2, max: 5 }),
      kind: fc.constantFrom('percent' as const, 'amount' as const),
      value: fc.integer({ min: 1, max: 100 }),
    }),
    { selector: (t) => t.from_order, minLength: 1, maxLength: 3 },
  )
  .chain((ts) =>
    fc.tuple(
      ...ts.map((t) =>
        t.kind === 'percent' ? fc.constant(t) : fc.integer({ min: 0, max: 30000 }).map((value) => ({ ...t, value })),
      ),
    ),
  );

describe('sibling order and discount against the oracle (fast-check)', () => {
  it('orders every child as the oracle does', () => {
    fc.assert(
      fc.property(family, fc.boolean(), (kids, countOutside) => {
        const orders = siblingOrders(kids, countOutside);
        for (const k of kids) expect(orders.get(k.id)).toBe(oracleOrder(kids, k.id, countOutside));
      }),
      { numRuns: 1000 },
    );
  });

  it('discounts each child’s lines as the oracle does: whole yen, never more than the base', () => {
    const line = (kind: StatementLine['kind'], amount: number): StatementLine => ({
      child_id: 1,
      child_name: '子',
      kind,
      label: kind,
      amount,
      explanation: '',
      days: [],
    });
    fc.assert(
      fc.property(
        tiers,
        fc.integer({ min: 1, max: 9 }),
        fc.array(
          fc.tuple(
            fc.constantFrom('childcare_fee' as const, 'extension' as const, 'side_dish' as const, 'item' as const),
            fc.integer({ min: 0, max: 80000 }),
          ),
          { maxLength: 5 },
        ),
        fc.subarray(['childcare_fee', 'extension', 'side_dish', 'staple', 'item', 'temporary'] as const, { minLength: 1 }),
        (ts, order, raw, appliesTo) => {
          const lines = raw.map(([k, a]) => line(k, a));
          const rule: SiblingRule = { appliesTo: [...appliesTo], countDeclaredOlder: false, tiers: ts };
          const base = lines.filter((l) => (appliesTo as readonly string[]).includes(l.kind)).reduce((s, l) => s + l.amount, 0);
          const want = oracleDiscount(ts, order, base);
          const got = siblingDiscountLine({ id: 1, name: '子' }, order, lines, rule);
          expect(got === null ? 0 : -got.amount).toBe(want);
          if (got) {
            expect(Number.isInteger(got.amount)).toBe(true);
            expect(-got.amount).toBeLessThanOrEqual(base);
            expect(got.kind).toBe('sibling_discount');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the month with siblings (pure)', () => {
  const settings = settingsRow();
  const billed = (id: number, payer: number, birthDate: string, fee: number) =>
    billedChild(id, payer, birthDate, { childcareFee: fee });
  const rule: SiblingRule = {
    appliesTo: ['childcare_fee'],
    countDeclaredOlder: false,
    tiers: [
      { from_order: 2, kind: 'percent', value: 50 },
      { from_order: 3, kind: 'percent', value: 100 },
    ],
  };

  it('第2子 半額, 第3子以降 無料 on the 保育料, each on its own payer’s statement; no yen appears or disappears', () => {
    const children = [billed(1, 10, '2021-05-01', 30001), billed(2, 11, '2023-01-01', 30001), billed(3, 10, '2025-01-01', 30000)];
    const drafts = computeMonth({
      month: '2026-11',
      settings,
      items: [],
      adjustments: [],
      children,
      siblingRule: rule,
      // Child 2's payer is the other parent: the family is one through the shared guardians.
      family: [
        { id: 1, birth: '2021-05-01', guardianIds: [10, 11], olderOutside: 0 },
        { id: 2, birth: '2023-01-01', guardianIds: [11, 10], olderOutside: 0 },
        { id: 3, birth: '2025-01-01', guardianIds: [10], olderOutside: 0 },
      ],
    });
    const lines = drafts.flatMap((d) => d.lines);
    expect(lines.filter((l) => l.kind === 'sibling_discount').map((l) => [l.child_id, l.label, l.amount])).toEqual([
      [3, '兄弟姉妹割引（第3子以降）', -30000],
      [2, '兄弟姉妹割引（第2子）', -15000],
    ]);
    // 3–5歳 (children 1 and 2) pay 副食費: the rule discounts the 保育料 only (50% of 30,001: 15,000, rounded down).
    expect(drafts.map((d) => [d.payerUserId, d.total])).toEqual([
      [10, 30001 + 4500 + 30000 - 30000],
      [11, 30001 + 4500 - 15000],
    ]);
    for (const d of drafts) expect(d.total).toBe(d.lines.reduce((s, l) => s + l.amount, 0));
  });

  it('a sibling who left mid-month still counts that month; the month after, the younger is 第1子', () => {
    const family = [
      { id: 1, birth: '2021-05-01', guardianIds: [10], olderOutside: 0 },
      { id: 2, birth: '2023-01-01', guardianIds: [10], olderOutside: 0 },
    ];
    const base = { settings, items: [], adjustments: [], siblingRule: rule };
    const nov = computeMonth({
      ...base,
      month: '2026-11',
      children: [billed(1, 10, '2021-05-01', 30000), billed(2, 10, '2023-01-01', 30000)],
      family,
    });
    expect(nov[0]!.lines.filter((l) => l.kind === 'sibling_discount').map((l) => l.amount)).toEqual([-15000]);
    const dec = computeMonth({ ...base, month: '2026-12', children: [billed(2, 10, '2023-01-01', 30000)], family: [family[1]!] });
    expect(dec[0]!.lines.some((l) => l.kind === 'sibling_discount')).toBe(false);
  });
});

describe('一時預かり prices (pure)', () => {
  const rates = {
    halfDayHours: 4,
    bands: [
      { from_age: 0, half_day: 2500, full_day: 4500 },
      { from_age: 3, half_day: 1500, full_day: 3000 },
    ],
  };
  it('a use of up to 4 hours is a half day; longer a full day; by the 歳児 band', () => {
    expect(priceUse(rates, 1, { start: '09:00', end: '13:00' })).toMatchObject({ span: 'half', amount: 2500 });
    expect(priceUse(rates, 1, { start: '09:00', end: '13:01' })).toMatchObject({ span: 'full', amount: 4500 });
    expect(priceUse(rates, 4, { start: '09:00', end: '12:00' })).toMatchObject({ span: 'half', amount: 1500 });
    const line = temporaryLine(
      { id: 1, name: '子1' },
      1,
      [
        { id: 2, childId: 1, date: '2026-11-12', start: '08:30', end: '17:00' },
        { id: 1, childId: 1, date: '2026-11-05', start: '09:00', end: '12:00' },
      ],
      rates,
    );
    expect(line).toMatchObject({ kind: 'temporary', label: '一時預かり', amount: 7000 });
    expect(line!.explanation).toBe(
      '0〜2歳児の料金（4時間までは半日）：11/5 09:00〜12:00 半日2,500円、11/12 08:30〜17:00 1日4,500円',
    );
  });
});
