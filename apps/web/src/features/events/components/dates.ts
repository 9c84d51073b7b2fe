import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { weekdayLabels } from '@renraku/contract/client';

/** Facility dates on the phone: `YYYY-MM-DD` strings in Asia/Tokyo (DESIGN §6). */
export const todayInTokyo = (now: Date = new Date()) => format(new TZDate(now, 'Asia/Tokyo'), 'yyyy-MM-dd');

export function addMonthsToYearMonth(yearMonth: string, offset: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 7);
}

/** 2026-11 → 2026年11月 */
export const yearMonthLabel = (yearMonth: string) => `${Number(yearMonth.slice(0, 4))}年${Number(yearMonth.slice(5, 7))}月`;

export const weekdayIndexOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** 2026-12-07 → 12月7日（月） */
export const monthDayLabel = (date: string) =>
  `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日（${weekdayLabels[weekdayIndexOf(date)]}）`;

/** 2026-12-07 → 2026/12/07 */
export const slashDate = (date: string) => date.replaceAll('-', '/');
