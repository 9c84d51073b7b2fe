import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayExtension, monthExtension, type ExtensionRule } from '../src/modules/billing/extension';
import { computeMonth, fiscalAge } from '../src/modules/billing/compute';
import { billedChild, settingsRow } from './billing-rows';

/**
 * The 延長 computation against an oracle written here from spec/billing.md §2 and
 * docs/decisions/billing-extension-rounding.md, minute by minute: the child is there from the
 * arrival (or the window's start when none is recorded) to the pick-up (or the window's end); a
 * minute outside the window counts; a side within the grace counts nothing; units of N minutes
 * counted from the window's edge, each started unit paid in full at the price of its first minute's
 * clock time (the late price from `lateFrom` on); the day capped, then the month capped.
 */
function oracleDay(window: { start: number; end: number }, arrived: number | null, pickedUp: number | null, rule: ExtensionRule) {
  const from = arrived ?? window.start;
  const to = pickedUp ?? window.end;
  const early: number[] = [];
  const late: number[] = [];
  for (let m = 0; m < 24 * 60; m++) {
    if (m < from || m >= to) continue;
    if (m < window.start) early.push(m);
    if (m >= window.end) late.push(m);
  }
  const earlyMinutes = early.length > rule.graceMinutes ? early.length : 0;
  const lateMinutes = late.length > rule.graceMinutes ? late.length : 0;
  // The units each counted minute falls in, by the unit's first minute.
  const unitStarts = new Set<number>();
  for (const m of earlyMinutes ? early : []) {
    const back = Math.floor((window.start - 1 - m) / rule.unitMinutes);
    unitStarts.add(window.start - (back + 1) * rule.unitMinutes);
  }
  for (const m of lateMinutes ? late : []) {
    unitStarts.add(window.end + Math.floor((m - window.end) / rule.unitMinutes) * rule.unitMinutes);
  }
  // Minutes counted from a side's edge are contiguous only when the child was there throughout;
  // a started unit is paid even when the child left inside it.
  let amount = 0;
  for (const start of unitStarts) {
    amount += rule.lateFrom !== null && start >= rule.lateFrom ? rule.latePricePerUnit! : rule.pricePerUnit;
  }
  if (rule.dailyCap !== null) amount = Math.min(amount, rule.dailyCap);
  return { earlyMinutes, lateMinutes, units: unitStarts.size, amount };
}

const hm = (h: number, m = 0) => h * 60 + m;

const ruleArb = fc.record({
  unitMinutes: fc.constantFrom(10, 15, 30, 60),
  graceMinutes: fc.integer({ min: 0, max: 30 }),
  pricePerUnit: fc.integer({ min: 0, max: 2000 }),
  lateFrom: fc.option(fc.integer({ min: hm(16), max: hm(21) }), { nil: null }),
  latePricePerUnit: fc.integer({ min: 0, max: 3000 }),
  dailyCap: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
});
const windowArb = fc.record({ start: fc.integer({ min: hm(6), max: hm(9, 30) }), end: fc.integer({ min: hm(15), max: hm(19) }) });
const timesArb = fc.record({
  arrived: fc.option(fc.integer({ min: hm(5), max: hm(13) }), { nil: null }),
  pickedUp: fc.option(fc.integer({ min: hm(10), max: hm(23, 59) }), { nil: null }),
});
const normalise = (r: ExtensionRule & { latePricePerUnit: number }) => ({
  ...r,
  latePricePerUnit: r.lateFrom === null ? null : r.latePricePerUnit,
});

describe('延長 per day (property-based, against the oracle)', () => {
  it('matches the minute-by-minute oracle', () => {
    fc.assert(
      fc.property(ruleArb, windowArb, timesArb, (r, window, { arrived, pickedUp }) => {
        fc.pre(arrived === null || pickedUp === null || arrived < pickedUp);
        const rule = normalise(r);
        const got = dayExtension(window, arrived, pickedUp, rule);
        const want = oracleDay(window, arrived, pickedUp, rule);
        expect({ ...got, capped: undefined }).toEqual({ ...want, capped: undefined });
      }),
      { numRuns: 2000 },
    );
  });

  it('is whole yen, never negative, within the daily cap, and never cheaper for a later pick-up', () => {
    fc.assert(
      fc.property(
        ruleArb,
        windowArb,
        fc.integer({ min: hm(5), max: hm(9) }),
        fc.integer({ min: hm(15), max: hm(22) }),
        fc.integer({ min: 0, max: 90 }),
        (r, window, arrived, pickedUp, later) => {
          const rule = normalise(r);
          const a = dayExtension(window, arrived, pickedUp, rule);
          const b = dayExtension(window, arrived, pickedUp + later, rule);
          expect(Number.isInteger(a.amount)).toBe(true);
          expect(a.amount).toBeGreaterThanOrEqual(0);
          if (rule.dailyCap !== null) expect(a.amount).toBeLessThanOrEqual(rule.dailyCap);
          expect(b.amount).toBeGreaterThanOrEqual(a.amount);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the month sums the days, then caps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 31 }),
        fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
        (amounts, cap) => {
          const sum = amounts.reduce((s, a) => s + a, 0);
          expect(
            monthExtension(
              amounts.map((amount) => ({ amount })),
              cap,
            ).amount,
          ).toBe(cap === null ? sum : Math.min(sum, cap));
        },
      ),
    );
  });
});

describe('延長 per day (the decision record’s examples)', () => {
  const rule: ExtensionRule = {
    unitMinutes: 30,
    graceMinutes: 5,
    pricePerUnit: 200,
    lateFrom: hm(18, 30),
    latePricePerUnit: 300,
    dailyCap: null,
  };
  const window = { start: hm(7), end: hm(18) };
  it.each([
    ['within the window', hm(8), hm(17), { earlyMinutes: 0, lateMinutes: 0, units: 0, amount: 0 }],
    ['5 minutes late: the grace', hm(8), hm(18, 5), { earlyMinutes: 0, lateMinutes: 0, units: 0, amount: 0 }],
    ['6 minutes late: one unit', hm(8), hm(18, 6), { earlyMinutes: 0, lateMinutes: 6, units: 1, amount: 200 }],
    ['18:45: two units, the second after 18:30', hm(8), hm(18, 45), { earlyMinutes: 0, lateMinutes: 45, units: 2, amount: 500 }],
    ['6:40 arrival: one early unit', hm(6, 40), hm(17), { earlyMinutes: 20, lateMinutes: 0, units: 1, amount: 200 }],
  ] as const)('%s', (_name, arrived, pickedUp, want) => {
    const got = dayExtension(window, arrived, pickedUp, rule);
    expect({ earlyMinutes: got.earlyMinutes, lateMinutes: got.lateMinutes, units: got.units, amount: got.amount }).toEqual(want);
  });
});

describe('the month’s statements (pure)', () => {
  const settings = settingsRow({
    facilityType: 'licensed_nursery',
    monthlyCap: 1000,
    flatMonthly: 3000,
    stapleFee: 1000,
    chargeWithoutAttendance: false,
  });
  const child = billedChild;
  const day = (date: string, arrivedAt: string, pickedUpAt: string) => ({ date, arrivedAt, pickedUpAt });

  it('puts siblings on one statement, never bills 保育料 at a 私立認可保育所, caps the month, exempts 副食費 with the reason', () => {
    const drafts = computeMonth({
      month: '2026-11',
      settings,
      items: [],
      adjustments: [],
      children: [
        child(1, 10, '2021-05-01', {}, [
          day('2026-11-02', '08:00', '18:40'),
          day('2026-11-03', '08:00', '19:30'),
          day('2026-11-04', '06:00', '17:00'),
        ]),
        child(2, 10, '2023-05-01', { certification: 3, sideDishExemption: 'third_child' }, [day('2026-11-02', '08:00', '17:00')]),
        child(3, 11, '2021-06-01', { sideDishExemption: 'third_child' }, []),
      ],
    });
    expect(drafts).toHaveLength(1); // child 3 has no attendance: nothing charged, no statement
    const [d] = drafts;
    expect(d!.children.map((c) => c.id)).toEqual([1, 2]);
    expect(d!.lines.map((l) => [l.child_id, l.kind, l.amount])).toEqual([
      [1, 'extension', 1000],
      [1, 'side_dish', 4500],
      [1, 'staple', 1000],
    ]);
    expect(d!.lines[0]!.days.map((x) => [x.date, x.units, x.amount])).toEqual([
      ['2026-11-02', 2, 400],
      ['2026-11-03', 3, 600],
      ['2026-11-04', 2, 400],
    ]);
    expect(d!.lines[0]!.explanation).toContain('月の上限1,000円を適用（計算額1,400円）');
    expect(d!.total).toBe(6500);
    expect(d!.dueDate).toBe('2026-12-27');
  });

  it('bills 保育料 where the facility does, the flat registration, and charges without attendance when set', () => {
    const drafts = computeMonth({
      month: '2026-11',
      settings: { ...settings, facilityType: 'certified_center', chargeWithoutAttendance: true },
      items: [],
      adjustments: [],
      children: [
        child(3, 11, '2021-06-01', { extensionPlan: 'flat', sideDishExemption: 'other', exemptionNote: '市の減免' }, []),
      ],
    });
    expect(drafts[0]!.lines.map((l) => [l.kind, l.amount, l.explanation])).toEqual([
      ['childcare_fee', 20000, '市町村の決定による月額（2号認定）'],
      ['extension', 3000, '月極（定額）：3,000円'],
      ['side_dish', 0, '免除：その他（市の減免）'],
      ['staple', 1000, '3〜5歳児の主食費（月額1,000円）'],
    ]);
  });

  it('counts 歳児 on 1 April (4月2日〜翌4月1日生まれ are one 学年)', () => {
    expect(fiscalAge('2022-04-01', '2025-04')).toBe(3);
    expect(fiscalAge('2022-04-02', '2025-04')).toBe(2);
    expect(fiscalAge('2022-04-02', '2026-03')).toBe(2);
    expect(fiscalAge('2022-04-02', '2026-04')).toBe(3);
  });
});
