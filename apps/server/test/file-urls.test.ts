import { describe, expect, it } from 'vitest';
import { fileUrls } from '../src/lib/files';

const MINUTE = 60 * 1000;
const partsOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return {
    key: parsed.pathname.replace('/files/', ''),
    exp: parsed.searchParams.get('exp')!,
    sig: parsed.searchParams.get('sig')!,
    variant: parsed.searchParams.get('v') ?? undefined,
  };
};

describe('signed file URLs', () => {
  it('answers the same URL within a window (kept, not signed again) and a new one in the next window', () => {
    let now = new Date('2026-11-23T00:01:00Z');
    const urls = fileUrls('secret', () => now);
    const first = urls.url('notes/a.jpg', { variant: 'thumb' })!;
    now = new Date('2026-11-23T00:09:00Z');
    expect(urls.url('notes/a.jpg', { variant: 'thumb' })).toBe(first);
    expect(urls.url('notes/a.jpg', { variant: 'medium' })).not.toBe(first);
    expect(urls.url('notes/b.jpg', { variant: 'thumb' })).not.toBe(first);
    now = new Date('2026-11-23T00:11:00Z');
    const next = urls.url('notes/a.jpg', { variant: 'thumb' })!;
    expect(next).not.toBe(first);
    // Both verify while they have not expired: at least ten minutes, at most twenty.
    for (const url of [first, next]) {
      const { key, exp, sig, variant } = partsOf(url);
      expect(urls.verify(key, exp, sig, variant)).toBe(true);
      expect(urls.verify(key, exp, sig, variant === 'thumb' ? 'medium' : 'thumb')).toBe(false);
      expect(
        urls.verify(
          key,
          exp,
          sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
          variant,
        ),
      ).toBe(false);
    }
    now = new Date(Number(partsOf(first).exp) * 1000 + 1000);
    const { key, exp, sig, variant } = partsOf(first);
    expect(urls.verify(key, exp, sig, variant)).toBe(false);
  });

  it('signs a short-lived URL with its own expiry, never from the window cache', () => {
    const now = new Date('2026-11-23T00:10:00Z');
    const urls = fileUrls('secret', () => now);
    const short = partsOf(urls.url('notices/x.pdf', { ttlSec: 300 })!);
    expect(Number(short.exp)).toBe(now.getTime() / 1000 + 300);
    expect(urls.verify(short.key, short.exp, short.sig)).toBe(true);
    const windowed = partsOf(urls.url('notices/x.pdf')!);
    expect(Number(windowed.exp) * 1000 - now.getTime()).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(fileUrls('other secret', () => now).verify(windowed.key, windowed.exp, windowed.sig)).toBe(false);
  });

  it('a URL handed out stops working within 20 minutes (a guardian who lost access keeps it no longer)', () => {
    let now = new Date('2026-11-23T00:00:00Z');
    const urls = fileUrls('secret', () => now);
    for (const minute of [0, 5, 9]) {
      now = new Date(Date.parse('2026-11-23T00:00:00Z') + minute * MINUTE);
      const { key, exp, sig, variant } = partsOf(urls.url('children/c.jpg', { variant: 'thumb' })!);
      expect(Number(exp) * 1000 - now.getTime()).toBeGreaterThanOrEqual(10 * MINUTE);
      expect(Number(exp) * 1000 - now.getTime()).toBeLessThanOrEqual(20 * MINUTE);
      now = new Date(now.getTime() + 20 * MINUTE + 1000);
      expect(urls.verify(key, exp, sig, variant)).toBe(false);
    }
  });
});
