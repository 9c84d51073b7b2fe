import type { AppConfig } from '../../config';

/**
 * The only places a flow may send the browser back to: a path of this app, or an address on the
 * app's own origin or a configured one (ID_ALLOWED_REDIRECT_ORIGINS). Anything else → the default.
 * Answers a path for our own origin, else the absolute URL.
 */
export function safeRedirect(
  config: Pick<AppConfig, 'appUrl' | 'allowedRedirectOrigins'>,
  url: string | null | undefined,
  fallback = '/main',
): string {
  if (!url) return fallback;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fallback;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fallback;
  const own = new URL(config.appUrl).origin;
  if (parsed.origin === own) return `${parsed.pathname}${parsed.search}${parsed.hash}` || '/';
  if (config.allowedRedirectOrigins.includes(parsed.origin)) return parsed.toString();
  return fallback;
}
