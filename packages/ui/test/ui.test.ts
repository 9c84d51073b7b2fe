import { describe, expect, it } from 'vitest';
import { idFrom, isSafePath, toQueryString } from '../src';

describe('isSafePath (after sign-in, the terms page)', () => {
  it('takes a same-origin path', () => {
    expect(isSafePath('/main')).toBe(true);
    expect(isSafePath('/staff/f/1/board?x=1#y')).toBe(true);
  });

  it('refuses what a browser would read as another origin or a scheme', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      'main',
    ])
      expect({ path, safe: isSafePath(path) }).toEqual({ path, safe: false });
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['/main'], { path: '/main' }]) expect(isSafePath(value)).toBe(false);
  });
});

describe('toQueryString (DESIGN §4)', () => {
  it('writes arrays as key[]=…, skips null, undefined and empty strings', () => {
    expect(toQueryString({ childIds: [1, 2], date: '2026-11-27', none: null, gone: undefined, empty: '' })).toBe(
      'childIds%5B%5D=1&childIds%5B%5D=2&date=2026-11-27',
    );
  });

  it('encodes Japanese and reserved characters', () => {
    expect(new URLSearchParams(toQueryString({ q: 'ひよこ組&さくら=1' })).get('q')).toBe('ひよこ組&さくら=1');
  });

  it('answers an empty string for no query', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
  });
});

describe('idFrom (a route id)', () => {
  it('takes a positive 32-bit integer', () => {
    expect(idFrom('1')).toBe(1);
    expect(idFrom('2147483647')).toBe(2147483647);
  });

  it('refuses anything else', () => {
    for (const value of ['0', '-1', '1.5', '2147483648', 'abc', '', ' ', '1e3x', undefined, null])
      expect({ value, id: idFrom(value) }).toEqual({ value, id: null });
  });
});
