import { describe, expect, it } from 'vitest';
import { fileUrls } from '../src/lib/files';

const HOUR = 60 * 60 * 1000;
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
    let now = new Date('2026-11-23T00:10:00Z');
    const urls = fileUrls('secret', () => now);
    const first = urls.url('notes/a.jpg', { variant: 'thumb' })!;
    now = new Date('2026-11-23T00:50:00Z');
    expect(urls.url('notes/a.jpg', { variant: 'thumb' })).toBe(first);
    expect(urls.url('notes/a.jpg', { variant: 'medium' })).not.toBe(first);
    expect(urls.url('notes/b.jpg', { variant: 'thumb' })).not.toBe(first);
    now = new Date('2026-11-23T01:10:00Z');
    const next = urls.url('notes/a.jpg', { variant: 'thumb' })!;
    expect(next).not.toBe(first);
    // Both verify while they have not expired: at least one hour, at most two.
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
    expect(Number(windowed.exp) * 1000 - now.getTime()).toBeGreaterThanOrEqual(HOUR);
    expect(fileUrls('other secret', () => now).verify(windowed.key, windowed.exp, windowed.sig)).toBe(false);
  });
});
