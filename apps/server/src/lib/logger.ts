import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

/** What must never reach a log line: cookies, XSRF tokens, passwords, hashes, tokens. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-mailbox-key"]',
  'res.headers["set-cookie"]',
  'password',
  'passwordHash',
  'token',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.current_password',
  '*.new_password',
];

const CENSOR = '[redacted]';

/**
 * Paths whose next segment is a secret: the ID service's sign-up and reset links (API and screens),
 * email verification, co-guardian invitations, the iCal subscription, a facility's child
 * registration URL (`/children/register/<company>/<token>`).
 */
const SECRET_SEGMENT =
  /^((?:\/api)?\/(?:idp\/signup|idp\/password\/reset|users\/register|password\/new|password\/reset|email\/verify|users\/invite\/verify|events\/ical)\/|\/children\/register\/[^/?#]*\/)[^/?#]+/;

/** Query parameters that carry secrets: signed file URLs (`sig`, `exp`), tokens, the dev mailbox key. */
const SECRET_PARAMS = new Set(['sig', 'exp', 'token', 'key', 'code']);

/** A request URL as a log line may show it: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, `$1${CENSOR}`);
  if (queryAt < 0) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is kept as written
      }
      // `sig[x]=1` and `sig` alike: the parameter's base name decides.
      return SECRET_PARAMS.has(decoded.replace(/\[.*$/, '').toLowerCase()) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** The request as every log line shows it (Fastify's default fields, the URL redacted). */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  };
}
