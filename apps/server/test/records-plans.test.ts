import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  getStaffClassRecords,
  getStaffOverallPlan,
  getStaffRecord,
  postStaffClassAnnualPlan,
  postStaffOverallPlan,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordSubmit,
  recordPlanMessages as M,
  type RecordKind,
} from '@renraku/contract';
import { auditLog, classes, recordDocuments } from '../src/db/schema';
import { loadState } from '../src/modules/records/service';
import { buildClass } from './factories';
import { call, callRaw, type Agent } from './harness';
import { pdfText } from './pdf-text';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { approvedPlan, setupRecordsWorld } from './records-world';

/*
 * The plans of a 年度 on their screens (records.md §2, §7; issue 32; records-plans-screens.md):
 * the facility's 全体的な計画 (read by every member but office, written, submitted and approved by
 * the 園長 and 法人管理者, not on a class tablet) and a class's first 年間指導計画, copied from last
 * 年度's plan of the same age or made from the template; audited; bad input a 422 in Japanese.
 */

const clock = { 'x-test-now': '2026-06-10T03:00:00.000Z' };
const readers = statuses(200, { office: 403, classStaff: 200 });

const { db, w, as } = setupRecordsWorld(clock);
let last: { overall: number; hiyoko: number };
let auditBase = 0;

const facility = () => ({ facilityId: w.facilityId });
const getOverall = (agent: Agent, query: Record<string, unknown> = {}) =>
  callRaw(agent, getStaffOverallPlan, { params: facility(), query, headers: clock });
const openOverall = (agent: Agent, body: Record<string, unknown> = { fiscal_year: 2026 }) =>
  callRaw(agent, postStaffOverallPlan, { params: facility(), body, headers: clock });
const openAnnual = (agent: Agent, classId: number | string) =>
  callRaw(agent, postStaffClassAnnualPlan, { params: { classId }, headers: clock });
const docsOf = (kind: RecordKind) =>
  db()
    .select()
    .from(recordDocuments)
    .where(
      and(
        eq(recordDocuments.facilityId, w.facilityId),
        eq(recordDocuments.kind, kind),
        eq(recordDocuments.periodStart, '2026-04-01'),
      ),
    );
const creations = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'record.create'), gt(auditLog.id, auditBase)));
const textOf = async (documentId: number, key: string) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, (await loadState(db(), documentId)) ?? new Uint8Array([0, 0]));
  return doc.getText(key).toString();
};

const plan = (kind: RecordKind, classId: number | null, texts: Record<string, string>) =>
  approvedPlan(db(), w, 2025, { kind, classId, texts });

beforeAll(async () => {
  await db().update(classes).set({ ageBand: 0 }).where(eq(classes.id, w.classA.id));
  await db().update(classes).set({ ageBand: 1 }).where(eq(classes.id, w.classB.id));
  // Last 年度: a 0歳児 class of another name with its 年間指導計画, and the facility's 全体的な計画.
  const lastHiyoko = await buildClass(db(), { facilityId: w.facilityId, name: 'もも組', fiscalYear: 2025 });
  await db().update(classes).set({ ageBand: 0 }).where(eq(classes.id, lastHiyoko.id));
  last = {
    overall: await plan('overall_plan', null, { philosophy: '一人ひとりの育ちを大切にする。' }),
    hiyoko: await plan('annual_plan', lastHiyoko.id, { year_goal: '安心できる保育者のもとで過ごす。' }),
  };
  auditBase =
    (
      await db()
        .select({ id: max(auditLog.id) })
        .from(auditLog)
    )[0]!.id ?? 0;
}, 120_000);

describe('the 全体的な計画 of a 年度', () => {
  it('GET: every member but office (保育士 and 主任 read); a class tablet 404; what a new one copies', async () => {
    await expectMatrix(as, readers, (agent) => getOverall(agent));
    expect((await getOverall(as.chief)).statusCode).toBe(200);
    expect((await getOverall(as.tablet)).statusCode).toBe(404);
    const director = await getOverall(as.director);
    expect(director.data).toEqual({
      fiscal_year: 2026,
      document: null,
      state: 'missing',
      can_create: true,
      source: { fiscal_year: 2025, class_name: null, document_id: last.overall },
      years: [2025],
    });
    expect((await getOverall(as.classStaffA)).data.can_create).toBe(false);
    expect((await getOverall(as.chief)).data.can_create).toBe(false);
    expect((await getOverall(as.director, { year: 2025 })).data).toMatchObject({
      state: 'done',
      can_create: false,
      source: null,
    });
  });

  it('GET: a bad 年度 is a 422 in Japanese', async () => {
    expectInvalid(await getOverall(as.director, { year: 'abc' }), 'year', M.year);
    expectInvalid(await getOverall(as.director, { year: 1999 }), 'year', M.year);
  });

  it('POST: only the 園長 and 法人管理者 create it (保育士, 主任 403, a tablet 404); nothing written by the others', async () => {
    for (const agent of [as.classStaffA, as.chief]) {
      const res = await openOverall(agent);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.notWriter);
    }
    expect((await openOverall(as.tablet)).statusCode).toBe(404);
    const others = [as.office, as.otherFacility, as.guardian, as.anonymous];
    const got = [];
    for (const agent of others) got.push((await openOverall(agent)).statusCode);
    expect(got).toEqual([403, 404, 401, 401]);
    expect(await docsOf('overall_plan')).toHaveLength(0);
    expect(await creations()).toHaveLength(0);
  });

  it('POST: bad input is a 422 in Japanese (a past 年度 is not made); nothing written', async () => {
    expectInvalid(await openOverall(as.director, { fiscal_year: 'x' }), 'fiscal_year', M.year);
    expectInvalid(await openOverall(as.director, {}), 'fiscal_year', M.year);
    expectInvalid(await openOverall(as.director, { fiscal_year: 2026.5 }), 'fiscal_year', M.year);
    expectInvalid(await openOverall(as.director, { fiscal_year: 2024 }), 'fiscal_year', M.createYear);
    expectInvalid(await openOverall(as.director, { fiscal_year: 2028 }), 'fiscal_year', M.createYear);
    expect(await docsOf('overall_plan')).toHaveLength(0);
  });

  it('POST: the first makes it from last 年度’s text, once (audited); then every reader opens it', async () => {
    // The 法人管理者 (first) makes it; the others open it (the 保育士 as readers).
    await expectMatrix(as, readers, (agent) => openOverall(agent));
    const docs = await docsOf('overall_plan');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ classId: null, childId: null, status: 'draft', version: 1, periodEnd: '2027-03-31' });
    expect(await textOf(docs[0]!.id, 'philosophy')).toBe('一人ひとりの育ちを大切にする。');
    const [entry, ...more] = await creations();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ targetType: 'record_document', targetId: docs[0]!.id });
    expect(entry!.details).toMatchObject({ kind: 'overall_plan', class_id: null, from_document_id: last.overall });
    const read = await openOverall(as.classStaffA);
    expect(read.data.document).toMatchObject({ id: docs[0]!.id, class: null, child: null });
    expect(read.data.document.title).toMatch(/ 2026年度 全体的な計画$/);
    expect(read.data).toMatchObject({ can_edit: false, can_submit: false, can_approve: false });
    expect((await openOverall(as.director)).data).toMatchObject({ can_edit: true, can_submit: true });
    expect((await getOverall(as.director)).data).toMatchObject({ state: 'writing', can_create: false, years: [2026, 2025] });
  });

  it('the engine: read as a document (office 403, a tablet 404); 提出 and 承認 by the 園長; PDF; a 修正版', async () => {
    const [doc] = await docsOf('overall_plan');
    const p = { params: { documentId: doc!.id }, headers: clock };
    await expectMatrix(as, readers, (agent) => callRaw(agent, getStaffRecord, p));
    expect((await callRaw(as.tablet, getStaffRecord, p)).statusCode).toBe(404);
    expect((await callRaw(as.classStaffA, postStaffRecordSubmit, p)).statusCode).toBe(403);
    expect((await callRaw(as.chief, postStaffRecordSubmit, p)).statusCode).toBe(403);
    expect((await callRaw(as.director, postStaffRecordSubmit, p)).data.document.status).toBe('submitted');
    // The 主任 approves the classes' plans, not the facility's.
    expect((await callRaw(as.chief, postStaffRecordApprove, p)).statusCode).toBe(403);
    const approved = await callRaw(as.companyAdmin, postStaffRecordApprove, p);
    expect(approved.data.document.status).toBe('approved');
    expect(approved.data.document.approved?.by.id).toBe(w.staff.companyAdmin.user.id);
    const pdf = await as.classStaffA.get(`/api/staff/records/${doc!.id}/pdf`, { headers: clock });
    expect(pdf.statusCode).toBe(200);
    const { text, pages } = pdfText(pdf.rawPayload);
    expect(pages).toMatch(/^841\.89 x 595\.28/);
    expect(text).toContain('2026年度全体的な計画');
    expect(text).toContain('一人ひとりの育ちを大切にする。');
    expect((await as.office.get(`/api/staff/records/${doc!.id}/pdf`, { headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.classStaffA, postStaffRecordReopen, p)).statusCode).toBe(403);
    const reopened = await callRaw(as.director, postStaffRecordReopen, p);
    expect(reopened.statusCode).toBe(201);
    expect(reopened.data.versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'approved'],
      [2, 'draft'],
    ]);
    expect((await getOverall(as.classStaffA)).data.document).toMatchObject({ id: reopened.data.document.id, version: 2 });
  });
});

describe('a class’s first 年間指導計画', () => {
  const slotOf = async (agent: Agent, classId: number) =>
    (await call(agent, getStaffClassRecords, { params: { classId }, query: { month: '2026-06' }, headers: clock })).data
      .annual_plan;

  it('the class’s month shows it missing, with the plan of the same age it would copy', async () => {
    expect(await slotOf(as.classStaffA, w.classA.id)).toEqual({
      fiscal_year: 2026,
      label: '2026年度 年間指導計画',
      document: null,
      state: 'missing',
      source: { fiscal_year: 2025, class_name: 'もも組', document_id: last.hiyoko },
    });
    // No 1歳児 class had one last 年度: the template.
    expect((await slotOf(as.classStaffB, w.classB.id)).source).toBeNull();
  });

  it('POST: readers of another class may not create it (403, tablet of another class 404); bad ids; nothing written', async () => {
    expect((await openAnnual(as.classStaffA, w.classB.id)).statusCode).toBe(403);
    expect((await openAnnual(as.tablet, w.classB.id)).statusCode).toBe(404);
    expect((await openAnnual(as.office, w.classB.id)).statusCode).toBe(403);
    expect((await openAnnual(as.otherFacility, w.classB.id)).statusCode).toBe(404);
    expect((await openAnnual(as.director, 999_999)).statusCode).toBe(404);
    expect((await openAnnual(as.director, 'abc')).statusCode).toBe(422);
    expect(await docsOf('annual_plan')).toHaveLength(0);
  });

  it('POST: the class tablet creates it from last 年度’s plan of the same age; then every reader opens it', async () => {
    const made = await openAnnual(as.tablet, w.classA.id);
    expect(made.statusCode).toBe(200);
    expect(made.data.document).toMatchObject({ kind: 'annual_plan', status: 'draft', title: 'ひよこ組 2026年度 年間指導計画' });
    expect(await textOf(made.data.document.id, 'year_goal')).toBe('安心できる保育者のもとで過ごす。');
    await expectMatrix(as, readers, (agent) => openAnnual(agent, w.classA.id));
    expect(await docsOf('annual_plan')).toHaveLength(1);
    const entries = (await creations()).filter((e) => (e.details as { kind: string }).kind === 'annual_plan');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ class_id: w.classA.id, from_document_id: last.hiyoko });
    expect(await slotOf(as.classStaffB, w.classA.id)).toMatchObject({
      state: 'writing',
      source: null,
      document: { id: made.data.document.id },
    });
  });

  it('POST: the 主任 creates another class’s from the template (no 1歳児 plan last 年度)', async () => {
    const made = await openAnnual(as.chief, w.classB.id);
    expect(made.statusCode).toBe(200);
    expect(await loadState(db(), made.data.document.id)).toBeNull();
    const [row] = await db()
      .select()
      .from(recordDocuments)
      .where(
        and(eq(recordDocuments.classId, w.classB.id), eq(recordDocuments.kind, 'annual_plan'), isNull(recordDocuments.childId)),
      );
    expect(row).toMatchObject({ periodStart: '2026-04-01', version: 1 });
  });
});
