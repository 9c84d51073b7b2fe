import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ratioFacilityTypes, type RatioFacilityType } from '@renraku/contract';
import { bandOf, facilityHeadcount, fiscalAge, ratioRules, requiredForRoom } from '../src/modules/staffing/ratio';
import type { AgeBand } from '../src/modules/staffing/ratio-table';
import { placeUnclassed, roomForUnclassed } from '../src/modules/staffing/timeline';

/*
 * The ratio computations (staffing.md §1) against a small oracle written here from the spec's text,
 * sharing nothing with the implementation but the inputs: property-based (fast-check) plus the
 * spec's own examples.
 */

// ---- The oracle ---------------------------------------------------------------------------------

/** Children per 保育士 by band on a day, read off spec §1's table. */
function oracleRatios(date: string, type: RatioFacilityType, oneYear: boolean): number[] {
  if (type === 'small_c') return [3, 3, 3, 3, 3];
  const since2024 = date >= '2024-04-01';
  const oneYearRatio = oneYear && date >= '2025-04-01' ? 5 : 6;
  return [3, oneYearRatio, 6, since2024 ? 15 : 20, since2024 ? 25 : 30];
}
const oraclePlus = (type: RatioFacilityType) => (type === 'small_a' || type === 'small_b' ? 1 : 0);

/** Live: the smallest whole number not below Σ children ÷ ratio (compared over the product of the ratios), + type; ≥ 2 with a child. */
function oracleRoom(counts: number[], date: string, type: RatioFacilityType, oneYear: boolean): number {
  const ratios = oracleRatios(date, type, oneYear);
  if (counts.every((c) => c === 0)) return 0;
  const product = ratios.reduce((a, b) => a * b, 1);
  const need = counts.reduce((sum, c, i) => sum + c * (product / ratios[i]!), 0);
  let n = 0;
  while (n * product < need) n++;
  return Math.max(2, n + oraclePlus(type));
}

/** One decimal kept, the rest cut: whole part and the first decimal by integer division. */
const cutTenths = (children: number, ratio: number) =>
  Math.trunc(children / ratio) * 10 + Math.trunc(((children % ratio) * 10) / ratio);

/** The FAQ: 0歳 ÷3; 1・2歳 together ÷6 (1歳 ÷5 apart with the 加算); 3歳; 4歳以上; sum; 四捨五入. */
function oracleHeadcount(counts: number[], date: string, type: RatioFacilityType, oneYear: boolean): number {
  if (counts.every((c) => c === 0)) return 0;
  const r = oracleRatios(date, type, oneYear);
  const [c0, c1, c2, c3, c4] = counts as [number, number, number, number, number];
  const parts =
    r[1] === r[2]
      ? [cutTenths(c0, r[0]!), cutTenths(c1 + c2, r[1]!), cutTenths(c3, r[3]!), cutTenths(c4, r[4]!)]
      : [cutTenths(c0, r[0]!), cutTenths(c1, r[1]!), cutTenths(c2, r[2]!), cutTenths(c3, r[3]!), cutTenths(c4, r[4]!)];
  return Math.round(parts.reduce((a, b) => a + b, 0) / 10) + oraclePlus(type);
}

/** 満年齢 on March 31 before the 年度: a year is completed on the day before each birthday (年齢計算ニ関スル法律). */
function oracleAge(birth: string, date: string): number {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const march31 = Date.UTC(m >= 4 ? y : y - 1, 2, 31);
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  let age = 0;
  while (Date.UTC(by + age + 1, bm - 1, bd) - 86_400_000 <= march31) age++;
  return age;
}

// ---- Generators ---------------------------------------------------------------------------------

const day = fc
  .date({ min: new Date('2015-04-01T00:00:00Z'), max: new Date('2030-03-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const counts = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 5, maxLength: 5 });
const type = fc.constantFrom(...ratioFacilityTypes);

describe('staffing ratios (property-based, against the oracle)', () => {
  it('live per-room required staff', () => {
    fc.assert(
      fc.property(counts, day, type, fc.boolean(), (c, date, t, oneYear) => {
        expect(requiredForRoom(c, ratioRules(date, t, oneYear))).toBe(oracleRoom(c, date, t, oneYear));
      }),
      { numRuns: 2000 },
    );
  });

  it('the 公定価格 FAQ facility headcount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 5, maxLength: 5 }),
        day,
        type,
        fc.boolean(),
        (c, date, t, oneYear) => {
          expect(facilityHeadcount(c, ratioRules(date, t, oneYear))).toBe(oracleHeadcount(c, date, t, oneYear));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the age on the day before the fiscal year starts, and its band', () => {
    const birth = fc
      .date({ min: new Date('2010-01-01T00:00:00Z'), max: new Date('2030-03-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(birth, day, (b, date) => {
        fc.pre(b <= date);
        expect(fiscalAge(b, date)).toBe(oracleAge(b, date));
        expect(bandOf(b, date)).toBe(Math.min(4, oracleAge(b, date)));
      }),
      { numRuns: 3000 },
    );
  });

  it('a room never needs fewer staff with one more child, and one child always needs 2', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 0, max: 4 }), day, type, fc.boolean(), (c, band, date, t, oneYear) => {
        const rules = ratioRules(date, t, oneYear);
        const more = c.map((n, i) => (i === band ? n + 1 : n));
        expect(requiredForRoom(more, rules)).toBeGreaterThanOrEqual(Math.max(2, requiredForRoom(c, rules)));
      }),
    );
  });
});

describe('staffing ratios (the spec’s examples)', () => {
  const nursery = ratioRules('2026-11-20', 'nursery', false);
  it('5 babies always need 2; 7 need 3; an empty room none', () => {
    expect(requiredForRoom([5, 0, 0, 0, 0], nursery)).toBe(2);
    expect(requiredForRoom([1, 0, 0, 0, 0], nursery)).toBe(2);
    expect(requiredForRoom([7, 0, 0, 0, 0], nursery)).toBe(3);
    expect(requiredForRoom([0, 0, 0, 0, 0], nursery)).toBe(0);
  });
  it('per room: the bands’ fractions are summed before rounding up', () => {
    // 2/3 + 4/6 = 1.33… → 2; 0歳 4 + 1歳 7 = 1.33 + 1.17 = 2.5 → 3.
    expect(requiredForRoom([2, 4, 0, 0, 0], nursery)).toBe(2);
    expect(requiredForRoom([4, 7, 0, 0, 0], nursery)).toBe(3);
  });
  it('3歳 15 and 4歳以上 25 from 2024-04-01; 20 and 30 before', () => {
    expect(ratioRules('2024-03-31', 'nursery', false).perStaff).toEqual([3, 6, 6, 20, 30]);
    expect(ratioRules('2024-04-01', 'nursery', false).perStaff).toEqual([3, 6, 6, 15, 25]);
    expect(requiredForRoom([0, 0, 0, 0, 30], ratioRules('2024-03-31', 'nursery', false))).toBe(2);
    expect(requiredForRoom([0, 0, 0, 0, 60], ratioRules('2024-03-31', 'nursery', false))).toBe(2);
    expect(requiredForRoom([0, 0, 0, 0, 60], ratioRules('2024-04-01', 'nursery', false))).toBe(3);
  });
  it('the 1歳児配置改善加算: 1歳 at 5 from FY2025 only', () => {
    expect(ratioRules('2025-04-01', 'nursery', true).perStaff[1]).toBe(5);
    expect(ratioRules('2025-03-31', 'nursery', true).perStaff[1]).toBe(6);
    expect(requiredForRoom([0, 12, 0, 0, 0], ratioRules('2026-04-01', 'nursery', true))).toBe(3);
    expect(requiredForRoom([0, 12, 0, 0, 0], ratioRules('2026-04-01', 'nursery', false))).toBe(2);
  });
  it('小規模 A/B: +1; C型: 3 : 1', () => {
    expect(requiredForRoom([3, 6, 0, 0, 0], ratioRules('2026-04-01', 'small_a', false))).toBe(3);
    expect(requiredForRoom([3, 6, 0, 0, 0], ratioRules('2026-04-01', 'small_b', false))).toBe(3);
    expect(requiredForRoom([3, 6, 0, 0, 0], ratioRules('2026-04-01', 'small_c', false))).toBe(3);
  });
  it('the FAQ: one decimal cut per band, 1・2歳 together, 四捨五入', () => {
    // 0歳 4 → 1.3; 1・2歳 13 → 2.1; 3歳 16 → 1.0; 4歳以上 40 → 1.6: 6.0 → 6.
    expect(facilityHeadcount([4, 6, 7, 16, 40], nursery)).toBe(6);
    // 0歳 1 → 0.3; 1・2歳 3 → 0.5: 0.8 → 1; and 0.3 + 0.1 (1・2歳 1) = 0.4 → 0.
    expect(facilityHeadcount([1, 1, 2, 0, 0], nursery)).toBe(1);
    expect(facilityHeadcount([1, 1, 0, 0, 0], nursery)).toBe(0);
  });
  it('age: a child born on April 1 is a year older than one born on April 2', () => {
    expect(fiscalAge('2023-04-01', '2024-06-01')).toBe(1);
    expect(fiscalAge('2023-04-02', '2024-06-01')).toBe(0);
    expect(fiscalAge('2021-03-15', '2026-03-31')).toBe(4);
    expect(fiscalAge('2021-03-15', '2026-04-01')).toBe(5);
  });
});

describe('a child without a class (一時預かり only) in the ratio', () => {
  const rooms = [
    { id: 1, ageBand: 0 },
    { id: 2, ageBand: 2 },
    { id: 3, ageBand: null },
    { id: 4, ageBand: 5 },
    { id: 5, ageBand: 4 },
  ];
  it('counts in the first room of its age (4歳以上: a 4・5歳児 room), else the first mixed-age room, else none', () => {
    expect([0, 1, 2, 3, 4].map((band) => roomForUnclassed(band as AgeBand, rooms))).toEqual([1, 3, 2, 3, 4]);
    expect(roomForUnclassed(1, [{ id: 7, ageBand: 0 }])).toBeNull();
    const span = { classId: null, band: 2 as AgeBand, from: 540, to: 720 };
    expect(placeUnclassed([span, { ...span, classId: 9 }], rooms).map((s) => s.classId)).toEqual([2, 9]);
  });
});
