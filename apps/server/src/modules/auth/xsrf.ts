import { SESSION_COOKIE, secureCookie } from '../../lib/sessions';
import { STAFF_SESSION_COOKIE } from '../../lib/staff-sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@renraku/contract';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Calls under the staff session's cookie path: their token part is bound to the staff session. */
const STAFF_PATH = /^\/api\/staff(\/|\?|$)/;

type Scope = 'guardian' | 'staff';
/** The session cookies a token is bound to (absent: no session, bound to none). */
export interface XsrfSessions {
  guardian?: string | undefined;
  staff?: string | undefined;
}

const sign = (secret: string, nonce: string, scope: Scope, session: string | undefined) =>
  hmac(secret, `xsrf:${scope}:${nonce}:${session ?? ''}`);

/**
 * A signed double-submit token bound to the sessions of the browser that fetched it:
 * `nonce.guardianSig.staffSig`, each an HMAC of the nonce and that session cookie's value
 * (issue 30: a token of one session must not pass for another; docs/decisions/auth-xsrf-bound-to-session.md).
 * Two parts because the staff cookie reaches `/api/staff` only: a guardian call checks the first,
 * a staff call the second.
 */
export function mintXsrfToken(secret: string, sessions: XsrfSessions = {}): string {
  const nonce = randomToken(18);
  return `${nonce}.${sign(secret, nonce, 'guardian', sessions.guardian)}.${sign(secret, nonce, 'staff', sessions.staff)}`;
}

/** The session cookies this request carries (the staff one only on `/api/staff`). */
export const sessionsOf = (req: FastifyRequest): XsrfSessions => ({
  guardian: req.cookies[SESSION_COOKIE],
  staff: req.cookies[STAFF_SESSION_COOKIE],
});

function isValid(secret: string, token: string, req: FastifyRequest): boolean {
  const [nonce, guardianSig, staffSig, extra] = token.split('.');
  if (!nonce || !guardianSig || !staffSig || extra !== undefined) return false;
  const scope: Scope = STAFF_PATH.test(req.url) ? 'staff' : 'guardian';
  const sessions = sessionsOf(req);
  return safeEqual(scope === 'staff' ? staffSig : guardianSig, sign(secret, nonce, scope, sessions[scope]));
}

/** The value a response's Set-Cookie gives `name` ('' when cleared), undefined when it does not set it. */
function cookieSetTo(setCookie: string[], name: string): string | undefined {
  const line = setCookie.find((c) => c.startsWith(`${name}=`));
  return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
}

/**
 * onSend: an answer that starts, rotates or ends a session (sign-in, PIN unlock, sign-out) also
 * sets a fresh XSRF token bound to the new session, so the next write needs no 419 round trip.
 * Runs after @fastify/cookie has written its Set-Cookie headers.
 */
export function refreshXsrfOnSessionChange(secret: string) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const header = reply.getHeader('set-cookie');
    if (!header) return payload;
    const lines = Array.isArray(header) ? header.map(String) : [String(header)];
    const guardian = cookieSetTo(lines, SESSION_COOKIE);
    const staff = cookieSetTo(lines, STAFF_SESSION_COOKIE);
    if (guardian === undefined && staff === undefined) return payload;
    const current = sessionsOf(req);
    setXsrfCookie(reply, req, mintXsrfToken(secret, { guardian: guardian ?? current.guardian, staff: staff ?? current.staff }));
    return payload;
  };
}

export function setXsrfCookie(reply: FastifyReply, req: FastifyRequest, token: string) {
  reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: secureCookie(req) });
}

/** The header as the browser encoded it (axios sends the cookie's value URI-encoded); null when it is no valid encoding. */
function decodedHeader(header: string): string | null {
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

/** Every mutating call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN (419 otherwise), as Sanctum does. */
export function checkXsrf(secret: string, req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const cookie = req.cookies[XSRF_COOKIE];
  const header = req.headers[XSRF_HEADER];
  const echoed = typeof header === 'string' ? decodedHeader(header) : null;
  if (!cookie || echoed === null || !safeEqual(echoed, cookie) || !isValid(secret, cookie, req)) {
    throw new HttpError(419, messages.csrfMismatch);
  }
}
