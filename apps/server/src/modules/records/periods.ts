import holidayJp from '@holiday-jp/holiday_jp';
import { datesOfMonth, isCalendarDate, monthDayLabel, monthRange, weekdayIndexOf, type ClassRecordKind } from '@renraku/contract';

/** A class document's period from what the client sent: `YYYY-MM` for a 月案, a day for a 日誌; null when malformed. */
export function periodOf(kind: ClassRecordKind, period: string): { start: string; end: string } | null {
  if (kind === 'monthly_plan') {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period) || !isCalendarDate(`${period}-01`)) return null;
    const { first, last } = monthRange(period);
    return { start: first, end: last };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period) || !isCalendarDate(period)) return null;
  return { start: period, end: period };
}

const isHoliday = (date: string) => (holidayJp.holidays as Record<string, unknown>)[date] !== undefined;

/**
 * The days of a month a 保育日誌 is due (docs/decisions/records-journal-days.md): Monday to Saturday,
 * not a public holiday nor a facility closed day, up to today.
 */
export function journalDays(month: string, today: string, closedDays: ReadonlySet<string>): string[] {
  return datesOfMonth(month).filter((d) => d <= today && weekdayIndexOf(d) !== 0 && !isHoliday(d) && !closedDays.has(d));
}

export const periodLabel = (kind: ClassRecordKind, start: string) =>
  kind === 'monthly_plan'
    ? `${Number(start.slice(0, 4))}年${Number(start.slice(5, 7))}月の月案`
    : `${monthDayLabel(start)}の保育日誌`;
