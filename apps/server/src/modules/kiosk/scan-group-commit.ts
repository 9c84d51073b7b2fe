import type { KioskScan } from '@renraku/contract';
import type { Db } from '../../db/client';
import { isDatabaseOutage } from '../../lib/database-outage';
import { groupCommit, type GroupCommit } from '../../lib/group-commit';
import { recordScansTogether, type ScanOutcome, type ScanResult, type ScanToRecord } from './scans-statement';

/**
 * Group commit of the gate's scans (issue 19, docs/decisions/kiosk-scans-group-commit.md). In the
 * morning rush each scan was one statement and one commit, and every commit waits for its own WAL
 * flush. Here the scans of all the requests that arrive while a batch is being written (or in the
 * same turn of the event loop) are written by the next batch (`lib/group-commit.ts`): one statement
 * per kind, so one round trip and one commit for all of them.
 */
export type ScanGroupCommit = GroupCommit<ScanToRecord, ScanResult>;

/** Scans per batch: enough for a rush of a few hundred gates, small enough to keep a statement's locks short. */
const MAX_BATCH = 200;

export function scanGroupCommit(db: Db, { inFlight = 1, maxBatch = MAX_BATCH } = {}): ScanGroupCommit {
  return groupCommit<ScanToRecord, ScanResult>((scans) => recordBatch(db, scans), { inFlight, maxBatch });
}

/**
 * Writes a batch; one outcome per scan, in order. A scan goes into a later statement than any
 * earlier scan of its child or with its id (the second must see the first: the 60-second rule,
 * arrival before pick-up, `duplicate`), and each kind has its own statement, so a batch is
 * usually one statement. Statements run one after the other, each its own commit.
 */
async function recordBatch(db: Db, scans: ScanToRecord[]): Promise<ScanOutcome[]> {
  const outcomes: ScanOutcome[] = new Array(scans.length);
  for (const { kind, indexes } of statementsOf(scans)) {
    const part = indexes.map((i) => scans[i]!);
    try {
      const answers = await recordScansTogether(db, kind, part);
      indexes.forEach((i, k) => (outcomes[i] = answers[k]!));
    } catch (error) {
      // The statement wrote nothing. The database away: the same for every scan (503, sent again).
      // Otherwise one bad scan must not fail the others: each alone, its own answer or error.
      for (const [k, i] of indexes.entries()) {
        outcomes[i] = isDatabaseOutage(error)
          ? (error as Error)
          : await recordScansTogether(db, kind, [part[k]!]).then(
              ([answer]) => answer!,
              (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
            );
      }
    }
  }
  return outcomes;
}

/** The batch's statements in order: the n-th scan of a child or an id goes to the n-th round at least; a round has a statement per kind. */
function statementsOf(scans: ScanToRecord[]): { kind: KioskScan['kind']; indexes: number[] }[] {
  const roundOf = new Map<string, number>();
  const rounds: Record<KioskScan['kind'], number[]>[] = [];
  scans.forEach(({ scan }, i) => {
    // The id as PostgreSQL compares uuids: whatever the letters' case.
    const keys = [`child ${scan.note_child_id}`, `id ${scan.id.toLowerCase()}`];
    const round = Math.max(...keys.map((key) => roundOf.get(key) ?? -1)) + 1;
    for (const key of keys) roundOf.set(key, round);
    (rounds[round] ??= { arrival: [], pickup: [] })[scan.kind].push(i);
  });
  return rounds.flatMap((round) =>
    (['arrival', 'pickup'] as const).filter((kind) => round[kind].length > 0).map((kind) => ({ kind, indexes: round[kind] })),
  );
}
