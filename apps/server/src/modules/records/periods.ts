import holidayJp from '@holiday-jp/holiday_jp';
import {
  addDays,
  datesOfMonth,
  isCalendarDate,
  monthDayLabel,
  monthRange,
  weekdayIndexOf,
  type ClassRecordKind,
} from '@renraku/contract';

/** A 年度's period (1 April to 31 March): the 全体的な計画's, 年間指導計画's and 要録's, the inspection archive's. */
export const fiscalYearPeriod = (year: number) => ({ start: `${year}-04-01`, end: `${year + 1}-03-31` });

/**
 * A class document's period from what the client sent: `YYYY-MM` for a 月案 or 個別指導計画, a Monday
 * for a 週案 (Monday to Sunday), a day for a 日誌; null when malformed.
 */
export function periodOf(kind: ClassRecordKind, period: string): { start: string; end: string } | null {
  if (kind === 'monthly_plan' || kind === 'individual_plan') {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period) || !isCalendarDate(`${period}-01`)) return null;
    const { first, last } = monthRange(period);
    return { start: first, end: last };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period) || !isCalendarDate(period)) return null;
  if (kind === 'weekly_plan') return weekdayIndexOf(period) === 1 ? { start: period, end: addDays(period, 6) } : null;
  return { start: period, end: period };
}

const isHoliday = (date: string) => (holidayJp.holidays as Record<string, unknown>)[date] !== undefined;

/** A month's care days: Monday to Saturday, not a public holiday nor a facility closed day. */
const careDays = (month: string, closedDays: ReadonlySet<string>) =>
  datesOfMonth(month).filter((d) => weekdayIndexOf(d) !== 0 && !isHoliday(d) && !closedDays.has(d));

/**
 * The days of a month a 保育日誌 is due (docs/decisions/records-journal-days.md): the care days up
 * to today.
 */
export function journalDays(month: string, today: string, closedDays: ReadonlySet<string>): string[] {
  return careDays(month, closedDays).filter((d) => d <= today);
}

/**
 * The days of a month a 日案 is due where the facility writes them (records-daily-plans.md): the
 * same care days, up to the first one after today (a day's plan is written before it).
 */
export function dailyPlanDays(month: string, today: string, closedDays: ReadonlySet<string>): string[] {
  // The next care day after today by the calendar (Sundays and public holidays skipped).
  let next = addDays(today, 1);
  while (weekdayIndexOf(next) === 0 || isHoliday(next)) next = addDays(next, 1);
  return careDays(month, closedDays).filter((d) => d <= today || d === next);
}

/** The Mondays of a month: one 週案 each (records-missing.md). */
export const weeksOfMonth = (month: string): string[] => datesOfMonth(month).filter((d) => weekdayIndexOf(d) === 1);

export function periodLabel(kind: ClassRecordKind, start: string, childName?: string): string {
  const month = `${Number(start.slice(0, 4))}年${Number(start.slice(5, 7))}月`;
  switch (kind) {
    case 'monthly_plan':
      return `${month}の月案`;
    case 'weekly_plan':
      return `${monthDayLabel(start)}からの週案`;
    case 'individual_plan':
      return `${childName ?? ''}さんの${month}の個別指導計画`;
    case 'daily_plan':
      return `${monthDayLabel(start)}の日案`;
    case 'daily_journal':
      return `${monthDayLabel(start)}の保育日誌`;
  }
}
