import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  getStaffWorkingConditions,
  postStaffDeviceUnlock,
  postStaffShiftGenerate,
  postStaffShiftPattern,
  putStaffWorkingConditions,
  workingConditionMessages as M,
  workingConditionsSchema,
  type WorkingConditionsBody,
} from '@renraku/contract';
import { auditLog, children, noteChildren, schedules, staffMemberships, staffWorkingConditions } from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent } from './harness';
import { pairDevice, setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, setupOnly, statuses } from './staff-persona-matrix';
import { addShiftPatterns } from './staffing-world';

/*
 * 勤務条件 (docs/decisions/staffing-working-conditions.md) over HTTP and a real database: reading and
 * saving a member's limits and patterns × every caller of staff.md §7, the 主任, a paired class
 * tablet and a gate kiosk; bad input; the generated draft keeping them.
 */

const NOW = '2026-11-20T00:00:00.000Z';
const clock = { 'x-test-now': NOW };

const { t, db, w, as } = setupStaffWorld(clock);
let chief: Agent;
let tablet: Agent;
let kiosk: Agent;
let subject: number;
const pattern: Record<'A' | 'F' | 'H', number> = { A: 0, F: 0, H: 0 };

beforeAll(async () => {
  subject = w.staff.classStaffA.user.id;
  const chiefStaff = await buildStaff(db(), { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classB.id] });
  await db().update(staffMemberships).set({ isChief: true }).where(eq(staffMemberships.id, chiefStaff.membership.id));
  chief = await t.signInStaff(chiefStaff.user, clock);
  const pinPerson = await buildStaff(db(), {
    role: 'class_staff',
    facilityId: w.facilityId,
    classIds: [w.classA.id],
    pin: '2468',
  });
  tablet = await pairDevice(t, as.director, w.facilityId, { name: 'ひよこ組', class_id: w.classA.id }, clock);
  expect(
    (await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinPerson.user.id, pin: '2468' }, headers: clock })).statusCode,
  ).toBe(200);
  kiosk = await pairDevice(t, as.director, w.facilityId, { name: 'ゲート', purpose: 'kiosk' }, clock);
  Object.assign(
    pattern,
    await addShiftPatterns(
      as.director,
      w.facilityId,
      [
        ['A', '07:30', '16:15'],
        ['F', '09:30', '18:15'],
        ['H', '10:45', '19:00'],
      ],
      clock,
    ),
  );
}, 120_000);

const params = (userId = subject, facilityId = w.facilityId) => ({ facilityId, userId });
const read = (agent: Agent, userId = subject) =>
  call(agent, getStaffWorkingConditions, { params: params(userId), headers: clock });
const save = (agent: Agent, body: WorkingConditionsBody, userId = subject) =>
  call(agent, putStaffWorkingConditions, { params: params(userId), body, headers: clock });
const none: WorkingConditionsBody = {
  max_days_per_week: null,
  max_days_per_month: null,
  max_consecutive_days: null,
  max_hours_per_month: null,
  pattern_ids: null,
};
const rows = () => db().select().from(staffWorkingConditions).where(eq(staffWorkingConditions.facilityId, w.facilityId));

describe('GET …/working-conditions/{userId}', () => {
  it('園長, 法人管理者 and the 主任 read anyone’s; a 保育士 her own only; 事務 403; another facility 404; signed out 401', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent, persona) =>
      read(agent, persona === 'classStaffB' ? w.staff.classStaffB.user.id : subject),
    );
    expect((await read(as.classStaffB)).statusCode).toBe(403);
    expect((await read(as.office, w.staff.office.user.id)).statusCode).toBe(403);
    expect((await read(chief)).statusCode).toBe(200);
  });

  it('answers the defaults (every limit empty, every pattern) before anything is saved; editable for the 園長 only', async () => {
    const res = await read(as.director);
    expect(workingConditionsSchema.parse(res.json())).toEqual({
      ...none,
      user_id: subject,
      name: '職員 class_staff',
      editable: true,
      updated_at: null,
    });
    expect((await read(chief)).data.editable).toBe(false);
    expect((await read(as.classStaffA)).data.editable).toBe(false);
  });

  it('a class tablet’s PIN session is refused (desktop only); a gate kiosk is signed out', async () => {
    expect((await read(tablet)).statusCode).toBe(403);
    expect((await read(kiosk)).statusCode).toBe(401);
  });
});

describe('PUT …/working-conditions/{userId}', () => {
  it('園長 and 法人管理者 save; 事務, 保育士 (even her own) 403; another facility 404; signed out 401', async () => {
    await expectMatrix(as, setupOnly(200), (agent, _persona, i) => save(agent, { ...none, max_days_per_week: i + 1 }));
    // The last to succeed was the 園長 (index 1): nothing of the refused ones was written.
    expect((await rows()).map((r) => r.maxDaysPerWeek)).toEqual([2]);
  });

  it('the 主任 and a class tablet 403, a gate kiosk 401; nothing written', async () => {
    const before = await rows();
    expect((await save(chief, { ...none, max_days_per_week: 6 })).statusCode).toBe(403);
    expect((await save(tablet, { ...none, max_days_per_week: 6 })).statusCode).toBe(403);
    expect((await save(kiosk, { ...none, max_days_per_week: 6 })).statusCode).toBe(401);
    expect(await rows()).toEqual(before);
  });

  it('saves a part-timer’s limits and patterns (sorted, once each), answers them, audits in Japanese', async () => {
    const body = { ...none, max_days_per_week: 3, max_hours_per_month: 80, pattern_ids: [pattern.F, pattern.F] };
    const res = await save(as.director, body);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ max_days_per_week: 3, max_hours_per_month: 80, pattern_ids: [pattern.F], editable: true });
    expect((await read(as.classStaffA)).data).toMatchObject({ max_days_per_week: 3, pattern_ids: [pattern.F] });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staffing.conditions.update'), eq(auditLog.targetId, subject)))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(2);
    expect(audit).toMatchObject({ targetType: 'user', userId: w.staff.director.user.id });
    expect(audit!.details).toMatchObject({ max_days_per_week: 3, pattern_ids: [pattern.F] });
  });

  it('bad limits and patterns are 422 in Japanese naming the field; nothing written; never a 500', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...none, max_days_per_week: 0 }, 'max_days_per_week', M.max_days_per_week],
      [{ ...none, max_days_per_week: 8 }, 'max_days_per_week', M.max_days_per_week],
      [{ ...none, max_days_per_month: 1.5 }, 'max_days_per_month', M.max_days_per_month],
      [{ ...none, max_consecutive_days: '3' }, 'max_consecutive_days', M.max_consecutive_days],
      [{ ...none, max_hours_per_month: 745 }, 'max_hours_per_month', M.max_hours_per_month],
      [{ ...none, max_hours_per_month: 1e20 }, 'max_hours_per_month', M.max_hours_per_month],
      [{ ...none, pattern_ids: [] }, 'pattern_ids', M.patterns],
      [{ ...none, pattern_ids: [-1] }, 'pattern_ids.0'],
      [{ ...none, pattern_ids: [2_147_483_648] }, 'pattern_ids.0'],
      [{ ...none, pattern_ids: 'F' }, 'pattern_ids', M.patterns],
      [{ max_days_per_week: 3 }, 'max_days_per_month'],
    ];
    for (const [body, field, message] of cases) {
      const res = await callRaw(as.director, putStaffWorkingConditions, { params: params(), body, headers: clock });
      expectInvalid(res, field, message);
    }
    // A pattern of another facility: the facility's own only.
    const other = await call(as.otherFacility, postStaffShiftPattern, {
      params: { facilityId: w.otherFacility.facilityId },
      body: { code: 'X', start: '08:00', end: '17:00', break_minutes: 60 },
      headers: clock,
    });
    expectInvalid(
      await callRaw(as.director, putStaffWorkingConditions, {
        params: params(),
        body: { ...none, pattern_ids: [pattern.A, other.data.id] },
        headers: clock,
      }),
      'pattern_ids',
      M.pattern,
    );
    for (const userId of ['x', '0']) {
      const res = await callRaw(as.director, putStaffWorkingConditions, {
        params: { facilityId: w.facilityId, userId },
        body: none,
        headers: clock,
      });
      expectInvalid(res, 'userId');
    }
    expect(await rows()).toEqual(before);
  });

  it('someone not (or no longer) a member of the facility is 404, read or saved', async () => {
    const before = await rows();
    for (const userId of [w.staff.otherFacility.user.id, w.staff.ended.user.id, w.staff.companyAdmin.user.id, w.family.main.id]) {
      for (const res of [await read(as.director, userId), await save(as.director, none, userId)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(M.member);
      }
    }
    expect(await rows()).toEqual(before);
  });
});

describe('the generated draft keeps them', () => {
  it('a part-timer on F only, 3 days a week; the slots she is kept from are off_or_limit', async () => {
    // Three babies of ひよこ組 planned 08:00–18:00 on Mon 7 – Sat 12 December: 2 staff needed all day.
    for (const name of ['一', '二', '三']) {
      const baby = await buildChild(db(), { facilityId: w.facilityId, firstName: name });
      await db().update(children).set({ birth: '2025-06-01' }).where(eq(children.id, baby.child.id));
      await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, baby.noteChild.id));
      for (let day = 7; day <= 12; day++)
        await db()
          .insert(schedules)
          .values({
            companyId: w.companyId,
            noteChildId: baby.noteChild.id,
            date: `2026-12-${String(day).padStart(2, '0')}`,
            attendanceTime: '08:00',
            leavingTime: '18:00',
            isAbsent: false,
          });
    }
    expect((await save(as.director, { ...none, max_days_per_week: 3, pattern_ids: [pattern.F] })).statusCode).toBe(200);
    const draft = await call(as.director, postStaffShiftGenerate, {
      params: { facilityId: w.facilityId, month: '2026-12' },
      headers: clock,
    });
    expect(draft.statusCode).toBe(200);
    const mine = draft.data.table.staff.find((s) => s.user_id === subject)!.days;
    const week = Object.entries(mine).filter(([date]) => date >= '2026-12-07' && date <= '2026-12-13');
    expect(week.length).toBe(3);
    expect(new Set(Object.values(mine))).toEqual(new Set([pattern.F]));
    // ひよこ組 has her and the PIN person: before 09:30 only he can work (too few); on her days off by the limit, off_or_limit.
    expect(draft.data.unmet.every((u) => u.reason === 'off_or_limit' || u.reason === 'too_few_staff')).toBe(true);
    expect(draft.data.unmet.some((u) => u.reason === 'off_or_limit')).toBe(true);
  });
});
