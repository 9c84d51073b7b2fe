import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  childRecordMessages as M,
  getStaffAudit,
  getStaffRecord,
  getStaffRecordMaterial,
  postStaffChildProgressRecord,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordSubmit,
} from '@renraku/contract';
import { auditLog, noteChildren, recordDocuments } from '../src/db/schema';
import { buildDailyNote, buildGrowth, buildNoteFile } from './factories';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { type Kid, placeKid, setupRecordsWorld } from './records-world';

/*
 * 経過記録 (records.md §2, §3, §7; issue 33): opened per child and month (under 3) or 期 (from 3),
 * on the document engine; its material; every call × caller, the tablet, bad input; audit by
 * child; a child who moved class (the records follow the child) and one who left (read-only).
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

const { db, w, as } = setupRecordsWorld(clock, '1357');
let baby: Kid;

const read = statuses(200, { office: 403, classStaff: 200 });
const write = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), classStaffA: ok });
const open = (agent: Agent, childId: number, period: string) =>
  callRaw(agent, postStaffChildProgressRecord, { params: { childId }, body: { period }, headers: clock });
const docs = async () => (await db().select({ n: count() }).from(recordDocuments))[0]!.n;
const childAudits = async (action: string, childId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.childId, childId)))
  )[0]!.n;

const kid = (firstName: string, birth: string, classId: number, leftOn: string | null = null) =>
  placeKid(db(), w, firstName, birth, classId, { leftOn });

beforeAll(async () => {
  baby = await kid('あかちゃん', '2025-05-10', w.classA.id);
}, 120_000);

describe('opening a child’s 経過記録', () => {
  it('POST: the child’s class writers create (tablet too); office 403; other facility 404; audited with the child', async () => {
    const before = await docs();
    await expectMatrix(as, write(200), (agent, _p, i) => open(agent, baby.child.id, `2026-0${i + 1}`));
    expect(await docs()).toBe(before + 3);
    expect(await childAudits('record.create', baby.child.id)).toBe(3);
    expect((await open(as.chief, baby.child.id, '2026-06')).statusCode).toBe(200);
    const onTablet = await open(as.tablet, baby.child.id, '2026-07');
    expect(onTablet.statusCode).toBe(200);
    // Under 3: one per month, from the shipped template with the spec's sections.
    const nov = await call(as.classStaffA, postStaffChildProgressRecord, {
      params: { childId: baby.child.id },
      body: { period: '2026-11' },
      headers: clock,
    });
    expect(nov.data.document).toMatchObject({
      kind: 'progress_record',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      status: 'draft',
      title: 'ひよこ組 試験 あかちゃんさんの2026年11月の経過記録',
      child: { id: baby.child.id, name: '試験 あかちゃん' },
    });
    expect(nov.data.template.sections.map((s) => s.title)).toEqual(['生活', '育ち']);
    expect(nov.data.template.sections[0]!.fields[0]!.rows).toEqual(['食事', '排泄', '睡眠', '着脱', '清潔']);
    expect(nov.data.template.sections[1]!.fields.map((f) => f.label)).toEqual([
      '身体・運動',
      '言葉',
      '人間関係',
      '遊び・表現',
      '健康',
      '家庭との連携',
    ]);
    // Opening again is a read of the same document, audited as a read of the child's record.
    const reads = await childAudits('record.view', baby.child.id);
    const again = await call(as.classStaffB, postStaffChildProgressRecord, {
      params: { childId: baby.child.id },
      body: { period: '2026-11' },
      headers: clock,
    });
    expect(again.data.document.id).toBe(nov.data.document.id);
    expect(again.data.can_edit).toBe(false);
    expect(await childAudits('record.view', baby.child.id)).toBe(reads + 1);
  });

  it('from 3 the period is the facility’s 期: any month of it opens the same document', async () => {
    const child = w.family.child.id; // 4歳児
    const oct = await call(as.classStaffA, postStaffChildProgressRecord, {
      params: { childId: child },
      body: { period: '2026-10' },
      headers: clock,
    });
    expect(oct.data.document).toMatchObject({ period_start: '2026-09-01', period_end: '2026-12-31' });
    expect(oct.data.document.title).toContain('2026年度 9月〜12月の経過記録');
    const dec = await call(as.director, postStaffChildProgressRecord, {
      params: { childId: child },
      body: { period: '2026-12' },
      headers: clock,
    });
    expect(dec.data.document.id).toBe(oct.data.document.id);
    const feb = await call(as.director, postStaffChildProgressRecord, {
      params: { childId: child },
      body: { period: '2027-02' },
      headers: clock,
    });
    expect(feb.data.document).toMatchObject({ period_start: '2027-01-01', period_end: '2027-03-31' });
  });

  it('bad input: a malformed month or one the child was not enrolled in is a 422; nothing written', async () => {
    const late = await kid('あとから', '2024-06-01', w.classA.id);
    await db().update(noteChildren).set({ admittedOn: '2026-10-01' }).where(eq(noteChildren.id, late.noteChild.id));
    const before = await docs();
    for (const period of ['2026-13', '2026-11-01', '', '202611'])
      expectInvalid(await open(as.director, baby.child.id, period), 'period', M.period);
    expectInvalid(await open(as.director, late.child.id, '2026-09'), 'period', M.notEnrolled);
    const noBody = await callRaw(as.director, postStaffChildProgressRecord, {
      params: { childId: baby.child.id },
      headers: clock,
    });
    expect(noBody.statusCode).toBe(422);
    expect(await docs()).toBe(before);
    expect((await open(as.director, 999_999, '2026-11')).statusCode).toBe(404);
    expect((await open(as.director, w.otherFacility.child.id, '2026-11')).statusCode).toBe(404);
  });
});

describe('a 経過記録’s material, status and audit', () => {
  it('GET material: the period’s growth, photos and published remarks; the month’s 個別指導計画 beside', async () => {
    await buildGrowth(db(), { child: baby.child, measuredOn: '2026-11-05', height: 78.4, weight: 10.2 });
    await buildGrowth(db(), { child: baby.child, measuredOn: '2026-10-05', height: 77.9, weight: 10 });
    const note = await buildDailyNote(db(), baby.noteChild, '2026-11-10', { text: '積み木を3つ積めました。' });
    await buildNoteFile(db(), note, { key: 'photos/tower.jpg' });
    await buildDailyNote(db(), baby.noteChild, '2026-11-11', { text: '下書きの文', publishedAt: null });
    await buildDailyNote(db(), baby.noteChild, '2026-10-30', { text: '先月の文' });
    const plan = await call(as.classStaffA, postStaffClassRecord, {
      params: { classId: w.classA.id },
      body: { kind: 'individual_plan', period: '2026-11', child_id: baby.child.id },
      headers: clock,
    });
    const doc = (await open(as.classStaffA, baby.child.id, '2026-11')).json().document.id as number;
    await expectMatrix(as, read, (agent) =>
      callRaw(agent, getStaffRecordMaterial, { params: { documentId: doc }, headers: clock }),
    );
    const m = (await call(as.classStaffA, getStaffRecordMaterial, { params: { documentId: doc }, headers: clock })).data;
    expect(m.growths).toEqual([
      { measured_on: '2026-11-05', height: 78.4, weight: 10.2, text: '11月5日の身体測定：身長 78.4cm、体重 10.2kg' },
    ]);
    expect(m.remarks).toEqual([{ date: '2026-11-10', text: '積み木を3つ積めました。' }]);
    expect(m.photos).toHaveLength(1);
    expect(m.photos[0]).toMatchObject({ date: '2026-11-10' });
    expect(m.individual_plans).toEqual([{ id: plan.data.document.id, period_start: '2026-11-01', status: 'draft' }]);
    // Only a 経過記録 has material.
    const other = await callRaw(as.director, getStaffRecordMaterial, {
      params: { documentId: plan.data.document.id },
      headers: clock,
    });
    expect(other.statusCode).toBe(404);
  });

  it('提出 by the class, 承認 by the 主任 or 園長; every step, read and PDF audited with the child', async () => {
    const doc = (await open(as.classStaffA, baby.child.id, '2026-10')).json().document.id as number;
    const params = { documentId: doc };
    expect((await callRaw(as.classStaffB, postStaffRecordSubmit, { params, headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.office, postStaffRecordSubmit, { params, headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.classStaffA, postStaffRecordSubmit, { params, headers: clock })).statusCode).toBe(200);
    expect((await callRaw(as.classStaffA, postStaffRecordApprove, { params, headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.tablet, postStaffRecordApprove, { params, headers: clock })).statusCode).toBe(403);
    const approved = await call(as.chief, postStaffRecordApprove, { params, headers: clock });
    expect(approved.data.document.status).toBe('approved');
    const reads = await childAudits('record.view', baby.child.id);
    await expectMatrix(as, read, (agent) => callRaw(agent, getStaffRecord, { params, headers: clock }));
    expect(await childAudits('record.view', baby.child.id)).toBe(reads + 4);
    const pdf = await as.director.get(`/api/staff/records/${doc}/pdf`, { headers: clock });
    expect(pdf.statusCode).toBe(200);
    // A correction keeps the child (the 修正版 is the child's too).
    const v2 = await call(as.classStaffA, postStaffRecordReopen, { params, headers: clock });
    expect(v2.data.document).toMatchObject({ version: 2, child: { id: baby.child.id } });
    for (const action of ['record.submit', 'record.approve', 'record.read', 'record.reopen'])
      expect(await childAudits(action, baby.child.id), action).toBeGreaterThan(0);
    const screen = await call(as.director, getStaffAudit, {
      params: { facilityId: w.facilityId },
      query: { child_id: baby.child.id, page: 1 },
      headers: clock,
    });
    expect(screen.data.data.map((e) => e.action_label)).toContain('園児の記録（経過記録・個別指導計画）の閲覧');
  });

  it('a child who moved class mid-year: the records follow the child to the new class’s staff', async () => {
    const mover = await kid('てんきょ', '2025-01-20', w.classA.id);
    const doc = (await open(as.classStaffA, mover.child.id, '2026-09')).json().document.id as number;
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, mover.noteChild.id));
    expect(
      (await callRaw(as.classStaffA, postStaffRecordSubmit, { params: { documentId: doc }, headers: clock })).statusCode,
    ).toBe(403);
    expect((await open(as.classStaffA, mover.child.id, '2026-11')).statusCode).toBe(403);
    const read = await call(as.classStaffB, getStaffRecord, { params: { documentId: doc }, headers: clock });
    expect(read.data).toMatchObject({ can_edit: true, can_submit: true });
    expect(
      (await callRaw(as.classStaffB, postStaffRecordSubmit, { params: { documentId: doc }, headers: clock })).statusCode,
    ).toBe(200);
    // Class A's tablet no longer reaches it.
    expect((await callRaw(as.tablet, getStaffRecord, { params: { documentId: doc }, headers: clock })).statusCode).toBe(404);
  });

  it('a child who left: the 経過記録 are kept and read-only; no new one', async () => {
    const leaver = await kid('たいしょ', '2025-02-02', w.classA.id);
    const doc = (await open(as.classStaffA, leaver.child.id, '2026-09')).json().document.id as number;
    await db().update(noteChildren).set({ leftOn: '2026-10-31' }).where(eq(noteChildren.id, leaver.noteChild.id));
    const kept = await call(as.director, getStaffRecord, { params: { documentId: doc }, headers: clock });
    expect(kept.data).toMatchObject({ can_edit: false, can_submit: false, can_approve: false });
    const submit = await callRaw(as.director, postStaffRecordSubmit, { params: { documentId: doc }, headers: clock });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().message).toBe(M.left);
    expect((await open(as.director, leaver.child.id, '2026-09')).statusCode).toBe(200);
    expect((await open(as.director, leaver.child.id, '2026-10')).statusCode).toBe(403);
  });
});
