import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  getStaffClassYoroku,
  getStaffClassYorokuAdmissions,
  getStaffRecord,
  getStaffYorokuContext,
  postStaffChildYoroku,
} from '@renraku/contract';
import { auditLog, noteChildren } from '../src/db/schema';
import { storeState } from '../src/modules/records/service';
import { loadState } from '../src/modules/records/service';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, readAll } from './staff-persona-matrix';
import { type Kid, placeKid, setupRecordsWorld } from './records-world';

/*
 * The 要録's 入所に関する記録 for the roster (records.md §7: 事務 "read the 要録's 入所に関する記録"):
 * every member reads them, the 事務 too, and nothing of the 保育に関する記録; the 事務 still gets 403
 * on the 要録 itself; each read audited by child; a child who moved class and a child who left.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };
const YEAR = 2026;

const { db, w, as } = setupRecordsWorld(clock, '1357');
let haruto: Kid;
let mio: Kid;
let leaver: Kid;
let yorokuId: number;

const kid = (firstName: string, birth: string, classId: number, leftOn: string | null = null) =>
  placeKid(db(), w, firstName, birth, classId, { leftOn, admittedOn: '2022-04-01', sex: 1 });
const list = (agent: Agent, classId = w.classA.id, year: unknown = YEAR) =>
  callRaw(agent, getStaffClassYorokuAdmissions, { params: { classId }, query: { year } as { year: number }, headers: clock });
const reads = async (childId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'yoroku.read'), eq(auditLog.childId, childId)))
  )[0]!.n;

beforeAll(async () => {
  haruto = await kid('陽翔', '2020-09-15', w.classA.id);
  mio = await kid('澪', '2021-06-10', w.classA.id);
  leaver = await kid('去', '2020-05-05', w.classA.id, '2026-10-31');
  // 陽翔's 要録: the roster's facts, then the staff's check (就学先) and a 保育に関する記録.
  const opened = await call(as.classStaffA, postStaffChildYoroku, {
    params: { childId: haruto.child.id },
    body: { year: YEAR },
    headers: clock,
  });
  yorokuId = opened.data.document.id;
  const y = new Y.Doc();
  Y.applyUpdate(y, (await loadState(db(), yorokuId))!);
  y.getText('school').insert(0, '世田谷区立桜小学校');
  y.getText('individual_focus').insert(0, '秘密の保育記録：自分の気持ちを言葉にする');
  await storeState(db(), yorokuId, Y.encodeStateAsUpdate(y));
  await db().update(noteChildren).set({ leftOn: null }).where(eq(noteChildren.id, leaver.noteChild.id));
  await call(as.director, postStaffChildYoroku, { params: { childId: leaver.child.id }, body: { year: YEAR }, headers: clock });
  await db().update(noteChildren).set({ leftOn: '2026-10-31' }).where(eq(noteChildren.id, leaver.noteChild.id));
}, 120_000);

describe('the 要録’s 入所に関する記録 for the roster', () => {
  it('every member reads them, the 事務 too; other facility 404; desktop only; the chief too', async () => {
    await expectMatrix(as, readAll, (agent) => list(agent));
    expect((await list(as.chief)).statusCode).toBe(200);
    // The class tablet's PIN session: a desktop call (roster facts).
    expect((await list(as.tablet)).statusCode).toBe(403);
  });

  it('holds the checked fields of the 要録 and nothing of the 保育に関する記録', async () => {
    const res = await call(as.office, getStaffClassYorokuAdmissions, {
      params: { classId: w.classA.id },
      query: { year: YEAR },
      headers: clock,
    });
    expect(res.data.class).toEqual({ id: w.classA.id, name: 'ひよこ組' });
    expect(res.data.fiscal_year).toBe(YEAR);
    const byName = new Map(res.data.children.map((c) => [c.name, c]));
    const h = byName.get('試験 陽翔')!;
    expect(h.document).toEqual({ id: yorokuId, version: 1, status: 'draft' });
    const fields = Object.fromEntries(h.fields.map((f) => [f.key, f.value]));
    expect(fields).toMatchObject({
      child_name: '試験 陽翔',
      child_sex: '男',
      child_birth: '2020年9月15日',
      admitted_on: '2022年4月1日',
      graduated_on: '2027年3月31日',
      school: '世田谷区立桜小学校',
    });
    expect(h.fields.map((f) => f.label)).toContain('就学先（小学校名）');
    // Not the 保育に関する記録.
    expect(JSON.stringify(res.data)).not.toContain('秘密の保育記録');
    expect(h.fields.map((f) => f.key)).not.toContain('individual_focus');
    // 澪 (4歳児) is not of the final year; a final-year child without a 要録 has no fields.
    expect(byName.has('試験 澪')).toBe(false);
    expect(byName.get('試験 去')).toMatchObject({ left: true, document: { status: 'draft' } });
  });

  it('the 事務 still reads no 要録 itself: the class list, the document, its PDF, its context and opening it are 403', async () => {
    const params = { documentId: yorokuId };
    expect((await callRaw(as.office, getStaffClassYoroku, { params: { classId: w.classA.id }, headers: clock })).statusCode).toBe(
      403,
    );
    expect((await callRaw(as.office, getStaffRecord, { params, headers: clock })).statusCode).toBe(403);
    expect((await callRaw(as.office, getStaffYorokuContext, { params, headers: clock })).statusCode).toBe(403);
    expect((await as.office.get(`/api/staff/records/${yorokuId}/pdf`, { headers: clock })).statusCode).toBe(403);
    const opened = await callRaw(as.office, postStaffChildYoroku, {
      params: { childId: haruto.child.id },
      body: { year: YEAR },
      headers: clock,
    });
    expect(opened.statusCode).toBe(403);
  });

  it('each read is a read of the child’s 要録 (view admission), only for the children whose 要録 is made', async () => {
    const [h, l, m] = [await reads(haruto.child.id), await reads(leaver.child.id), await reads(mio.child.id)];
    await call(as.office, getStaffClassYorokuAdmissions, { params: { classId: w.classA.id }, query: {}, headers: clock });
    expect([await reads(haruto.child.id), await reads(leaver.child.id), await reads(mio.child.id)]).toEqual([h + 1, l + 1, m]);
    const [last] = await db()
      .select({ details: auditLog.details, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'yoroku.read'), eq(auditLog.childId, haruto.child.id)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(last!.userId).toBe(w.staff.office.user.id);
    expect(last!.details).toMatchObject({ view: 'admission', version: 1, class_id: w.classA.id });
  });

  it('a child who moved class mid-year: listed with the new class, the 要録 made in the old one', async () => {
    const mover = await kid('移', '2020-07-07', w.classA.id);
    await call(as.classStaffA, postStaffChildYoroku, {
      params: { childId: mover.child.id },
      body: { year: YEAR },
      headers: clock,
    });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, mover.noteChild.id));
    const b = await call(as.office, getStaffClassYorokuAdmissions, {
      params: { classId: w.classB.id },
      query: { year: YEAR },
      headers: clock,
    });
    const moved = b.data.children.find((c) => c.id === mover.child.id)!;
    expect(moved.document).not.toBeNull();
    expect(moved.fields.find((f) => f.key === 'child_name')!.value).toBe('試験 移');
    const a = await call(as.office, getStaffClassYorokuAdmissions, {
      params: { classId: w.classA.id },
      query: {},
      headers: clock,
    });
    expect(a.data.children.map((c) => c.id)).not.toContain(mover.child.id);
  });

  it('bad input: a 422 in Japanese for the year, 404 for a class that is not there, nothing logged', async () => {
    const before = await reads(haruto.child.id);
    for (const year of ['abc', 1999, 2101, '2026.5']) expectInvalid(await list(as.office, w.classA.id, year), 'year');
    expect((await list(as.office, 999_999)).statusCode).toBe(404);
    const noKids = await call(as.office, getStaffClassYorokuAdmissions, {
      params: { classId: w.classA.id },
      query: { year: 2030 },
      headers: clock,
    });
    expect(noKids.data.children).toEqual([]);
    expect(await reads(haruto.child.id)).toBe(before);
  });
});
