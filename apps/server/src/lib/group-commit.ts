/**
 * Group commit (docs/decisions/kiosk-scans-group-commit.md): what the requests that arrive while a
 * batch is being written (or in the same turn of the event loop) send is written by the next
 * batch, one transaction or statement for all of them, so one commit. Each request is answered
 * when its batch has answered, i.e. after the commit: nothing is acknowledged that is not durable.
 *
 * Nothing waits on a timer: an idle server writes a lone request at once; under load the batches
 * grow by themselves with the time a batch takes. Used by the gate's scans and its staff 打刻.
 */
export interface GroupCommit<T, R> {
  /** Writes a request's items (in the order given) with whatever arrives with them; rejects with the first item's error. */
  record(items: T[]): Promise<R[]>;
}

interface Waiting<T, R> {
  items: T[];
  resolve: (results: R[]) => void;
  reject: (error: unknown) => void;
}

/**
 * `writeBatch` answers one outcome per item, in order (an Error for an item that failed; it should
 * not throw). `inFlight`: batches written at the same time (one: each batch takes everything that
 * arrived while the previous one was written, the most per commit). `maxBatch`: items per batch
 * (whole requests, at least one).
 */
export function groupCommit<T, R>(
  writeBatch: (items: T[]) => Promise<(R | Error)[]>,
  { inFlight = 1, maxBatch }: { inFlight?: number; maxBatch: number },
): GroupCommit<T, R> {
  const waiting: Waiting<T, R>[] = [];
  let writers = 0;

  const write = async () => {
    while (waiting.length > 0) {
      let size = 0;
      let take = 0;
      while (take < waiting.length && (take === 0 || size + waiting[take]!.items.length <= maxBatch)) {
        size += waiting[take]!.items.length;
        take++;
      }
      const requests = waiting.splice(0, take);
      try {
        const outcomes = await writeBatch(requests.flatMap((request) => request.items));
        let from = 0;
        for (const request of requests) {
          const mine = outcomes.slice(from, (from += request.items.length));
          const failed = mine.find((o) => o instanceof Error);
          if (failed) request.reject(failed);
          else request.resolve(mine as R[]);
        }
      } catch (error) {
        // Not expected (writeBatch answers errors per item); no request may be left waiting.
        for (const request of requests) request.reject(error);
      }
    }
    writers--;
  };

  return {
    record: (items) =>
      new Promise((resolve, reject) => {
        waiting.push({ items, resolve, reject });
        if (writers < inFlight) {
          writers++;
          // After this turn of the event loop: the requests read in the same turn join this batch.
          setImmediate(() => void write());
        }
      }),
  };
}
