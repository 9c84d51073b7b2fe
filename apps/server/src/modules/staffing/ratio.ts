import { fiscalYearOf, type RatioFacilityType } from '@renraku/contract';
import {
  ageBands,
  facilityTypeRules,
  MINIMUM_STAFF_WITH_CHILDREN,
  nurseryRatios,
  type AgeBand,
  type RatioRow,
} from './ratio-table';

/*
 * The ratio computations of staffing.md §1 as pure functions over the dated table (ratio-table.ts),
 * checked by property-based tests against an independent oracle (staffing-ratio.test.ts).
 */

/**
 * 満年齢 on the day before the fiscal year of `date` starts (March 31): by the 年齢計算ニ関スル法律 a
 * year of age is completed the day before the birthday, so a child born on April 1 is a year older
 * on March 31 than one born on April 2 (docs/decisions/staffing-ratios-dated.md).
 */
export function fiscalAge(birth: string, date: string): number {
  const fiscalYear = fiscalYearOf(date);
  const age = fiscalYear - Number(birth.slice(0, 4)) - (birth.slice(5) > '04-01' ? 1 : 0);
  return Math.max(0, age);
}

export const bandOf = (birth: string, date: string): AgeBand => Math.min(fiscalAge(birth, date), 4) as AgeBand;

/** What applies at a facility on a day: children per staff by band, and staff added per room. */
export interface RatioRules {
  perStaff: readonly [number, number, number, number, number];
  plus: number;
  /** 1・2歳 share one ÷ in the FAQ headcount (true unless the 1歳 加算 splits them). */
  oneTwoTogether: boolean;
}

const covers = (row: { validFrom: string; validTo: string | null }, date: string) =>
  row.validFrom <= date && (row.validTo === null || date <= row.validTo);

/** The rules of a day from the dated rows: the facility type's rule and, per band, the row in force. */
export function ratioRules(
  date: string,
  facilityType: RatioFacilityType,
  oneYearImprovement: boolean,
  table: readonly RatioRow[] = nurseryRatios,
): RatioRules {
  const typeRule = facilityTypeRules[facilityType].find((rule) => covers(rule, date)) ?? facilityTypeRules.nursery[0]!;
  const pick = (band: AgeBand) => {
    const rows = table.filter((row) => row.band === band && covers(row, date));
    const variant = oneYearImprovement ? rows.find((row) => row.variant === 'one_year_improvement') : undefined;
    const row = variant ?? rows.find((r) => r.variant === undefined);
    if (!row) throw new Error(`no ratio for band ${band} on ${date}`);
    return typeRule.flat ?? row.childrenPerStaff;
  };
  const perStaff = ageBands.map(pick) as unknown as RatioRules['perStaff'];
  return { perStaff, plus: typeRule.plus, oneTwoTogether: perStaff[1] === perStaff[2] };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

/**
 * The live check of one room (staffing.md §1): the sum over its bands of children ÷ ratio, rounded
 * up for the room, plus the type's addition; never fewer than 2 while any child is present; none
 * when the room is empty. Exact: the fractions are summed over their common denominator.
 */
export function requiredForRoom(childrenByBand: readonly number[], rules: RatioRules): number {
  const total = childrenByBand.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const denominator = rules.perStaff.reduce(lcm, 1);
  const numerator = childrenByBand.reduce((sum, count, band) => sum + count * (denominator / rules.perStaff[band]!), 0);
  const staff = Math.ceil(numerator / denominator) + rules.plus;
  return Math.max(staff, MINIMUM_STAFF_WITH_CHILDREN);
}

/** One group of the FAQ headcount: the bands it sums, their children, the ratio and the tenths kept. */
export interface HeadcountGroup {
  bands: AgeBand[];
  children: number;
  perStaff: number;
  tenths: number;
}

/** The FAQ's groups: 0歳, 1・2歳 together (unless the 1歳 加算 splits them), 3歳, 4歳以上; one decimal kept. */
export function headcountGroups(childrenByBand: readonly number[], rules: RatioRules): HeadcountGroup[] {
  const c = (band: number) => childrenByBand[band] ?? 0;
  const bands: AgeBand[][] = rules.oneTwoTogether ? [[0], [1, 2], [3], [4]] : ageBands.map((band) => [band]);
  return bands.map((group) => {
    const children = group.reduce<number>((sum, band) => sum + c(band), 0);
    const perStaff = rules.perStaff[group[0]!];
    return { bands: group, children, perStaff, tenths: Math.floor((children * 10) / perStaff) };
  });
}

/**
 * The facility headcount as the 公定価格 FAQ computes it (staffing.md §1): per band children ÷ ratio
 * with one decimal kept (the rest cut), 1・2歳 together ÷ 6, summed and rounded half up, plus the
 * type's addition. Kept in tenths, so no float is ever rounded.
 */
export function facilityHeadcount(childrenByBand: readonly number[], rules: RatioRules): number {
  const sum = headcountGroups(childrenByBand, rules).reduce((acc, group) => acc + group.tenths, 0);
  if (sum === 0 && childrenByBand.every((n) => n === 0)) return 0;
  return Math.floor((sum + 5) / 10) + rules.plus;
}
