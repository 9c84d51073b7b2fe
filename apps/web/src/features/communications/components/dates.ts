import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

const weekdays = ['日', '月', '火', '水', '木', '金', '土'];

/** Today in Asia/Tokyo, `YYYY-MM-DD` (the facility day). */
export const tokyoToday = () => format(new TZDate(Date.now(), 'Asia/Tokyo'), 'yyyy-MM-dd');

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
export const shiftDate = (date: string, days: number) => addDays(noon(date), days).toISOString().slice(0, 10);

/** `11月22日(日)` */
export const dayLabel = (date: string) => {
  const d = noon(date);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日(${weekdays[d.getUTCDay()]})`;
};

/** The last day of the month `months` after the month of `date`. */
export function endOfMonthAfter(date: string, months: number): string {
  const d = noon(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)).toISOString().slice(0, 10);
}

/** `2026/11/22 07:50` of an ISO instant, in Tokyo. */
export const sentAtLabel = (iso: string) => format(new TZDate(iso, 'Asia/Tokyo'), 'yyyy/MM/dd HH:mm');
