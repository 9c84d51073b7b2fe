import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { exportMessages, getChildExport, getStaffClassRecordsArchive, postChildExport } from '@renraku/contract';
import { childExports, recordsArchives } from '../src/db/schema';
import { createStorage, type Storage } from '../src/lib/files';
import { CLEANUP_GRACE_MS, removeExpiredFiles, startFileCleanupWorker } from '../src/modules/files/cleanup';
import { buildClass, buildFamily, buildStaff } from './factories';
import { call, setupApp } from './harness';

/*
 * The cleanup of expired generated files (docs/decisions/files-expired-cleanup.md): the inspection
 * archives and the children's archives are removed from storage (disk and S3) an hour after they
 * expired and their rows marked `expired`; a file still valid is never touched; a storage error
 * leaves that row for the next run and stops nothing; two runners remove each file once.
 */

const t = setupApp();
const NOW = new Date('2026-11-20T04:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const dirs: string[] = [];

let family: Awaited<ReturnType<typeof buildFamily>>;
let director: Awaited<ReturnType<typeof buildStaff>>;
let classId: number;
let seq = 0;

/** A ready child's archive stored under a fresh key, expiring at `expiresAt`. */
async function exportRow(expiresAt: Date, status = 'ready', storage: Storage = t.storage) {
  const key = `exports/${family.child.id}/${++seq}-cleanup.zip`;
  await storage.put(key, Buffer.from(`zip ${seq}`));
  const [row] = await t.db
    .insert(childExports)
    .values({
      userId: family.main.id,
      childId: family.child.id,
      status,
      storageKey: key,
      expiresAt,
      createdAt: ago(3 * 24 * HOUR),
    })
    .returning();
  return { id: row!.id, key };
}

/** A ready inspection archive of the director's, stored under a fresh key, expiring at `expiresAt`. */
async function archiveRow(expiresAt: Date, storage: Storage = t.storage) {
  const key = `records-archives/${classId}/${++seq}-cleanup.zip`;
  await storage.put(key, Buffer.from(`zip ${seq}`));
  const [row] = await t.db
    .insert(recordsArchives)
    .values({
      companyId: director.companyId,
      facilityId: director.facilityId,
      classId,
      year: 2026,
      userId: director.user.id,
      ip: '127.0.0.1',
      status: 'ready',
      storageKey: key,
      expiresAt,
      createdAt: ago(2 * 24 * HOUR),
    })
    .returning();
  return { id: row!.id, key };
}

const exists = async (key: string, storage: Storage = t.storage) => {
  const stream = await storage.get(key);
  stream?.destroy();
  return stream !== null;
};
const statusOf = async (table: typeof childExports | typeof recordsArchives, id: number) => {
  const [row] = await t.db.select({ status: table.status, key: table.storageKey }).from(table).where(eq(table.id, id));
  return row;
};
/** Every expired file of earlier tests gone: each test counts only its own rows. */
const clean = () => removeExpiredFiles(t.app.ctx, NOW);

beforeAll(async () => {
  family = await buildFamily(t.db);
  director = await buildStaff(t.db, { role: 'director', facilityId: family.facilityId });
  classId = (await buildClass(t.db, { facilityId: family.facilityId })).id;
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the cleanup of expired generated files', () => {
  it('removes the files expired over an hour ago and marks their rows expired; keeps the valid ones and the grace hour', async () => {
    const old = [await exportRow(ago(4 * HOUR)), await archiveRow(ago(CLEANUP_GRACE_MS + 1000))];
    const fresh = [await exportRow(new Date(NOW.getTime() + HOUR)), await archiveRow(new Date(NOW.getTime() + 20 * HOUR))];
    const inGrace = [await exportRow(ago(CLEANUP_GRACE_MS - 1000)), await archiveRow(NOW)];
    const result = await clean();
    expect(result).toEqual({ ran: true, removed: 2, failed: 0 });
    expect(await Promise.all(old.map((r) => exists(r.key)))).toEqual([false, false]);
    expect(await statusOf(childExports, old[0]!.id)).toEqual({ status: 'expired', key: null });
    expect(await statusOf(recordsArchives, old[1]!.id)).toEqual({ status: 'expired', key: null });
    for (const r of [...fresh, ...inGrace]) expect(await exists(r.key)).toBe(true);
    expect(await statusOf(childExports, fresh[0]!.id)).toMatchObject({ status: 'ready' });
    expect(await statusOf(recordsArchives, inGrace[1]!.id)).toMatchObject({ status: 'ready' });
    // A second run finds nothing more to do.
    expect(await clean()).toEqual({ ran: true, removed: 0, failed: 0 });
  });

  it('leaves rows that are not ready alone (queued, running and failed have no file to remove)', async () => {
    const queued = await exportRow(ago(5 * HOUR), 'queued');
    const failed = await exportRow(ago(5 * HOUR), 'failed');
    expect((await clean()).removed).toBe(0);
    expect(await exists(queued.key)).toBe(true);
    expect(await statusOf(childExports, failed.id)).toMatchObject({ status: 'failed', key: failed.key });
    await t.db.delete(childExports).where(inArray(childExports.id, [queued.id, failed.id]));
  });

  it('a storage error leaves that row ready for the next run and stops neither the run nor the worker', async () => {
    const rows = [await exportRow(ago(2 * HOUR)), await exportRow(ago(2 * HOUR)), await archiveRow(ago(2 * HOUR))];
    const broken = rows[1]!.key;
    const flaky: Storage = {
      ...t.storage,
      remove: async (key) => {
        if (key === broken) throw new Error('storage unreachable');
        await t.storage.remove(key);
      },
    };
    expect(await removeExpiredFiles({ ...t.app.ctx, storage: flaky }, NOW)).toEqual({ ran: true, removed: 2, failed: 1 });
    expect(await exists(rows[0]!.key)).toBe(false);
    expect(await statusOf(childExports, rows[1]!.id)).toEqual({ status: 'ready', key: broken });
    expect(await statusOf(recordsArchives, rows[2]!.id)).toEqual({ status: 'expired', key: null });

    // Storage down altogether: the run answers, it does not throw.
    const down: Storage = { ...t.storage, remove: () => Promise.reject(new Error('storage down')) };
    expect(await removeExpiredFiles({ ...t.app.ctx, storage: down }, NOW)).toEqual({ ran: true, removed: 0, failed: 1 });

    // The worker's own loop: it keeps ticking through the failures, and removes the file once storage answers.
    let calls = 0;
    const recovering: Storage = {
      ...t.storage,
      remove: async (key) => {
        calls += 1;
        if (calls === 1) throw new Error('storage unreachable');
        await t.storage.remove(key);
      },
    };
    const stop = startFileCleanupWorker({ ...t.app.ctx, storage: recovering }, 20, () => NOW);
    try {
      await expect.poll(async () => (await statusOf(childExports, rows[1]!.id))?.status, { timeout: 10_000 }).toBe('expired');
    } finally {
      stop();
    }
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(await exists(broken)).toBe(false);
  });

  it('two runners at once (two app instances): each file is removed once, every row marked once', async () => {
    const rows = [];
    for (let i = 0; i < 6; i++) rows.push(i % 2 ? await exportRow(ago(3 * HOUR)) : await archiveRow(ago(3 * HOUR)));
    const removed: string[] = [];
    // A slow storage (S3 answers in tens of ms): the runs overlap.
    const slow: Storage = {
      ...t.storage,
      remove: async (key) => {
        removed.push(key);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await t.storage.remove(key);
      },
    };
    const runner = () => removeExpiredFiles({ ...t.app.ctx, storage: slow }, NOW);
    const results = await Promise.all([runner(), runner()]);
    expect(results.reduce((n, r) => n + r.removed, 0)).toBe(6);
    expect([...removed].sort()).toEqual(rows.map((r) => r.key).sort());
    if (t.database.kind === 'postgres') {
      // On PostgreSQL the second found the first holding the advisory lock and left the work to it
      // (PGlite is one connection: there the runs' batches take turns, each row still once).
      expect(results.some((r) => !r.ran)).toBe(true);
    }
    for (const r of rows) expect(await exists(r.key)).toBe(false);
  });
});

describe('an expired archive on the screens', () => {
  it('reads as expired (before and after the cleanup), its old link answers 410, and asking again makes a new one', async () => {
    const before = new Date(NOW.getTime() - 3 * HOUR).toISOString();
    const { id } = await exportRow(ago(2 * HOUR));
    const main = await t.signIn(family.main, { 'x-test-now': NOW.toISOString() });
    const params = { childId: family.child.id };
    // While it was valid, the page had its link.
    const valid = (await call(main, getChildExport, { params, headers: { 'x-test-now': before } })).data.export!;
    expect(valid).toMatchObject({ id, status: 'ready' });
    const url = valid.downloadUrl!;
    // Past its expiry, before the cleanup ran: expired already, no link.
    expect((await call(main, getChildExport, { params })).data.export).toMatchObject({
      id,
      status: 'expired',
      downloadUrl: null,
    });
    await clean();
    expect((await call(main, getChildExport, { params })).data.export).toMatchObject({
      id,
      status: 'expired',
      downloadUrl: null,
    });
    const gone = await main.get(url);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: exportMessages.expired });
    const again = await call(main, postChildExport, { params });
    expect(again.statusCode).toBe(202);
    expect(again.data.export).toMatchObject({ status: 'queued' });
    expect(again.data.export.id).not.toBe(id);

    const a = await archiveRow(ago(2 * HOUR));
    const staff = await t.signInStaff(director.user, { 'x-test-now': NOW.toISOString() });
    const latest = await call(staff, getStaffClassRecordsArchive, { params: { classId }, query: { year: 2026 } });
    expect(latest.data.archive).toMatchObject({ id: a.id, status: 'expired', download_url: null });
    await clean();
    const after = await call(staff, getStaffClassRecordsArchive, { params: { classId }, query: { year: 2026 } });
    expect(after.data.archive).toMatchObject({ id: a.id, status: 'expired', download_url: null });
    expect(after.data.archive!.expires_at).toBe(ago(2 * HOUR).toISOString());
  });
});

describe('the cleanup on an S3 bucket', () => {
  let server: S3rver;
  let bucket: Storage;
  beforeAll(async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-cleanup-'));
    dirs.push(directory);
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    await new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials }).send(
      new CreateBucketCommand({ Bucket: 'renraku-cleanup' }),
    );
    bucket = await createStorage({
      dataDir: directory,
      s3: { bucket: 'renraku-cleanup', region: 'us-east-1', endpoint, ...credentials },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('removes the expired objects from the bucket and keeps the valid one', async () => {
    const old = [await exportRow(ago(2 * HOUR), 'ready', bucket), await archiveRow(ago(2 * HOUR), bucket)];
    const fresh = await archiveRow(new Date(NOW.getTime() + HOUR), bucket);
    expect(await exists(old[0]!.key, bucket)).toBe(true);
    expect(await removeExpiredFiles({ ...t.app.ctx, storage: bucket }, NOW)).toEqual({ ran: true, removed: 2, failed: 0 });
    expect(await exists(old[0]!.key, bucket)).toBe(false);
    expect(await exists(old[1]!.key, bucket)).toBe(false);
    expect(await exists(fresh.key, bucket)).toBe(true);
    expect(await statusOf(recordsArchives, old[1]!.id)).toEqual({ status: 'expired', key: null });
  });
});
