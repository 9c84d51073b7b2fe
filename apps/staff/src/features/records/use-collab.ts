import { useEffect, useRef, useState } from 'react';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { staffRecordsSocketPath } from '@renraku/contract/staff';

export type CollabStatus = 'connecting' | 'online' | 'saving' | 'offline' | 'denied';
export interface Editor {
  clientId: number;
  name: string;
  color: string;
  field: string | null;
  /** Where this editor's caret is in a text field (a Yjs relative position), when in one. */
  caret: { field: string; rel: unknown } | null;
}

// Dark enough for white text (axe colour contrast ≥ 4.5).
const COLORS = ['#a61e4d', '#1864ab', '#2b8a3e', '#c2410c', '#5f3dc4', '#0b7285'];

/**
 * A document's Yjs copy (records-co-editing.md): kept in this device's IndexedDB (typing goes on
 * offline and merges on return) and synced with the server's socket, which reads the staff cookie.
 * The status says whether what was typed has reached the server.
 */
export function useCollab(room: string) {
  const [state, setState] = useState<{ doc: Y.Doc; provider: HocuspocusProvider } | null>(null);
  useEffect(() => {
    const doc = new Y.Doc();
    const local = new IndexeddbPersistence(`renraku-${room}`, doc);
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${staffRecordsSocketPath}`;
    const provider = new HocuspocusProvider({ url, name: room, document: doc, token: 'cookie' });
    setState({ doc, provider });
    return () => {
      provider.destroy();
      void local.destroy();
      doc.destroy();
    };
  }, [room]);
  return state;
}

/** The connection's state and scope, and this editor's name for the others. */
export function useCollabStatus(provider: HocuspocusProvider, userName: string, onAuthenticated?: () => void) {
  const [status, setStatus] = useState<CollabStatus>('connecting');
  const [scope, setScope] = useState<'read-write' | 'readonly' | null>(null);
  const reread = useRef(onAuthenticated);
  useEffect(() => {
    reread.current = onAuthenticated;
  }, [onAuthenticated]);

  useEffect(() => {
    let socket: string = 'connecting';
    // Reached the server and nothing waits: オンライン; connected with changes on their way: 保存中;
    // no socket: オフライン (what is typed waits in IndexedDB and goes when it returns).
    const update = () => {
      if (socket !== 'connected' || !navigator.onLine)
        return setStatus(socket === 'connecting' && !provider.synced ? 'connecting' : 'offline');
      if (!provider.synced) return setStatus('connecting');
      setStatus(provider.hasUnsyncedChanges ? 'saving' : 'online');
    };
    const onStatus = ({ status: next }: { status: string }) => {
      socket = next;
      update();
    };
    // Each (re)connection: the server reconnects editors when the status changes, so the page
    // re-reads the document (its status, approver, what the caller may do).
    const onAuth = ({ scope: s }: { scope: string }) => {
      setScope(s === 'readonly' ? 'readonly' : 'read-write');
      update();
      reread.current?.();
    };
    const onDenied = () => setStatus('denied');
    provider.on('status', onStatus);
    provider.on('synced', update);
    provider.on('unsyncedChanges', update);
    provider.on('authenticated', onAuth);
    provider.on('authenticationFailed', onDenied);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      provider.off('status', onStatus);
      provider.off('synced', update);
      provider.off('unsyncedChanges', update);
      provider.off('authenticated', onAuth);
      provider.off('authenticationFailed', onDenied);
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [provider]);

  useEffect(() => {
    const color = COLORS[Math.abs(hash(userName)) % COLORS.length]!;
    provider.setAwarenessField('user', { name: userName, color });
  }, [provider, userName]);

  return { status, scope };
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** The other editors of the document and the field each is in (awareness). */
export function useEditors(provider: HocuspocusProvider): Editor[] {
  const [editors, setEditors] = useState<Editor[]>([]);
  useEffect(() => {
    const awareness = provider.awareness!;
    const read = () => {
      const next: Editor[] = [];
      awareness.getStates().forEach((value, clientId) => {
        const user = value.user as { name?: string; color?: string } | undefined;
        if (clientId === awareness.clientID || !user?.name) return;
        next.push({
          clientId,
          name: user.name,
          color: user.color ?? '#555',
          field: (value.field as string | undefined) ?? null,
          caret: (value.caret as Editor['caret'] | undefined) ?? null,
        });
      });
      setEditors(next);
    };
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [provider]);
  return editors;
}

/** Tells the others which field this editor is in (null: none). */
export const focusField = (provider: HocuspocusProvider, field: string | null) => provider.setAwarenessField('field', field);
