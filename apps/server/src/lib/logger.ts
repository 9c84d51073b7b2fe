import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
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

/** Fields of database errors that carry a statement's values: Drizzle's and PGlite's `params`, pg's `detail` ("Failing row contains (…)", "Key (email)=(…)"). */
const VALUE_FIELDS = ['params', 'parameters', 'detail'];

/** PostgreSQL's data exceptions quote the offending value (`invalid input syntax for type integer: "…"`). */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for (?:type |enum )?[^:\n]*: )"(?:[^"\\]|\\.)*"/g;

/** Drizzle's message of a failed query: `Failed query: <sql>\nparams: <values>` (the values may span lines). */
function withoutQueryParams(err: unknown, text: string): string {
  let out = text;
  for (
    let e = err as { message?: unknown; query?: unknown; params?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.message === 'string' && e.message.startsWith('Failed query: ') && typeof e.query === 'string') {
      out = out.split(e.message).join(`Failed query: ${e.query}`);
    }
  }
  return out.replace(QUOTED_VALUE, `$1${CENSOR}`);
}

/** Drops the value-carrying fields from a serialized error and its nested errors. */
function scrubSerialized(value: unknown, err: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const out = value as Record<string, unknown>;
  for (const field of VALUE_FIELDS) if (field in out) delete out[field];
  for (const field of ['message', 'stack']) if (typeof out[field] === 'string') out[field] = withoutQueryParams(err, out[field]);
  for (const [key, nested] of Object.entries(out)) {
    if (nested && typeof nested === 'object')
      out[key] = scrubSerialized(nested, (err as Record<string, unknown>)?.[key], depth + 1);
  }
  return out;
}

/**
 * Errors as pino's standard serializer writes them, less the statement's values: a failed query's
 * parameters are a child's allergies, care notes, QR token (issue 30). The query text (with `$1`
 * placeholders) stays: it says which statement failed.
 */
export function serializeError(err: unknown): unknown {
  return scrubSerialized(stdSerializers.err(err as Error), err);
}

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest as never, err: serializeError as never },
    ...(stream ? { stream } : {}),
  };
}
