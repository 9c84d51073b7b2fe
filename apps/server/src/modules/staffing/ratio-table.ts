/**
 * The 保育士 : children ratios as dated data (staffing.md §1; docs/decisions/staffing-ratios-dated.md):
 * children per 保育士 by age band (満年齢 on the day before the fiscal year starts; 4 = 4歳以上), each
 * row valid from `validFrom` to `validTo` (inclusive; null: open-ended). A change of law is a new row
 * here, never an edit of the computation. `variant` selects the rows a facility's settings choose:
 * `one_year_improvement` the 1歳児配置改善加算 (FY2025 on).
 */
export interface RatioRow {
  band: AgeBand;
  childrenPerStaff: number;
  validFrom: string;
  validTo: string | null;
  variant?: 'one_year_improvement';
}

export type AgeBand = 0 | 1 | 2 | 3 | 4;
export const ageBands: readonly AgeBand[] = [0, 1, 2, 3, 4];

const SINCE_EVER = '1948-04-01';

export const nurseryRatios: readonly RatioRow[] = [
  { band: 0, childrenPerStaff: 3, validFrom: SINCE_EVER, validTo: null },
  { band: 1, childrenPerStaff: 6, validFrom: SINCE_EVER, validTo: null },
  { band: 1, childrenPerStaff: 5, validFrom: '2025-04-01', validTo: null, variant: 'one_year_improvement' },
  { band: 2, childrenPerStaff: 6, validFrom: SINCE_EVER, validTo: null },
  { band: 3, childrenPerStaff: 20, validFrom: SINCE_EVER, validTo: '2024-03-31' },
  { band: 3, childrenPerStaff: 15, validFrom: '2024-04-01', validTo: null },
  { band: 4, childrenPerStaff: 30, validFrom: SINCE_EVER, validTo: '2024-03-31' },
  { band: 4, childrenPerStaff: 25, validFrom: '2024-04-01', validTo: null },
];

/**
 * How a facility type applies the ratios: 保育所 as the table; 小規模保育 A/B型 the 保育所's number
 * plus one; C型 three children per 家庭的保育者 whatever the age.
 */
export interface FacilityTypeRule {
  validFrom: string;
  validTo: string | null;
  /** Staff added to the 保育所 number (A/B型: 1). */
  plus: number;
  /** A flat ratio for every band instead of the table (C型: 3). */
  flat: number | null;
}

export const facilityTypeRules: Readonly<Record<'nursery' | 'small_a' | 'small_b' | 'small_c', readonly FacilityTypeRule[]>> = {
  nursery: [{ validFrom: SINCE_EVER, validTo: null, plus: 0, flat: null }],
  small_a: [{ validFrom: '2015-04-01', validTo: null, plus: 1, flat: null }],
  small_b: [{ validFrom: '2015-04-01', validTo: null, plus: 1, flat: null }],
  small_c: [{ validFrom: '2015-04-01', validTo: null, plus: 0, flat: 3 }],
};

/** The minimum while any child is present (設備運営基準 §33 ただし書). */
export const MINIMUM_STAFF_WITH_CHILDREN = 2;
