import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  getStaffMe,
  getStaffMembers,
  getStaffShiftRatio,
  getStaffTimeEntries,
  memberChiefMessages as M,
  postStaffDeviceUnlock,
  putStaffMember,
  putStaffMemberChief,
  staffMemberSchema,
} from '@renraku/contract';
import { auditLog, staffMemberships } from '../src/db/schema';
import { buildStaff } from './factories';
import { call, callRaw, type Agent } from './harness';
import { pairDevice, setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, setupOnly } from './staff-persona-matrix';

/*
 * 主任 (docs/decisions/staff-chief-flag.md): the 園長 marks a 保育士's membership as 主任 or clears it
 * (`PUT /api/staff/members/{id}/chief`), audited; the mark shows in the roster and in getStaffMe, and
 * gives staffing's shifts and corrections (staffing.md §5). Every caller of staff.md §7, a PIN tablet
 * and a gate kiosk; bad input.
 */

const clock = { 'x-test-now': '2026-11-20T01:00:00.000Z' };

const { t, db, w, as } = setupStaffWorld(clock);
let tablet: Agent;
let kiosk: Agent;
let pinStaff: Awaited<ReturnType<typeof buildStaff>>;

beforeAll(async () => {
  pinStaff = await buildStaff(db(), { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classA.id], pin: '2468' });
  tablet = await pairDevice(t, as.director, w.facilityId, { name: 'ひよこ組', class_id: w.classA.id }, clock);
  kiosk = await pairDevice(t, as.director, w.facilityId, { name: 'ゲート', purpose: 'kiosk' }, clock);
}, 120_000);

const target = () => w.staff.classStaffA.membership.id;
const setChief = (agent: Agent, isChief: boolean, membershipId = target()) =>
  call(agent, putStaffMemberChief, { params: { membershipId }, body: { is_chief: isChief }, headers: clock });
const isChiefInDb = async (membershipId = target()) =>
  (await db().select({ c: staffMemberships.isChief }).from(staffMemberships).where(eq(staffMemberships.id, membershipId)))[0]!.c;
const chiefAudits = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'staff_membership'), eq(auditLog.targetId, target())));

describe('PUT /api/staff/members/{id}/chief', () => {
  it('園長 and 法人管理者 set it; 事務 and 保育士 403; other facility 404; ended, guardian, anonymous 401', async () => {
    // The target itself (classStaffA) answers 403 as every 保育士 does: it may not mark anyone.
    await expectMatrix(as, setupOnly(200), (agent) => setChief(agent, true));
    expect(await isChiefInDb()).toBe(true);
  });

  it('a PIN tablet 403 (desktop only), a gate kiosk 401; nothing changes', async () => {
    await setChief(as.director, false);
    expect(
      (await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinStaff.user.id, pin: '2468' }, headers: clock }))
        .statusCode,
    ).toBe(200);
    expect((await setChief(tablet, true)).statusCode).toBe(403);
    expect((await setChief(kiosk, true)).statusCode).toBe(401);
    expect(await isChiefInDb()).toBe(false);
  });

  it('audited once per change (a repeat writes nothing); the roster and getStaffMe show it', async () => {
    const before = (await chiefAudits()).length;
    const set = await setChief(as.director, true);
    expect(staffMemberSchema.parse(set.json())).toMatchObject({ membership_id: target(), is_chief: true, role: 'class_staff' });
    await setChief(as.director, true);
    const audits = await chiefAudits();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)).toMatchObject({
      action: 'staff.member.chief_set',
      details: { user_id: w.staff.classStaffA.user.id, is_chief: true },
    });
    const roster = (await call(as.director, getStaffMembers, { params: { facilityId: w.facilityId }, headers: clock })).data;
    expect(roster.find((m) => m.membership_id === target())!.is_chief).toBe(true);
    expect(roster.find((m) => m.membership_id === w.staff.classStaffB.membership.id)!.is_chief).toBe(false);
    expect((await call(as.classStaffA, getStaffMe, { headers: clock })).data.facilities).toMatchObject([
      { id: w.facilityId, chief: true },
    ]);
    expect((await call(as.classStaffB, getStaffMe, { headers: clock })).data.facilities[0]!.chief).toBe(false);
  });

  it('the 主任 edits shifts and corrects 打刻 (staffing.md §5); cleared, they are a 保育士 again', async () => {
    const read = (agent: Agent) => call(agent, getStaffTimeEntries, { params: { facilityId: w.facilityId }, headers: clock });
    const table = (agent: Agent) => call(agent, getStaffShiftRatio, { params: { facilityId: w.facilityId }, headers: clock });
    expect((await read(as.classStaffA)).statusCode).toBe(200);
    expect((await table(as.classStaffA)).statusCode).toBe(200);
    expect((await read(as.classStaffB)).statusCode).toBe(403);
    const cleared = await setChief(as.companyAdmin, false);
    expect(cleared.data.is_chief).toBe(false);
    expect((await chiefAudits()).at(-1)!.action).toBe('staff.member.chief_clear');
    expect((await read(as.classStaffA)).statusCode).toBe(403);
  });

  it('another role loses the mark; a director’s or office membership cannot get it (422)', async () => {
    await setChief(as.director, true);
    await call(as.director, putStaffMember, {
      params: { membershipId: target() },
      body: { role: 'office', class_ids: [] },
      headers: clock,
    });
    expect(await isChiefInDb()).toBe(false);
    const bad = await callRaw(as.director, putStaffMemberChief, {
      params: { membershipId: target() },
      body: { is_chief: true },
      headers: clock,
    });
    expectInvalid(bad, 'is_chief', M.classStaffOnly);
    expect(await isChiefInDb()).toBe(false);
    await call(as.director, putStaffMember, {
      params: { membershipId: target() },
      body: { role: 'class_staff', class_ids: [w.classA.id] },
      headers: clock,
    });
  });

  it('bad input: 422 in Japanese for a missing or non-boolean flag, a bad id; 404 for an unknown or another facility’s membership; one’s own 403', async () => {
    const before = (await chiefAudits()).length;
    for (const body of [{}, { is_chief: 'yes' }, { is_chief: null }])
      expectInvalid(
        await callRaw(as.director, putStaffMemberChief, { params: { membershipId: target() }, body, headers: clock }),
        'is_chief',
        M.chief,
      );
    expect(
      (
        await callRaw(as.director, putStaffMemberChief, {
          params: { membershipId: 'x' as never },
          body: { is_chief: true },
          headers: clock,
        })
      ).statusCode,
    ).toBe(422);
    expect((await setChief(as.director, true, 2_000_000_000)).statusCode).toBe(404);
    expect((await setChief(as.director, true, w.staff.otherFacility.membership.id)).statusCode).toBe(404);
    expect((await setChief(as.director, false, w.staff.director.membership.id)).statusCode).toBe(403);
    expect((await chiefAudits()).length).toBe(before);
  });
});
