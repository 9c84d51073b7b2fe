import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  datesOfMonth,
  endOfMonthAfter,
  fiscalYearOf,
  fullDateLabel,
  fullDateTimeLabel,
  isCalendarDate,
  monthDayLabel,
  monthDayWideLabel,
  monthRange,
  monthsBetween,
  slashDateTimeLabel,
  tokyoDate,
  tokyoInstant,
  tokyoTime,
  weekdayOf,
  yearMonthLabel,
} from '../src/dates';

describe('facility days (Asia/Tokyo)', () => {
  it('takes the Tokyo day and time of an instant, whatever the machine zone', () => {
    expect(tokyoDate(new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
    expect(tokyoDate('2026-11-22T15:00:00Z')).toBe('2026-11-23');
    expect(tokyoTime('2026-11-22T22:50:00Z')).toBe('07:50');
    expect(tokyoInstant('2026-11-23', '07:50').toISOString()).toBe('2026-11-22T22:50:00.000Z');
  });

  it('moves days and months over month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect([fiscalYearOf('2026-04-01'), fiscalYearOf('2027-03-31'), fiscalYearOf('2026-03-31')]).toEqual([2026, 2026, 2025]);
    expect(monthRange('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(endOfMonthAfter('2026-11-23', 1)).toBe('2026-12-31');
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(datesOfMonth('2026-11')[29]).toBe('2026-11-30');
    expect(monthsBetween('2023-05-12', '2026-11-11')).toBe(41);
    expect(monthsBetween('2023-05-12', '2026-11-12')).toBe(42);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('0000-00-00')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('writes the screens’ labels', () => {
    expect(weekdayOf('2026-11-22')).toBe('日');
    expect(yearMonthLabel('2026-01')).toBe('2026年1月');
    expect(monthDayLabel('2026-11-22')).toBe('11月22日(日)');
    expect(monthDayWideLabel('2026-12-07')).toBe('12月7日（月）');
    expect(fullDateLabel('2026-11-22')).toBe('2026年11月22日(日)');
    expect(slashDateTimeLabel('2026-11-21T22:50:00Z')).toBe('2026/11/22 07:50');
    expect(fullDateTimeLabel('2026-11-21T22:50:00Z')).toBe('2026年11月22日(日) 07:50');
  });
});
