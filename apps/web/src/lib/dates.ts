/**
 * Facility dates (`YYYY-MM-DD`, Asia/Tokyo) with the platform's Intl, so the first screens need
 * no date library (DESIGN §6).
 */
const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
const monthDayWeekday = new Intl.DateTimeFormat('ja-JP', { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });

/** Today in Asia/Tokyo, whatever the phone's time zone. */
export const todayInTokyo = (now: Date = new Date()): string => tokyoDay.format(now);

const asUtcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The calendar day `days` after `date` (negative for before). */
export function addDaysTo(date: string, days: number): string {
  const d = asUtcNoon(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 「11月22日(日)」 */
export const formatMonthDayWeekday = (date: string): string => monthDayWeekday.format(asUtcNoon(date));
