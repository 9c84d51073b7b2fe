import { secureCookie } from '../../lib/sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@renraku/contract';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A signed double-submit token: only our server can mint one that verifies. */
export function mintXsrfToken(secret: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmac(secret, `xsrf:${nonce}`)}`;
}

function isValid(secret: string, token: string): boolean {
  const [nonce, signature] = token.split('.');
  return !!nonce && !!signature && safeEqual(signature, hmac(secret, `xsrf:${nonce}`));
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
  if (!cookie || echoed === null || !safeEqual(echoed, cookie) || !isValid(secret, cookie)) {
    throw new HttpError(419, messages.csrfMismatch);
  }
}
