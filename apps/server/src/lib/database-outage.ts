/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * network cut) rather than a fault of the request or the code: such a request is answered 503 with
 * Retry-After, so that clients retry instead of reporting a system error
 * (docs/decisions/platform-database-outage-503.md).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const POSTGRES_OUTAGE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (a restart's first half)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
// node-postgres reports a connection lost mid-query with these texts and no code.
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended/i;

export function isDatabaseOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false;
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_OUTAGE_STATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // Node's AggregateError (an address with IPv4 and IPv6, both refused).
    if (Array.isArray(errors) && errors.some((e) => isDatabaseOutage(e))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before trying again: a PostgreSQL restart takes a few. */
export const OUTAGE_RETRY_AFTER_SEC = 3;
