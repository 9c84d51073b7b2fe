import { weekdayLabels } from '@renraku/contract';

/** Calendar helpers on `YYYY-MM-DD` / `YYYY-MM` strings (facility dates, no time zone involved). */
const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

export const weekdayOf = (date: string) => weekdayLabels[toUtc(date).getUTCDay()]!;

/** `YYYY-MM` moved by `offset` months. */
export function addMonths(yearMonth: string, offset: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return fromUtc(d).slice(0, 7);
}

export function monthRange(yearMonth: string): { first: string; last: string } {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return { first: `${yearMonth}-01`, last: fromUtc(new Date(Date.UTC(y, m, 0))) };
}

/** Every date of a month, in order. */
export function datesOfMonth(yearMonth: string): string[] {
  const { first, last } = monthRange(yearMonth);
  const days = Number(last.slice(8, 10));
  return Array.from({ length: days }, (_, i) => `${first.slice(0, 8)}${String(i + 1).padStart(2, '0')}`);
}

/**
 * Every date of a month with its weekday label, computed once per month (a schedules month asks for
 * it on every call; a handful of months are asked at any time, so the memo stays small).
 */
type MonthDay = { readonly date: string; readonly day: ReturnType<typeof weekdayOf> };
const monthDaysMemo = new Map<string, readonly MonthDay[]>();
export function daysOfMonth(yearMonth: string): readonly MonthDay[] {
  let days = monthDaysMemo.get(yearMonth);
  if (!days) {
    if (monthDaysMemo.size >= 48) monthDaysMemo.clear();
    days = Object.freeze(datesOfMonth(yearMonth).map((date) => Object.freeze({ date, day: weekdayOf(date) })));
    monthDaysMemo.set(yearMonth, days);
  }
  return days;
}

/** Completed months between a birth date and a later date. */
export function monthsBetween(birth: string, date: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}
