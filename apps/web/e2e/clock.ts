import { addDays, addMonths, monthDayLabel, tokyoDate, weekdayIndexOf, yearMonthLabel } from '@renraku/contract/dates';

/**
 * The one instant the whole end-to-end run lives at (DESIGN §6): the server seeds the demo data at
 * it (apps/server/test/e2e-server.ts), answers every request as at it (the X-Test-Now header the
 * Playwright config sends with every request), and each browser context starts its clock at it
 * (fixtures.ts). So a run at 23:59, at 05:00 or on the first of a month behaves as any other.
 *
 * A Wednesday morning in Tokyo, mid-month: after the demo's "today" items (07:30, 08:00), with
 * whole weeks before and after it in the month. `E2E_NOW` (an ISO instant) overrides it, to try
 * the suite at another instant.
 */
export const NOW: string = new Date(process.env.E2E_NOW ?? '2026-06-10T10:00:00+09:00').toISOString();

/** The Tokyo date (`YYYY-MM-DD`) of an instant. */
export const tokyoDateOf = (instant: string | number | Date) => tokyoDate(new Date(instant));

/** Today in Tokyo at the pinned instant. */
export const TODAY = tokyoDateOf(NOW);

/** The calendar day `days` after `date` (negative for before). */
export const shiftDate = addDays;

/** The day `offset` days from today. */
export const dateAt = (offset: number) => addDays(TODAY, offset);

/** 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = weekdayIndexOf;

/** 「6月10日(水)」 as the app writes a day. */
export const dayLabel = monthDayLabel;

/** 「2026年7月」 for the month `offset` months from this one. */
export const monthLabel = (offset: number) => yearMonthLabel(addMonths(TODAY.slice(0, 7), offset));

/** The pinned year. */
export const YEAR = Number(TODAY.slice(0, 4));
