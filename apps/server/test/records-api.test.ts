import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  getStaffClassRecords,
  getStaffRecord,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordReturn,
  postStaffRecordSubmit,
  recordsMessages as M,
} from '@renraku/contract';
import * as Y from 'yjs';
import { auditLog, childAttendances, noteChildren, recordDocuments, recordTemplates } from '../src/db/schema';
import { loadState, storeState } from '../src/modules/records/service';
import { buildAbsence, buildChild, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { type StaffWorld, classTablet, signInChief } from './records-world';

/*
 * Plans and records (records.md §4, §7; issue 32): every call × staff.md §7's callers, the 主任
 * flag, a class tablet's PIN session, bad input, and the status workflow.
 */

const t = setupApp();
const db = () => t.db;

// Friday 2026-11-20, 13:00 Tokyo.
const DAY = '2026-11-20';
const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

let w: StaffWorld;
let as: Record<StaffPersona, Agent>;
let chief: Agent;
let tabletA: Agent;
let absent: Awaited<ReturnType<typeof buildChild>>;

const read = statuses(200, { office: 403, classStaff: 200 });
const write = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), classStaffA: ok });
const docCount = async () => (await db().select({ n: count() }).from(recordDocuments))[0]!.n;
const audits = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const open = (agent: Agent, body: { kind: 'monthly_plan' | 'daily_journal'; period: string }, classId = w.classA.id) =>
  call(agent, postStaffClassRecord, { params: { classId }, body, headers: clock });

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w, clock);
  // A 主任: class staff of class B with the flag.
  chief = await signInChief(t, w, clock);
  // The day: the family's child came at 08:25 by the kiosk and left at 16:40; another is absent with a fever.
  await db().insert(childAttendances).values({
    companyId: w.companyId,
    noteChildId: w.family.noteChild.id,
    date: DAY,
    arrivedAt: '08:25',
    pickedUpAt: '16:40',
    source: 'kiosk',
  });
  absent = await buildChild(db(), { facilityId: w.facilityId, firstName: '欠席' });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, absent.noteChild.id));
  await buildAbsence(db(), { noteChild: absent.noteChild, targetDate: DAY });
  // Class A's tablet, unlocked by class A's staff member.
  tabletA = await classTablet(t, w, as.director, clock, '2468');
}, 120_000);

describe('a class’s month', () => {
  it('GET: every member but office reads; 404 elsewhere; the month’s 月案 and due 日誌 listed as missing', async () => {
    await expectMatrix(as, read, (agent) =>
      call(agent, getStaffClassRecords, { params: { classId: w.classA.id }, query: { month: '2026-11' }, headers: clock }),
    );
    const res = await call(as.classStaffA, getStaffClassRecords, { params: { classId: w.classA.id }, headers: clock });
    expect(res.data).toMatchObject({ month: '2026-11', can_write: true, can_approve: false });
    expect(res.data.monthly_plan).toMatchObject({ kind: 'monthly_plan', period: '2026-11', state: 'missing', document: null });
    // Mon–Sat up to the 20th (11/1 is a Sunday), less 11/3 文化の日: 2, 4–7, 9–14, 16–20 = 16 days.
    expect(res.data.journals.map((j) => j.period)).toHaveLength(16);
    expect(res.data.journals[0]).toMatchObject({ period: DAY, label: '11月20日(金)の保育日誌', state: 'missing' });
    expect(res.data.journals.map((j) => j.period)).not.toContain('2026-11-03');
    // The 月案, the month's five 週案 (Mondays 2–30) and the 16 日誌 (no child here is under 3).
    expect(res.data.weekly_plans).toHaveLength(5);
    expect(res.data.individual_plans).toEqual([]);
    expect(res.data.counts.missing).toBe(22);
    // Class B's staff read class A (covering), cannot write; the 主任 writes and approves everywhere.
    const b = await call(as.classStaffB, getStaffClassRecords, { params: { classId: w.classA.id }, headers: clock });
    expect(b.data).toMatchObject({ can_write: false, can_approve: false });
    const c = await call(chief, getStaffClassRecords, { params: { classId: w.classA.id }, headers: clock });
    expect(c.data).toMatchObject({ can_write: true, can_approve: true });
  });

  it('GET: a bad month is a 422 in Japanese; an unknown class 404', async () => {
    const bad = await callRaw(as.director, getStaffClassRecords, {
      params: { classId: w.classA.id },
      query: { month: '2026-13' },
    });
    expectInvalid(bad, 'month', M.month);
    const none = await callRaw(as.director, getStaffClassRecords, { params: { classId: 999_999 } });
    expect(none.statusCode).toBe(404);
    const text = await callRaw(as.director, getStaffClassRecords, { params: { classId: 'abc' } });
    expect(text.statusCode).toBe(422);
  });
});

describe('opening a document', () => {
  it('POST: writers create (class A’s staff, directors, company admins); others may not; audited', async () => {
    const before = await audits('record.create');
    await expectMatrix(as, write(200), (agent, _p, i) =>
      open(agent, { kind: 'monthly_plan', period: `2025-${String(i + 1).padStart(2, '0')}` }),
    );
    expect(await audits('record.create')).toBe(before + 3);
    const [plan] = await db()
      .select()
      .from(recordDocuments)
      .where(and(eq(recordDocuments.classId, w.classA.id), eq(recordDocuments.periodStart, '2025-01-01')));
    expect(plan).toMatchObject({ kind: 'monthly_plan', status: 'draft', version: 1, periodEnd: '2025-01-31' });
  });

  it('POST: the 月案 comes from the shipped template with the spec’s sections and tick lists', async () => {
    const res = await open(as.classStaffA, { kind: 'monthly_plan', period: '2026-11' });
    expect(res.statusCode).toBe(200);
    const { template, document } = res.data;
    expect(document).toMatchObject({ title: 'ひよこ組 2026年11月の月案', status: 'draft', room: `record:${document.id}` });
    expect(template.sections.map((s) => s.title)).toEqual([
      '前月の子どもの姿',
      'ねらい',
      '内容',
      '環境構成',
      '予想される子どもの活動',
      '保育者の援助・配慮',
      '食育',
      '健康・安全',
      '家庭との連携',
      '行事',
      '評価・反省',
    ]);
    const refs = template.sections.flatMap((s) => s.fields.flatMap((f) => (f.reference ? [f.reference] : [])));
    expect(refs).toEqual(['three_viewpoints', 'nursing', 'five_domains', 'ten_figures']);
    expect(res.data).toMatchObject({ can_edit: true, can_submit: true, can_approve: false, day_facts: null });
    // Opening again returns the same document (any reader may); no second template copy.
    const again = await open(as.classStaffB, { kind: 'monthly_plan', period: '2026-11' });
    expect(again.data.document.id).toBe(document.id);
    expect(again.data.can_edit).toBe(false);
    const templates = await db().select().from(recordTemplates).where(eq(recordTemplates.kind, 'monthly_plan'));
    expect(templates).toHaveLength(1);
  });

  it('POST: bad input is a 422 in Japanese and writes nothing', async () => {
    const before = await docCount();
    const cases: [unknown, string][] = [
      [{ kind: 'annual_plan', period: '2026' }, 'kind'],
      [{ kind: 'monthly_plan', period: '2026-13' }, 'period'],
      [{ kind: 'monthly_plan', period: '2026-11-01' }, 'period'],
      [{ kind: 'daily_journal', period: '2026-02-30' }, 'period'],
      [{ kind: 'daily_journal', period: '2026-11-21' }, 'period'],
      [{ kind: 'daily_journal' }, 'period'],
      [{ kind: 'daily_journal', period: 20261120 }, 'period'],
    ];
    for (const [body, field] of cases) {
      expectInvalid(
        await callRaw(as.classStaffA, postStaffClassRecord, { params: { classId: w.classA.id }, body, headers: clock }),
        field,
      );
    }
    expect(await docCount()).toBe(before);
  });

  it('the 保育日誌 opens with the day’s attendance as the board has it, absences with their reason', async () => {
    const res = await open(as.classStaffA, { kind: 'daily_journal', period: DAY });
    expect(res.statusCode).toBe(200);
    const facts = res.data.day_facts!;
    expect(facts.counts).toEqual({ enrolled: 2, present: 1, absent: 1 });
    const came = facts.attendance.find((a) => a.child_id === w.family.child.id);
    expect(came).toMatchObject({ state: 'present', arrived_at: '08:25', picked_up_at: '16:40' });
    const away = facts.attendance.find((a) => a.child_id === absent.child.id);
    expect(away).toMatchObject({ state: 'absent', arrived_at: null });
    expect(away!.absence_reason).toBeTruthy();
    expect(facts.nap).toBeNull();
    const sections = res.data.template.sections.map((s) => s.title);
    expect(sections).toEqual([
      '天候',
      '出席・欠席',
      '午睡',
      '今日のねらい',
      '活動内容',
      '子どもの様子',
      '保育者の援助',
      '反省・評価',
      '連絡事項',
    ]);
  });
});

describe('status: 提出 → 差し戻し → 提出 → 承認 → 修正版', () => {
  let id: number;
  beforeAll(async () => {
    id = (await open(as.classStaffA, { kind: 'daily_journal', period: '2026-11-19' })).data.document.id;
  });
  const p = () => ({ params: { documentId: id }, headers: clock });

  it('GET: readers as the month; a tablet of class A reads, of nowhere else', async () => {
    await expectMatrix(as, read, (agent) => call(agent, getStaffRecord, p()));
    expect((await call(tabletA, getStaffRecord, p())).data.can_edit).toBe(true);
    expect((await callRaw(as.director, getStaffRecord, { params: { documentId: 0 } })).statusCode).toBe(422);
    expect((await callRaw(as.director, getStaffRecord, { params: { documentId: 2_000_000 } })).statusCode).toBe(404);
  });

  it('submit: writers only; then read-only; a second submit is a 409', async () => {
    const before = await audits('record.submit');
    // Not allowed callers first (nothing changes), then class A's staff.
    for (const [agent, status] of [
      [as.office, 403],
      [as.classStaffB, 403],
      [as.otherFacility, 404],
      [as.guardian, 401],
      [as.anonymous, 401],
    ] as const) {
      expect((await call(agent, postStaffRecordSubmit, p())).statusCode).toBe(status);
    }
    const res = await call(as.classStaffA, postStaffRecordSubmit, p());
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ document: { status: 'submitted' }, can_edit: false, can_submit: false });
    expect(await audits('record.submit')).toBe(before + 1);
    const again = await call(as.classStaffA, postStaffRecordSubmit, p());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notSubmittable);
  });

  it('return: approvers only (園長, 主任, company admin; not class staff, not a tablet), with a comment', async () => {
    expect((await call(as.classStaffA, postStaffRecordReturn, { ...p(), body: { comment: 'x' } })).statusCode).toBe(403);
    expect((await call(tabletA, postStaffRecordReturn, { ...p(), body: { comment: 'x' } })).statusCode).toBe(403);
    expect((await call(as.office, postStaffRecordReturn, { ...p(), body: { comment: 'x' } })).statusCode).toBe(403);
    expectInvalid(await callRaw(chief, postStaffRecordReturn, { ...p(), body: { comment: '   ' } }), 'comment', M.comment);
    expectInvalid(await callRaw(chief, postStaffRecordReturn, { ...p(), body: { comment: 'あ'.repeat(1001) } }), 'comment');
    const res = await call(chief, postStaffRecordReturn, { ...p(), body: { comment: '午睡の様子を書き足してください' } });
    expect(res.statusCode).toBe(200);
    expect(res.data.document).toMatchObject({ status: 'returned', return_comment: '午睡の様子を書き足してください' });
    expect(res.data.events.map((e) => e.action)).toEqual(['created', 'submitted', 'returned']);
    expect((await call(as.classStaffA, getStaffRecord, p())).data.can_edit).toBe(true);
  });

  it('approve: after a resubmission (on the tablet), by the director; read-only with the approver’s name', async () => {
    expect((await call(as.director, postStaffRecordApprove, p())).statusCode).toBe(409);
    expect((await call(tabletA, postStaffRecordSubmit, p())).statusCode).toBe(200);
    expect((await call(tabletA, postStaffRecordApprove, p())).statusCode).toBe(403);
    expect((await call(as.classStaffA, postStaffRecordApprove, p())).statusCode).toBe(403);
    const res = await call(as.director, postStaffRecordApprove, p());
    expect(res.statusCode).toBe(200);
    expect(res.data.document.approved).toEqual({
      by: { id: w.staff.director.user.id, name: '職員 director' },
      at: clock['x-test-now'],
    });
    expect(res.data).toMatchObject({ can_edit: false, can_approve: false, can_reopen: true });
    expect((await call(as.classStaffA, getStaffRecord, p())).data).toMatchObject({ can_edit: false, can_reopen: true });
    const list = await call(as.director, getStaffClassRecords, { params: { classId: w.classA.id }, headers: clock });
    expect(list.data.journals.find((j) => j.period === '2026-11-19')).toMatchObject({ state: 'done' });
  });

  it('reopen: a new version to correct; the approved one stays', async () => {
    expect((await call(as.classStaffB, postStaffRecordReopen, p())).statusCode).toBe(403);
    const res = await call(as.classStaffA, postStaffRecordReopen, p());
    expect(res.statusCode).toBe(201);
    expect(res.data.document).toMatchObject({ version: 2, status: 'draft' });
    expect(res.data.versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'approved'],
      [2, 'draft'],
    ]);
    expect((await call(as.classStaffA, postStaffRecordReopen, p())).statusCode).toBe(409);
    const old = await call(as.classStaffA, getStaffRecord, p());
    expect(old.data).toMatchObject({ document: { status: 'approved', version: 1 }, can_reopen: false });
    const list = await call(as.director, getStaffClassRecords, { params: { classId: w.classA.id }, headers: clock });
    expect(list.data.journals.find((j) => j.period === '2026-11-19')).toMatchObject({ state: 'writing' });
  });

  it('a class tablet reaches its own class only', async () => {
    expect((await call(tabletA, getStaffClassRecords, { params: { classId: w.classB.id }, headers: clock })).statusCode).toBe(
      404,
    );
    expect((await open(tabletA, { kind: 'daily_journal', period: '2026-11-18' }, w.classB.id)).statusCode).toBe(404);
    expect((await open(tabletA, { kind: 'daily_journal', period: '2026-11-18' })).statusCode).toBe(200);
  });
});

describe('templates', () => {
  it('a facility’s template change (a new version) keeps existing documents as written; new ones take it', async () => {
    const old = await open(as.classStaffA, { kind: 'monthly_plan', period: '2026-10' });
    const [current] = await db()
      .select()
      .from(recordTemplates)
      .where(and(eq(recordTemplates.facilityId, w.facilityId), eq(recordTemplates.kind, 'monthly_plan')));
    const sections = [{ key: 'aims', title: '今月のねらい', fields: [{ key: 'aims', label: 'ねらい', type: 'text' }] }];
    await db()
      .insert(recordTemplates)
      .values({
        companyId: w.companyId,
        facilityId: w.facilityId,
        kind: 'monthly_plan',
        name: '月案（園の様式）',
        version: current!.version + 1,
        sections,
      });
    const again = await call(as.classStaffA, getStaffRecord, { params: { documentId: old.data.document.id }, headers: clock });
    expect(again.data.template).toEqual(old.data.template);
    const fresh = await open(as.classStaffA, { kind: 'monthly_plan', period: '2026-09' });
    expect(fresh.data.template).toMatchObject({ name: '月案（園の様式）', version: current!.version + 1, sections });
  });
});

describe('pre-fill of a 月案', () => {
  it('a new 月案’s 前月の子どもの姿 starts from last month’s 評価・反省', async () => {
    const last = await open(as.classStaffA, { kind: 'monthly_plan', period: '2026-07' });
    const doc = new Y.Doc();
    doc.getText('evaluation').insert(0, '友だちとの関わりが増えた。');
    await storeState(db(), last.data.document.id, Y.encodeStateAsUpdate(doc));
    const next = await open(as.classStaffA, { kind: 'monthly_plan', period: '2026-08' });
    const copy = new Y.Doc();
    Y.applyUpdate(copy, (await loadState(db(), next.data.document.id))!);
    expect(copy.getText('last_month').toString()).toBe('友だちとの関わりが増えた。');
  });
});
