import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getStaffClassRecords,
  postStaffChildProgressRecord,
  postStaffClassRecord,
  postStaffRecordSubmit,
  recordsMessages as M,
} from '@renraku/contract';
import { noteChildren, recordDocuments } from '../src/db/schema';
import { buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid } from './staff-persona-matrix';
import { type Kid, type StaffWorld, placeKid } from './records-world';

/*
 * What is missing or waiting (records.md §4; issue 32): a class's month lists a 週案 per week and a
 * 個別指導計画 for every child under 3 by fiscal age, naming the child; a child who turns 3 during
 * the year keeps theirs until March; a child who changed class keeps the plan written in the old one.
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

let w: StaffWorld;
let as: Record<StaffPersona, Agent>;
let baby: Kid, turnsThree: Kid, older: Kid, mover: Kid;

const kid = (firstName: string, birth: string, classId: number) => placeKid(db(), w, firstName, birth, classId);
const month = (agent: Agent, classId: number, m: string) =>
  call(agent, getStaffClassRecords, { params: { classId }, query: { month: m }, headers: clock });
const open = (agent: Agent, classId: number, body: Record<string, unknown>) =>
  callRaw(agent, postStaffClassRecord, { params: { classId }, body, headers: clock });

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w, clock);
  baby = await kid('あかちゃん', '2025-08-03', w.classA.id);
  // Turns 3 on 2026-09-15: 2 on April 1, 2026, so under 3 for all of fiscal 2026.
  turnsThree = await kid('さんさい', '2023-09-15', w.classA.id);
  older = await kid('よんさい', '2022-06-01', w.classA.id);
  mover = await kid('てんきょ', '2024-01-05', w.classB.id);
}, 120_000);

describe('the lists of what is missing', () => {
  it('a 週案 for each Monday of the month and a 個別指導計画 for each child under 3 by fiscal age, named', async () => {
    const nov = (await month(as.classStaffA, w.classA.id, '2026-11')).data;
    expect(nov.weekly_plans.map((s) => [s.period, s.label, s.state])).toEqual([
      ['2026-11-02', '11月2日(月)からの週案', 'missing'],
      ['2026-11-09', '11月9日(月)からの週案', 'missing'],
      ['2026-11-16', '11月16日(月)からの週案', 'missing'],
      ['2026-11-23', '11月23日(月)からの週案', 'missing'],
      ['2026-11-30', '11月30日(月)からの週案', 'missing'],
    ]);
    const named = nov.individual_plans.map((s) => s.child!.id);
    expect(named).toContain(baby.child.id);
    expect(named).toContain(turnsThree.child.id);
    expect(named).not.toContain(older.child.id);
    expect(named).not.toContain(mover.child.id);
    const three = nov.individual_plans.find((s) => s.child!.id === turnsThree.child.id)!;
    expect(three).toMatchObject({ kind: 'individual_plan', period: '2026-11', state: 'missing', document: null });
    expect(three.label).toBe('試験 さんさいさんの2026年11月の個別指導計画');
    // The counts hold them: 1 月案 + 5 週案 + 2 個別 + 16 日誌 + 2 monthly 経過記録 (the under-3s).
    expect(nov.counts.missing).toBe(1 + 5 + 2 + 16 + 2);
    // In the next fiscal year the child who turned 3 needs none; the baby still does.
    const april = (await month(as.director, w.classA.id, '2027-04')).data.individual_plans.map((s) => s.child!.id);
    expect(april).toEqual([baby.child.id]);
  });

  it('writing and submitting a child’s plan and a week’s plan: the list says writing and waiting', async () => {
    const made = await open(as.classStaffA, w.classA.id, { kind: 'individual_plan', period: '2026-11', child_id: baby.child.id });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ document: { title: 'ひよこ組 試験 あかちゃんさんの2026年11月の個別指導計画' } });
    const week = await open(as.classStaffA, w.classA.id, { kind: 'weekly_plan', period: '2026-11-16' });
    expect(week.statusCode).toBe(200);
    expect(week.json()).toMatchObject({ document: { period_start: '2026-11-16', period_end: '2026-11-22' } });
    await call(as.classStaffA, postStaffRecordSubmit, { params: { documentId: week.json().document.id }, headers: clock });
    const nov = (await month(as.classStaffA, w.classA.id, '2026-11')).data;
    expect(nov.individual_plans.find((s) => s.child!.id === baby.child.id)!.state).toBe('writing');
    expect(nov.weekly_plans.find((s) => s.period === '2026-11-16')!.state).toBe('waiting');
    expect(nov.counts).toMatchObject({ missing: 1 + 4 + 1 + 16 + 2, waiting: 1 });
    // Opening again finds the same plan; each child has their own.
    const again = await open(as.classStaffA, w.classA.id, {
      kind: 'individual_plan',
      period: '2026-11',
      child_id: baby.child.id,
    });
    expect(again.json().document.id).toBe(made.json().document.id);
    const other = await open(as.classStaffA, w.classA.id, {
      kind: 'individual_plan',
      period: '2026-11',
      child_id: turnsThree.child.id,
    });
    expect(other.json().document.id).not.toBe(made.json().document.id);
  });

  it('a child who changed class keeps the plan written in the old class; the old class no longer lists them', async () => {
    const written = await open(as.classStaffB, w.classB.id, {
      kind: 'individual_plan',
      period: '2026-10',
      child_id: mover.child.id,
    });
    expect(written.statusCode).toBe(200);
    expect((await month(as.classStaffB, w.classB.id, '2026-10')).data.individual_plans.map((s) => s.child!.id)).toEqual([
      mover.child.id,
    ]);
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, mover.noteChild.id));
    const a = (await month(as.classStaffA, w.classA.id, '2026-10')).data.individual_plans;
    expect(a.find((s) => s.child!.id === mover.child.id)).toMatchObject({
      state: 'writing',
      document: { id: written.json().document.id },
    });
    expect((await month(as.classStaffB, w.classB.id, '2026-10')).data.individual_plans).toEqual([]);
    // Class B's staff can no longer write a new plan for the child; class A's can.
    expectInvalid(
      await open(as.classStaffB, w.classB.id, { kind: 'individual_plan', period: '2026-11', child_id: mover.child.id }),
      'child_id',
      M.child,
    );
  });

  it('bad input: a 週案 not on a Monday, a plan without a child or with another class’s child; nothing written', async () => {
    const before = (await db().select({ n: count() }).from(recordDocuments))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'weekly_plan', period: '2026-11-17' }, 'period'],
      [{ kind: 'weekly_plan', period: '2026-11' }, 'period'],
      [{ kind: 'individual_plan', period: '2026-11-02' }, 'period'],
      [{ kind: 'individual_plan', period: '2026-11' }, 'child_id'],
      [{ kind: 'individual_plan', period: '2026-11', child_id: 999_999 }, 'child_id'],
      [{ kind: 'individual_plan', period: '2026-11', child_id: -1 }, 'child_id'],
      [{ kind: 'individual_plan', period: '2026-11', child_id: 'x' }, 'child_id'],
    ];
    for (const [body, field] of cases) expectInvalid(await open(as.director, w.classA.id, body), field);
    // A child of class A opened from class B.
    expectInvalid(
      await open(as.director, w.classB.id, { kind: 'individual_plan', period: '2026-11', child_id: baby.child.id }),
      'child_id',
    );
    expect((await db().select({ n: count() }).from(recordDocuments))[0]!.n).toBe(before);
  });

  it('each child’s 経過記録: monthly under 3 every month, by 期 in the 期’s last month or once begun; counted', async () => {
    const progress = async (m: string, agent = as.classStaffA, classId = w.classA.id) =>
      (await month(agent, classId, m)).data.progress_records;
    const nov = await progress('2026-11');
    const byChild = new Map(nov.map((s) => [s.child!.id, s]));
    expect(byChild.get(baby.child.id)).toMatchObject({
      kind: 'progress_record',
      period: '2026-11',
      label: '試験 あかちゃんさんの2026年11月の経過記録',
      state: 'missing',
      document: null,
    });
    expect(byChild.get(turnsThree.child.id)).toMatchObject({ period: '2026-11', state: 'missing' });
    // A 4歳児's III期 (9–12月) is due in December, not in November.
    expect(byChild.has(older.child.id)).toBe(false);
    const dec = await progress('2026-12');
    expect(dec.find((s) => s.child!.id === older.child.id)).toMatchObject({
      period: '2026-09',
      label: '試験 よんさいさんの2026年度 9月〜12月の経過記録',
      state: 'missing',
    });
    // Begun in October: listed in November as being written, in December as waiting once submitted.
    const begun = await call(as.classStaffA, postStaffChildProgressRecord, {
      params: { childId: older.child.id },
      body: { period: '2026-10' },
      headers: clock,
    });
    expect((await progress('2026-11')).find((s) => s.child!.id === older.child.id)).toMatchObject({
      state: 'writing',
      document: { id: begun.data.document.id },
    });
    await call(as.classStaffA, postStaffRecordSubmit, { params: { documentId: begun.data.document.id }, headers: clock });
    const decAgain = (await month(as.director, w.classA.id, '2026-12')).data;
    expect(decAgain.progress_records.find((s) => s.child!.id === older.child.id)!.state).toBe('waiting');
    expect(decAgain.counts.waiting).toBeGreaterThanOrEqual(1);
  });

  it('a 経過記録 follows a child who changed class mid-year: the new class lists the one written in the old', async () => {
    const moving = await kid('いどう', '2024-05-05', w.classB.id);
    const written = await call(as.classStaffB, postStaffChildProgressRecord, {
      params: { childId: moving.child.id },
      body: { period: '2026-11' },
      headers: clock,
    });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, moving.noteChild.id));
    const a = (await month(as.classStaffA, w.classA.id, '2026-11')).data.progress_records;
    expect(a.find((s) => s.child!.id === moving.child.id)).toMatchObject({
      state: 'writing',
      document: { id: written.data.document.id },
    });
    const b = (await month(as.classStaffB, w.classB.id, '2026-11')).data.progress_records;
    expect(b.map((s) => s.child!.id)).not.toContain(moving.child.id);
  });

  it('a child who left: listed up to the month they left, not after', async () => {
    const leaving = await kid('たいしょ', '2024-06-06', w.classA.id);
    await db().update(noteChildren).set({ leftOn: '2026-10-15' }).where(eq(noteChildren.id, leaving.noteChild.id));
    const oct = (await month(as.director, w.classA.id, '2026-10')).data.progress_records;
    expect(oct.map((s) => s.child!.id)).toContain(leaving.child.id);
    const nov = (await month(as.director, w.classA.id, '2026-11')).data.progress_records;
    expect(nov.map((s) => s.child!.id)).not.toContain(leaving.child.id);
  });
});
