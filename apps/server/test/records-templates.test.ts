import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  getStaffRecord,
  getStaffRecordTemplates,
  postStaffClassRecord,
  putStaffRecordTemplate,
  recordReferenceLists,
  recordTemplateMessages as M,
  staffRecordPdfPath,
  type RecordSection,
  type RecordTemplateEntry,
} from '@renraku/contract';
import { auditLog, recordTemplates } from '../src/db/schema';
import { storeState } from '../src/modules/records/service';
import { buildStaff, buildStaffWorld } from './factories';
import { call, callRaw, type Agent } from './harness';
import { pdfText } from './pdf-text';
import { expectInvalid, expectMatrix, setupOnly } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * The template editor (records.md §2, §7; issue 32; docs/decisions/records-templates.md): the
 * 園長 and 法人管理者 edit a facility's templates on the desktop; a save is a new version, the
 * documents written on the old one stay readable as written; bad templates are a 422 in Japanese
 * with nothing written; two saves from the same version: one wins, the other 409.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

const { t, db, w, as } = setupRecordsWorld(clock);

const facility = () => ({ facilityId: w.facilityId });
const list = (agent: Agent) => call(agent, getStaffRecordTemplates, { params: facility(), headers: clock });
const current = async (kind: string): Promise<RecordTemplateEntry> =>
  (await list(as.director)).data.templates.find((e) => e.kind === kind)!;
const save = (agent: Agent, kind: string, body: Record<string, unknown>) =>
  callRaw(agent, putStaffRecordTemplate, { params: { ...facility(), kind }, body, headers: clock });
const rows = async () => (await db().select({ n: count() }).from(recordTemplates))[0]!.n;
const open = (agent: Agent, period: string) =>
  call(agent, postStaffClassRecord, { params: { classId: w.classA.id }, body: { kind: 'monthly_plan', period }, headers: clock });

describe('the templates of a facility', () => {
  it('GET: the 園長 and 法人管理者 only (主任, 保育士, 事務 403; another facility 404; a class tablet 403)', async () => {
    await expectMatrix(as, setupOnly(200), (agent) =>
      callRaw(agent, getStaffRecordTemplates, { params: facility(), headers: clock }),
    );
    expect((await callRaw(as.chief, getStaffRecordTemplates, { params: facility(), headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.tablet, getStaffRecordTemplates, { params: facility(), headers: clock })).statusCode).toBe(403);
  });

  it('GET: every kind but the 要録, the shipped defaults as version 0, tick lists with the spec’s exact names', async () => {
    const { templates } = (await list(as.director)).data;
    expect(templates.map((e) => e.kind)).toEqual([
      'overall_plan',
      'annual_plan',
      'monthly_plan',
      'weekly_plan',
      'daily_plan',
      'individual_plan',
      'daily_journal',
      'progress_record',
    ]);
    expect(templates.every((e) => e.version === 0 && e.updated_at === null)).toBe(true);
    const annual = templates.find((e) => e.kind === 'annual_plan')!;
    expect(annual.label).toBe('年間指導計画');
    const fields = annual.sections.flatMap((s) => s.fields);
    expect(fields.find((f) => f.key === 'term_plan')).toMatchObject({ type: 'grid', rows: ['I期', 'II期', 'III期', 'IV期'] });
    expect(fields.filter((f) => f.type === 'ticks').map((f) => f.reference)).toEqual(['nursing', 'five_domains']);
    expect(recordReferenceLists.three_viewpoints.items).toEqual([
      '健やかに伸び伸びと育つ',
      '身近な人と気持ちが通じ合う',
      '身近なものと関わり感性が育つ',
    ]);
    expect(recordReferenceLists.five_domains.items).toEqual(['健康', '人間関係', '環境', '言葉', '表現']);
    expect(recordReferenceLists.nursing.items).toEqual(['生命の保持', '情緒の安定']);
    expect(recordReferenceLists.ten_figures.items).toHaveLength(10);
    expect(recordReferenceLists.ten_figures.items).toContain('数量や図形、標識や文字などへの関心・感覚');
  });

  it('PUT: the 園長 and 法人管理者 save a new version (others 403/404/401, the 主任 and a class tablet 403); audited', async () => {
    const before = await rows();
    await expectMatrix(as, setupOnly(200), async (agent) => {
      const entry = await current('weekly_plan');
      return save(agent, 'weekly_plan', { base_version: entry.version, name: entry.name, sections: entry.sections });
    });
    expect(await rows()).toBe(before + 2);
    const entry = await current('weekly_plan');
    expect(entry.version).toBe(2);
    const body = { base_version: 2, name: entry.name, sections: entry.sections };
    expect((await save(as.chief, 'weekly_plan', body)).statusCode).toBe(403);
    expect((await save(as.tablet, 'weekly_plan', body)).statusCode).toBe(403);
    expect(await rows()).toBe(before + 2);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'record.template.update'));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.userId).sort()).toEqual([w.staff.companyAdmin.user.id, w.staff.director.user.id].sort());
    expect(audits[1]!.details).toMatchObject({ kind: 'weekly_plan', version: 2 });
  });

  it('PUT: rename, reorder, add a grid and a tick list, remove a field; documents keep the version they were written on', async () => {
    // A 月案 written on the shipped template (copied in as version 1 when the first one is made).
    const old = (await open(as.classStaffA, '2026-11')).data;
    expect(old.template.version).toBe(1);
    const doc = new Y.Doc();
    doc.getText('environment').insert(0, '落ち葉を集める籠を用意する。');
    doc.getText('aims').insert(0, '秋の自然に親しむ。');
    await storeState(db(), old.document.id, Y.encodeStateAsUpdate(doc));

    const entry = await current('monthly_plan');
    const sections: RecordSection[] = entry.sections
      // 環境構成 removed.
      .filter((s) => s.key !== 'environment')
      .map((s) => (s.key === 'aims' ? { ...s, title: '今月のねらい' } : s));
    // 行事 first; a new section with a grid and the 10の姿.
    sections.unshift(
      sections.splice(
        sections.findIndex((s) => s.key === 'events'),
        1,
      )[0]!,
    );
    sections.push({
      key: 'weekly_focus',
      title: '週ごとの重点',
      fields: [
        {
          key: 'weekly_focus_grid',
          label: '週ごとの重点',
          type: 'grid',
          rows: ['第1週', '第2週'],
          columns: ['ねらい', '振り返り'],
        },
        { key: 'weekly_figures', label: '10の姿', type: 'ticks', reference: 'ten_figures' },
        { key: 'weekly_mood', label: '雰囲気', type: 'choice', options: ['落ち着いていた', 'にぎやか'] },
      ],
    });
    const res = await save(as.director, 'monthly_plan', { base_version: 1, name: '月案（さくら版）', sections });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ kind: 'monthly_plan', version: 2, name: '月案（さくら版）', documents_on_older: 1 });
    expect(res.data.sections.map((s) => s.key)[0]).toBe('events');
    expect(res.data.sections.find((s) => s.key === 'aims')!.title).toBe('今月のねらい');
    expect(res.data.updated_by).toBeTruthy();

    // The old document still shows its own template and its text (screen and PDF).
    const again = await call(as.classStaffA, getStaffRecord, { params: { documentId: old.document.id }, headers: clock });
    expect(again.data.template.version).toBe(1);
    expect(again.data.template.sections.map((s) => s.key)).toContain('environment');
    const pdf = await as.director.get(staffRecordPdfPath.replace('{documentId}', String(old.document.id)), { headers: clock });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('落ち葉を集める籠を用意する。');
    expect(text).toContain('環境構成');

    // A new document takes the new version.
    const next = (await open(as.classStaffA, '2026-12')).data;
    expect(next.template).toMatchObject({ version: 2, name: '月案（さくら版）' });
    expect(next.template.sections.map((s) => s.key)).not.toContain('environment');
  });

  it('PUT: a bad template is a 422 in Japanese and writes nothing', async () => {
    const entry = await current('monthly_plan');
    const base = { base_version: entry.version, name: entry.name, sections: entry.sections };
    const withField = (field: Record<string, unknown>) => ({
      ...base,
      sections: [...entry.sections, { key: 'extra', title: '追加', fields: [field] }],
    });
    const before = await rows();
    const audits = (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, sections: [] }, 'sections', M.sections],
      [{ ...base, sections: 'x' }, 'sections', M.sections],
      [{ ...base, name: '　' }, 'name', M.name],
      [{ ...base, sections: [{ key: 'a', title: 'A', fields: [] }] }, 'sections.0.fields', M.fields],
      [
        { ...base, sections: [{ key: 'a', title: '', fields: [{ key: 'b', label: 'B', type: 'text' }] }] },
        'sections.0.title',
        M.sectionTitle,
      ],
      [withField({ key: 'Bad-Key', label: 'x', type: 'text' }), 'sections.11.fields.0.key', M.key],
      [withField({ key: 'ticks', label: 'x', type: 'text' }), 'sections.11.fields.0.key', M.reservedKey],
      [withField({ key: 'x1', label: 'あ'.repeat(61), type: 'text' }), 'sections.11.fields.0.label', M.fieldLabel],
      [withField({ key: 'aims', label: '重複', type: 'text' }), 'sections', M.duplicateKey],
      [withField({ key: 'x2', label: '表', type: 'grid', rows: ['1'] }), 'sections', M.grid],
      [withField({ key: 'x3', label: '表', type: 'grid', rows: [], columns: ['a'] }), 'sections', M.grid],
      [withField({ key: 'x4', label: '視点', type: 'ticks' }), 'sections', M.ticks],
      [withField({ key: 'x5', label: '視点', type: 'ticks', reference: 'six_areas' }), 'sections.11.fields.0.reference', ''],
      [withField({ key: 'x6', label: '天気', type: 'choice', options: [] }), 'sections', M.choice],
      [withField({ key: 'x7', label: '出欠', type: 'attendance' }), 'sections', M.facts],
      // A key once a text may not come back as a grid (older documents would read wrong).
      [withField({ key: 'environment', label: '環境', type: 'grid', rows: ['a'], columns: ['b'] }), 'sections', M.keyType],
      [{ name: entry.name, sections: entry.sections }, 'base_version', M.baseVersion],
    ];
    for (const [body, field, message] of cases)
      expectInvalid(await save(as.director, 'monthly_plan', body), field, message || undefined);
    expectInvalid(await save(as.director, 'yoroku', base), 'kind', M.kind);
    expect(await rows()).toBe(before);
    expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    // Not JSON at all.
    const raw = await as.director.request(
      'PUT',
      `/api/staff/facilities/${w.facilityId}/record-templates/monthly_plan`,
      '{"sections": [',
      {
        headers: { ...clock, 'content-type': 'application/json' },
      },
    );
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.statusCode).toBeLessThan(500);
    expect(await rows()).toBe(before);
  });

  it('PUT: the 保育日誌 keeps its attendance and naps; a key may be renamed and moved', async () => {
    const entry = await current('daily_journal');
    const sections = entry.sections.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f, label: `${f.label}。` })) }));
    const res = await save(as.companyAdmin, 'daily_journal', { base_version: entry.version, name: '保育日誌', sections });
    expect(res.statusCode).toBe(200);
    expect(res.data.sections.flatMap((s) => s.fields).map((f) => f.type)).toContain('attendance');
  });

  it('PUT: from an old version 409; two saves from the same version at once: one 200, the other 409', async () => {
    const entry = await current('daily_plan');
    const body = { base_version: entry.version, name: entry.name, sections: entry.sections };
    const [a, b] = await Promise.all([save(as.director, 'daily_plan', body), save(as.companyAdmin, 'daily_plan', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().message).toBe(M.stale);
    expect((await save(as.director, 'daily_plan', body)).statusCode).toBe(409);
    const versions = await db()
      .select({ n: count() })
      .from(recordTemplates)
      .where(and(eq(recordTemplates.facilityId, w.facilityId), eq(recordTemplates.kind, 'daily_plan')));
    expect(versions[0]!.n).toBe(1);
  });
});

describe('a first document and the editor', () => {
  it('a first 週案 copies the shipped default in; an editor opened on the default (version 0) still saves, once', async () => {
    const other = await buildStaffWorld(db());
    const boss = await buildStaff(db(), { role: 'director', facilityId: other.facilityId });
    const director = await t.signInStaff(boss.user, clock);
    const listed = await call(director, getStaffRecordTemplates, { params: { facilityId: other.facilityId }, headers: clock });
    const entry = listed.data.templates.find((e) => e.kind === 'weekly_plan')!;
    expect(entry.version).toBe(0);
    const opened = await call(director, postStaffClassRecord, {
      params: { classId: other.classA.id },
      body: { kind: 'weekly_plan', period: '2026-11-16' },
      headers: clock,
    });
    expect(opened.statusCode).toBeLessThan(300);
    // The copy is still the default nobody changed: listed as version 0 (the editor says 初期の様式).
    const relisted = await call(director, getStaffRecordTemplates, { params: { facilityId: other.facilityId }, headers: clock });
    expect(relisted.data.templates.find((e) => e.kind === 'weekly_plan')).toMatchObject({ version: 0, updated_by: null });
    const body = { base_version: 0, name: entry.name, sections: entry.sections.slice().reverse() };
    const put = () =>
      callRaw(director, putStaffRecordTemplate, {
        params: { facilityId: other.facilityId, kind: 'weekly_plan' },
        body,
        headers: clock,
      });
    const saved = await put();
    expect(saved.statusCode).toBe(200);
    expect(saved.data.version).toBe(2);
    // Version 2 is someone's save: from version 0 again, 409.
    expect((await put()).statusCode).toBe(409);
  });
});
