/**
 * BENCH_ONLY=records's editors: Node clients of the co-editing socket as the staff app's
 * (HocuspocusProvider, the staff cookie on the upgrade request: apps/server/test/records-socket.test.ts),
 * typing as a person does, and a timer per keystroke: a keystroke is seen by another editor when that
 * editor's copy holds the typist's clock (Yjs state vectors: each inserted character advances it).
 */
import WebSocket from 'ws';
import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';

/** The 月案 template's text fields an editor types into (records default-templates.ts). */
export const FIELDS = ['last_month', 'aims', 'content_education', 'environment', 'activities', 'support', 'evaluation'];
/** What an editor types: a committed IME word of 1–3 characters a keystroke. */
const WORDS = ['あ', 'そび', 'たのしむ', '園庭', '水', '遊び', 'こども', '絵本', '一緒に', '散歩', 'ね', '。', '、'];

export interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  synced: () => boolean;
  failed: () => string;
  /** When the server accepted the connection (performance.now()), null before. */
  authenticatedAt: () => number | null;
  destroy: () => void;
}

/** A client of the socket with the staff cookie, as a browser tab. */
export function connectEditor(url: string, cookie: string, room: string, name: string): Editor {
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
      this.on('error', () => {});
    }
  }
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: CookieSocket, maxAttempts: 0 });
  let failed = '';
  let authenticatedAt: number | null = null;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: room,
    document: doc,
    token: 'cookie',
    onAuthenticationFailed: ({ reason }) => {
      failed = reason || 'denied';
    },
    onAuthenticated: () => {
      authenticatedAt ??= performance.now();
    },
  });
  provider.attach();
  provider.setAwarenessField('user', { name, color: '#1864ab' });
  return {
    doc,
    provider,
    socket,
    synced: () => provider.isSynced,
    failed: () => failed,
    authenticatedAt: () => authenticatedAt,
    destroy: () => {
      provider.destroy();
      socket.destroy();
      doc.destroy();
    },
  };
}

export async function waitFor(check: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`records: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const random = (n: number) => Math.floor(Math.random() * n);

/** One keystroke into a document copy: mostly a word at a random place of a field, sometimes a backspace. */
export function keystroke(doc: Y.Doc, field: string): 'insert' | 'delete' {
  const text = doc.getText(field);
  if (text.length > 0 && Math.random() < 0.15) {
    text.delete(random(text.length), 1);
    return 'delete';
  }
  text.insert(random(text.length + 1), WORDS[random(WORDS.length)]!);
  return 'insert';
}

/**
 * A document's state after `updates` keystrokes by three editors whose copies sync after each one:
 * what PostgreSQL holds for a 月案 written over weeks, with every item and tombstone of the
 * history. As the server stores it at worst (modules/records/document-store.ts): a snapshot of all
 * but the last `tail` keystrokes, and those as the tail of separate updates (`tail` = COMPACT_AFTER − 1:
 * the longest tail a store leaves behind).
 */
export function stateOfUpdates(
  updates: number,
  tail = 0,
): { state: Uint8Array; snapshot: Uint8Array; tail: Uint8Array[]; text: Record<string, string> } {
  const copies = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
  copies.forEach((copy, i) =>
    copy.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'sync') return;
      copies.forEach((other, j) => j !== i && Y.applyUpdate(other, update, 'sync'));
    }),
  );
  let snapshot: Uint8Array = new Uint8Array();
  const last: Uint8Array[] = [];
  copies[0]!.on('update', (update: Uint8Array) => {
    if (snapshot.byteLength > 0) last.push(update);
  });
  for (let n = 0; n < updates; n++) {
    if (n === updates - tail) snapshot = Y.encodeStateAsUpdate(copies[0]!);
    keystroke(copies[n % 3]!, FIELDS[random(FIELDS.length)]!);
  }
  const state = Y.encodeStateAsUpdate(copies[0]!);
  const text = Object.fromEntries(FIELDS.map((f) => [f, copies[0]!.getText(f).toString()]));
  copies.forEach((c) => c.destroy());
  return { state, snapshot: tail > 0 ? snapshot : state, tail: last, text };
}

/**
 * Keystroke-to-copy latencies of one document's editors: each insert's clock is queued for every
 * other editor; an update reaching an editor settles the queued keystrokes its copy now holds.
 */
export class LatencyTracker {
  readonly samples: number[] = [];
  private pending = new Map<string, { clock: number; at: number }[]>();

  watch(editors: Editor[]) {
    for (const receiver of editors) {
      receiver.doc.on('update', () => {
        for (const sender of editors) {
          if (sender === receiver) continue;
          const queue = this.pending.get(this.key(sender, receiver));
          if (!queue?.length) continue;
          const held = Y.getState(receiver.doc.store, sender.doc.clientID);
          const now = performance.now();
          while (queue.length && queue[0]!.clock <= held) this.samples.push(now - queue.shift()!.at);
        }
      });
    }
  }

  /** After an insert by `sender`: its new clock, to be seen by each other editor. */
  typed(sender: Editor, editors: Editor[], at: number) {
    const clock = Y.getState(sender.doc.store, sender.doc.clientID);
    for (const receiver of editors)
      if (receiver !== sender) {
        const key = this.key(sender, receiver);
        const queue = this.pending.get(key) ?? [];
        queue.push({ clock, at });
        this.pending.set(key, queue);
      }
  }

  /** Keystrokes not (yet) seen by some editor. */
  unseen(): number {
    return [...this.pending.values()].reduce((n, q) => n + q.length, 0);
  }

  private key(a: Editor, b: Editor) {
    return `${a.doc.clientID}>${b.doc.clientID}`;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
