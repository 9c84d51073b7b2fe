import { del, get, keys, set } from 'idb-keyval';
import { useEffect, useState } from 'react';
import { photoStore } from './store';
import type { KioskRoster } from './types';

/**
 * Photos for offline use: the roster's signed URLs expire within minutes, so each file is kept as a
 * blob under its path without the signature (`/files/<key>?v=…`: the same file, whatever the window).
 */
export function photoKey(url: string): string {
  const parsed = new URL(url, window.location.origin);
  const variant = parsed.searchParams.get('v');
  return variant ? `${parsed.pathname}?v=${variant}` : parsed.pathname;
}

function rosterPhotoUrls(roster: KioskRoster): string[] {
  const urls: string[] = [];
  for (const child of roster.children) {
    if (child.photo_url) urls.push(child.photo_url);
    for (const person of child.pickup_persons) if (person.photo_url) urls.push(person.photo_url);
  }
  return urls;
}

let running = false;

/** Downloads the photos not kept yet (four at a time) and drops those no longer in the roster. */
export async function cachePhotos(roster: KioskRoster): Promise<void> {
  if (running) return;
  running = true;
  try {
    const urls = rosterPhotoUrls(roster);
    const wanted = new Map(urls.map((url) => [photoKey(url), url]));
    const kept = new Set((await keys(photoStore())).map(String));
    for (const key of kept) if (!wanted.has(key)) await del(key, photoStore());
    const missing = [...wanted].filter(([key]) => !kept.has(key));
    const worker = async () => {
      for (let next = missing.shift(); next; next = missing.shift()) {
        const [key, url] = next;
        try {
          const response = await fetch(url, { credentials: 'same-origin' });
          if (response.ok) await set(key, await response.blob(), photoStore());
        } catch {
          return; // Offline: the next roster refresh tries again.
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  } finally {
    running = false;
  }
}

/** An object URL for a roster photo: the kept blob, else the signed URL while it is online. */
export function usePhoto(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    let live = true;
    let objectUrl: string | null = null;
    void get<Blob>(photoKey(url), photoStore())
      .then((blob) => {
        if (!live) return;
        if (blob) setSrc((objectUrl = URL.createObjectURL(blob)));
        else setSrc(navigator.onLine ? url : null);
      })
      .catch(() => live && setSrc(navigator.onLine ? url : null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
