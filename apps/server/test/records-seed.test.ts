import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as Y from 'yjs';
import { and, eq } from 'drizzle-orm';
import {
  addMonths,
  fiscalYearOf,
  getStaffAudit,
  getStaffRecordRollover,
  tokyoDate,
  getStaffChildRecord,
  getStaffClassYoroku,
  getStaffYorokuContext,
  getStaffClassRecords,
  getStaffRecordPhrases,
  getStaffRecord,
  postStaffLogin,
} from '@renraku/contract';
import { classes, recordDocuments } from '../src/db/schema';
import { loadState } from '../src/modules/records/service';
import { seedDemo, type DemoIds } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/accounts';
import { call, setupApp } from './harness';

/** The demo's plans and diaries (issue 32), as the demo director sees them. */
const t = setupApp();
let ids: DemoIds;
beforeAll(async () => {
  ids = await seedDemo(t.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
}, 120_000);

describe('demo data of plans and records', () => {
  it('this month’s 月案 with text, the last diaries: one approved, one returned, one waiting', async () => {
    const director = t.agent();
    expect(
      (await call(director, postStaffLogin, { body: { email: 'enchou@example.com', password: DEMO_PASSWORD } })).statusCode,
    ).toBe(200);
    const month = (await call(director, getStaffClassRecords, { params: { classId: ids.classes.sakuraHiyoko } })).data;
    expect(month.monthly_plan.state).toBe('writing');
    // The last due days may reach into last month early in a month.
    const previous = (
      await call(director, getStaffClassRecords, {
        params: { classId: ids.classes.sakuraHiyoko },
        query: { month: addMonths(month.month, -1) },
      })
    ).data;
    const states = [...month.journals, ...previous.journals].map((j) => j.state);
    expect(states).toContain('done');
    expect(states).toContain('returned');
    expect(states).toContain('waiting');
    const plan = (await call(director, getStaffRecord, { params: { documentId: month.monthly_plan.document!.id } })).data;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await loadState(t.db, plan.document.id))!);
    expect(doc.getText('aims').toString()).toContain('秋の自然');
    // The facility's own 文例 come first, beside the shipped ones.
    const phrases = (
      await call(director, getStaffRecordPhrases, { params: { facilityId: ids.facilities.sakura }, query: { topic: 'family' } })
    ).data.phrases;
    expect(phrases[0]).toMatchObject({ source: 'facility', text: 'れんらくノートの写真を添えて、園での様子を具体的に伝える。' });
    expect(phrases.some((p) => p.source === 'shipped')).toBe(true);
  });

  it('陽翔’s 児童票 is filled; the previous 経過記録 approved by the 園長, this period’s a draft', async () => {
    const director = t.agent();
    await call(director, postStaffLogin, { body: { email: 'enchou@example.com', password: DEMO_PASSWORD } });
    const record = (await call(director, getStaffChildRecord, { params: { childId: ids.children.haruto } })).data;
    expect(record.fields.allergy_cause).toContain('卵白');
    expect(record.fields.emergency_contacts).toHaveLength(3);
    const written = record.progress.filter((p) => p.document);
    expect(written.map((p) => p.document!.status)).toEqual(['draft', 'approved']);
    expect(written[1]!.document!.approved?.by.name).toBeTruthy();
    const draft = (await call(director, getStaffRecord, { params: { documentId: written[0]!.document!.id } })).data;
    expect(draft.document.child?.id).toBe(ids.children.haruto);
  });
});

describe('demo data of the 年度’s plans', () => {
  it('さくら保育園’s 全体的な計画 and every class’s 年間指導計画, approved: the 年度更新 into this 年度 finds them made', async () => {
    const director = t.agent();
    await call(director, postStaffLogin, { body: { email: 'enchou@example.com', password: DEMO_PASSWORD } });
    const year = fiscalYearOf(tokyoDate(new Date()));
    const plans = (
      await t.db
        .select()
        .from(recordDocuments)
        .where(and(eq(recordDocuments.facilityId, ids.facilities.sakura), eq(recordDocuments.periodStart, `${year}-04-01`)))
    ).filter((p) => p.kind === 'overall_plan' || p.kind === 'annual_plan');
    const klasses = await t.db
      .select()
      .from(classes)
      .where(and(eq(classes.facilityId, ids.facilities.sakura), eq(classes.fiscalYear, year)));
    expect(plans.filter((p) => p.kind === 'overall_plan')).toHaveLength(1);
    expect(
      plans
        .filter((p) => p.kind === 'annual_plan')
        .map((p) => p.classId)
        .sort(),
    ).toEqual(klasses.map((k) => k.id).sort());
    expect(plans.every((p) => p.status === 'approved')).toBe(true);
    const preview = (
      await call(director, getStaffRecordRollover, {
        params: { facilityId: ids.facilities.sakura },
        query: { from_fiscal_year: year - 1 },
      })
    ).data;
    expect(preview.overall_plan.state).toBe('existed');
    expect(preview.classes.every((c) => c.state === 'existed')).toBe(true);
  });
});

describe('demo data of the 要録', () => {
  it('さくら保育園’s ぞう組: the class 重点, 湊’s 要録 approved, and who read it in the audit log', async () => {
    const director = t.agent();
    await call(director, postStaffLogin, { body: { email: 'enchou@example.com', password: DEMO_PASSWORD } });
    const [zou] = await t.db.select().from(classes).where(eq(classes.name, 'ぞう組'));
    const list = (await call(director, getStaffClassYoroku, { params: { classId: zou!.id } })).data;
    expect(list.focus.text).toContain('協力して');
    expect(list.children).toHaveLength(4);
    const minato = list.children.find((c) => c.name === '高橋 湊')!;
    expect(minato.document?.status).toBe('approved');
    expect(list.children.filter((c) => c.document).length).toBe(2);
    const audit = (
      await call(director, getStaffAudit, {
        params: { facilityId: ids.facilities.sakura },
        query: { child_id: minato.id, page: 1 },
      })
    ).data.data.filter((e) => e.action === 'yoroku.read');
    expect(audit.length).toBeGreaterThanOrEqual(2);
    // Beside 湊's 要録: the class 重点 and two earlier 経過記録, approved, with their text.
    const context = (await call(director, getStaffYorokuContext, { params: { documentId: minato.document!.id } })).data;
    expect(context.progress.map((p) => p.status)).toEqual(['approved', 'approved']);
    expect(context.progress[0]!.sections.map((x) => x.text).join('')).toContain('湊は園庭でかけっこを楽しみ');
  });
});

describe('demo data in the inspection archive', () => {
  it('さくら保育園’s ひよこ組 and ぞう組: the 年度’s ZIP, the index first, one PDF per document (timed)', async () => {
    const director = t.agent();
    await call(director, postStaffLogin, { body: { email: 'enchou@example.com', password: DEMO_PASSWORD } });
    const [zou] = await t.db.select().from(classes).where(eq(classes.name, 'ぞう組'));
    for (const [name, classId] of [
      ['ひよこ組', ids.classes.sakuraHiyoko],
      ['ぞう組', zou!.id],
    ] as const) {
      const started = performance.now();
      const res = await director.get(`/api/staff/classes/${classId}/records-archive.zip`);
      const seconds = (performance.now() - started) / 1000;
      expect(res.statusCode).toBe(200);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'archive-')), 'a.zip');
      fs.writeFileSync(file, res.rawPayload);
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      console.log(
        `demo ${name} archive: ${names.length - 1} documents, ${seconds.toFixed(2)} s, ${(res.rawPayload.length / 1024 / 1024).toFixed(1)} MiB`,
      );
      expect(names[0]).toMatch(/^0+_索引\.pdf$/);
      expect(names.length).toBeGreaterThan(2);
      expect(seconds).toBeLessThan(60);
    }
  }, 180_000);
});
