import type { FastifyBaseLogger } from 'fastify';

export interface RepeatOptions {
  /** Logged with the error of a run that threw (the next tick runs again). */
  name: string;
  intervalMs: number;
  /** The first run this soon after the start instead of after a whole interval. */
  firstAfterMs?: number;
}

/**
 * A background worker of the server process (main.ts): `run` every `intervalMs`, one run at a time
 * (a tick while the last run is still going is skipped), a failed run logged; the timers keep no
 * process alive. Answers the stop function.
 */
export function repeatInBackground(log: FastifyBaseLogger, options: RepeatOptions, run: () => Promise<unknown>): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => log.error({ err: error }, options.name))
      .finally(() => {
        running = false;
      });
  };
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs);
  const timer = setInterval(tick, options.intervalMs);
  first?.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
