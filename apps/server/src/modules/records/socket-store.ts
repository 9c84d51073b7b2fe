import * as Y from 'yjs';
import type { Db } from '../../db/client';
import { applyAll, COMPACT_AFTER, compactDocument, loadUpdates, storeState } from './document-store';

/**
 * What the co-editing server keeps of each open copy (docs/decisions/records-co-editing.md): the
 * updates it gained since it was loaded or last stored (every source: its clients, Redis, a
 * flush), and how long the stored tail is. A store appends exactly those, merged into one row;
 * the store that makes the tail COMPACT_AFTER long then folds it into the snapshot.
 */
interface Kept {
  pending: Uint8Array[];
  tail: number;
  /** The stores of this copy, one after another: a flush returns once everything before it is written. */
  queue: Promise<void>;
}
const kept = new WeakMap<Y.Doc, Kept>();

/** Applies the stored snapshot and tail to the server's copy, then collects what it gains. */
export async function loadIntoCopy(db: Db, documentId: number, doc: Y.Doc) {
  const { updates, tail } = await loadUpdates(db, documentId);
  applyAll(doc, updates);
  const entry: Kept = { pending: [], tail, queue: Promise.resolve() };
  doc.on('update', (update: Uint8Array) => entry.pending.push(update));
  kept.set(doc, entry);
}

async function store(db: Db, documentId: number, entry: Kept) {
  if (entry.pending.length === 0) return;
  const taken = entry.pending.splice(0);
  try {
    await storeState(db, documentId, taken.length === 1 ? taken[0]! : Y.mergeUpdates(taken));
  } catch (error) {
    entry.pending.unshift(...taken);
    throw error;
  }
  entry.tail++;
  if (entry.tail < COMPACT_AFTER) return;
  entry.tail = 0;
  // After the append, in its own transaction: a failure leaves the tail as it was (nothing lost).
  await compactDocument(db, documentId).catch((error: unknown) => console.error('records: compaction failed', error));
}

/**
 * Appends what the copy gained since its last store (Hocuspocus's debounced store, a flush before
 * a status change, the server's close), queued behind the copy's earlier stores; on failure the
 * updates stay to be stored by the next one.
 */
export function persistCopy(db: Db, documentId: number, doc: Y.Doc): Promise<void> {
  const entry = kept.get(doc);
  if (!entry) return Promise.resolve();
  const run = entry.queue.then(() => store(db, documentId, entry));
  entry.queue = run.catch(() => undefined);
  return run;
}
