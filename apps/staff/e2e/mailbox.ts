/**
 * The dev mailbox key of the end-to-end server (the same file in apps/web/e2e and apps/staff/e2e). The mailbox opens to the key only (issue 30), so
 * each Playwright run picks the server's SESSION_SECRET itself: in the config's process, kept in
 * the environment its workers inherit, and derives the key as the server does.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The run's session secret (set once in the Playwright config's process; its workers inherit it). */
export function e2eSessionSecret(): string {
  process.env.E2E_SESSION_SECRET ??= randomBytes(32).toString('hex');
  return process.env.E2E_SESSION_SECRET;
}

/** The key the server prints at start: the same HMAC as `devMailboxKey` in src/config.ts. */
export const e2eMailboxKey = () =>
  createHmac('sha256', e2eSessionSecret()).update('dev-mailbox').digest('base64url').slice(0, 24);
