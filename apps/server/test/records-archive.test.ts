import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { recordsArchiveMessages as M, type RecordKind } from '@renraku/contract';
import { auditLog, noteChildren, recordDocuments } from '../src/db/schema';
import { currentTemplate } from '../src/modules/records/service';
import { buildChild } from './factories';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * The inspection archive (records.md §6; issue 33; docs/decisions/records-archive.md): a class's
 * 年度 of plans, 日誌 and children's records as one ZIP of PDFs, the index first; the 園長, 法人管理者
 * and 主任 on a desktop only; every child's document audited as a read of the child; a child who
 * left keeps theirs in it; a bad or empty 年度 422 with nothing written.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };
const dir = mkdtempSync(join(tmpdir(), 'records-archive-'));
const url = (classId: number, year: unknown = 2026) => `/api/staff/classes/${classId}/records-archive.zip?year=${year}`;

const { db, w, as } = setupRecordsWorld(clock);
let stays: number;
let left: number;

const audits = async (where = sql`true`) => (await db().select({ n: count() }).from(auditLog).where(where))[0]!.n;

async function doc(kind: RecordKind, start: string, end: string, extra: Partial<typeof recordDocuments.$inferInsert> = {}) {
  const template = await currentTemplate(db(), { id: w.facilityId, companyId: w.companyId }, kind, null);
  const [row] = await db()
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
    })
    .returning();
  return row!;
}

/** The ZIP's file names (unzip -Z1) and one entry's bytes. */
function unzip(bytes: Buffer) {
  const file = join(dir, `${Date.now()}-${Math.random()}.zip`);
  writeFileSync(file, bytes);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  return { names, entry: (name: string) => execFileSync('unzip', ['-p', file, name]) };
}
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, '');

beforeAll(async () => {
  const kid = async (firstName: string, leftOn: string | null) => {
    const k = await buildChild(db(), { facilityId: w.facilityId, firstName, leftOn, admittedOn: '2024-04-01' });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, k.noteChild.id));
    return k.child.id;
  };
  stays = await kid('陽翔', null);
  left = await kid('転園', '2026-09-30');
  const approved = { status: 'approved', approvedBy: w.staff.director.user.id, approvedAt: new Date('2026-05-01T01:00:00Z') };
  await doc('annual_plan', '2026-04-01', '2027-03-31', approved);
  await doc('monthly_plan', '2026-11-01', '2026-11-30');
  await doc('monthly_plan', '2026-11-01', '2026-11-30', { version: 2, status: 'submitted' });
  await doc('weekly_plan', '2026-11-16', '2026-11-21');
  await doc('daily_plan', '2026-11-20', '2026-11-20');
  await doc('daily_journal', '2026-11-19', '2026-11-19', approved);
  await doc('individual_plan', '2026-11-01', '2026-11-30', { childId: stays });
  await doc('progress_record', '2026-04-01', '2026-09-30', { childId: left, ...approved });
  await doc('yoroku', '2026-04-01', '2027-03-31', { childId: stays });
  // Not in the 2026 archive: last 年度's, another class's.
  await doc('monthly_plan', '2026-03-01', '2026-03-31');
  await doc('monthly_plan', '2026-11-01', '2026-11-30', { classId: w.classB.id });
}, 120_000);

describe('the inspection archive', () => {
  it('GET: 園長, 法人管理者, 主任 200; 保育士 and 事務 403; other facility 404; the class tablet 403', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 403 }), (agent) =>
      agent.get(url(w.classA.id), { headers: clock }),
    );
    expect((await as.chief.get(url(w.classA.id), { headers: clock })).statusCode).toBe(200);
    expect((await as.tablet.get(url(w.classA.id), { headers: clock })).statusCode).toBe(403);
  }, 120_000);

  it('one ZIP: the index first, then every document’s latest version; the index lists each with status and approver', async () => {
    const started = performance.now();
    const res = await as.director.get(url(w.classA.id), { headers: clock });
    console.log(
      `records archive of 8 documents: ${((performance.now() - started) / 1000).toFixed(2)} s, ${(res.rawPayload.length / 1024).toFixed(0)} KiB`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="records-archive-${w.classA.id}-2026.zip"`);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const zip = unzip(res.rawPayload);
    expect(zip.names).toEqual([
      '0_索引.pdf',
      '1_年間指導計画_2026年度_年間指導計画.pdf',
      '2_月案_2026年11月の月案.pdf',
      '3_週案_2026年11月16日(月)〜11月21日(土)の週案.pdf',
      '4_日案_2026年11月20日(金)の日案.pdf',
      '5_保育日誌_2026年11月19日(木)の保育日誌.pdf',
      '6_個別指導計画_2026年11月の個別指導計画_試験_陽翔.pdf',
      '7_経過記録_2026年度_4月〜9月の経過記録_試験_転園.pdf',
      '8_保育所児童保育要録_2026年度_保育所児童保育要録_試験_陽翔.pdf',
    ]);
    const index = pdfText(zip.entry(zip.names[0]!));
    for (const title of [
      'ひよこ組2026年度年間指導計画',
      'ひよこ組2026年11月の月案',
      'ひよこ組2026年11月16日(月)〜11月21日(土)の週案',
      'ひよこ組2026年11月20日(金)の日案',
      'ひよこ組2026年11月19日(木)の保育日誌',
      'ひよこ組試験陽翔さん2026年11月の個別指導計画',
      'ひよこ組試験転園さん2026年度4月〜9月の経過記録',
      'ひよこ組試験陽翔さん2026年度保育所児童保育要録',
    ])
      expect(index, title).toContain(title);
    expect(index).toContain('提出済み（第2版）');
    expect(index).toContain('承認済み（第1版）');
    expect(index).toContain('2026/05/0110:00');
    expect(index).not.toContain('2026年3月の月案');
    expect(pdfText(zip.entry(zip.names[2]!))).toContain('提出済み（第2版）');
    expect(pdfText(zip.entry(zip.names[7]!))).toContain('ひよこ組試験転園さん');
    expect(pdfText(zip.entry(zip.names[8]!))).toContain('入所に関する記録');
  }, 120_000);

  it('audited: each child’s document a read with the child, one entry for the archive', async () => {
    const archive = eq(auditLog.action, 'record.archive');
    const before = {
      archive: await audits(archive),
      stays: await audits(eq(auditLog.childId, stays)),
      left: await audits(eq(auditLog.childId, left)),
    };
    expect((await as.chief.get(url(w.classA.id), { headers: clock })).statusCode).toBe(200);
    expect(await audits(archive)).toBe(before.archive + 1);
    // 陽翔: the 個別指導計画 and the 要録; the child who left: the 経過記録.
    expect(await audits(eq(auditLog.childId, stays))).toBe(before.stays + 2);
    expect(await audits(eq(auditLog.childId, left))).toBe(before.left + 1);
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.childId, stays), sql`${auditLog.details} ->> 'view' = 'archive'`));
    expect(new Set(reads.map((r) => r.action))).toEqual(new Set(['record.read', 'yoroku.read']));
    expect(reads[0]!.details).toMatchObject({ view: 'archive', class_id: w.classA.id });
    const [entry] = await db().select().from(auditLog).where(archive).limit(1);
    expect(entry).toMatchObject({ targetType: 'class', targetId: w.classA.id });
    expect(entry!.details).toMatchObject({ year: 2026, documents: 8 });
  }, 120_000);

  it('a bad 年度 422 in Japanese, an empty 年度 422; nothing logged', async () => {
    const before = await audits();
    for (const year of ['abc', '1999', '2026.5', ''])
      expectInvalid(await as.director.get(url(w.classA.id, year), { headers: clock }), 'year', M.year);
    expectInvalid(await as.director.get(url(w.classA.id, 2019), { headers: clock }), 'year', M.empty);
    expect((await as.director.get(`/api/staff/classes/abc/records-archive.zip`, { headers: clock })).statusCode).toBe(422);
    expect(await audits()).toBe(before);
  });
});
