import { fullDateLabel, slashDate, tokyoDate, tokyoTime } from '@renraku/contract/dates';

/** Today in Tokyo, `YYYY-MM-DD`, by the device clock. */
export const todayInTokyo = () => tokyoDate(new Date());

/** 「2026年6月10日(水)」 */
export const dayLabel = fullDateLabel;

/** 「2026/06/10 09:05:03」: an instant to the second in Tokyo (UTC+9, no daylight saving), for the audit log. */
export const dateTimeSecondsLabel = (instant: string) => {
  const seconds = new Date(instant).getUTCSeconds();
  return `${slashDate(tokyoDate(instant))} ${tokyoTime(instant)}:${String(seconds).padStart(2, '0')}`;
};

/** 「2026/06/10 09:05」 in Tokyo. */
export const dateTimeLabel = (instant: string) => `${slashDate(tokyoDate(instant))} ${tokyoTime(instant)}`;

/** 「09:05」 in Tokyo. */
export const timeLabel = (instant: string) => tokyoTime(instant);
