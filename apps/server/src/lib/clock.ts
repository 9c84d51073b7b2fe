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

/**
 * The background workers' clock (the records archives, the children's archives, the expired
 * files' cleanup): the real time, or in test mode from `start` (the e2e run's E2E_NOW) on, the real
 * time passing from the server's start. So a file a worker finishes expires as the requests'
 * X-Test-Now sees it, and an e2e test moves past its expiry with that header alone
 * (docs/decisions/tests-e2e-worker-clock.md).
 */
export function workerClock(start: Date | undefined): () => Date {
  if (!start) return () => new Date();
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
