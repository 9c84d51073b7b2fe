import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  getStaffClassRecordsArchive,
  postStaffClassRecordsArchive,
  recordsArchiveMessages as M,
  type RecordKind,
} from '@renraku/contract';
import { auditLog, noteChildren, recordDocuments, recordsArchives, staffMemberships } from '../src/db/schema';
import { runArchiveJobs } from '../src/modules/records/archive-worker';
import { currentTemplate } from '../src/modules/records/service';
import { buildChild, buildClass } from './factories';
import { callRaw, type Agent } from './harness';
import { setupRecordsWorld } from './records-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/*
 * The inspection archive built in the background (issue 33; docs/decisions/records-archive-background.md):
 * asked for on the screen (202, a row), built by the worker (the reads logged then, as the member
 * who asked), downloaded through a signed URL by that member (audited); the 園長, 法人管理者 and 主任
 * on a desktop only; a job left running by a stopped server is built again once its lease ends.
 */

const db = () => t.db;
const NOW = '2026-11-20T04:00:00.000Z';
const clock = { 'x-test-now': NOW };
// The 主任 and class A's unlocked tablet come with the records world.
const { t, w, as } = setupRecordsWorld(clock);
const at = (iso: string) => () => new Date(iso);
const dir = mkdtempSync(join(tmpdir(), 'records-archive-jobs-'));

let chief: Agent;
let tabletA: Agent;
let child: number;

const audits = async (where = sql`true`) => (await db().select({ n: count() }).from(auditLog).where(where))[0]!.n;
const ask = (agent: Agent, year: unknown = 2026, classId = w.classA.id) =>
  callRaw(agent, postStaffClassRecordsArchive, { params: { classId }, body: { year }, headers: clock });
const latest = (agent: Agent, year: unknown = 2026, classId = w.classA.id) =>
  callRaw(agent, getStaffClassRecordsArchive, { params: { classId }, query: { year }, headers: clock });
const run = () => runArchiveJobs(t.app.ctx, at(NOW));

async function doc(kind: RecordKind, start: string, end: string, extra: Partial<typeof recordDocuments.$inferInsert> = {}) {
  const template = await currentTemplate(db(), { id: w.facilityId, companyId: w.companyId }, kind, null);
  await db()
    .insert(recordDocuments)
    .values({
      companyId: w.companyId,
      facilityId: w.facilityId,
      classId: w.classA.id,
      kind,
      periodStart: start,
      periodEnd: end,
      templateId: template.id,
      ...extra,
    });
}

beforeAll(async () => {
  chief = as.chief;
  tabletA = as.tablet;
  const k = await buildChild(db(), { facilityId: w.facilityId, firstName: '陽翔', admittedOn: '2024-04-01' });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, k.noteChild.id));
  child = k.child.id;
  await doc('monthly_plan', '2026-11-01', '2026-11-30');
  await doc('progress_record', '2026-04-01', '2026-09-30', { childId: child });
  await doc('yoroku', '2026-04-01', '2027-03-31', { childId: child });
}, 120_000);

describe('the inspection archive in the background', () => {
  it('POST and GET: 園長, 法人管理者, 主任 202/200; 保育士 and 事務 403; other facility 404; the class tablet 403', async () => {
    await expectMatrix(as, statuses(202, { office: 403, classStaff: 403 }), (agent) => ask(agent));
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 403 }), (agent) => latest(agent));
    expect((await ask(chief)).statusCode).toBe(202);
    expect((await ask(tabletA)).statusCode).toBe(403);
    expect((await latest(tabletA)).statusCode).toBe(403);
    // Only the three seats asked: three rows, one each.
    expect((await db().select({ n: count() }).from(recordsArchives))[0]!.n).toBe(3);
    expect(await run()).toBe(3);
  }, 180_000);

  it('作成中 → ready: the reads logged at build time as the one who asked; the signed download audited', async () => {
    const before = {
      child: await audits(eq(auditLog.childId, child)),
      archive: await audits(eq(auditLog.action, 'record.archive')),
    };
    const [{ last }] = (await db()
      .select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)` })
      .from(auditLog)) as [{ last: number }];
    const asked = await ask(as.director);
    expect(asked.statusCode).toBe(202);
    const job = asked.json().archive;
    expect(job).toMatchObject({ status: 'queued', year: 2026, download_url: null });
    // Asked twice while under way: the same one.
    expect((await ask(as.director)).json().archive.id).toBe(job.id);
    expect(await audits(eq(auditLog.action, 'record.archive_request'))).toBeGreaterThan(0);
    // Nothing read yet: the reads are the build's.
    expect(await audits(eq(auditLog.childId, child))).toBe(before.child);
    expect(await run()).toBe(1);
    expect(await audits(eq(auditLog.childId, child))).toBe(before.child + 2);
    expect(await audits(eq(auditLog.action, 'record.archive'))).toBe(before.archive + 1);
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.childId, child), sql`${auditLog.id} > ${last}`));
    expect(reads.map((r) => [r.userId, r.action, (r.details as { view: string }).view])).toEqual([
      [w.staff.director.user.id, 'record.read', 'archive'],
      [w.staff.director.user.id, 'yoroku.read', 'archive'],
    ]);
    const ready = (await latest(as.director)).json().archive;
    expect(ready).toMatchObject({ id: job.id, status: 'ready', done: 4, total: 4 });
    expect(ready.download_url).toMatch(/^\/api\/staff\/classes\/\d+\/records-archives\/\d+\/download\?exp=\d+&sig=/);
    const res = await as.director.get(ready.download_url, { headers: clock });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="records-archive-${w.classA.id}-2026.zip"`);
    const file = join(dir, 'a.zip');
    writeFileSync(file, res.rawPayload);
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      '0_索引.pdf',
      '1_月案_2026年11月の月案.pdf',
      '2_経過記録_2026年度_4月〜9月の経過記録_試験_陽翔.pdf',
      '3_保育所児童保育要録_2026年度_保育所児童保育要録_試験_陽翔.pdf',
    ]);
    const [download] = await db().select().from(auditLog).where(eq(auditLog.action, 'record.archive_download'));
    expect(download).toMatchObject({ userId: w.staff.director.user.id, targetType: 'class', targetId: w.classA.id });
  }, 180_000);

  it('the download: another member, a tampered or expired URL, a lost seat refused; nothing logged', async () => {
    const { download_url: url } = (await latest(as.director)).json().archive;
    const before = await audits(eq(auditLog.action, 'record.archive_download'));
    // The company admin's seat holds the class, but the archive (and its reads) are the director's.
    expect((await as.companyAdmin.get(url, { headers: clock })).statusCode).toBe(404);
    expect((await as.director.get(url.replace(/sig=\w/, 'sig=0'), { headers: clock })).statusCode).toBe(404);
    const id = Number(/records-archives\/(\d+)/.exec(url)![1]);
    const [row] = await db().select().from(recordsArchives).where(eq(recordsArchives.id, id));
    const expiresAt = row!.expiresAt;
    await db()
      .update(recordsArchives)
      .set({ expiresAt: new Date(NOW) })
      .where(eq(recordsArchives.id, id));
    expect((await as.director.get(url, { headers: clock })).statusCode).toBe(410);
    await db().update(recordsArchives).set({ expiresAt }).where(eq(recordsArchives.id, id));
    expect((await as.classStaffA.get(url, { headers: clock })).statusCode).toBe(403);
    expect((await as.otherFacility.get(url, { headers: clock })).statusCode).toBe(404);
    expect((await as.anonymous.get(url, { headers: clock })).statusCode).toBe(401);
    expect((await tabletA.get(url, { headers: clock })).statusCode).toBe(403);
    expect(
      (await as.director.get(url.replace(/records-archives\/\d+/, 'records-archives/abc'), { headers: clock })).statusCode,
    ).toBe(422);
    expect(await audits(eq(auditLog.action, 'record.archive_download'))).toBe(before);
  }, 60_000);

  it('a bad or empty 年度, a bad class: 422 in Japanese, another facility’s class 404; nothing written', async () => {
    const before = { audits: await audits(), rows: (await db().select({ n: count() }).from(recordsArchives))[0]!.n };
    for (const year of ['abc', '1999', '2026.5', '']) expectInvalid(await ask(as.director, year), 'year', M.year);
    expectInvalid(await ask(as.director, 2019), 'year', M.empty);
    expectInvalid(await latest(as.director, 'abc'), 'year', M.year);
    const elsewhere = await buildClass(db(), { facilityId: w.otherFacility.facilityId, name: 'よそ組' });
    expect((await ask(as.director, 2026, elsewhere.id)).statusCode).toBe(404);
    expect((await latest(as.director, 2026, elsewhere.id)).statusCode).toBe(404);
    expect(
      (await as.director.post('/api/staff/classes/abc/records-archives', { payload: { year: 2026 }, headers: clock })).statusCode,
    ).toBe(422);
    expect(await audits()).toBe(before.audits);
    expect((await db().select({ n: count() }).from(recordsArchives))[0]!.n).toBe(before.rows);
  });

  it('a restart: a job left running is built again once its lease ends; a seat lost meanwhile fails it', async () => {
    const job = (await ask(chief)).json().archive;
    // A stopped server: claimed, never finished.
    await db()
      .update(recordsArchives)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date('2026-11-20T04:00:30.000Z') })
      .where(eq(recordsArchives.id, job.id));
    expect(await run()).toBe(0);
    expect(await runArchiveJobs(t.app.ctx, at('2026-11-20T04:01:00.000Z'))).toBe(1);
    expect((await latest(chief)).json().archive).toMatchObject({ id: job.id, status: 'ready' });
    const [row] = await db().select().from(recordsArchives).where(eq(recordsArchives.id, job.id));
    expect(row!.attempts).toBe(2);

    const lost = (await ask(as.companyAdmin)).json().archive;
    await db()
      .update(staffMemberships)
      .set({ validUntil: '2026-11-01' })
      .where(eq(staffMemberships.id, w.staff.companyAdmin.membership.id));
    expect(await run()).toBe(0);
    const [failed] = await db().select().from(recordsArchives).where(eq(recordsArchives.id, lost.id));
    expect(failed).toMatchObject({ status: 'failed', storageKey: null });
  }, 180_000);
});
