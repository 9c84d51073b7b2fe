export const TIME_ZONE = 'Asia/Tokyo';

/**
 * Japan has kept UTC+9 without daylight saving since 1951, so Tokyo's wall clock is the UTC one
 * shifted by nine hours: plain arithmetic, called on every request (a time-zone library cost more).
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const tokyoIso = (instant: Date) => new Date(instant.getTime() + TOKYO_OFFSET_MS).toISOString();

/** The facility-local calendar date of an instant, `YYYY-MM-DD` (DESIGN §6). */
export function tokyoDate(instant: Date): string {
  return tokyoIso(instant).slice(0, 10);
}

/** `HH:MM` in Tokyo of an instant. */
export function tokyoTime(instant: Date): string {
  return tokyoIso(instant).slice(11, 16);
}

/** Adds days to a `YYYY-MM-DD` date, calendar-wise. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
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
