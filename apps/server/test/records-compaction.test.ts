import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { postStaffClassRecord } from '@renraku/contract';
import { recordDocumentStates, recordDocumentUpdates } from '../src/db/schema';
import { COMPACT_AFTER, compactDocument, loadState, loadUpdates, storeState } from '../src/modules/records/document-store';
import { loadIntoCopy, persistCopy } from '../src/modules/records/socket-store';
import { buildStaffWorld } from './factories';
import { call, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { type StaffWorld } from './records-world';

/*
 * The stored state of a co-edited document (docs/decisions/records-co-editing.md): a snapshot and
 * a tail of appended updates, compacted by the store that makes the tail long. Compaction racing
 * stores (several writers, several compactions at once, a late offline edit) loses no edit.
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };
let w: StaffWorld;
let as: Record<StaffPersona, Agent>;
let month = 0;

/** A new 月案 of class A (a month of its own per test). */
async function newDocument(): Promise<number> {
  month++;
  const period = `2025-${String(month).padStart(2, '0')}`;
  const opened = await call(as.director, postStaffClassRecord, {
    params: { classId: w.classA.id },
    body: { kind: 'monthly_plan', period },
    headers: clock,
  });
  expect(opened.statusCode).toBe(200);
  return opened.data.document.id;
}

const textOf = async (documentId: number, field = 'aims') => {
  const copy = new Y.Doc();
  const state = await loadState(db(), documentId);
  if (state) Y.applyUpdate(copy, state);
  return copy.getText(field).toString();
};
const tailRows = async (documentId: number) =>
  (await db().select({ n: count() }).from(recordDocumentUpdates).where(eq(recordDocumentUpdates.documentId, documentId)))[0]!.n;

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w, clock);
});

describe('the stored state: snapshot + tail', () => {
  it('stores append; compaction folds the tail into one snapshot with the same content', async () => {
    const id = await newDocument();
    const doc = new Y.Doc();
    const stores: Promise<void>[] = [];
    doc.on('update', (update: Uint8Array) => stores.push(storeState(db(), id, update)));
    for (let i = 0; i < 20; i++) doc.getText('aims').insert(doc.getText('aims').length, `${i};`);
    doc.getText('aims').delete(0, 2);
    await Promise.all(stores);
    const before = await textOf(id);
    expect(before).toBe(doc.getText('aims').toString());
    expect(await tailRows(id)).toBe(21);
    expect(await compactDocument(db(), id)).toBe(21);
    expect(await tailRows(id)).toBe(0);
    expect(await textOf(id)).toBe(before);
    const [snapshot] = await db().select().from(recordDocumentStates).where(eq(recordDocumentStates.documentId, id));
    expect(snapshot).toBeDefined();
    // Nothing left to fold: nothing written.
    expect(await compactDocument(db(), id)).toBe(0);
  });

  it('compactions running at once with many writers appending: every edit stays, every one once', async () => {
    const id = await newDocument();
    const tokens: string[] = [];
    const pause = () => new Promise((r) => setTimeout(r, Math.random() * 3));
    let writing = true;
    // Four writers whose copies never hear each other's (only the database holds them all), and two
    // compactions at once in a loop until they are done.
    const writers = Array.from({ length: 4 }, async (_, i) => {
      const writer = new Y.Doc();
      for (let round = 0; round < 30; round++) {
        const token = `[${i}-${round}]`;
        tokens.push(token);
        const before = Y.encodeStateVector(writer);
        writer.getText('aims').insert(0, token);
        await storeState(db(), id, Y.encodeStateAsUpdate(writer, before));
        await pause();
      }
    });
    let folded = 0;
    const compactors = Array.from({ length: 2 }, async () => {
      while (writing) {
        folded += await compactDocument(db(), id);
        await pause();
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(compactors);
    expect(folded).toBeGreaterThan(0);
    await compactDocument(db(), id);
    const text = await textOf(id);
    for (const token of tokens) expect(text.split(token).length - 1, token).toBe(1);
    expect(text.length).toBe(tokens.join('').length);
    expect(await tailRows(id)).toBe(0);
  });

  it('two server copies that never heard each other both store: the stored state holds both (no overwrite)', async () => {
    const id = await newDocument();
    const a = new Y.Doc();
    const b = new Y.Doc();
    await loadIntoCopy(db(), id, a);
    await loadIntoCopy(db(), id, b);
    a.getText('aims').insert(0, '園庭で遊ぶ。');
    b.getText('environment').insert(0, '砂場の道具を出す。');
    await Promise.all([persistCopy(db(), id, a), persistCopy(db(), id, b)]);
    expect(await textOf(id, 'aims')).toBe('園庭で遊ぶ。');
    expect(await textOf(id, 'environment')).toBe('砂場の道具を出す。');
  });

  it('an offline copy’s late edit, made before a compaction and stored after it, is kept', async () => {
    const id = await newDocument();
    const online = new Y.Doc();
    online.getText('aims').insert(0, 'はじめ。');
    await storeState(db(), id, Y.encodeStateAsUpdate(online));
    const offline = new Y.Doc();
    Y.applyUpdate(offline, (await loadState(db(), id))!);
    const seen = Y.encodeStateVector(offline);
    offline.getText('aims').insert(offline.getText('aims').length, 'オフラインで書いた。');
    // Meanwhile the online copy goes on and the tail is folded.
    const sv = Y.encodeStateVector(online);
    online.getText('aims').insert(0, '続き。');
    await storeState(db(), id, Y.encodeStateAsUpdate(online, sv));
    await compactDocument(db(), id);
    // The tablet returns: what it wrote since it last synced.
    await storeState(db(), id, Y.encodeStateAsUpdate(offline, seen));
    await compactDocument(db(), id);
    const text = await textOf(id);
    expect(text).toContain('続き。');
    expect(text).toContain('オフラインで書いた。');
    expect(text).toContain('はじめ。');
  });

  it('an update stored before the one it depends on is kept through a compaction and applies once the other arrives', async () => {
    const id = await newDocument();
    const writer = new Y.Doc();
    writer.getText('aims').insert(0, 'A');
    const first = Y.encodeStateAsUpdate(writer);
    const sv = Y.encodeStateVector(writer);
    writer.getText('aims').insert(1, 'B');
    const second = Y.encodeStateAsUpdate(writer, sv);
    await storeState(db(), id, second);
    await compactDocument(db(), id);
    expect(await textOf(id)).toBe('');
    await storeState(db(), id, first);
    expect(await textOf(id)).toBe('AB');
    await compactDocument(db(), id);
    expect(await textOf(id)).toBe('AB');
  });

  it('the co-editing server’s copy: each store appends what it gained; the store that makes the tail long compacts it', async () => {
    const id = await newDocument();
    const copy = new Y.Doc();
    await loadIntoCopy(db(), id, copy);
    for (let i = 0; i < COMPACT_AFTER + 5; i++) {
      copy.getText('aims').insert(copy.getText('aims').length, `${i},`);
      copy.getText('aims').insert(0, '*');
      await persistCopy(db(), id, copy);
    }
    // Nothing gained: nothing appended.
    await persistCopy(db(), id, copy);
    expect(await tailRows(id)).toBe(5);
    expect(await textOf(id)).toBe(copy.getText('aims').toString());
    const { tail } = await loadUpdates(db(), id);
    expect(tail).toBe(5);
    // A copy loaded now holds the same text.
    const reopened = new Y.Doc();
    await loadIntoCopy(db(), id, reopened);
    expect(reopened.getText('aims').toString()).toBe(copy.getText('aims').toString());
  });
});
