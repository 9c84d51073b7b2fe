import fs from 'node:fs';
import path from 'node:path';
import { hmac, safeEqual } from './crypto';

/** Where file bytes live; local disk by default (S3-compatible storage is a later implementation). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  stream(key: string): fs.ReadStream | null;
  remove(key: string): Promise<void>;
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('bad file key');
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, data);
    },
    stream(key) {
      const full = resolve(key);
      return fs.existsSync(full) ? fs.createReadStream(full) : null;
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}

/** URLs are valid for at least this long; expiry is rounded to a window so they stay cacheable. */
const WINDOW_SEC = 60 * 60;

export interface FileUrls {
  /** A signed, expiring URL for a stored key, or null for none. Only call it for a viewer allowed to see the file. */
  url(key: string | null | undefined, options?: { variant?: string; ttlSec?: number }): string | null;
  verify(key: string, exp: string, sig: string, variant?: string): boolean;
}

export function fileUrls(secret: string, now: () => Date = () => new Date()): FileUrls {
  const sign = (key: string, exp: number, variant = '') => hmac(secret, `file:${key}:${exp}:${variant}`);
  return {
    url(key, options = {}) {
      if (!key) return null;
      const ttl = options.ttlSec ?? WINDOW_SEC;
      const nowSec = Math.floor(now().getTime() / 1000);
      const exp = ttl >= WINDOW_SEC ? (Math.floor(nowSec / WINDOW_SEC) + 2) * WINDOW_SEC : nowSec + ttl;
      const variant = options.variant ?? '';
      const qs = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, variant) });
      if (variant) qs.set('v', variant);
      return `/files/${key}?${qs.toString()}`;
    },
    verify(key, exp, sig, variant = '') {
      const expNum = Number(exp);
      if (!Number.isInteger(expNum) || expNum * 1000 < now().getTime()) return false;
      return safeEqual(sig, sign(key, expNum, variant));
    },
  };
}
