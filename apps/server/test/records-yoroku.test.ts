import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  putStaffRecordSettings,
  getStaffAudit,
  getStaffClassYoroku,
  getStaffRecord,
  getStaffYorokuContext,
  postStaffChildProgressRecord,
  postStaffChildYoroku,
  postStaffRecordApprove,
  postStaffRecordSubmit,
  putStaffClassYorokuFocus,
  yorokuMessages as M,
  childRecordMessages,
} from '@renraku/contract';
import { auditLog, facilities, noteChildren, recordDocuments } from '../src/db/schema';
import { storeState } from '../src/modules/records/service';
import { loadState } from '../src/modules/records/document-store';
import { retainUntil } from '../src/modules/records/yoroku-context';
import { admissionState } from '../src/modules/records/yoroku-admission';
import { buildClass } from './factories';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { type Kid, placeKid, setupRecordsWorld } from './records-world';

/*
 * 保育所児童保育要録 (records.md §5–7; issue 33): a final-year child's 要録 opened per 年度 with the
 * 入所に関する記録 from the roster, the class's 重点, the 経過記録 beside it, approval by the 園長
 * only, the two-page PDF (pdftotext), the class ZIP (25 children, timed), every read audited by
 * child and answerable from the audit API, a child who left (kept, read-only), bad input.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };
const YEAR = 2026;

const { db, w, as } = setupRecordsWorld(clock, '1357');
let haruto: Kid;

const read = statuses(200, { office: 403, classStaff: 200 });
const write = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), classStaffA: ok });
const open = (agent: Agent, childId: number, year: unknown = YEAR) =>
  callRaw(agent, postStaffChildYoroku, { params: { childId }, body: { year } as { year: number }, headers: clock });
const docs = async () => (await db().select({ n: count() }).from(recordDocuments))[0]!.n;
const childAudits = async (childId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'yoroku.read'), eq(auditLog.childId, childId)))
  )[0]!.n;

const kid = (firstName: string, birth: string, classId: number, leftOn: string | null = null) =>
  placeKid(db(), w, firstName, birth, classId, { leftOn, admittedOn: '2022-04-01', sex: 1 });

/** The PDF's text as pdftotext reads it, blanks removed. */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'yoroku-')), 'a.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

beforeAll(async () => {
  await db().update(facilities).set({ address: '東京都世田谷区桜1-2-3' }).where(eq(facilities.id, w.facilityId));
  haruto = await kid('陽翔', '2020-09-15', w.classA.id);
}, 120_000);

describe('opening a 要録', () => {
  it('POST: the class writers make it (tablet too), filled from the roster; readers open it; audited with the child', async () => {
    const first = await kid('いちばん', '2020-06-01', w.classA.id);
    const before = await docs();
    // Made by the first writer; the others open the same one (a read), office 403, other facility 404.
    const got: Record<string, number> = {};
    for (const p of [
      'classStaffB',
      'office',
      'classStaffA',
      'director',
      'companyAdmin',
      'otherFacility',
      'ended',
      'guardian',
      'anonymous',
    ] as const)
      got[p] = (await open(as[p], first.child.id)).statusCode;
    expect(got).toEqual({ ...write(200), classStaffB: 403, companyAdmin: 200, director: 200 });
    expect(await docs()).toBe(before + 1);
    expect((await open(as.tablet, first.child.id)).statusCode).toBe(200);
    expect((await open(as.chief, first.child.id)).statusCode).toBe(200);
    const doc = await call(as.classStaffA, postStaffChildYoroku, {
      params: { childId: haruto.child.id },
      body: { year: YEAR },
      headers: clock,
    });
    expect(doc.data.document).toMatchObject({
      kind: 'yoroku',
      period_start: '2026-04-01',
      period_end: '2027-03-31',
      status: 'draft',
      title: 'ひよこ組 試験 陽翔さんの2026年度 保育所児童保育要録',
    });
    expect(doc.data.template.sections.map((s) => s.title)).toEqual(['入所に関する記録', '保育に関する記録']);
    expect(doc.data.template.sections[1]!.fields.map((f) => f.label)).toEqual([
      '個人の重点',
      '保育の展開と子どもの育ち',
      '幼児期の終わりまでに育ってほしい姿',
      '特に配慮すべき事項',
      '最終年度に至るまでの育ちに関する事項',
    ]);
    const reads = await childAudits(haruto.child.id);
    expect((await open(as.classStaffB, haruto.child.id)).statusCode).toBe(200);
    expect(await childAudits(haruto.child.id)).toBe(reads + 1);
  });

  it('bad input: not of the final year, not enrolled, a malformed 年度: 422, nothing written; unknown child 404', async () => {
    const small = await kid('ちいさい', '2022-06-01', w.classA.id);
    const before = await docs();
    expectInvalid(await open(as.director, small.child.id), 'year', M.notFinalYear);
    expectInvalid(await open(as.director, haruto.child.id, 2025), 'year', M.notFinalYear);
    for (const year of ['abc', 1999, 2026.5, null]) expectInvalid(await open(as.director, haruto.child.id, year), 'year');
    const late = await kid('あとから', '2020-07-01', w.classA.id);
    await db().update(noteChildren).set({ admittedOn: '2027-04-01' }).where(eq(noteChildren.id, late.noteChild.id));
    expectInvalid(await open(as.director, late.child.id), 'year', M.notEnrolled);
    expect(await docs()).toBe(before);
    expect((await open(as.director, 999_999)).statusCode).toBe(404);
    expect((await open(as.director, w.otherFacility.child.id)).statusCode).toBe(404);
    const badFocus = await callRaw(as.director, putStaffClassYorokuFocus, {
      params: { classId: w.classA.id },
      body: { text: 'あ'.repeat(2001) },
      headers: clock,
    });
    expectInvalid(badFocus, 'text', M.focus);
  });
});

describe('the class, its 重点, the context, approval', () => {
  it('PUT 重点 by the class writers; GET the class list by readers; the 重点 read-only beside each 要録', async () => {
    await expectMatrix(as, write(200), (agent, p) =>
      callRaw(agent, putStaffClassYorokuFocus, {
        params: { classId: w.classA.id },
        body: { text: `友だちと協力して最後までやり遂げる（${p}）` },
        headers: clock,
      }),
    );
    expect(
      (
        await callRaw(as.tablet, putStaffClassYorokuFocus, {
          params: { classId: w.classA.id },
          body: { text: '重点' },
          headers: clock,
        })
      ).statusCode,
    ).toBe(200);
    await call(as.classStaffA, putStaffClassYorokuFocus, {
      params: { classId: w.classA.id },
      body: { text: '友だちと協力して最後までやり遂げる' },
      headers: clock,
    });
    await expectMatrix(as, read, (agent) =>
      callRaw(agent, getStaffClassYoroku, { params: { classId: w.classA.id }, query: { year: YEAR }, headers: clock }),
    );
    const list = await call(as.director, getStaffClassYoroku, {
      params: { classId: w.classA.id },
      query: { year: YEAR },
      headers: clock,
    });
    expect(list.data.focus.text).toBe('友だちと協力して最後までやり遂げる');
    expect(list.data.can_approve).toBe(true);
    expect(list.data.children.map((c) => c.name)).toContain('試験 陽翔');
    expect(list.data.children.map((c) => c.name)).not.toContain('試験 ちいさい');
    expect(
      (await call(as.chief, getStaffClassYoroku, { params: { classId: w.classB.id }, headers: clock })).data.can_approve,
    ).toBe(false);
    // The 経過記録 written before, beside the form.
    const progress = await call(as.classStaffA, postStaffChildProgressRecord, {
      params: { childId: haruto.child.id },
      body: { period: '2026-09' },
      headers: clock,
    });
    const Y = await import('yjs');
    const y = new Y.Doc();
    y.getText('words').insert(0, '自分の思いを言葉で伝える');
    await storeState(db(), progress.data.document.id, Y.encodeStateAsUpdate(y));
    const doc = (await open(as.classStaffA, haruto.child.id)).json().document.id as number;
    await expectMatrix(as, read, (agent) =>
      callRaw(agent, getStaffYorokuContext, { params: { documentId: doc }, headers: clock }),
    );
    const ctx = await call(as.classStaffA, getStaffYorokuContext, { params: { documentId: doc }, headers: clock });
    expect(ctx.data.focus.text).toBe('友だちと協力して最後までやり遂げる');
    expect(ctx.data.progress[0]).toMatchObject({ label: expect.stringContaining('経過記録') });
    expect(ctx.data.progress[0]!.sections[0]!.text).toContain('自分の思いを言葉で伝える');
    expect(ctx.data.retain_until).toBe('2033-03-31');
    // The facility keeps its 要録 longer (records-yoroku-retention.md): only the 園長 and 法人管理者 set it.
    const keep = (agent: Agent, years: unknown) =>
      callRaw(agent, putStaffRecordSettings, {
        params: { facilityId: w.facilityId },
        body: { term_start_months: [4, 6, 9, 1], progress_terms_from_age: 3, yoroku_retention_extra_years: years as number },
        headers: clock,
      });
    for (const bad of [-1, 21, 1.5, '5', null]) {
      expectInvalid(await keep(as.director, bad), 'yoroku_retention_extra_years', childRecordMessages.retention);
    }
    expect((await keep(as.chief, 5)).statusCode).toBe(403);
    expect((await keep(as.classStaffA, 5)).statusCode).toBe(403);
    expect((await keep(as.director, 5)).json()).toMatchObject({ yoroku_retention_extra_years: 5 });
    const longer = await call(as.classStaffA, getStaffYorokuContext, { params: { documentId: doc }, headers: clock });
    expect(longer.data.retain_until).toBe('2038-03-31');
    expect((await keep(as.director, 0)).json()).toMatchObject({ yoroku_retention_extra_years: 0 });
    // A 経過記録 has no 要録 context.
    expect(
      (await callRaw(as.director, getStaffYorokuContext, { params: { documentId: progress.data.document.id }, headers: clock }))
        .statusCode,
    ).toBe(404);
  });

  it('approval by the 園長 only: the 主任, class staff and the tablet get 403; PDF holds the fields and the approver', async () => {
    const doc = (await open(as.classStaffA, haruto.child.id)).json().document.id as number;
    const params = { documentId: doc };
    const Y = await import('yjs');
    const y = new Y.Doc();
    // Typed on top of the 入所に関する記録 the roster filled in.
    Y.applyUpdate(y, (await loadState(db(), doc))!);
    y.getText('individual_focus').insert(0, '自分の気持ちを言葉にして伝える');
    y.getText('school').insert(0, '世田谷区立桜小学校');
    await storeState(db(), doc, Y.encodeStateAsUpdate(y));
    expect((await callRaw(as.classStaffA, postStaffRecordSubmit, { params, headers: clock })).statusCode).toBe(200);
    const byChief = await callRaw(as.chief, postStaffRecordApprove, { params, headers: clock });
    expect(byChief.statusCode).toBe(403);
    expect(byChief.json().message).toBe(M.directorOnly);
    expect((await call(as.chief, getStaffRecord, { params, headers: clock })).data.can_approve).toBe(false);
    expect((await callRaw(as.classStaffA, postStaffRecordApprove, { params, headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.tablet, postStaffRecordApprove, { params, headers: clock })).statusCode).toBe(403);
    expect((await call(as.director, postStaffRecordApprove, { params, headers: clock })).data.document.status).toBe('approved');
    const pdf = await as.director.get(`/api/staff/records/${doc}/pdf`, { headers: clock });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const s of [
      '入所に関する記録',
      '試験陽翔',
      '2020年9月15日',
      '男',
      '2022年4月1日',
      '2027年3月31日',
      '世田谷区立桜小学校',
      '東京都世田谷区桜1-2-3',
      '最終年度の重点',
      '友だちと協力して最後までやり遂げる',
      '自分の気持ちを言葉にして伝える',
      '健康な心と体',
      '豊かな感性と表現',
      '最終年度に至るまでの育ちに関する事項',
      '園長',
    ])
      expect(text, s).toContain(s);
    const pages = execFileSync('pdfinfo', ['-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(pages).toMatch(/Pages:\s+2/);
    expect(pages).toMatch(/595\.2\d? x 841\.8\d? pts \(A4\)/);
  });
});

describe('the class ZIP, the audit, a child who left', () => {
  it('a class of 25 年長: one ZIP of 25 PDFs in under 30 s; office 403, tablet 403, other facility 404', async () => {
    const klass = await buildClass(db(), { facilityId: w.facilityId, name: 'ぞう組' });
    const kids: Kid[] = [];
    for (let i = 0; i < 25; i++) kids.push(await kid(`園児${String(i + 1).padStart(2, '0')}`, '2020-10-01', klass.id));
    for (const k of kids) expect((await open(as.director, k.child.id)).statusCode).toBe(200);
    const url = `/api/staff/classes/${klass.id}/yoroku.zip?year=${YEAR}`;
    const got: Record<string, number> = {};
    for (const p of ['office', 'otherFacility', 'ended', 'guardian', 'anonymous'] as const)
      got[p] = (await as[p].get(url, { headers: clock })).statusCode;
    expect(got).toEqual({ office: 403, otherFacility: 404, ended: 401, guardian: 401, anonymous: 401 });
    expect((await as.tablet.get(url, { headers: clock })).statusCode).toBe(403);
    const started = performance.now();
    const zip = await as.director.get(url, { headers: clock });
    const seconds = (performance.now() - started) / 1000;
    console.log(`要録 ZIP of 25 children: ${seconds.toFixed(2)} s, ${(zip.rawPayload.length / 1024).toFixed(0)} KiB`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(seconds).toBeLessThan(30);
    const dir = mkdtempSync(join(tmpdir(), 'yoroku-zip-'));
    writeFileSync(join(dir, 'a.zip'), zip.rawPayload);
    const listing = execFileSync('unzip', ['-Z1', join(dir, 'a.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listing).toHaveLength(25);
    expect(listing[0]).toBe('2026年度_保育所児童保育要録_試験 園児01.pdf');
    const one = execFileSync('unzip', ['-p', join(dir, 'a.zip'), listing[0]!]);
    expect(pdfText(one)).toContain('入所に関する記録');
    expect(await childAudits(kids[0]!.child.id)).toBeGreaterThan(0);
    // A class with no 要録 made: 422.
    const empty = await as.director.get(`/api/staff/classes/${w.classB.id}/yoroku.zip?year=${YEAR}`, { headers: clock });
    expect(empty.statusCode).toBe(422);
  }, 120_000);

  it('the audit API answers who read 陽翔’s 要録 and when', async () => {
    await callRaw(as.classStaffB, getStaffRecord, {
      params: { documentId: (await open(as.director, haruto.child.id)).json().document.id },
      headers: clock,
    });
    const screen = await call(as.director, getStaffAudit, {
      params: { facilityId: w.facilityId },
      query: { child_id: haruto.child.id, page: 1 },
      headers: clock,
    });
    const reads = screen.data.data.filter((e) => e.action === 'yoroku.read');
    expect(reads.length).toBeGreaterThan(3);
    expect(reads[0]).toMatchObject({
      action_label: '保育所児童保育要録の閲覧（画面・PDF・ZIP・入所に関する記録）',
      at: expect.any(String),
    });
    const who = new Set(reads.map((e) => e.user?.name));
    expect(who.size).toBeGreaterThan(1);
  });

  it('a child who left: the 要録 is kept, read-only for everyone, still in the PDF', async () => {
    const leaver = await kid('たいしょ', '2020-08-08', w.classA.id);
    const doc = (await open(as.classStaffA, leaver.child.id)).json().document.id as number;
    await db().update(noteChildren).set({ leftOn: '2026-10-31' }).where(eq(noteChildren.id, leaver.noteChild.id));
    const kept = await call(as.director, getStaffRecord, { params: { documentId: doc }, headers: clock });
    expect(kept.data).toMatchObject({ can_edit: false, can_submit: false, can_approve: false });
    const submit = await callRaw(as.director, postStaffRecordSubmit, { params: { documentId: doc }, headers: clock });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().message).toBe(childRecordMessages.left);
    expect((await open(as.director, leaver.child.id)).statusCode).toBe(200);
    expect((await as.director.get(`/api/staff/records/${doc}/pdf`, { headers: clock })).statusCode).toBe(200);
    expect((await call(as.director, getStaffYorokuContext, { params: { documentId: doc }, headers: clock })).data.left).toBe(
      true,
    );
    expect(retainUntil('2020-04-02')).toBe('2033-03-31');
    expect(retainUntil('2020-04-01')).toBe('2032-03-31');
    expect(admissionState({ a: '' }).length).toBeGreaterThan(0);
  });
});
