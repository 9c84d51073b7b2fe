import type { AppConfig } from '../../config';

/** Tabs, newlines and other control characters (browsers drop some of them inside URLs) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A path that stays on this origin: one leading slash, not `//host` (protocol-relative). */
const isSameOriginPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/**
 * The only places a flow may send the browser back to: a path of this app, or an address on the
 * app's own origin or a configured one (ID_ALLOWED_REDIRECT_ORIGINS). Anything else → the default.
 * Answers a path for our own origin, else the absolute URL. Refused outright: control characters and
 * backslashes anywhere (`/\t/evil.example` is `//evil.example` to a browser), and an own-origin URL
 * whose path would read as another host (`http://app//evil.example`).
 */
export function safeRedirect(
  config: Pick<AppConfig, 'appUrl' | 'allowedRedirectOrigins'>,
  url: string | null | undefined,
  fallback = '/main',
): string {
  if (!url || UNSAFE_CHARACTERS.test(url)) return fallback;
  const own = new URL(config.appUrl).origin;
  if (url.startsWith('/')) {
    if (!isSameOriginPath(url)) return fallback;
    // Resolved as the browser will: it must still be on our origin.
    return new URL(url, own).origin === own ? url : fallback;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fallback;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fallback;
  if (parsed.origin === own) {
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return isSameOriginPath(path) ? path : fallback;
  }
  if (config.allowedRedirectOrigins.includes(parsed.origin)) return parsed.toString();
  return fallback;
}
