/**
 * BENCH_ONLY=records (issue 32): the co-editing socket (modules/records/socket.ts, Hocuspocus) of one
 * app server under 50 月案 typed into by 3 editors each at once, with Node clients that connect as
 * the staff app does (records-clients.ts). Measured: opening a document whose stored state holds
 * 5,000 updates (p99 ≤ 200 ms), the time from a keystroke to the other editors' copies (p99 ≤ 250 ms)
 * and the server's CPU per update, the guardians' hot calls against the baseline alone and beside the
 * typing, and at the end every copy against the others and against the state the server stored.
 */
import { addMonths, recordRoom, staffRecordsSocketPath } from '@renraku/contract';
import { sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Database } from '../src/db/client';
import { recordDocumentUpdates } from '../src/db/schema';
import { COMPACT_AFTER, compactDocument, loadState, storeState } from '../src/modules/records/document-store';
import { compareRatios, hotCallRatios, type Guardian } from './calls';
import { loadAverage, log, sleep } from './config';
import { ensureStaff, signInStaff, xsrfOf, type FacilityStaff } from './dataset-staff';
import { cpuSnapshot, postgresTicksBetween, startServer, stopServer, TICK_MS } from './processes';
import {
  connectEditor,
  FIELDS,
  keystroke,
  LatencyTracker,
  percentile,
  stateOfUpdates,
  waitFor,
  type Editor,
} from './records-clients';

const DOCUMENTS = Number(process.env.BENCH_RECORDS_DOCUMENTS ?? 50);
const EDITORS = 3;
const OPENS = Number(process.env.BENCH_RECORDS_OPENS ?? 100);
const STORED_UPDATES = Number(process.env.BENCH_RECORDS_UPDATES ?? 5000);
const SECONDS = Number(process.env.BENCH_RECORDS_SECONDS ?? 20);
/** Keystrokes (committed words) per editor and second: a person typing steadily. */
const RATE = Number(process.env.BENCH_RECORDS_RATE ?? 2);

interface Planned {
  classId: number;
  period: string;
  creator: number;
  editors: number[];
}

/** Document i: facility i mod F, its class ⌊i / F⌋ mod 6, this month (earlier months once every class has one). */
function plan(staff: FacilityStaff[], count: number, thisMonth: string, monthsBack: number, editing: boolean): Planned[] {
  const perMonth = staff.length * 6;
  return Array.from({ length: count }, (_, i) => {
    const facility = staff[i % staff.length]!;
    const klass = facility.classStaff[Math.floor(i / staff.length) % 6]!;
    const period = addMonths(thisMonth, -(monthsBack + Math.floor(i / perMonth)));
    const editors = editing ? [klass.userIds[0], klass.userIds[1], facility.director] : [facility.director];
    return { classId: klass.classId, period, creator: editors[0]!, editors };
  });
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));
const stats = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))} ms, p99 ${ms(percentile(values, 99))} ms, max ${ms(Math.max(...values))} ms (${values.length} samples)`;

export async function recordsRun(database: Database, guardians: Guardian[], today: string) {
  const db = database.db;
  const staff = await ensureStaff(db, today);
  await db.execute(sql`delete from record_documents`);
  const thisMonth = today.slice(0, 7);
  const editing = plan(staff, DOCUMENTS, thisMonth, 0, true);
  const opening = plan(staff, OPENS, thisMonth, 12, false);
  const cookies = await signInStaff(db, [...new Set([...editing, ...opening].flatMap((d) => d.editors))]);
  log(
    `## records: co-editing on one app server: ${DOCUMENTS} 月案 × ${EDITORS} editors typing ${RATE} words/s each; opening ${OPENS} documents of ${STORED_UPDATES.toLocaleString('en')} stored updates`,
  );

  const app = await startServer('app');
  const origin = `http://127.0.0.1:${app.port}`;
  const socketUrl = `ws://127.0.0.1:${app.port}${staffRecordsSocketPath}`;
  const editors: Editor[][] = [];
  try {
    // The documents as the staff app makes them (POST …/records: the template, the created event).
    const create = async (d: Planned): Promise<number> => {
      const xsrf = await xsrfOf(origin, cookies.get(d.creator));
      const response = await fetch(`${origin}/api/staff/classes/${d.classId}/records`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${cookies.get(d.creator)}; XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({ kind: 'monthly_plan', period: d.period }),
      });
      const body = (await response.json()) as { id?: number; document?: { id: number } };
      const id = body.document?.id ?? body.id;
      if (!response.ok || !id) throw new Error(`records: creating a 月案: ${response.status} ${JSON.stringify(body)}`);
      return id;
    };
    const editingIds: number[] = [];
    for (const d of editing) editingIds.push(await create(d));
    const openingIds: number[] = [];
    for (const d of opening) openingIds.push(await create(d));

    // The stored history of STORED_UPDATES keystrokes, as the server leaves it at worst: a snapshot
    // and the longest tail a store leaves behind (COMPACT_AFTER − 1 updates), for every document to open.
    const built = performance.now();
    const { state, snapshot, tail, text } = stateOfUpdates(STORED_UPDATES, COMPACT_AFTER - 1);
    for (const id of openingIds) {
      await storeState(db, id, snapshot);
      await compactDocument(db, id);
      // The tail in one statement (the server appends each in its own store).
      await db.insert(recordDocumentUpdates).values(tail.map((update) => ({ documentId: id, update: Buffer.from(update) })));
    }
    log(
      `stored state of ${STORED_UPDATES.toLocaleString('en')} updates: ${(state.byteLength / 1024).toFixed(1)} kB (${Object.values(text).join('').length} characters left) as a snapshot and a tail of ${tail.length} updates, built and written ${OPENS}× in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    );

    // Opening: one at a time, each document not yet loaded by the server (its state read from PostgreSQL).
    const open = async (id: number, cookie: string) => {
      const started = performance.now();
      const editor = connectEditor(socketUrl, cookie, recordRoom(id), 'bench');
      await waitFor(() => editor.synced() || editor.failed() !== '', 10_000, `document ${id} to open`);
      const took = performance.now() - started;
      const authenticated = (editor.authenticatedAt() ?? started) - started;
      const matches = FIELDS.every((f) => editor.doc.getText(f).toString() === text[f]);
      editor.destroy();
      if (editor.failed()) throw new Error(`records: opening ${id} refused: ${editor.failed()}`);
      return { took, authenticated, matches };
    };
    for (const [i, id] of editingIds.slice(0, 3).entries()) await open(id, cookies.get(editing[i]!.creator)!); // warm-up
    const opens: number[] = [];
    const authentications: number[] = [];
    let matched = 0;
    const openBefore = cpuSnapshot(app.child.pid);
    for (const [i, id] of openingIds.entries()) {
      const { took, authenticated, matches } = await open(id, cookies.get(opening[i]!.creator)!);
      opens.push(took);
      authentications.push(authenticated);
      if (matches) matched++;
    }
    const openAfter = cpuSnapshot(app.child.pid);
    log(`open (socket connect → authenticated → state loaded → synced): ${stats(opens)}; content as stored ${matched}/${OPENS}`);
    log(`open, of which connect → authenticated (the session and the document's rights): ${stats(authentications)}`);
    if (openBefore && openAfter)
      log(
        `open: server CPU per open ${(((openAfter.server - openBefore.server) * TICK_MS) / OPENS).toFixed(1)} ms, PostgreSQL ${((postgresTicksBetween(openBefore.postgres, openAfter.postgres) * TICK_MS) / OPENS).toFixed(1)} ms (the opens one after another, load average ${loadAverage()})`,
      );
    log();

    const alone = await hotCallRatios(app, guardians, 'alone (no editing)');

    // The editors: every one connected and synced before the typing starts.
    const trackers: LatencyTracker[] = [];
    for (const [i, id] of editingIds.entries()) {
      const docEditors = editing[i]!.editors.map((u) => connectEditor(socketUrl, cookies.get(u)!, recordRoom(id), `職員${u}`));
      editors.push(docEditors);
      const tracker = new LatencyTracker();
      tracker.watch(docEditors);
      trackers.push(tracker);
    }
    await waitFor(() => editors.flat().every((e) => e.synced() || e.failed() !== ''), 60_000, 'every editor to sync');
    const refused = editors.flat().filter((e) => e.failed() !== '').length;
    if (refused) throw new Error(`records: ${refused} editors refused`);

    // Connected and quiet: what the open connections cost the server alone (the rights' recheck every 5 s).
    const idleBefore = cpuSnapshot(app.child.pid);
    await sleep(10_000);
    const idleAfter = cpuSnapshot(app.child.pid);
    if (idleBefore && idleAfter)
      log(
        `${editors.flat().length} editors connected, nobody typing, 10 s: server CPU ${(((idleAfter.server - idleBefore.server) * TICK_MS) / 10).toFixed(0)} ms/s, PostgreSQL ${((postgresTicksBetween(idleBefore.postgres, idleAfter.postgres) * TICK_MS) / 10).toFixed(0)} ms/s`,
      );

    let updates = 0;
    const typing = () => {
      let running = true;
      const timers = editors.flatMap((docEditors, i) =>
        docEditors.map((editor) => {
          let field = FIELDS[Math.floor(Math.random() * FIELDS.length)]!;
          const tick = () => {
            if (!running) return;
            if (Math.random() < 0.1) {
              field = FIELDS[Math.floor(Math.random() * FIELDS.length)]!;
              editor.provider.setAwarenessField('field', field);
            }
            const at = performance.now();
            if (keystroke(editor.doc, field) === 'insert') trackers[i]!.typed(editor, docEditors, at);
            updates++;
            timer = setTimeout(tick, (1000 / RATE) * (0.5 + Math.random()));
          };
          let timer = setTimeout(tick, Math.random() * (1000 / RATE));
          return () => clearTimeout(timer);
        }),
      );
      return async () => {
        running = false;
        timers.forEach((stop) => stop());
        await waitFor(() => trackers.every((t) => t.unseen() === 0), 10_000, 'the last keystrokes to arrive').catch(
          () => undefined,
        );
      };
    };
    const samples = () => trackers.flatMap((t) => t.samples.splice(0));

    // Typing alone: latency and the server's CPU per update (the debounced stores to PostgreSQL included).
    const before = cpuSnapshot(app.child.pid);
    const stopTyping = typing();
    await sleep(SECONDS * 1000);
    await stopTyping();
    const after = cpuSnapshot(app.child.pid);
    const alonePerUpdate = (ticks: number) => ((ticks * TICK_MS) / Math.max(updates, 1)).toFixed(2);
    const latencies = samples();
    log(
      `### editing: ${editors.flat().length} editors of ${DOCUMENTS} documents for ${SECONDS} s: ${updates.toLocaleString('en')} updates (${(updates / SECONDS).toFixed(0)}/s; inserts timed, backspaces counted) (load average ${loadAverage()})`,
    );
    log(`keystroke → the other editors' copies: ${stats(latencies)}`);
    if (before && after)
      log(
        `server CPU per update ${alonePerUpdate(after.server - before.server)} ms, PostgreSQL CPU per update ${alonePerUpdate(postgresTicksBetween(before.postgres, after.postgres))} ms (process trees from /proc, the ${SECONDS} s and the drain)`,
      );
    log();

    // Typing again while the guardians' hot calls are measured beside it.
    updates = 0;
    const stopAgain = typing();
    const beside = await hotCallRatios(app, guardians, `beside ${editors.flat().length} editors typing`);
    await stopAgain();
    log(`keystroke → the other editors' copies while the guardians' calls ran: ${stats(samples())}`);
    log();
    compareRatios(alone, beside, ['alone', 'beside editing']);

    // Every copy the same as the others', and as the state the server stored (after its debounce).
    await sleep(6_000);
    const storedOf = new Map<number, Uint8Array | null>();
    for (const id of editingIds) storedOf.set(id, await loadState(db, id));
    let identical = 0;
    let asStored = 0;
    editors.forEach((docEditors, i) => {
      const texts = docEditors.map((e) => FIELDS.map((f) => e.doc.getText(f).toString()).join('\u0000'));
      if (texts.every((t) => t === texts[0])) identical++;
      const copy = new Y.Doc();
      const state = storedOf.get(editingIds[i]!);
      if (state) Y.applyUpdate(copy, state);
      if (FIELDS.map((f) => copy.getText(f).toString()).join('\u0000') === texts[0]) asStored++;
    });
    const unseen = trackers.reduce((n, t) => n + t.unseen(), 0);
    log(
      `check: copies identical ${identical}/${DOCUMENTS}, equal to the stored state ${asStored}/${DOCUMENTS}, keystrokes never seen by an editor ${unseen}`,
    );
    if (identical !== DOCUMENTS || asStored !== DOCUMENTS || unseen) throw new Error('records: copies differ or keystrokes lost');
  } finally {
    editors.flat().forEach((e) => e.destroy());
    await stopServer(app.child);
  }
}
