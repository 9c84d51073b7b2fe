/*
 * The clients' date labels (Tokyo, UTC+9, no daylight saving): the contract's date arithmetic
 * (@renraku/contract/dates, shared with the server) under the names the screens use, plus what
 * only a client needs (today by the device clock, the audit log's seconds).
 */
import { fullDateLabel, slashDate, slashDateTimeLabel, tokyoDate, tokyoTime } from '@renraku/contract/dates';

/** Today in Tokyo, `YYYY-MM-DD`, by the device clock. */
export const todayInTokyo = (): string => tokyoDate(new Date());

/** 「2026年6月10日(水)」 */
export const dayLabel = fullDateLabel;

/** 「2026/06/10 09:05:03」: an instant to the second in Tokyo, for the audit log. */
export const dateTimeSecondsLabel = (instant: string): string => {
  const seconds = new Date(instant).getUTCSeconds();
  return `${slashDate(tokyoDate(instant))} ${tokyoTime(instant)}:${String(seconds).padStart(2, '0')}`;
};

/** 「2026/06/10 09:05」 in Tokyo. */
export const dateTimeLabel = (instant: string): string => slashDateTimeLabel(instant);

/** 「09:05」 in Tokyo. */
export const timeLabel = (instant: string): string => tokyoTime(instant);
