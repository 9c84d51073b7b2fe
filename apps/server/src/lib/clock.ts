import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

export const TIME_ZONE = 'Asia/Tokyo';

/** The facility-local calendar date of an instant, `YYYY-MM-DD` (DESIGN §6). */
export function tokyoDate(instant: Date): string {
  return format(new TZDate(instant, TIME_ZONE), 'yyyy-MM-dd');
}

/** `HH:MM` in Tokyo of an instant. */
export function tokyoTime(instant: Date): string {
  return format(new TZDate(instant, TIME_ZONE), 'HH:mm');
}

/** Adds days to a `YYYY-MM-DD` date, calendar-wise. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(Date.UTC(y, m - 1, d, 12)), days), 'yyyy-MM-dd');
}

/** The instant a Tokyo wall-clock date and time denotes. */
export function tokyoInstant(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time}:00+09:00`);
}

/**
 * "Now" for one request: the real time, or in test mode the X-Test-Now header (an ISO instant),
 * as eVaka does for its e2e tests. Never honoured in production (config.testClock is false there).
 */
export function requestNow(testClock: boolean, header: string | string[] | undefined): Date {
  if (testClock && typeof header === 'string' && header) {
    const parsed = new Date(header);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date();
}
