import { eq } from 'drizzle-orm';
import { addMonths, monthRange, yearMonthLabel, type RecordSettings } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordSettings } from '../../db/schema';
import { fiscalAge } from '../billing/service';

/**
 * The 期 of a facility's 年度 and the period of a child's 経過記録 (records.md §2;
 * docs/decisions/records-child-records.md): dated rules as data in `record_settings`, the
 * defaults when a facility has not set them.
 */
export const DEFAULT_TERM_STARTS = [4, 6, 9, 1];
export const DEFAULT_TERMS_FROM_AGE = 3;
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];

export interface FacilityRecordSettings {
  termStartMonths: number[];
  progressTermsFromAge: number;
  writesDailyPlans: boolean;
  yorokuRetentionExtraYears: number;
}

export async function loadRecordSettings(db: Db, facilityId: number): Promise<FacilityRecordSettings> {
  const [row] = await db.select().from(recordSettings).where(eq(recordSettings.facilityId, facilityId));
  return {
    termStartMonths: row?.termStartMonths.map(Number) ?? DEFAULT_TERM_STARTS,
    progressTermsFromAge: row?.progressTermsFromAge ?? DEFAULT_TERMS_FROM_AGE,
    writesDailyPlans: row?.writesDailyPlans ?? false,
    yorokuRetentionExtraYears: row?.yorokuRetentionExtraYears ?? 0,
  };
}

/** A month's place in the 年度: April 0 … March 11. */
const fiscalIndex = (month: number) => (month + 8) % 12;

/** The 期 as month ranges (the last one ends in March). */
export function termsOf(starts: number[]): { label: string; start_month: number; end_month: number }[] {
  return starts.map((start, i) => {
    const next = starts[i + 1];
    return { label: `${ROMAN[i]}期`, start_month: start, end_month: next === undefined ? 3 : ((next + 10) % 12) + 1 };
  });
}

export function presentSettings(settings: FacilityRecordSettings, canEdit: boolean): RecordSettings {
  return {
    term_start_months: settings.termStartMonths,
    progress_terms_from_age: settings.progressTermsFromAge,
    writes_daily_plans: settings.writesDailyPlans,
    yoroku_retention_extra_years: settings.yorokuRetentionExtraYears,
    terms: termsOf(settings.termStartMonths),
    can_edit: canEdit,
  };
}

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export interface ProgressPeriod {
  /** The month that opens it (`YYYY-MM`). */
  period: string;
  start: string;
  end: string;
  /** null: a month; else the 期's label. */
  term: string | null;
}

/** The 期 holding a month (`YYYY-MM`). */
export function termOf(month: string, starts: number[]): ProgressPeriod {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const fiscalYear = m >= 4 ? y : y - 1;
  const yearOf = (mm: number) => (mm >= 4 ? fiscalYear : fiscalYear + 1);
  let i = 0;
  for (let k = 0; k < starts.length; k++) if (fiscalIndex(starts[k]!) <= fiscalIndex(m)) i = k;
  const startMonth = ym(yearOf(starts[i]!), starts[i]!);
  const next = starts[i + 1];
  const endMonth = next === undefined ? ym(fiscalYear + 1, 3) : addMonths(ym(yearOf(next), next), -1);
  return { period: startMonth, start: monthRange(startMonth).first, end: monthRange(endMonth).last, term: `${ROMAN[i]}期` };
}

/** A child's 経過記録 period holding the month: the month below the facility's age, else its 期. */
export function progressPeriodOf(month: string, birth: string, settings: FacilityRecordSettings): ProgressPeriod {
  if (fiscalAge(birth, month) < settings.progressTermsFromAge) {
    const { first, last } = monthRange(month);
    return { period: month, start: first, end: last, term: null };
  }
  return termOf(month, settings.termStartMonths);
}

/** `2026年11月` or `2026年度 II期（6月〜8月）`. */
export function progressPeriodLabel(start: string, end: string): string {
  if (start.slice(0, 7) === end.slice(0, 7)) return yearMonthLabel(start.slice(0, 7));
  const m = Number(start.slice(5, 7));
  const fiscalYear = m >= 4 ? Number(start.slice(0, 4)) : Number(start.slice(0, 4)) - 1;
  return `${fiscalYear}年度 ${Number(start.slice(5, 7))}月〜${Number(end.slice(5, 7))}月`;
}
