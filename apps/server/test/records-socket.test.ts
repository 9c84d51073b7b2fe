import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import {
  fiscalYearOf,
  postStaffClassRecord,
  postStaffOverallPlan,
  postStaffRecordSubmit,
  recordRoom,
  staffRecordsSocketPath,
} from '@renraku/contract';
import { auditLog, staffMemberships } from '../src/db/schema';
import { loadState } from '../src/modules/records/document-store';
import { buildStaffWorld } from './factories';
import { call, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { type StaffWorld } from './records-world';

/*
 * The co-editing socket (records-co-editing.md): two Node clients converge through the server; the
 * state lands in PostgreSQL; the rules of the calls hold on the socket (no session, another
 * facility, office refused; a reader's edits never reach the others; a submitted document turns
 * read-only; an ended membership loses the document within the recheck; the facility's 全体的な計画
 * is written by the 園長 only).
 */

const t = setupApp();
const db = () => t.db;

let w: StaffWorld;
let as: Record<StaffPersona, Agent>;
let url: string;
let documentId: number;
const open: { provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket }[] = [];

const cookieOf = (agent: Agent) =>
  ['renraku_staff_session', 'renraku_device']
    .flatMap((name) => (agent.cookie(name) ? [`${name}=${encodeURIComponent(agent.cookie(name)!)}`] : []))
    .join('; ');

/** A Node client as a browser tab: the staff cookies on the upgrade request. */
function client(agent: Agent | null, room: string, headers: Record<string, string> = {}) {
  const cookie = agent ? cookieOf(agent) : '';
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
      // Closing a socket still connecting (teardown, or a reconnect in flight) emits 'error';
      // the provider's own handlers see the close, so a listener here keeps it from going uncaught.
      this.on('error', () => {});
    }
  }
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: CookieSocket,
    maxAttempts: 0,
    delay: 100,
    factor: 1,
    minDelay: 100,
    maxDelay: 200,
  });
  let failed = '';
  let authorized: string | undefined;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: room,
    document: doc,
    token: 'cookie',
    onAuthenticationFailed: ({ reason }) => {
      failed = reason || 'denied';
    },
    onAuthenticated: ({ scope }) => {
      authorized = scope;
    },
  });
  provider.attach();
  open.push({ provider, socket });
  return {
    doc,
    provider,
    failed: () => failed,
    scope: () => authorized,
    synced: () => waitFor(() => provider.isSynced),
  };
}

async function waitFor(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${staffRecordsSocketPath}`;
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
  const res = await call(as.classStaffA, postStaffClassRecord, {
    params: { classId: w.classA.id },
    body: { kind: 'monthly_plan', period: today },
  });
  documentId = res.data.document.id;
}, 120_000);

afterAll(() => {
  for (const { provider, socket } of open) {
    provider.destroy();
    socket.destroy();
  }
});

describe('co-editing socket', () => {
  it('two editors type into one 月案 at once and converge; the state is stored in PostgreSQL; one audit entry each', async () => {
    const a = client(as.classStaffA, recordRoom(documentId));
    const b = client(as.director, recordRoom(documentId));
    await Promise.all([a.synced(), b.synced()]);
    expect(a.scope()).toBe('read-write');
    a.doc.getText('aims').insert(0, '秋の自然に触れて遊ぶ。');
    b.doc.getText('environment').insert(0, '落ち葉やどんぐりを用意する。');
    b.doc.getText('aims').insert(0, '【ねらい】');
    await waitFor(
      () => a.doc.getText('environment').toString() !== '' && b.doc.getText('aims').length === a.doc.getText('aims').length,
    );
    await waitFor(() => a.doc.getText('aims').toString() === b.doc.getText('aims').toString());
    expect(a.doc.getText('aims').toString()).toContain('秋の自然に触れて遊ぶ。');
    expect(a.doc.getText('aims').toString()).toContain('【ねらい】');
    expect(a.doc.getText('environment').toString()).toBe('落ち葉やどんぐりを用意する。');
    // Stored within the debounce (1–5 s).
    let stored = '';
    const end = Date.now() + 8_000;
    while (Date.now() < end) {
      const state = await loadState(db(), documentId);
      if (state) {
        const copy = new Y.Doc();
        Y.applyUpdate(copy, state);
        stored = copy.getText('aims').toString();
        if (stored === a.doc.getText('aims').toString()) break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(stored).toBe(a.doc.getText('aims').toString());
    const [edits] = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'record.edit'));
    expect(edits!.n).toBe(2);
  });

  it('refuses a connection without a session, from office, another facility or an ended membership', async () => {
    for (const agent of [null, as.office, as.otherFacility, as.ended, as.guardian]) {
      const c = client(agent, recordRoom(documentId));
      await waitFor(() => c.failed() !== '');
      expect(c.doc.getText('aims').toString()).toBe('');
    }
    const nothing = client(as.director, 'record:999999');
    await waitFor(() => nothing.failed() !== '');
    const junk = client(as.director, 'notes:1');
    await waitFor(() => junk.failed() !== '');
  });

  it('a reader (class B’s staff) reads live but its edits reach no one', async () => {
    const writer = client(as.classStaffA, recordRoom(documentId));
    const reader = client(as.classStaffB, recordRoom(documentId));
    await Promise.all([writer.synced(), reader.synced()]);
    expect(reader.scope()).toBe('readonly');
    reader.doc.getText('food').insert(0, '読み手の書き込み');
    writer.doc.getText('health').insert(0, '手洗いうがい');
    await waitFor(() => reader.doc.getText('health').toString() === '手洗いうがい');
    await new Promise((r) => setTimeout(r, 300));
    expect(writer.doc.getText('food').toString()).toBe('');
  });

  it('the facility’s 全体的な計画: the 園長 writes, a 保育士 reads live only, office and another facility are refused', async () => {
    const year = fiscalYearOf(new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10));
    const made = await call(as.director, postStaffOverallPlan, {
      params: { facilityId: w.facilityId },
      body: { fiscal_year: year },
    });
    const room = recordRoom(made.data.document.id);
    const director = client(as.director, room);
    const reader = client(as.classStaffA, room);
    await Promise.all([director.synced(), reader.synced()]);
    expect(director.scope()).toBe('read-write');
    expect(reader.scope()).toBe('readonly');
    director.doc.getText('philosophy').insert(0, '子どもの最善の利益を考える。');
    reader.doc.getText('policy').insert(0, '保育士の書き込み');
    await waitFor(() => reader.doc.getText('philosophy').toString() === '子どもの最善の利益を考える。');
    await new Promise((r) => setTimeout(r, 300));
    expect(director.doc.getText('policy').toString()).toBe('');
    for (const agent of [as.office, as.otherFacility]) {
      const c = client(agent, room);
      await waitFor(() => c.failed() !== '');
    }
  });

  it('a cross-site page may not open the socket with the staff cookie (403 before the upgrade)', async () => {
    const ws = new WebSocket(url, { headers: { cookie: cookieOf(as.director), origin: 'https://evil.example' } });
    ws.on('error', () => undefined);
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  it('an ended membership loses the document within the recheck; a submitted document turns read-only', async () => {
    const a = client(as.classStaffA, recordRoom(documentId));
    const b = client(as.classStaffA, recordRoom(documentId));
    await Promise.all([a.synced(), b.synced()]);
    const submitted = await call(as.director, postStaffRecordSubmit, { params: { documentId } });
    expect(submitted.statusCode).toBe(200);
    // Both reconnect read-only: what one types no longer reaches the other.
    await waitFor(() => a.scope() === 'readonly' && b.scope() === 'readonly', 8_000);
    await Promise.all([a.synced(), b.synced()]);
    a.doc.getText('events').insert(0, '提出後の書き込み');
    await new Promise((r) => setTimeout(r, 500));
    expect(b.doc.getText('events').toString()).toBe('');
    // Class A's staff member's membership ends: the connection is closed by the sweep.
    await db()
      .update(staffMemberships)
      .set({ validUntil: '2020-01-01' })
      .where(eq(staffMemberships.id, w.staff.classStaffA.membership.id));
    await waitFor(() => a.failed() !== '', 12_000);
    expect(a.provider.isAuthenticated).toBe(false);
  }, 30_000);
});
