import { sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client';
import { recordDocumentStates, recordDocumentUpdates } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/**
 * A document's stored Yjs state (docs/decisions/records-co-editing.md): a snapshot
 * (record_document_states) and the tail of updates appended since (record_document_updates).
 * Stores only append; compaction folds the tail into the snapshot in one transaction that deletes
 * exactly the rows it folded, so a store racing it (another instance, a late offline edit) stays
 * in the tail and nothing is ever overwritten. Yjs updates merge in any order and any number of
 * times, so load = snapshot + tail.
 */

/** A tail this long is folded into the snapshot by the store that reaches it. */
export const COMPACT_AFTER = 50;
/** The advisory lock's first key: compactions of one document run one after the other. */
const COMPACTION_LOCK = 32_001;

interface StoredRow {
  id: number;
  data: Uint8Array;
}

/** The snapshot (id 0) then the tail in order, in one statement: one consistent view. */
async function storedRows(db: Db, documentId: number): Promise<StoredRow[]> {
  const result = await db.execute(sql`
    select 0::bigint as id, state as data from ${recordDocumentStates} where document_id = ${documentId}
    union all
    select id, "update" as data from ${recordDocumentUpdates} where document_id = ${documentId}
    order by id`);
  return rowsOf<{ id: string | number; data: Uint8Array }>(result).map((r) => ({
    id: Number(r.id),
    data: new Uint8Array(r.data),
  }));
}

/**
 * What is stored of a document, as the updates to apply (the snapshot first) and the tail's
 * length; empty when nothing was ever written.
 */
export async function loadUpdates(db: Db, documentId: number): Promise<{ updates: Uint8Array[]; tail: number }> {
  const rows = await storedRows(db, documentId);
  return { updates: rows.map((r) => r.data), tail: rows.filter((r) => r.id !== 0).length };
}

/** The updates applied to one document copy, in one transaction. */
export function applyAll(doc: Y.Doc, updates: Uint8Array[], origin?: unknown) {
  Y.transact(doc, () => updates.forEach((u) => Y.applyUpdate(doc, u, origin)), origin);
}

/** The document's whole stored state as one update (print, PDF, the next version), null when none. */
export async function loadState(db: Db, documentId: number): Promise<Uint8Array | null> {
  const { updates } = await loadUpdates(db, documentId);
  if (updates.length === 0) return null;
  if (updates.length === 1) return updates[0]!;
  return Y.mergeUpdates(updates);
}

/**
 * Adds a state or an update to the document's stored state: merged with what is there, never
 * replacing it (the co-editing server's stores, a new 月案's start, the seed). One statement.
 */
export async function storeState(db: Db, documentId: number, update: Uint8Array, now = new Date()) {
  await db.insert(recordDocumentUpdates).values({ documentId, update: Buffer.from(update), createdAt: now });
}

/**
 * Folds the tail into the snapshot: under the document's lock, read snapshot and tail in one
 * statement, write their merge (garbage-collected through a Y.Doc) as the snapshot and delete the
 * rows read, by id. A row appended meanwhile was not read, so it stays in the tail. Returns how
 * many rows were folded.
 */
export async function compactDocument(db: Db, documentId: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`select pg_advisory_xact_lock(${COMPACTION_LOCK}, ${documentId})`);
    const rows = await storedRows(t, documentId);
    const tail = rows.filter((r) => r.id !== 0).map((r) => r.id);
    if (tail.length === 0) return 0;
    const doc = new Y.Doc();
    applyAll(
      doc,
      rows.map((r) => r.data),
    );
    const state = Buffer.from(Y.encodeStateAsUpdate(doc));
    doc.destroy();
    await t
      .insert(recordDocumentStates)
      .values({ documentId, state, updatedAt: now })
      .onConflictDoUpdate({ target: recordDocumentStates.documentId, set: { state, updatedAt: now } });
    await t.execute(
      sql`delete from ${recordDocumentUpdates} where document_id = ${documentId} and id in (${sql.join(
        tail.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return tail.length;
  });
}

/**
 * A new version's stored state: the whole state of the version it copies, as its snapshot
 * (status.ts, in the new version's transaction).
 */
export async function copyState(db: Db, fromId: number, toId: number, now: Date) {
  const state = await loadState(db, fromId);
  if (state) await db.insert(recordDocumentStates).values({ documentId: toId, state: Buffer.from(state), updatedAt: now });
}
