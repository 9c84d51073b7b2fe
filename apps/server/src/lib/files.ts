import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';
import { LRUCache } from 'lru-cache';
import { hmac, safeEqual } from './crypto';

/**
 * Where file bytes live: local disk (one machine, the embedded mode) or an S3-compatible bucket
 * (several app servers share it: docs/decisions/files-s3-storage.md).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a file from local disk as it streams (large archives never sit in memory). */
  putFile(key: string, localPath: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

/** Keys are paths the server made (`children/1/abc.jpg`); never `..`, never absolute. */
export function assertFileKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error('bad file key');
  }
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertFileKey(key);
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
    async putFile(key, localPath) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.copyFile(localPath, full);
    },
    async get(key) {
      const full = resolve(key);
      return fs.existsSync(full) ? fs.createReadStream(full) : null;
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}

/** The configured storage: the S3 bucket when one is set (its SDK loaded only then), else the disk. */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<Storage> {
  if (config.s3) return (await import('./s3-storage')).s3Storage(config.s3);
  return diskStorage(path.join(config.dataDir, 'files'));
}

/**
 * URLs are valid for at least this long and at most twice it; expiry is rounded to a window so they
 * stay cacheable. Short: a guardian who loses access to a child can keep a URL only minutes
 * (docs/decisions/platform-file-url-lifetime.md).
 */
export const FILE_URL_WINDOW_SEC = 10 * 60;
const WINDOW_SEC = FILE_URL_WINDOW_SEC;

export interface FileUrls {
  /** A signed, expiring URL for a stored key, or null for none. Only call it for a viewer allowed to see the file. */
  url(key: string | null | undefined, options?: { variant?: string; ttlSec?: number }): string | null;
  verify(key: string, exp: string, sig: string, variant?: string): boolean;
}

export function fileUrls(secret: string, now: () => Date = () => new Date()): FileUrls {
  const sign = (key: string, exp: number, variant = '') => hmac(secret, `file:${key}:${exp}:${variant}`);
  // A windowed URL is the same for every request of its window: the feed signs three per photo,
  // so they are kept (an HMAC and its query string cost ~5 µs; a lookup a tenth of that).
  const windowed = new LRUCache<string, string>({ max: 20_000 });
  const build = (key: string, exp: number, variant: string) => {
    const qs = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, variant) });
    if (variant) qs.set('v', variant);
    return `/files/${key}?${qs.toString()}`;
  };
  return {
    url(key, options = {}) {
      if (!key) return null;
      const ttl = options.ttlSec ?? WINDOW_SEC;
      const nowSec = Math.floor(now().getTime() / 1000);
      const variant = options.variant ?? '';
      if (ttl < WINDOW_SEC) return build(key, nowSec + ttl, variant);
      const exp = (Math.floor(nowSec / WINDOW_SEC) + 2) * WINDOW_SEC;
      const memo = `${exp}:${variant}:${key}`;
      let url = windowed.get(memo);
      if (url === undefined) windowed.set(memo, (url = build(key, exp, variant)));
      return url;
    },
    verify(key, exp, sig, variant = '') {
      const expNum = Number(exp);
      if (!Number.isInteger(expNum) || expNum * 1000 < now().getTime()) return false;
      return safeEqual(sig, sign(key, expNum, variant));
    },
  };
}

/** 「1.5MB」「200KB」「512B」: a file's size as the screens show it. */
export function displaySize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}
