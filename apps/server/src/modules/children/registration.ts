import type { AppContext } from '../../context';
import { hmac, safeEqual } from '../../lib/crypto';

export const CHILD_REGISTRATION_COOKIE = 'renraku_child_registration';

export const registrationSignature = (ctx: AppContext, value: string) =>
  hmac(ctx.config.sessionSecret, `child-registration:${value}`);

/**
 * The child-registration URL a visitor opened before signing in (A §2: they were sent to
 * /receptions), from the signed cookie; null without one or when it does not verify. Sign-in
 * sends the guardian back there (docs/decisions/children-registration.md).
 */
export function pendingRegistrationPath(ctx: AppContext, cookie: string | undefined): string | null {
  const match = cookie ? /^(\d+)\.(.+)\.([A-Za-z0-9_-]+)$/.exec(cookie) : null;
  if (!match) return null;
  const [, company, token, signature] = match as unknown as [string, string, string, string];
  if (!safeEqual(signature, registrationSignature(ctx, `${company}.${token}`))) return null;
  return `/children/register/${company}/${encodeURIComponent(token)}`;
}
