import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generateMessages, postStaffShiftGenerate, postStaffShiftPublish } from '@renraku/contract';
import { auditLog, children, noteChildren, schedules, shifts, shiftWishes } from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, setupOnly } from './staff-persona-matrix';
import { addShiftPatterns } from './staffing-world';

/*
 * POST …/shifts/{month}/generate (staffing.md §3; docs/decisions/staffing-generator.md): the draft
 * from next month's planned times and 希望休 over the unpublished table; the slots it cannot staff.
 * The PIN session's refusal is in staff-device-sessions.test.ts (every desktop-only call).
 */

const db = () => t.db;
const NOW = '2026-11-20T00:00:00.000Z';
const clock = { 'x-test-now': NOW };
const { t, w, as } = setupStaffWorld(clock);

let second: Awaited<ReturnType<typeof buildStaff>>;
let patternA: number;

beforeAll(async () => {
  second = await buildStaff(db(), { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classA.id] });
  // Three babies of ひよこ組 planned 08:00–16:00 on Tue 1 and Wed 2 December (and a Sunday, closed).
  for (const name of ['一', '二', '三']) {
    const baby = await buildChild(db(), { facilityId: w.facilityId, firstName: name });
    await db().update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-06'])
      await db().insert(schedules).values({
        companyId: w.companyId,
        noteChildId: baby.noteChild.id,
        date,
        attendanceTime: '08:00',
        leavingTime: '16:00',
        isAbsent: false,
      });
  }
  const patterns = await addShiftPatterns(
    as.director,
    w.facilityId,
    [
      ['A', '07:30', '16:15'],
      ['H', '10:45', '19:00'],
    ],
    clock,
  );
  patternA = patterns.A;
  await db()
    .insert(shiftWishes)
    .values({ facilityId: w.facilityId, companyId: w.companyId, userId: second.user.id, date: '2026-12-02' });
}, 120_000);

const generate = (agent: Agent, month = '2026-12') =>
  call(agent, postStaffShiftGenerate, { params: { facilityId: w.facilityId, month }, headers: clock });

describe('POST …/shifts/{month}/generate', () => {
  it('園長 and 法人管理者 generate; 事務 and 保育士 403; another facility 404; signed out 401', async () => {
    await expectMatrix(as, setupOnly(200), (agent) => generate(agent));
  });

  it('fills the room where staff allow, keeps the wish, lists the short slots; overwrites only the placed rows; audited', async () => {
    const [a, b, director] = [w.staff.classStaffA.user.id, second.user.id, w.staff.director.user.id];
    const cell = (userId: number, date: string) => ({
      companyId: w.companyId,
      facilityId: w.facilityId,
      userId,
      date,
      patternId: patternA,
      updatedBy: director,
      updatedAt: new Date(NOW),
    });
    await db()
      .insert(shifts)
      .values([cell(a, '2026-12-10'), cell(director, '2026-12-10')])
      .onConflictDoNothing();
    const res = await generate(as.director);
    expect(res.statusCode).toBe(200);
    const row = (id: number) => res.data.table.staff.find((s) => s.user_id === id)!;
    expect(row(a).days).toEqual({ '2026-12-01': patternA, '2026-12-02': patternA });
    expect(row(b).days).toEqual({ '2026-12-01': patternA });
    expect(row(b).wishes).toEqual(['2026-12-02']);
    // The 園長 has no class: not placed, their own cell stays.
    expect(row(director).days).toEqual({ '2026-12-10': patternA });
    expect(res.data.table.published_at).toBeNull();
    expect(res.data.unmet).toEqual([
      {
        date: '2026-12-02',
        class_id: w.classA.id,
        class_name: 'ひよこ組',
        start: '08:00',
        end: '16:00',
        short: 1,
        reason: 'off_or_limit',
      },
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staffing.shift.generate'), eq(auditLog.userId, director)));
    expect(audits.at(-1)!.details).toMatchObject({ month: '2026-12', cells: 3, unmet_slots: 32 });
  });

  it('a bad month is 422 in Japanese, nothing written', async () => {
    for (const month of ['2026-13', '202612', 'x']) {
      const res = await callRaw(as.director, postStaffShiftGenerate, {
        params: { facilityId: w.facilityId, month },
        headers: clock,
      });
      expectInvalid(res, 'month');
    }
  });

  it('a published month is refused with 409 and left as it is', async () => {
    const before = await db().select().from(shifts).where(eq(shifts.facilityId, w.facilityId));
    await call(as.director, postStaffShiftPublish, {
      params: { facilityId: w.facilityId },
      body: { month: '2026-12' },
      headers: clock,
    });
    const res = await generate(as.director);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(generateMessages.published);
    expect(await db().select().from(shifts).where(eq(shifts.facilityId, w.facilityId))).toEqual(before);
  });

  it('a month with no shift patterns is refused with 409', async () => {
    const res = await call(as.otherFacility, postStaffShiftGenerate, {
      params: { facilityId: w.otherFacility.facilityId, month: '2027-01' },
      headers: clock,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(generateMessages.noPatterns);
  });
});
