/**
 * "Now" for one request: the real time, or in test mode the X-Test-Now header (an ISO instant),
 * as eVaka does for its e2e tests. Never honoured in production (config.testClock is false there).
 * Day arithmetic and labels are in `@renraku/contract`'s dates module, shared with the web.
 */
export function requestNow(testClock: boolean, header: string | string[] | undefined): Date {
  if (testClock && typeof header === 'string' && header) {
    const parsed = new Date(header);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date();
}
