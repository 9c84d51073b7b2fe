import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeyHeader, idempotencyKeyInvalid, idempotencyKeyPattern, idempotentReplayHeader } from '@renraku/contract';
import { invalid } from './errors';

/*
 * The device's id of an offline-capable send (docs/decisions/communications-offline-sends.md). The
 * area stores it with its record in the record's own transaction, so "stored once" holds through
 * crashes and restarts; a second delivery answers as the first and writes nothing.
 */

/** The request's Idempotency-Key, or null when none was sent; a malformed one is a 422. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const value = req.headers[idempotencyKeyHeader];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !idempotencyKeyPattern.test(value)) {
    throw invalid(idempotencyKeyHeader, idempotencyKeyInvalid);
  }
  return value;
}

/** Says on the answer that this delivery was a repeat (the client shows it as sent, once). */
export function markReplayed(reply: FastifyReply, replayed: boolean) {
  if (replayed) void reply.header(idempotentReplayHeader, 'true');
}
