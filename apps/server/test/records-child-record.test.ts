import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  childRecordMessages as M,
  getStaffAudit,
  getStaffChildRecord,
  getStaffRecordSettings,
  putStaffChildRecord,
  putStaffRecordSettings,
  type ChildRecordInput,
} from '@renraku/contract';
import { auditLog, childRecords, noteChildren, pickupPersons, recordSettings } from '../src/db/schema';
import { buildChild, buildGrowth } from './factories';
import { call, callRaw, type Agent } from './harness';
import { pdfText } from './pdf-text';
import { expectInvalid, expectMatrix, setupOnly, statuses } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * The 児童票 (records.md §2, §7; issue 33): every call × staff.md §7's callers, the 主任, a class
 * tablet's PIN session, bad input, the audit with the child as subject, a child who moved class
 * and a child who left; the facility's 期 settings.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

const { db, w, as } = setupRecordsWorld(clock, '1357');

const read = statuses(200, { office: 403, classStaff: 200 });
const write = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), classStaffA: ok });
const body = (over: Partial<ChildRecordInput> = {}): ChildRecordInput => ({
  admission_notes: '母の就労のため1歳で入所。慣れ保育1週間。',
  birth_history: '在胎39週、出生体重3,020g',
  development_history: '首すわり3か月、歩き始め1歳1か月',
  medical_history: '突発性発疹（1歳）',
  immunizations: 'ヒブ・肺炎球菌・四種混合・BCG・MR1期 済',
  allergy_cause: '卵（血液検査で陽性、医師の指示で完全除去）',
  family_doctor: 'さくら小児科',
  family_situation: '父・母・本人の3人家族',
  notes: '',
  emergency_contacts: [{ name: '佐藤 花子', relation: '母', phone: '090-1234-5678' }],
  ...over,
});
const getRecord = (agent: Agent, childId = w.family.child.id) =>
  callRaw(agent, getStaffChildRecord, { params: { childId }, headers: clock });
const putRecord = (agent: Agent, b: unknown, childId = w.family.child.id) =>
  callRaw(agent, putStaffChildRecord, { params: { childId }, body: b as ChildRecordInput, headers: clock });
const audits = async (action: string, childId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.childId, childId)))
  )[0]!.n;

beforeAll(async () => {
  await buildGrowth(db(), { child: w.family.child, measuredOn: '2026-10-05', height: 101.5, weight: 16.1 });
}, 120_000);

describe('the 児童票', () => {
  it('GET: every member but office reads (403), 404 elsewhere; desktop only; each read audited with the child', async () => {
    const before = await audits('child_record.read', w.family.child.id);
    await expectMatrix(as, read, (agent) => getRecord(agent));
    expect(await audits('child_record.read', w.family.child.id)).toBe(before + 4);
    expect((await getRecord(as.chief)).statusCode).toBe(200);
    // The class tablet's PIN session holds no 児童票 (contacts and health: desktop only).
    expect((await getRecord(as.tablet)).statusCode).toBe(403);
    const res = await call(as.classStaffA, getStaffChildRecord, { params: { childId: w.family.child.id }, headers: clock });
    expect(res.data).toMatchObject({
      child: { id: w.family.child.id, birth: '2022-04-01' },
      enrolment: { class: { id: w.classA.id, name: 'ひよこ組' }, admitted_on: '2020-04-01', left_on: null, fiscal_age: 4 },
      fields: { admission_notes: '', emergency_contacts: [], updated_at: null },
      growths: [{ measured_on: '2026-10-05', height: 101.5, weight: 16.1 }],
      can_edit: true,
      can_write_progress: true,
    });
    // A 4歳児 with the default 期: I期 (4–5), II期 (6–8), III期 (9–12) of this 年度 so far, newest first.
    expect(res.data.progress.map((p) => [p.period, p.period_start, p.period_end, p.label, p.document])).toEqual([
      ['2026-09', '2026-09-01', '2026-12-31', '2026年度 9月〜12月の経過記録', null],
      ['2026-06', '2026-06-01', '2026-08-31', '2026年度 6月〜8月の経過記録', null],
      ['2026-04', '2026-04-01', '2026-05-31', '2026年度 4月〜5月の経過記録', null],
    ]);
    const b = await call(as.classStaffB, getStaffChildRecord, { params: { childId: w.family.child.id }, headers: clock });
    expect(b.data).toMatchObject({ can_edit: false, can_write_progress: false });
  });

  it('PUT: the child’s class staff, the 主任, directors and company admins write; audited with the fields changed', async () => {
    await expectMatrix(as, write(200), (agent) => putRecord(agent, body()));
    expect((await putRecord(as.chief, body({ notes: '主任が追記' }))).statusCode).toBe(200);
    expect((await putRecord(as.tablet, body())).statusCode).toBe(403);
    const res = await call(as.director, putStaffChildRecord, {
      params: { childId: w.family.child.id },
      body: body({ notes: '年長から就学相談あり' }),
      headers: clock,
    });
    expect(res.data.fields).toMatchObject({
      notes: '年長から就学相談あり',
      medical_history: '突発性発疹（1歳）',
      emergency_contacts: [{ name: '佐藤 花子', relation: '母', phone: '090-1234-5678' }],
    });
    expect(res.data.fields.updated_by).toBeTruthy();
    const [last] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'child_record.update'), eq(auditLog.childId, w.family.child.id)))
      .orderBy(auditLog.id);
    expect(last).toBeTruthy();
    const entries = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'child_record.update'));
    expect(entries.at(-1)!.details).toEqual({ fields: ['notes'] });
    // The audit screen finds the 児童票's reads and writes by the child.
    const screen = await call(as.director, getStaffAudit, {
      params: { facilityId: w.facilityId },
      query: { child_id: w.family.child.id, page: 1 },
      headers: clock,
    });
    const labels = screen.data.data.map((e) => e.action_label);
    expect(labels).toContain('児童票の閲覧（画面・PDF）');
    expect(labels).toContain('児童票の変更');
  });

  it('PDF: the page as an A4 PDF with selectable text; every member but office, desktop only; audited', async () => {
    const url = `/api/staff/children/${w.family.child.id}/record.pdf`;
    await db()
      .insert(pickupPersons)
      .values({ companyId: w.companyId, childId: w.family.child.id, name: '佐藤 一郎', relation: '祖父', phone: '03-1111-2222' });
    const before = await audits('child_record.read', w.family.child.id);
    await expectMatrix(as, read, (agent) => agent.get(url, { headers: clock }));
    expect(await audits('child_record.read', w.family.child.id)).toBe(before + 4);
    expect((await as.chief.get(url, { headers: clock })).statusCode).toBe(200);
    expect((await as.tablet.get(url, { headers: clock })).statusCode).toBe(403);
    expect((await as.director.get('/api/staff/children/999999/record.pdf', { headers: clock })).statusCode).toBe(404);
    expect((await as.director.get('/api/staff/children/abc/record.pdf', { headers: clock })).statusCode).toBe(422);
    const res = await as.classStaffA.get(url, { headers: clock });
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toMatch(/595\.\d* x 841\.\d*/);
    for (const s of [
      '児童票',
      '入所に関する記録',
      '2022年4月1日',
      'ひよこ組',
      '2020年4月1日',
      '母の就労のため1歳で入所。慣れ保育1週間。',
      '家族・緊急連絡先',
      '佐藤花子（母）',
      '090-1234-5678',
      '佐藤一郎（祖父）03-1111-2222',
      '在胎39週、出生体重3,020g',
      '首すわり3か月、歩き始め1歳1か月',
      '既往症',
      '突発性発疹（1歳）',
      '予防接種歴',
      'ヒブ・肺炎球菌・四種混合・BCG・MR1期済',
      'アレルギーの原因',
      '卵（血液検査で陽性、医師の指示で完全除去）',
      'さくら小児科',
      '身体測定',
      '101.5cm',
      '16.1kg',
    ])
      expect(text).toContain(s);
    const [last] = await db()
      .select({ details: auditLog.details, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'child_record.read'), eq(auditLog.childId, w.family.child.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last!.details).toEqual({ view: 'pdf' });
  }, 120_000);

  it('PUT: bad input is a 422 in Japanese and writes nothing', async () => {
    const before = (await db().select().from(childRecords).where(eq(childRecords.childId, w.family.child.id)))[0];
    const cases: [unknown, string][] = [
      [body({ medical_history: 'あ'.repeat(2001) }), 'medical_history'],
      [body({ family_doctor: 'あ'.repeat(201) }), 'family_doctor'],
      [body({ emergency_contacts: [{ name: '', relation: '', phone: '' }] }), 'emergency_contacts.0.name'],
      [body({ emergency_contacts: [{ name: '祖母', relation: '祖母', phone: 'abc' }] }), 'emergency_contacts.0.phone'],
      [
        body({ emergency_contacts: Array.from({ length: 6 }, () => ({ name: 'a', relation: '', phone: '' })) }),
        'emergency_contacts',
      ],
      [{ ...body(), notes: 12 }, 'notes'],
      [{ admission_notes: 'x' }, 'birth_history'],
    ];
    for (const [b, field] of cases) expectInvalid(await putRecord(as.director, b), field);
    expect((await db().select().from(childRecords).where(eq(childRecords.childId, w.family.child.id)))[0]).toEqual(before);
    expect((await putRecord(as.director, body(), 999_999)).statusCode).toBe(404);
    expect((await putRecord(as.director, body(), w.otherFacility.child.id)).statusCode).toBe(404);
  });

  it('a child who moved class: the new class’s staff write, the old class’s read only', async () => {
    const mover = await buildChild(db(), { facilityId: w.facilityId, firstName: 'てんきょ' });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, mover.noteChild.id));
    expect((await putRecord(as.classStaffA, body(), mover.child.id)).statusCode).toBe(200);
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, mover.noteChild.id));
    expect((await putRecord(as.classStaffA, body(), mover.child.id)).statusCode).toBe(403);
    expect((await putRecord(as.classStaffB, body({ notes: '転クラス' }), mover.child.id)).statusCode).toBe(200);
    const a = (await getRecord(as.classStaffA, mover.child.id)).json();
    expect(a).toMatchObject({ can_edit: false, fields: { notes: '転クラス', admission_notes: body().admission_notes } });
    // The old class's tablet no longer reaches the child.
    expect((await getRecord(as.tablet, mover.child.id)).statusCode).toBe(403);
  });

  it('a child who left: the record is kept and read-only for everyone', async () => {
    const leaver = await buildChild(db(), { facilityId: w.facilityId, firstName: 'たいしょ', leftOn: '2026-09-30' });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, leaver.noteChild.id));
    await db().insert(childRecords).values({ childId: leaver.child.id, companyId: w.companyId, medicalHistory: '喘息' });
    const res = await getRecord(as.director, leaver.child.id);
    expect(res.json()).toMatchObject({
      can_edit: false,
      can_write_progress: false,
      fields: { medical_history: '喘息' },
      enrolment: { left_on: '2026-09-30' },
    });
    const put = await putRecord(as.director, body(), leaver.child.id);
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(M.left);
  });
});

describe('the facility’s 期 settings', () => {
  const put = (agent: Agent, b: unknown) =>
    callRaw(agent, putStaffRecordSettings, {
      params: { facilityId: w.facilityId },
      body: b as { term_start_months: number[]; progress_terms_from_age: number },
      headers: clock,
    });

  it('GET: the defaults for every reader; PUT: directors and company admins only; audited', async () => {
    await expectMatrix(as, read, (agent) =>
      callRaw(agent, getStaffRecordSettings, { params: { facilityId: w.facilityId }, headers: clock }),
    );
    const got = await call(as.classStaffA, getStaffRecordSettings, { params: { facilityId: w.facilityId }, headers: clock });
    expect(got.data).toMatchObject({ term_start_months: [4, 6, 9, 1], progress_terms_from_age: 3, can_edit: false });
    expect(got.data.terms.map((x) => `${x.label}${x.start_month}-${x.end_month}`)).toEqual([
      'I期4-5',
      'II期6-8',
      'III期9-12',
      'IV期1-3',
    ]);
    await expectMatrix(as, setupOnly(200), (agent) =>
      put(agent, { term_start_months: [4, 7, 10, 1], progress_terms_from_age: 3 }),
    );
    expect((await put(as.chief, { term_start_months: [4, 7, 10, 1], progress_terms_from_age: 3 })).statusCode).toBe(403);
    const [row] = await db().select().from(recordSettings).where(eq(recordSettings.facilityId, w.facilityId));
    expect(row).toMatchObject({ termStartMonths: [4, 7, 10, 1], progressTermsFromAge: 3 });
    // The child's periods follow the new 期.
    const rec = (await getRecord(as.director)).json();
    expect(rec.progress[0]).toMatchObject({ period: '2026-10', period_start: '2026-10-01', period_end: '2026-12-31' });
    await put(as.director, { term_start_months: [4, 6, 9, 1], progress_terms_from_age: 3 });
  });

  it('PUT: bad 期 are a 422 in Japanese; nothing written', async () => {
    const [before] = await db().select().from(recordSettings).where(eq(recordSettings.facilityId, w.facilityId));
    const cases: [unknown, string][] = [
      [{ term_start_months: [6, 9, 1], progress_terms_from_age: 3 }, 'term_start_months'],
      [{ term_start_months: [4, 9, 6], progress_terms_from_age: 3 }, 'term_start_months'],
      [{ term_start_months: [4, 4], progress_terms_from_age: 3 }, 'term_start_months'],
      [{ term_start_months: [4, 13], progress_terms_from_age: 3 }, 'term_start_months.1'],
      [{ term_start_months: [], progress_terms_from_age: 3 }, 'term_start_months'],
      [{ term_start_months: [4, 5, 6, 7, 8, 9, 10], progress_terms_from_age: 3 }, 'term_start_months'],
      [{ term_start_months: [4, 10], progress_terms_from_age: 7 }, 'progress_terms_from_age'],
      [{ term_start_months: [4, 10] }, 'progress_terms_from_age'],
    ];
    for (const [b, field] of cases) expectInvalid(await put(as.director, b), field);
    const [after] = await db().select().from(recordSettings).where(eq(recordSettings.facilityId, w.facilityId));
    expect(after).toEqual(before);
  });
});
