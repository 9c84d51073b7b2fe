import { tokyoDate } from '@renraku/contract/dates';

/**
 * The one instant the whole run lives at, as the guardian app's e2e (apps/web/e2e/clock.ts, whose
 * value this repeats: the two apps share no code): the server seeds at it, answers every request as
 * at it (the X-Test-Now header), TOTP codes included; each browser context starts its clock at it.
 */
export const NOW: string = new Date(process.env.E2E_NOW ?? '2026-06-10T10:00:00+09:00').toISOString();

/** Today in Tokyo at the pinned instant. */
export const TODAY = tokyoDate(new Date(NOW));

/** The pinned instant in Unix seconds (otplib's `epoch`). */
export const NOW_SECONDS = Math.floor(new Date(NOW).getTime() / 1000);
