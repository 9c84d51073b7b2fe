import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeLabel, dateTimeSecondsLabel, dayLabel, timeLabel, todayInTokyo } from '../src/dates';

afterEach(() => {
  vi.useRealTimers();
});

describe('todayInTokyo (the device clock, read in Tokyo)', () => {
  it('is already the next day in Tokyo from 15:00 UTC', () => {
    vi.useFakeTimers({ now: new Date('2026-06-09T14:59:59Z') });
    expect(todayInTokyo()).toBe('2026-06-09');
    vi.setSystemTime(new Date('2026-06-09T15:00:00Z'));
    expect(todayInTokyo()).toBe('2026-06-10');
  });

  it('turns the year at Tokyo midnight', () => {
    vi.useFakeTimers({ now: new Date('2026-12-31T15:00:00Z') });
    expect(todayInTokyo()).toBe('2027-01-01');
  });
});

describe('labels', () => {
  it('dayLabel: 「2026年6月10日(水)」', () => {
    expect(dayLabel('2026-06-10')).toBe('2026年6月10日(水)');
    expect(dayLabel('2027-01-03')).toBe('2027年1月3日(日)');
  });

  it('dateTimeLabel and timeLabel: an instant in Tokyo, whatever offset it is written with', () => {
    expect(dateTimeLabel('2026-06-10T00:05:00Z')).toBe('2026/06/10 09:05');
    expect(dateTimeLabel('2026-06-10T23:30:00+09:00')).toBe('2026/06/10 23:30');
    expect(dateTimeLabel('2026-06-10T15:30:00Z')).toBe('2026/06/11 00:30');
    expect(timeLabel('2026-06-10T15:30:00Z')).toBe('00:30');
  });

  it('dateTimeSecondsLabel: to the second, for the audit log', () => {
    expect(dateTimeSecondsLabel('2026-06-10T00:05:03.900Z')).toBe('2026/06/10 09:05:03');
    expect(dateTimeSecondsLabel('2026-06-10T14:59:59Z')).toBe('2026/06/10 23:59:59');
  });
});
