/**
 * Facility days (DESIGN §6): every business date is a `YYYY-MM-DD` in Asia/Tokyo, every month a
 * `YYYY-MM`, every time of day `HH:MM`. The one module of date helpers for server and web.
 *
 * Japan has kept UTC+9 without daylight saving since 1951, so Tokyo's wall clock is UTC shifted
 * by nine hours: plain arithmetic, no time-zone library and no Intl (the server calls these on
 * every request; the phone's first screen carries no date library).
 */
import { weekdayLabels } from './constants/events';

export const TIME_ZONE = 'Asia/Tokyo';
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** An instant (Date or ISO string) as Tokyo's wall clock, `YYYY-MM-DDTHH:MM:SS.sssZ`-shaped. */
const tokyoIso = (instant: Date | string) => new Date(new Date(instant).getTime() + TOKYO_OFFSET_MS).toISOString();

/** A calendar date at UTC midnight: day arithmetic without any time zone. */
const utcDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Tokyo calendar day of an instant, `YYYY-MM-DD`. */
export const tokyoDate = (instant: Date | string): string => tokyoIso(instant).slice(0, 10);

/** `HH:MM` in Tokyo of an instant. */
export const tokyoTime = (instant: Date | string): string => tokyoIso(instant).slice(11, 16);

/** The instant a Tokyo wall-clock date and time denote. */
export const tokyoInstant = (date: string, time = '00:00'): Date => new Date(`${date}T${time}:00+09:00`);

/** `date` moved by `days` calendar days (negative for before). */
export const addDays = (date: string, days: number): string => {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
};

/** `YYYY-MM` moved by `offset` months. */
export const addMonths = (yearMonth: string, offset: number): string => {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return isoDay(new Date(Date.UTC(y, m - 1 + offset, 1))).slice(0, 7);
};

/** 年度 of a date: the year of the April it falls after (2027-03-31 → 2026). */
export const fiscalYearOf = (date: string): number => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m >= 4 ? y : y - 1;
};

/** The first and last day of a `YYYY-MM`. */
export const monthRange = (yearMonth: string): { first: string; last: string } => {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return { first: `${yearMonth}-01`, last: isoDay(new Date(Date.UTC(y, m, 0))) };
};

/** The last day of the month `months` after the month of `date`. */
export const endOfMonthAfter = (date: string, months: number): string => monthRange(addMonths(date.slice(0, 7), months)).last;

/** Every date of a month, in order. */
export const datesOfMonth = (yearMonth: string): string[] => {
  const days = Number(monthRange(yearMonth).last.slice(8, 10));
  return Array.from({ length: days }, (_, i) => `${yearMonth}-${pad2(i + 1)}`);
};

/** Completed months between a birth date and a later date. */
export const monthsBetween = (birth: string, date: string): number => {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
};

/** Sunday = 0 … Saturday = 6. */
export const weekdayIndexOf = (date: string): number => utcDate(date).getUTCDay();

/** 日, 月, … 土 */
export const weekdayOf = (date: string): (typeof weekdayLabels)[number] => weekdayLabels[weekdayIndexOf(date)]!;

/** A range of years, both ends included. */
export interface YearRange {
  readonly first: number;
  readonly last: number;
}

/**
 * The years a business date or instant may fall in (a plan, an enrolment, a notice, a scan):
 * no nursery's record is older than 2000 or planned past 2100, and every stored value reads back
 * as a four-digit year (docs/decisions/platform-date-ranges.md).
 */
export const BUSINESS_YEARS: YearRange = { first: 2000, last: 2100 };
/** The years a birth date may fall in (a child's; a guardian's or staff member's if ever asked). */
export const BIRTH_YEARS: YearRange = { first: 1900, last: 2100 };
/** @deprecated the business range; kept for callers of the former name. */
export const CALENDAR_YEARS = BUSINESS_YEARS;

/** Whether a string is a real calendar date `YYYY-MM-DD` within `years` (not `2026-02-30`, not `0020-01-01`). */
export const isCalendarDate = (value: string, years: YearRange = BUSINESS_YEARS): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < years.first || year > years.last) return false;
  return isoDay(utcDate(value)) === value;
};

/** Whether an instant (ISO 8601 with an offset, already checked as such) falls in `years`, in UTC. */
export const isInstantInYears = (value: string, years: YearRange = BUSINESS_YEARS): boolean => {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= years.first && year <= years.last;
};

// Labels as the screens write them.

/** 2026-11 → 2026年11月 */
export const yearMonthLabel = (yearMonth: string) => `${Number(yearMonth.slice(0, 4))}年${Number(yearMonth.slice(5, 7))}月`;

/** 2026-11-22 → 11月22日 */
export const monthDayShortLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** 2026-11-22 → 11月22日(日) */
export const monthDayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日(${weekdayOf(date)})`;

/** 2026-12-07 → 12月7日（月） (full-width brackets, as the schedules screens write them) */
export const monthDayWideLabel = (date: string) =>
  `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日（${weekdayOf(date)}）`;

/** 2026-11-22 → 2026年11月22日(日) */
export const fullDateLabel = (date: string) => `${Number(date.slice(0, 4))}年${monthDayLabel(date)}`;

/** 2026-12-07 → 2026/12/07 */
export const slashDate = (date: string) => date.replaceAll('-', '/');

/** An instant → 2026/11/22 07:50 in Tokyo. */
export const slashDateTimeLabel = (instant: Date | string) => `${slashDate(tokyoDate(instant))} ${tokyoTime(instant)}`;

/** An instant → 2026年11月22日(日) 07:50 in Tokyo. */
export const fullDateTimeLabel = (instant: Date | string) => `${fullDateLabel(tokyoDate(instant))} ${tokyoTime(instant)}`;
