import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AUDIT_VIEW_HEADER,
  getStaffAudit,
  getStaffAuditSubjects,
  getStaffChild,
  getStaffChildGuardians,
  getStaffPickupPersons,
} from '@renraku/contract';
import { auditLog, noteChildren } from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectMatrix, statuses } from './staff-persona-matrix';

/** The director's audit screen (issue 29): filters by any member and by child, one page open one entry. */
const { t, w, as } = setupStaffWorld();
const db = () => t.db;

const childReads = (childId: number, userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.childId, childId), eq(auditLog.userId, userId)));

describe('getStaffAuditSubjects: whom the filters offer', () => {
  it('every member of the facility, past ones included and marked, and no one of another facility', async () => {
    const res = await call(as.director, getStaffAuditSubjects, { params: { facilityId: w.facilityId } });
    const byId = new Map(res.data.people.map((p) => [p.id, p]));
    for (const persona of ['companyAdmin', 'director', 'office', 'classStaffA', 'classStaffB'] as const) {
      expect(byId.get(w.staff[persona].user.id)?.current).toBe(true);
    }
    expect(byId.get(w.staff.ended.user.id)).toMatchObject({ current: false, name: w.staff.ended.user.name });
    expect(byId.has(w.staff.otherFacility.user.id)).toBe(false);
    // Current members first.
    expect(res.data.people.at(-1)!.id).toBe(w.staff.ended.user.id);
  });

  it('every child ever enrolled here with name and kana, one who left marked; none of another facility', async () => {
    const left = await buildChild(db(), { facilityId: w.facilityId, firstName: 'ゆい' });
    await db().update(noteChildren).set({ leftOn: '2024-03-31' }).where(eq(noteChildren.id, left.noteChild.id));
    const res = await call(as.director, getStaffAuditSubjects, { params: { facilityId: w.facilityId } });
    const child = res.data.children.find((c) => c.id === w.family.child.id)!;
    expect(child.name).toBe(`${w.family.child.lastName} ${w.family.child.firstName}`);
    expect(child.kana).toBe(`${w.family.child.lastNameKana} ${w.family.child.firstNameKana}`);
    expect(child.current).toBe(true);
    expect(res.data.children.find((c) => c.id === left.child.id)?.current).toBe(false);
    expect(res.data.children.some((c) => c.id === w.otherFacility.child.id)).toBe(false);
  });

  it('directors and company admins only, as the log itself', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 403 }), (agent) =>
      call(agent, getStaffAuditSubjects, { params: { facilityId: w.facilityId } }),
    );
  });

  it('a bad facility id is a 4xx with a Japanese message, never a 500', async () => {
    const res = await callRaw(as.director, getStaffAuditSubjects, { params: { facilityId: 'abc' } });
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect((await callRaw(as.director, getStaffAuditSubjects, { params: { facilityId: 999999 } })).statusCode).toBe(404);
  });
});

describe('one page open of a child is one entry', () => {
  const openPage = (agent: Agent, childId: number, view: string) => {
    const headers = { [AUDIT_VIEW_HEADER]: view };
    return Promise.all([
      call(agent, getStaffChild, { params: { childId }, headers }),
      call(agent, getStaffChildGuardians, { params: { childId }, headers }),
      call(agent, getStaffPickupPersons, { params: { childId }, headers }),
    ]);
  };

  it('the page’s three reads at once, and their refetch, write one child.read entry', async () => {
    const { user } = await buildStaff(db(), { role: 'director', facilityId: w.facilityId });
    const director = await t.signInStaff(user);
    const view = 'view-0123456789abcdef';
    const answers = await openPage(director, w.family.child.id, view);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await call(director, getStaffPickupPersons, {
      params: { childId: w.family.child.id },
      headers: { [AUDIT_VIEW_HEADER]: view },
    });
    const rows = await childReads(w.family.child.id, user.id);
    expect(rows.map((r) => [r.action, r.details])).toEqual([['child.read', { view }]]);

    // Opening the page again is another read.
    await openPage(director, w.family.child.id, 'view-fedcba9876543210');
    expect(await childReads(w.family.child.id, user.id)).toHaveLength(2);
  });

  it('a view id is the caller’s own: another person’s read with the same id is entered', async () => {
    const view = 'view-shared-000000000';
    const [a, b] = [
      await buildStaff(db(), { role: 'director', facilityId: w.facilityId }),
      await buildStaff(db(), { role: 'director', facilityId: w.facilityId }),
    ];
    await openPage(await t.signInStaff(a.user), w.family.child.id, view);
    await openPage(await t.signInStaff(b.user), w.family.child.id, view);
    expect(await childReads(w.family.child.id, a.user.id)).toHaveLength(1);
    expect(await childReads(w.family.child.id, b.user.id)).toHaveLength(1);
  });

  it('without a view id (another client) or with a malformed one, every read is entered as before', async () => {
    const { user } = await buildStaff(db(), { role: 'director', facilityId: w.facilityId });
    const director = await t.signInStaff(user);
    await call(director, getStaffChild, { params: { childId: w.family.child.id } });
    await call(director, getStaffChild, { params: { childId: w.family.child.id }, headers: { [AUDIT_VIEW_HEADER]: "x'; drop" } });
    await call(director, getStaffChildGuardians, { params: { childId: w.family.child.id } });
    const actions = (await childReads(w.family.child.id, user.id)).map((r) => r.action).sort();
    expect(actions).toEqual(['child.guardians.read', 'child.read', 'child.read']);
  });

  it('a refused read writes nothing', async () => {
    const before = (await childReads(w.family.child.id, w.staff.otherFacility.user.id)).length;
    const answers = await openPage(as.otherFacility, w.family.child.id, 'view-other-0000000000');
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(await childReads(w.family.child.id, w.staff.otherFacility.user.id)).toHaveLength(before);
  });

  it('the director answers “who read this child” by filtering the log by child', async () => {
    const res = await call(as.director, getStaffAudit, {
      params: { facilityId: w.facilityId },
      query: { child_id: w.family.child.id },
    });
    expect(res.data.data.every((e) => e.child?.id === w.family.child.id)).toBe(true);
    expect(res.data.data.filter((e) => e.action === 'child.read').length).toBeGreaterThanOrEqual(5);
    expect(res.data.data[0]!.child_count).toBe(1);
  });
});
