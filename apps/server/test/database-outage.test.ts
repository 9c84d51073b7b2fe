import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { getChildAttendances, messages, postAbsence, postKioskScans } from '@renraku/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { attendanceReports, childAttendances, devices, kioskScans } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/crypto';
import { DEVICE_COOKIE } from '../src/lib/staff-sessions';
import { isDatabaseOutage } from '../src/lib/database-outage';
import { buildChild, buildFamily, TEST_PASSWORD } from './factories';
import { Agent, call } from './harness';
import { createScratchDatabase } from './helpers';

/**
 * A database outage as the app meets it (a restart, a failover, a cut network): the app reaches
 * PostgreSQL through a TCP proxy this test cuts and restores. Requests during the cut answer 503
 * with Retry-After and a Japanese message (not 500), write nothing, and the same request succeeds
 * once the database is back, without restarting the app. PostgreSQL only.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

/** A TCP proxy to the database that can drop every connection and refuse new ones, then come back. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  const port = await listen();
  return {
    port,
    /** Every open connection reset, new ones refused. */
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.resetAndDestroy();
      });
    },
    restore: async () => {
      await listen(port);
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('isDatabaseOutage', () => {
  it('knows a lost or refused connection and PostgreSQL shutting down, and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseOutage(refused)).toBe(true);
    expect(isDatabaseOutage(new AggregateError([refused, refused]))).toBe(true);
    expect(
      isDatabaseOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Drizzle wraps the driver's error.
    expect(isDatabaseOutage(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
  });
});

describe.skipIf(!pgUrl)('a request that meets a database outage', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let direct: Database;
  let viaProxy: Database;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let app: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-outage-'));

  beforeAll(async () => {
    scratch = await createScratchDatabase('test_outage');
    direct = await openPostgres(scratch.url, { max: 2 });
    proxy = await cuttableProxy(new URL(scratch.url));
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    viaProxy = await openPostgres(proxied.toString(), { max: 4 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: proxied.toString(),
      WEB_DIST: path.join(dataDir, 'no-web'),
      STAFF_DIST: path.join(dataDir, 'no-staff'),
    });
    app = await buildApp(config, { database: viaProxy });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await viaProxy?.close();
    await direct?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After in Japanese while the database is away, writes nothing, and recovers without a restart', async () => {
    const f = await buildFamily(direct.db);
    const now = { 'x-test-now': '2026-11-20T01:00:00.000Z' };
    const agent = await new Agent(app, now).login(f.main.email, TEST_PASSWORD);
    const absence = {
      params: { childId: f.child.id },
      body: { absenceType: 2 as const, absenceDates: ['2026-11-24'], message: '家庭の用事' },
    };
    const stored = async () =>
      (
        await direct.db.select({ n: count() }).from(attendanceReports).where(eq(attendanceReports.noteChildId, f.noteChild.id))
      )[0]!.n;

    await proxy.cut();
    const refused = await call(agent, postAbsence, absence);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json()).toEqual({ message: messages.serviceUnavailable });
    const read = await call(agent, getChildAttendances, {
      params: { childId: f.child.id },
      query: { attendance_status_type: 'absence' },
    });
    expect(read.statusCode).toBe(503);
    expect(await stored()).toBe(0);

    await proxy.restore();
    const sent = await call(agent, postAbsence, absence);
    expect(sent.json()).toEqual({ result: true });
    expect(await stored()).toBe(1);
    const history = await call(agent, getChildAttendances, {
      params: { childId: f.child.id },
      query: { attendance_status_type: 'absence' },
    });
    expect(history.statusCode).toBe(200);
    expect(history.data.map((h) => h.target_date)).toEqual(['2026-11-24']);
  });

  it('gate kiosks’ scans during the outage (one batch): 503 in Japanese, nothing stored; sent again once the database is back, recorded once', async () => {
    const f = await buildFamily(direct.db);
    const more = await Promise.all([1, 2, 3].map(() => buildChild(direct.db, { facilityId: f.facilityId })));
    const kiosks = await Promise.all(
      ['ゲート', 'ゲート2'].map(async (name) => {
        const token = randomToken();
        await direct.db.insert(devices).values({
          companyId: f.companyId,
          facilityId: f.facilityId,
          name,
          purpose: 'kiosk',
          credentialHash: sha256(token),
          pairedAt: new Date(),
        });
        const kiosk = new Agent(app);
        kiosk.setCookie(DEVICE_COOKIE, token);
        return kiosk;
      }),
    );
    const at = new Date(Date.now() - 60_000).toISOString();
    const scans = [f.noteChild, ...more.map((m) => m.noteChild)].map((nc) => ({
      id: randomUUID(),
      note_child_id: nc.id,
      kind: 'arrival' as const,
      at,
      pickup: null,
    }));
    // Every scan at once, each its own request, from both kiosks: written together.
    const sendAll = () =>
      Promise.all(
        scans.map((scan, i) =>
          call(kiosks[i % 2]!, postKioskScans, { body: { sent_at: new Date().toISOString(), scans: [scan] } }),
        ),
      );
    const ids = scans.map((scan) => scan.id);
    const stored = async () => (await direct.db.select({ n: count() }).from(kioskScans).where(inArray(kioskScans.id, ids)))[0]!.n;

    await proxy.cut();
    const before = viaProxy.queryCount();
    const refused = await sendAll();
    for (const answer of refused) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('3');
      expect(answer.json()).toEqual({ message: messages.serviceUnavailable });
    }
    // The batch's statement failed for want of a database: not tried again scan by scan.
    expect(viaProxy.queryCount() - before).toBeLessThan(scans.length);
    expect(await stored()).toBe(0);

    await proxy.restore();
    expect((await sendAll()).map((a) => a.data.results[0]!.status)).toEqual(scans.map(() => 'recorded'));
    expect((await sendAll()).map((a) => a.data.results[0]!.status)).toEqual(scans.map(() => 'duplicate'));
    expect(await stored()).toBe(scans.length);
    const rows = await direct.db.select().from(childAttendances).where(eq(childAttendances.noteChildId, f.noteChild.id));
    expect(rows).toHaveLength(1);
  });
});
