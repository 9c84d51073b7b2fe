import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { exportLimits, exportMessages as M, getChildExport, postChildExport } from '@renraku/contract';
import { childExports, childUser, mailOutbox, noteChildren } from '../src/db/schema';
import { storeImage } from '../src/lib/images';
import { runExportJobs } from '../src/modules/exports/service';
import { type Agent, call, setupApp } from './harness';
import { buildBroadcast, buildClassFor, buildDailyNote, buildFamily, buildFamilyInformation, buildNoteFile } from './factories';

/*
 * Take your data along (issue 20; docs/decisions/exports-child-archive.md): the archive holds every
 * photo the family was allowed to see and none of another family's, with the history as CSV and
 * a printable page; main guardians only; signed, expiring downloads; a killed worker's job is
 * finished once.
 */

const NOW = '2026-11-20T01:00:00.000Z';
const t = setupApp();

/** The entries of a ZIP (stored or deflated), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const photo = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const bytesOf = async (key: string) => {
  const stream = (await t.storage.get(key)) as Readable;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const as = (user: { email: string }, now = NOW) => t.signIn(user, { 'x-test-now': now });

/** Two families whose children share a class: each with its own note photo, the class with one photo. */
async function world() {
  const a = await buildFamily(t.db);
  const b = await buildFamily(t.db);
  const klass = await buildClassFor(t.db, a.noteChild);
  await t.db.update(noteChildren).set({ classId: klass.id }).where(eq(noteChildren.id, b.noteChild.id));
  const aNote = await buildDailyNote(t.db, a.noteChild, '2026-11-18');
  const bNote = await buildDailyNote(t.db, b.noteChild, '2026-11-18');
  const keys = {
    a1: await storeImage(t.storage, 'feed', await photo('#ff0000')),
    a2: await storeImage(t.storage, 'feed', await photo('#00ff00')),
    b1: await storeImage(t.storage, 'feed', await photo('#0000ff')),
    klass: await storeImage(t.storage, 'feed', await photo('#ffff00')),
  };
  await buildNoteFile(t.db, aNote, { key: keys.a1 });
  await buildNoteFile(t.db, aNote, { key: keys.a2 });
  await buildNoteFile(t.db, aNote, { key: 'feed/ignored.pdf', name: 'おたより.pdf', isDocument: true });
  await buildNoteFile(t.db, bNote, { key: keys.b1 });
  await buildBroadcast(t.db, { ...klass, companyId: a.companyId }, '2026-11-19', [{ key: keys.klass }]);
  await buildFamilyInformation(t.db, a.noteChild, '2026-11-18', { message: '咳が出ています' });
  return { a, b, keys };
}

async function download(agent: Agent, url: string) {
  const res = await agent.get(url);
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() as { message: string } };
}

async function prepare(agent: Agent, childId: number) {
  const asked = await call(agent, postChildExport, { params: { childId } });
  expect(asked.statusCode).toBe(202);
  await runExportJobs(t.app.ctx, () => new Date(NOW));
  const latest = await call(agent, getChildExport, { params: { childId } });
  return latest.data.export!;
}

describe('a child’s archive', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });

  it('holds the family’s photos in original quality with dated names, the history as CSV and a page, and mails the link', async () => {
    const main = await as(w.a.main);
    expect((await call(main, getChildExport, { params: { childId: w.a.child.id } })).data).toEqual({ export: null });
    const ready = await prepare(main, w.a.child.id);
    expect(ready).toMatchObject({ status: 'ready', done: 6, total: 6 });
    expect(ready.downloadUrl).toMatch(/\/download\?exp=\d+&sig=/);

    const res = await download(main, ready.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const files = unzip(res.body);
    expect([...files.keys()].sort()).toEqual(
      [
        '写真/2026-11-18_今日の写真_01.jpg',
        '写真/2026-11-18_今日の写真_02.jpg',
        '写真/2026-11-19_クラスの写真_01.jpg',
        '記録.html',
        '連絡帳_家庭から.csv',
        '連絡帳_施設から.csv',
      ].sort(),
    );
    expect(files.get('写真/2026-11-18_今日の写真_01.jpg')).toEqual(await bytesOf(w.keys.a1));
    expect(files.get('写真/2026-11-18_今日の写真_02.jpg')).toEqual(await bytesOf(w.keys.a2));
    expect(files.get('写真/2026-11-19_クラスの写真_01.jpg')).toEqual(await bytesOf(w.keys.klass));
    const notes = files.get('連絡帳_施設から.csv')!.toString('utf8');
    expect(notes.startsWith('\uFEFF"日付","登園〜降園"')).toBe(true);
    expect(notes).toContain('"2026-11-18","08:30〜17:45","09:00 36.5℃"');
    expect(notes).toContain('\r\n');
    expect(files.get('連絡帳_家庭から.csv')!.toString('utf8')).toContain('"咳が出ています"');
    expect(files.get('記録.html')!.toString('utf8')).toContain('<table>');

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.a.main.email));
    expect(mails.filter((m) => m.kind === 'child_export')).toHaveLength(1);
    expect(mails[0]!.subject).toBe(M.mailSubject);
    expect(mails[0]!.text).toContain(`/children/${w.a.child.id}/export`);
  });

  it('never holds a photo of another family’s child (both ways), only the shared class photo', async () => {
    const a = unzip((await download(await as(w.a.main), (await prepare(await as(w.a.main), w.a.child.id)).downloadUrl!)).body);
    const b = unzip((await download(await as(w.b.main), (await prepare(await as(w.b.main), w.b.child.id)).downloadUrl!)).body);
    const aBytes = [...a.values()];
    const bBytes = [...b.values()];
    const holds = (entries: Buffer[], bytes: Buffer) => entries.some((e) => e.equals(bytes));
    expect(holds(aBytes, await bytesOf(w.keys.b1))).toBe(false);
    expect(holds(bBytes, await bytesOf(w.keys.a1))).toBe(false);
    expect(holds(bBytes, await bytesOf(w.keys.a2))).toBe(false);
    expect(holds(bBytes, await bytesOf(w.keys.b1))).toBe(true);
    expect(holds(bBytes, await bytesOf(w.keys.klass))).toBe(true);
    expect([...b.keys()].filter((n) => n.startsWith('写真/'))).toHaveLength(2);
  });

  it('is for the main guardian: anonymous 401, unrelated 404, read-only and writable 403 with the message', async () => {
    const params = { childId: w.a.child.id };
    const anonymous = t.agent({ 'x-test-now': NOW });
    expect((await call(anonymous, postChildExport, { params })).statusCode).toBe(401);
    expect((await call(anonymous, getChildExport, { params })).statusCode).toBe(401);
    const unrelated = await as(w.a.unrelated);
    expect((await call(unrelated, postChildExport, { params })).statusCode).toBe(404);
    expect((await call(unrelated, getChildExport, { params })).statusCode).toBe(404);
    for (const user of [w.a.readOnly, w.a.writable]) {
      const agent = await as(user);
      const res = await call(agent, postChildExport, { params });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: M.mainOnly });
      expect((await call(agent, getChildExport, { params })).statusCode).toBe(403);
    }
    const count = await t.db.select().from(childExports).where(eq(childExports.userId, w.a.writable.id));
    expect(count).toHaveLength(0);
  });

  it('downloads only with its own session, a valid signature and before it expires', async () => {
    const main = await as(w.a.main);
    const latest = (await call(main, getChildExport, { params: { childId: w.a.child.id } })).data.export!;
    const url = latest.downloadUrl!;
    expect((await download(t.agent({ 'x-test-now': NOW }), url)).status).toBe(401);
    expect((await download(await as(w.a.unrelated), url)).status).toBe(404);
    expect((await download(await as(w.a.writable), url)).status).toBe(403);
    expect((await download(await as(w.b.main), url)).status).toBe(404);
    expect((await download(main, url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(404);
    expect((await download(main, url.replace(/exp=\d+/, 'exp=9999999999'))).status).toBe(404);
    expect((await download(main, `${url}&sig=x`)).status).toBe(422);
    const later = new Date(Date.parse(NOW) + (exportLimits.validHours + 1) * 3600_000).toISOString();
    const expired = await download(await as(w.a.main, later), url);
    expect(expired.status).toBe(410);
    expect(expired.json().message).toBe(M.expired);
  });

  it('answers the archive under way to a second request, and allows 3 a day', async () => {
    const f = await buildFamily(t.db);
    const main = await as(f.main);
    const params = { childId: f.child.id };
    const first = await call(main, postChildExport, { params });
    const again = await call(main, postChildExport, { params });
    expect(again.data.export.id).toBe(first.data.export.id);
    expect(first.data.export).toMatchObject({ status: 'queued', downloadUrl: null });
    await runExportJobs(t.app.ctx, () => new Date(NOW));
    for (let i = 1; i < exportLimits.perDay; i++) {
      expect((await call(main, postChildExport, { params })).statusCode).toBe(202);
      await runExportJobs(t.app.ctx, () => new Date(NOW));
    }
    const refused = await call(main, postChildExport, { params });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: M.tooMany });
  });

  it('a job whose worker died (lease over) is finished once by the next worker, with one mail', async () => {
    const f = await buildFamily(t.db);
    const main = await as(f.main);
    const asked = await call(main, postChildExport, { params: { childId: f.child.id } });
    // A worker claimed it and died: running, its lease long over.
    await t.db
      .update(childExports)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date('2026-11-20T00:00:00Z') })
      .where(eq(childExports.id, asked.data.export.id));
    expect(await runExportJobs(t.app.ctx, () => new Date(NOW))).toBe(1);
    expect(await runExportJobs(t.app.ctx, () => new Date(NOW))).toBe(0);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, f.main.email));
    expect(mails.filter((m) => m.kind === 'child_export')).toHaveLength(1);
  });

  it('a guardian who is no longer the main guardian when the job runs gets nothing', async () => {
    const f = await buildFamily(t.db);
    const main = await as(f.main);
    const asked = await call(main, postChildExport, { params: { childId: f.child.id } });
    await t.db
      .update(childUser)
      .set({ main: false })
      .where(and(eq(childUser.childId, f.child.id), eq(childUser.userId, f.main.id)));
    await runExportJobs(t.app.ctx, () => new Date(NOW));
    const [row] = await t.db.select().from(childExports).where(eq(childExports.id, asked.data.export.id));
    expect(row).toMatchObject({ status: 'failed', storageKey: null });
  });
});
