import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordSubmit,
  recordKinds,
  type RecordKind,
} from '@renraku/contract';
import * as Y from 'yjs';
import { auditLog, childAttendances, noteChildren, recordDocuments } from '../src/db/schema';
import { stampBoxes } from '../src/modules/records/pdf';
import { currentTemplate, storeState } from '../src/modules/records/service';
import { buildAbsence, buildChild } from './factories';
import { call, type Agent } from './harness';
import { expectMatrix, statuses } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * Print and PDF (records.md §6; issue 32): every kind as an A4 PDF from its stored text, plans
 * landscape and the 日誌 portrait, with the 確認印; read like the document, audited; the text
 * checked with pdftotext (poppler-utils, scripts/ensure-system-packages.sh).
 */

const DAY = '2026-11-20';
const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };
const dir = mkdtempSync(join(tmpdir(), 'records-pdf-'));

const { db, w, as } = setupRecordsWorld(clock);

const pdfUrl = (id: number | string) => `/api/staff/records/${id}/pdf`;
const get = (agent: Agent, id: number | string) => agent.get(pdfUrl(id), { headers: clock });
let n = 0;
/** The PDF's text as pdftotext reads it (blanks removed), its page size, and the text in each 確認印 box. */
function pdfText(bytes: Buffer): { text: string; pages: string; stamps: string[] } {
  const file = join(dir, `${++n}.pdf`);
  writeFileSync(file, bytes);
  const read = (...crop: string[]) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', ...crop, file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  const pages = /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]!;
  const stamps = stampBoxes(pages.startsWith('841')).map((b) =>
    read(...[b.x, b.y, b.w, b.h].flatMap((v, i) => [['-x', '-y', '-W', '-H'][i]!, String(Math.round(v))])),
  );
  return { text, pages, stamps };
}
const audits = async () => (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'record.read')))[0]!.n;

/** Writes a document's text as the editor would (Y.Text per field, the maps of ticks and values). */
async function write(
  documentId: number,
  texts: Record<string, string>,
  ticks: string[] = [],
  values: Record<string, string> = {},
) {
  const doc = new Y.Doc();
  for (const [key, value] of Object.entries(texts)) doc.getText(key).insert(0, value);
  for (const tick of ticks) doc.getMap('ticks').set(tick, true);
  for (const [key, value] of Object.entries(values)) doc.getMap('values').set(key, value);
  await storeState(db(), documentId, Y.encodeStateAsUpdate(doc));
}
const open = (agent: Agent, kind: 'monthly_plan' | 'daily_journal', period: string, classId = w.classA.id) =>
  call(agent, postStaffClassRecord, { params: { classId }, body: { kind, period }, headers: clock });

let plan: number;

beforeAll(async () => {
  await db().insert(childAttendances).values({
    companyId: w.companyId,
    noteChildId: w.family.noteChild.id,
    date: DAY,
    arrivedAt: '08:25',
    pickedUpAt: '16:40',
    source: 'kiosk',
  });
  const absent = await buildChild(db(), { facilityId: w.facilityId, firstName: '欠席' });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, absent.noteChild.id));
  await buildAbsence(db(), { noteChild: absent.noteChild, targetDate: DAY });
  // Class A's 月案, written, submitted by class A's staff and approved by the director.
  plan = (await open(as.classStaffA, 'monthly_plan', '2026-11')).data.document.id;
  await write(
    plan,
    { aims: '秋の自然に親しみ、友だちと遊ぶ楽しさを味わう。', environment: '落ち葉やどんぐりを集められる籠を用意する。' },
    ['content_domains:健康', 'content_domains:環境'],
  );
  await call(as.classStaffA, postStaffRecordSubmit, { params: { documentId: plan }, headers: clock });
  await call(as.director, postStaffRecordApprove, { params: { documentId: plan }, headers: clock });
}, 120_000);

describe('the PDF of a document', () => {
  it('GET: read like the document (office 403, another facility 404); each read audited', async () => {
    const before = await audits();
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent) => get(agent, plan));
    expect(await audits()).toBe(before + 4);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.read'), eq(auditLog.userId, w.staff.director.user.id)));
    expect(entry).toMatchObject({ targetType: 'record_document', targetId: plan });
    expect(entry!.details).toMatchObject({ kind: 'monthly_plan', view: 'pdf', version: 1 });
  });

  it('the 月案: A4 landscape, the written sections, the ticks, the 確認印 with the approver’s name', async () => {
    const res = await get(as.classStaffA, plan);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="record-${plan}-v1.pdf"`);
    const { text, pages, stamps } = pdfText(res.rawPayload);
    expect(pages).toMatch(/^841\.89 x 595\.28/);
    expect(text).toContain('ひよこ組2026年11月の月案');
    expect(text).toContain('承認済み（第1版）');
    expect(text).toContain('秋の自然に親しみ、友だちと遊ぶ楽しさを味わう。');
    expect(text).toContain('落ち葉やどんぐりを集められる籠を用意する。');
    expect(text).toContain('■健康□人間関係■環境□言葉□表現');
    expect(stamps).toEqual(['担当職員class_staff2026/11/2013:00', '主任', '園長職員director2026/11/2013:00']);
  });

  it('the 保育日誌: portrait, the day’s attendance with the absence, the 主任’s stamp', async () => {
    const journal = (await open(as.classStaffA, 'daily_journal', DAY)).data.document.id;
    await write(journal, { activities: '園庭で落ち葉拾いをした。' }, [], { weather: '晴れ' });
    await call(as.tablet, postStaffRecordSubmit, { params: { documentId: journal }, headers: clock });
    await call(as.chief, postStaffRecordApprove, { params: { documentId: journal }, headers: clock });
    const res = await get(as.tablet, journal);
    expect(res.statusCode).toBe(200);
    const { text, pages, stamps } = pdfText(res.rawPayload);
    expect(pages).toMatch(/^595\.28 x 841\.89/);
    expect(text).toContain('2026年11月20日(金)の保育日誌');
    expect(text).toContain('晴れ');
    expect(text).toContain('園庭で落ち葉拾いをした。');
    expect(text).toContain('在籍2名出席1名欠席1名');
    expect(text).toMatch(/出席：.*（08:25〜16:40）/);
    expect(text).toMatch(/欠席：試験欠席（私用）/);
    expect(text).toContain('午睡チェックの記録はありません');
    // The 主任 (class B's staff with the flag) signs in the 主任's box; the 園長's stays empty.
    expect(stamps[1]).toMatch(/^主任職員class_staff2026\/11\/2013:00$/);
    expect(stamps[2]).toBe('園長');
    expect(text).not.toContain('職員director');
  });

  it('every kind prints from its template, plans landscape; grids with their cells', async () => {
    const facility = { id: w.facilityId, companyId: w.companyId };
    for (const kind of recordKinds as readonly RecordKind[]) {
      // The 要録 prints as its own two-page 様式, a child's document (records-yoroku.test.ts).
      if (kind === 'monthly_plan' || kind === 'daily_journal' || kind === 'yoroku') continue;
      const template = await currentTemplate(db(), facility, kind, null);
      const [doc] = await db()
        .insert(recordDocuments)
        .values({
          companyId: w.companyId,
          facilityId: w.facilityId,
          classId: w.classA.id,
          kind,
          periodStart: '2026-11-16',
          periodEnd: '2026-11-21',
          templateId: template.id,
        })
        .returning();
      const grids: Partial<Record<RecordKind, string>> = {
        overall_plan: 'age_aims:0:0',
        annual_plan: 'term_plan:2:1',
        weekly_plan: 'days:0:0',
        daily_plan: 'timeline:0:1',
        progress_record: 'life:0:0',
      };
      const key = grids[kind] ?? 'aims';
      await write(doc!.id, { [key]: `${kind}の記入` });
      const res = await get(as.director, doc!.id);
      expect(res.statusCode, kind).toBe(200);
      const { text, pages } = pdfText(res.rawPayload);
      expect(text, kind).toContain(`${kind}の記入`.replace(/\s+/g, ''));
      expect(pages, kind).toMatch(kind === 'progress_record' ? /^595\.28 x 841\.89/ : /^841\.89 x 595\.28/);
    }
  });

  it('a bad id is a 422, an unknown one a 404; a class tablet reaches its own class only', async () => {
    expect((await get(as.director, 'abc')).statusCode).toBe(422);
    expect((await get(as.director, '0')).statusCode).toBe(422);
    expect((await get(as.director, 999_999)).statusCode).toBe(404);
    const other = (await open(as.classStaffB, 'monthly_plan', '2026-11', w.classB.id)).data.document.id;
    expect((await get(as.tablet, other)).statusCode).toBe(404);
    expect((await get(as.classStaffA, other)).statusCode).toBe(200);
    expect((await get(as.tablet, plan)).statusCode).toBe(200);
  });
});
