import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  getStaffRecord,
  getStaffRecordRollover,
  postStaffRecordRollover,
  putStaffRecordSettings,
  putStaffRecordTemplate,
  recordTemplateMessages as M,
  type RecordKind,
} from '@renraku/contract';
import { auditLog, classes, recordDocumentEvents, recordDocuments } from '../src/db/schema';
import { currentTemplate } from '../src/modules/records/service';
import { loadState } from '../src/modules/records/service';
import { buildClass } from './factories';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, setupOnly } from './staff-persona-matrix';
import { approvedPlan, setupRecordsWorld } from './records-world';

/*
 * The fiscal-year rollover (records.md §2; issue 32; docs/decisions/records-rollover.md): the next
 * 年度's 全体的な計画 and each new class's 年間指導計画 start as drafts copied from this year's, the
 * classes matched by age band; the 期 carried; the 園長 and 法人管理者 on a desktop; idempotent, also
 * when two directors press at once; audited; bad input a 422 in Japanese with nothing written.
 */

// March of 年度 2026: the next year's classes are made, the rollover is done before April.
const clock = { 'x-test-now': '2027-03-20T03:00:00.000Z' };

const { db, w, as } = setupRecordsWorld(clock);
let next: { hiyoko: number; risu: number; usagi: number };
let sources: { overall: number; hiyoko: number; risu: number };

const facility = () => ({ facilityId: w.facilityId });
const preview = (agent: Agent, from: unknown = 2026) =>
  callRaw(agent, getStaffRecordRollover, { params: facility(), query: { from_fiscal_year: from }, headers: clock });
const roll = (agent: Agent, body: Record<string, unknown> = { from_fiscal_year: 2026 }) =>
  callRaw(agent, postStaffRecordRollover, { params: facility(), body, headers: clock });
const docsOf2027 = () =>
  db()
    .select()
    .from(recordDocuments)
    .where(and(eq(recordDocuments.facilityId, w.facilityId), eq(recordDocuments.periodStart, '2027-04-01')));
let auditBase = 0;
const rolloverEntries = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'record.rollover'), gt(auditLog.id, auditBase)));
const rollovers = async () => (await rolloverEntries()).length;
const textOf = async (documentId: number, key: string) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, (await loadState(db(), documentId))!);
  return doc.getText(key).toString();
};

const plan = (kind: RecordKind, classId: number | null, texts: Record<string, string>) =>
  approvedPlan(db(), w, 2026, { kind, classId, texts, ticks: ['term_domains:健康'] });

/** Removes the new year's documents (the audit log is append-only: `rollovers()` counts from here on). */
async function undo() {
  await db().delete(recordDocuments).where(eq(recordDocuments.periodStart, '2027-04-01'));
  auditBase =
    (
      await db()
        .select({ id: max(auditLog.id) })
        .from(auditLog)
    )[0]!.id ?? 0;
}

beforeAll(async () => {
  await db().update(classes).set({ ageBand: 0 }).where(eq(classes.id, w.classA.id));
  await db().update(classes).set({ ageBand: 1 }).where(eq(classes.id, w.classB.id));
  // 年度 2027's classes: the same age bands under new names, and a 2歳児 class with no plan to start from.
  const made = {
    hiyoko: await buildClass(db(), { facilityId: w.facilityId, name: 'ひよこ組', fiscalYear: 2027 }),
    risu: await buildClass(db(), { facilityId: w.facilityId, name: 'こあら組', fiscalYear: 2027 }),
    usagi: await buildClass(db(), { facilityId: w.facilityId, name: 'うさぎ組', fiscalYear: 2027 }),
  };
  await db().update(classes).set({ ageBand: 0 }).where(eq(classes.id, made.hiyoko.id));
  await db().update(classes).set({ ageBand: 1 }).where(eq(classes.id, made.risu.id));
  await db().update(classes).set({ ageBand: 2 }).where(eq(classes.id, made.usagi.id));
  next = { hiyoko: made.hiyoko.id, risu: made.risu.id, usagi: made.usagi.id };
  sources = {
    overall: await plan('overall_plan', null, { philosophy: '子どもの最善の利益を考え、心身ともに健やかに育てる。' }),
    hiyoko: await plan('annual_plan', w.classA.id, { year_goal: '保育者との信頼関係の中で安心して過ごす。' }),
    risu: await plan('annual_plan', w.classB.id, { year_goal: '自分でしようとする気持ちを大切にする。' }),
  };
  // The 期 of the facility: quarters.
  await call(as.director, putStaffRecordSettings, {
    params: facility(),
    body: { term_start_months: [4, 7, 10, 1], progress_terms_from_age: 3 },
    headers: clock,
  });
}, 120_000);

describe('the fiscal-year rollover', () => {
  it('GET preview: the 園長 and 法人管理者 only (主任, 保育士, 事務 403; a class tablet 403); nothing written', async () => {
    await expectMatrix(as, setupOnly(200), (agent) => preview(agent));
    expect((await preview(as.chief)).statusCode).toBe(403);
    expect((await preview(as.tablet)).statusCode).toBe(403);
    const { data } = await preview(as.director);
    expect(data).toMatchObject({
      from_fiscal_year: 2026,
      to_fiscal_year: 2027,
      overall_plan: { state: 'will_create', source_id: sources.overall, document_id: null },
      created_count: 0,
    });
    expect(data.classes).toEqual([
      {
        class_id: next.hiyoko,
        class_name: 'ひよこ組',
        age_band: 0,
        source: { class_id: w.classA.id, class_name: 'ひよこ組', document_id: sources.hiyoko },
        state: 'will_create',
        document_id: null,
      },
      {
        class_id: next.risu,
        class_name: 'こあら組',
        age_band: 1,
        source: { class_id: w.classB.id, class_name: 'りす組', document_id: sources.risu },
        state: 'will_create',
        document_id: null,
      },
      { class_id: next.usagi, class_name: 'うさぎ組', age_band: 2, source: null, state: 'no_source', document_id: null },
    ]);
    expect(data.terms.map((term) => term.label)).toEqual(['I期', 'II期', 'III期', 'IV期']);
    expect(data.terms[1]).toEqual({ label: 'II期', start_month: 7, end_month: 9 });
    expect(await docsOf2027()).toHaveLength(0);
  });

  it('POST: the 園長 and 法人管理者 only (others 403/404/401, the 主任 and a class tablet 403)', async () => {
    expect((await roll(as.chief)).statusCode).toBe(403);
    expect((await roll(as.tablet)).statusCode).toBe(403);
    expect(await docsOf2027()).toHaveLength(0);
    await expectMatrix(as, setupOnly(200), (agent) => roll(agent));
    expect(await docsOf2027()).toHaveLength(3);
    // The first made them; the director's run found them made (nothing twice).
    expect(await rollovers()).toBe(1);
    await undo();
  });

  it('POST: drafts copied from this year, on the current template, the 期 carried; audited once', async () => {
    // The facility changed its 年間指導計画 template during the year: the new year starts on it.
    const template = await currentTemplate(db(), { id: w.facilityId, companyId: w.companyId }, 'annual_plan', null);
    await call(as.director, putStaffRecordTemplate, {
      params: { facilityId: w.facilityId, kind: 'annual_plan' },
      body: { base_version: template.version, name: '年間指導計画（新様式）', sections: template.sections as never },
      headers: clock,
    });
    const res = await roll(as.director);
    expect(res.statusCode).toBe(200);
    expect(res.data.created_count).toBe(3);
    expect(res.data.overall_plan.state).toBe('created');
    expect(res.data.classes.map((c) => c.state)).toEqual(['created', 'created', 'no_source']);
    expect(res.data.terms[2]).toEqual({ label: 'III期', start_month: 10, end_month: 12 });
    const docs = await docsOf2027();
    expect(docs).toHaveLength(3);
    expect(docs.every((d) => d.status === 'draft' && d.version === 1 && d.periodEnd === '2028-03-31')).toBe(true);
    const annual = docs.find((d) => d.classId === next.hiyoko)!;
    expect(annual.kind).toBe('annual_plan');
    expect(annual.templateId).not.toBe(template.id);
    expect(await textOf(annual.id, 'year_goal')).toBe('保育者との信頼関係の中で安心して過ごす。');
    const koala = docs.find((d) => d.classId === next.risu)!;
    expect(await textOf(koala.id, 'year_goal')).toBe('自分でしようとする気持ちを大切にする。');
    const overall = docs.find((d) => d.kind === 'overall_plan')!;
    expect(overall.classId).toBeNull();
    expect(await textOf(overall.id, 'philosophy')).toBe('子どもの最善の利益を考え、心身ともに健やかに育てる。');
    // Last year's stay as they were.
    expect(await textOf(sources.hiyoko, 'year_goal')).toBe('保育者との信頼関係の中で安心して過ごす。');
    const events = await db()
      .select()
      .from(recordDocumentEvents)
      .where(
        inArray(
          recordDocumentEvents.documentId,
          docs.map((d) => d.id),
        ),
      );
    expect(events.map((e) => e.action)).toEqual(['created', 'created', 'created']);
    // The new plan opens as a draft its class's staff write, on the new template.
    const opened = await call(as.director, getStaffRecord, { params: { documentId: annual.id }, headers: clock });
    expect(opened.data.document.title).toBe('ひよこ組 2027年度 年間指導計画');
    expect(opened.data).toMatchObject({ can_edit: true, template: { name: '年間指導計画（新様式）' } });
    const [audit] = await rolloverEntries();
    expect(audit).toMatchObject({ userId: w.staff.director.user.id, facilityId: w.facilityId, targetType: 'facility' });
    expect((audit!.details as { documents: unknown[] }).documents).toHaveLength(3);
  });

  it('POST again: nothing made twice, nothing written; the answer names what exists', async () => {
    const before = await docsOf2027();
    const res = await roll(as.companyAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.data.created_count).toBe(0);
    expect(res.data.overall_plan.state).toBe('existed');
    expect(res.data.classes.map((c) => c.state)).toEqual(['existed', 'existed', 'no_source']);
    expect(res.data.classes[0]!.document_id).toBe(before.find((d) => d.classId === next.hiyoko)!.id);
    expect(await docsOf2027()).toHaveLength(before.length);
    expect(await rollovers()).toBe(1);
  });

  it('POST by two directors at once: each document made once, one audit entry', async () => {
    await undo();
    const [a, b] = await Promise.all([roll(as.director), roll(as.companyAdmin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.data.created_count + b.data.created_count).toBe(3);
    const docs = await docsOf2027();
    expect(docs).toHaveLength(3);
    expect(new Set(docs.map((d) => `${d.kind}:${d.classId}`)).size).toBe(3);
    expect(await rollovers()).toBeLessThanOrEqual(2);
    const entries = await rolloverEntries();
    expect(entries.reduce((n, e) => n + (e.details as { documents: unknown[] }).documents.length, 0)).toBe(3);
  });

  it('bad input: a 422 in Japanese, nothing written', async () => {
    await undo();
    for (const body of [{}, { from_fiscal_year: 'abc' }, { from_fiscal_year: 1999 }, { from_fiscal_year: 2026.5 }])
      expectInvalid(await roll(as.director, body), 'from_fiscal_year', M.year);
    // Only this 年度 or the last one.
    expectInvalid(await roll(as.director, { from_fiscal_year: 2024 }), 'from_fiscal_year', M.year);
    expectInvalid(await roll(as.director, { from_fiscal_year: 2027 }), 'from_fiscal_year', M.year);
    expectInvalid(await preview(as.director, 'x'), 'from_fiscal_year', M.year);
    // From 年度 2025 (nothing written then) into 2026 (written already): nothing made.
    const empty = await roll(as.director, { from_fiscal_year: 2025 });
    expect(empty.statusCode).toBe(200);
    expect(empty.data.created_count).toBe(0);
    expect(empty.data.overall_plan).toEqual({ state: 'existed', source_id: null, document_id: sources.overall });
    expect(empty.data.classes.map((c) => c.state)).toEqual(['existed', 'existed']);
    expect(await docsOf2027()).toHaveLength(0);
    expect(await rollovers()).toBe(0);
    // A facility without the next 年度's classes.
    const other = await callRaw(as.otherFacility, postStaffRecordRollover, {
      params: { facilityId: w.otherFacility.facilityId },
      body: { from_fiscal_year: 2026 },
      headers: clock,
    });
    expectInvalid(other, 'from_fiscal_year', M.noNextClasses);
  });
});
