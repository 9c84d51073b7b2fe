import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Redis as IORedis } from 'ioredis';
import { WebSocketServer } from 'ws';
import { staffRecordsSocketPath, tokyoDate } from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requestNow } from '../../lib/clock';
import { loadStaffSession } from '../../lib/staff-sessions';
import type { App } from '../../lib/route';
import { staffCallerOf } from '../../lib/staff-route';
import { sessionMayDo, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { isEditable } from './access';
import { authorizeRecord } from './document-access';
import { loadIntoCopy, persistCopy } from './socket-store';

/** How often every open connection's right to its document is checked again (a revoked membership or device). */
export const RECHECK_MS = 5_000;
const ROOM = /^record:(\d{1,10})$/;

interface SocketContext {
  staff: StaffViewer;
  documentId: number;
  /** The child of a child's document: the audit entry's subject. */
  childId: number | null;
  companyId: number;
  facilityId: number;
  writer: boolean;
  /** Set by the sweep when the right is gone: the next message closes the connection. */
  revoked: boolean;
  /** The write session's audit entry is written once, at its first change. */
  audited: boolean;
  headers: IncomingHttpHeaders;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const key = part.slice(0, i).trim();
    try {
      out[key] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[key] = part.slice(i + 1).trim();
    }
  }
  return out;
}

/**
 * Who calls, and what they may do with the document: the same session, caller (`staffCallerOf`, as
 * every HTTP staff call's), catalogue, membership and class rules as the calls (access.ts). A
 * desktop sign-in or a class tablet's PIN session (`records.write` is a device action); the write
 * bit only while the status lets writers type.
 */
async function authorize(ctx: AppContext, headers: IncomingHttpHeaders, ip: string, documentId: number) {
  const now = requestNow(ctx.config.testClock, headers['x-test-now']);
  const fake = { cookies: cookiesOf(headers.cookie) } as unknown as FastifyRequest;
  const session = await loadStaffSession(ctx.db, fake, now, false);
  // The calls' catalogue as for `GET /api/staff/records/:documentId` (staff-calls.ts: `records.read`).
  if (!session || session.pending || !sessionMayDo('records.read', session)) return null;
  const staff = staffCallerOf(session, { today: tokyoDate(now), ip });
  try {
    const access = await authorizeRecord(ctx, staff, documentId, 'read');
    return { staff, access, writer: access.canWrite && isEditable(access.doc.status) };
  } catch {
    return null;
  }
}

/** A browser's socket must come from the app's own origin (cookies ride on cross-site sockets too). */
function sameOrigin(req: IncomingMessage, appUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === req.headers.host || host === new URL(appUrl).host;
  } catch {
    return false;
  }
}

/**
 * Closes the connection's whole socket: Hocuspocus's own close of one document leaves the client's
 * socket open and its provider unaware, so it would neither reconnect nor stop. The client's
 * provider reconnects, authenticates again and gets what it may now (records-co-editing.md).
 */
function dropSocket(connection: { webSocket: { close(code?: number, reason?: string): void } }) {
  connection.webSocket.close(4000, 'rights changed');
}

export interface RecordsSocket {
  /** Writes the open copy of a document now (before a status change or a new version reads it). */
  flush(documentId: number): Promise<void>;
  /** Drops a document's connections: their editors reconnect with the rights its new status gives. */
  reconnect(documentId: number): void;
}

/**
 * The co-editing server (docs/decisions/records-co-editing.md): Hocuspocus over the Fastify
 * server's own port at /api/staff/records/socket, the Yjs state kept as a snapshot and a tail of
 * appended updates (document-store.ts, socket-store.ts), Redis between app instances when REDIS_URL is set.
 */
export function recordsSocket(app: App, ctx: AppContext): RecordsSocket {
  const extensions: Extension[] = [];
  if (ctx.config.redisUrl) {
    const url = ctx.config.redisUrl;
    extensions.push(
      new RedisExtension({ createClient: () => new IORedis(url) as never, prefix: 'renraku:records' }) as unknown as Extension,
    );
  }
  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: 1_000,
    maxDebounce: 5_000,
    extensions,
    async onAuthenticate({ requestHeaders, request, documentName, connectionConfig }) {
      const id = ROOM.exec(documentName)?.[1];
      const found = id ? await authorize(ctx, requestHeaders, request.socket.remoteAddress ?? '', Number(id)) : null;
      if (!found) throw new Error('forbidden');
      connectionConfig.readOnly = !found.writer;
      const context: SocketContext = {
        staff: found.staff,
        documentId: found.access.doc.id,
        childId: found.access.doc.childId,
        companyId: found.access.grant.companyId,
        facilityId: found.access.grant.facilityId,
        writer: found.writer,
        revoked: false,
        audited: false,
        headers: requestHeaders,
      };
      return context;
    },
    // Applied into Hocuspocus's own copy and nothing returned: a returned Y.Doc is encoded and
    // applied again by Hocuspocus, which was most of an open's CPU (docs/performance.md).
    async onLoadDocument({ document, documentName }) {
      await loadIntoCopy(ctx.db, Number(ROOM.exec(documentName)?.[1]), document);
    },
    async onStoreDocument({ document, documentName }) {
      await persistCopy(ctx.db, Number(ROOM.exec(documentName)?.[1]), document);
    },
    async beforeHandleMessage({ context }) {
      if ((context as SocketContext).revoked) throw Object.assign(new Error('revoked'), { code: 4403, reason: 'Forbidden' });
    },
    async onChange({ context }) {
      const c = context as SocketContext | undefined;
      if (!c?.staff || c.audited) return;
      c.audited = true;
      // One entry per write session (a connection's first change), not per keystroke.
      await recordAudit(ctx.db, c.staff, requestNow(ctx.config.testClock, c.headers['x-test-now']), {
        companyId: c.companyId,
        facilityId: c.facilityId,
        action: 'record.edit',
        targetType: 'record_document',
        targetId: c.documentId,
        childId: c.childId,
      });
    },
  });

  // Every open connection's right, again: a revoked membership, device or session, or a status
  // changed on another instance, closes it (its client reconnects and is refused or read-only).
  const sweep = setInterval(() => {
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const c = connection.context as SocketContext;
        void authorize(ctx, c.headers, c.staff.ip, c.documentId)
          .then((found) => {
            if (!found || found.writer !== c.writer) {
              c.revoked = true;
              dropSocket(connection);
            }
          })
          .catch(() => undefined);
      }
    }
  }, RECHECK_MS);
  sweep.unref();

  const wss = new WebSocketServer({ noServer: true, maxPayload: 2_000_000 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== staffRecordsSocketPath) return;
    if (!sameOrigin(req, ctx.config.appUrl)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => hocuspocus.handleConnection(ws, req, {}));
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    app.server.off('upgrade', onUpgrade);
    for (const document of hocuspocus.documents.values()) {
      await persistCopy(ctx.db, Number(ROOM.exec(document.name)?.[1]), document).catch(() => undefined);
    }
    hocuspocus.closeConnections();
    wss.close();
  });

  return {
    async flush(documentId) {
      const document = hocuspocus.documents.get(`record:${documentId}`);
      if (document) await persistCopy(ctx.db, documentId, document);
    },
    reconnect(documentId) {
      for (const connection of hocuspocus.documents.get(`record:${documentId}`)?.getConnections() ?? []) dropSocket(connection);
    },
  };
}
