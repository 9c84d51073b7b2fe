import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  deleteStaffMember,
  getStaffMe,
  getStaffMembers,
  postPasswordReset,
  postStaffLogin,
  postStaffMember,
  putStaffMember,
  staffMessages,
} from '@renraku/contract';
import { auditLog, mailOutbox, staffMemberships, users } from '../src/db/schema';
import { buildClass, buildStaffWorld, buildUser, TEST_PASSWORD } from './factories';
import { call, callRaw, setupApp, staffAgents, type StaffPersona } from './harness';

const t = setupApp();
const db = () => t.db;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const membershipCount = async () => (await db().select({ n: count() }).from(staffMemberships))[0]!.n;

/** Who may manage a facility's staff: directors and company admins (facility.setup). */
const setupExpectations: Record<StaffPersona, number> = {
  companyAdmin: 200,
  director: 200,
  office: 403,
  classStaffA: 403,
  classStaffB: 403,
  otherFacility: 404,
  ended: 401,
  guardian: 401,
  anonymous: 401,
};

describe('GET /api/staff/facilities/{facilityId}/members', () => {
  it('lists every membership of the facility and the company admins, for directors and company admins only', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    for (const [persona, status] of Object.entries(setupExpectations)) {
      const res = await call(agents[persona as StaffPersona], getStaffMembers, { params: { facilityId: world.facilityId } });
      expect(res.statusCode, persona).toBe(status);
    }
    const res = await call(agents.director, getStaffMembers, { params: { facilityId: world.facilityId } });
    expect(res.data.map((m) => m.role).sort()).toEqual(
      ['class_staff', 'class_staff', 'company_admin', 'director', 'director', 'office'].sort(),
    );
    expect(res.data.at(-1)).toMatchObject({ user_id: world.staff.ended.user.id, status: 'ended' });
    const staffA = res.data.find((m) => m.user_id === world.staff.classStaffA.user.id)!;
    expect(staffA).toMatchObject({ class_ids: [world.classA.id], status: 'current', has_password: true, pin_set: false });
    // The other facility's people are not listed.
    expect(res.data.some((m) => m.user_id === world.staff.otherFacility.user.id)).toBe(false);
  });
});

describe('POST /api/staff/facilities/{facilityId}/members', () => {
  const body = (email: string) => ({
    email,
    name: '新人 先生',
    role: 'class_staff' as const,
    class_ids: [] as number[],
    valid_from: '2026-04-01',
  });

  it('invites a new address: an ID without a password, the membership, a mail with a set-password link, an audit entry', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const email = `new-staff-${Date.now()}@example.com`;
    const res = await call(agents.director, postStaffMember, {
      params: { facilityId: world.facilityId },
      body: { ...body(email), class_ids: [world.classB.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      email,
      role: 'class_staff',
      class_ids: [world.classB.id],
      has_password: false,
      status: 'current',
    });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.subject).toBe('【れんらくノート】職員登録のご案内');
    const link = /\/password\/new\/([\w-]+)/.exec(mail!.text)![1]!;
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, res.data.membership_id));
    expect(entry).toMatchObject({ action: 'staff.member.invite', userId: world.staff.director.user.id });

    // The invited person sets the password through the link and signs in to the staff side.
    const reset = await call(t.agent(), postPasswordReset, {
      body: { token: link, password: 'new-staff-password-1', password_confirmation: 'new-staff-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.data.redirect_url).toMatch(/\/staff\/login$/);
    const login = await call(t.agent(), postStaffLogin, { body: { email, password: 'new-staff-password-1' } });
    expect(login.data.stage).toBe('ok');
  });

  it('adds an existing ID (a guardian elsewhere) without touching its password; a second current membership is 409', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const guardian = await buildUser(db());
    const params = { facilityId: world.facilityId };
    const res = await call(agents.companyAdmin, postStaffMember, { params, body: { ...body(guardian.email), role: 'office' } });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ user_id: guardian.id, has_password: true, class_ids: [] });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, guardian.email));
    expect(mail!.text).toContain('/staff/login');
    expect(mail!.text).not.toContain('/password/new/');
    const staffAgent = t.agent();
    await call(staffAgent, postStaffLogin, { body: { email: guardian.email, password: TEST_PASSWORD } });
    expect((await call(staffAgent, getStaffMe)).data.facilities).toMatchObject([{ id: world.facilityId, role: 'office' }]);
    const again = await call(agents.director, postStaffMember, { params, body: body(guardian.email.toUpperCase()) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(staffMessages.memberExists);
  });

  it('keeps the typed name for an ID that has none yet (a sign-up without a name) until the person sets their own', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const params = { facilityId: world.facilityId };
    const nameless = await buildUser(db(), { name: null });
    const res = await call(agents.director, postStaffMember, { params, body: { ...body(nameless.email), name: '山本 さくら' } });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ user_id: nameless.id, name: '山本 さくら' });
    const listed = await call(agents.director, getStaffMembers, { params });
    expect(listed.data.find((m) => m.user_id === nameless.id)!.name).toBe('山本 さくら');
    // The ID stays the person's: the facility's spelling is not written into it.
    expect((await db().select().from(users).where(eq(users.id, nameless.id)))[0]!.name).toBeNull();
    // Once the person sets their own name, that is the name shown.
    await db().update(users).set({ name: '山本 咲良' }).where(eq(users.id, nameless.id));
    const after = await call(agents.director, getStaffMembers, { params });
    expect(after.data.find((m) => m.user_id === nameless.id)!.name).toBe('山本 咲良');
  });

  it('is refused to other roles and scopes, and refuses bad input with nothing written', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const params = { facilityId: world.facilityId };
    const before = { audit: await auditCount(), memberships: await membershipCount() };
    for (const [persona, status] of Object.entries(setupExpectations)) {
      if (status === 200) continue;
      const res = await call(agents[persona as StaffPersona], postStaffMember, {
        params,
        body: body(`x-${persona}@example.com`),
      });
      expect(res.statusCode, persona).toBe(status);
    }
    const otherClass = await buildClass(db(), { facilityId: world.otherFacility.facilityId });
    const cases = [
      {
        body: { ...body('a@example.com'), class_ids: [otherClass.id] },
        field: 'class_ids',
        message: staffMessages.memberClassInvalid,
      },
      {
        body: { ...body('b@example.com'), valid_until: '2026-03-31' },
        field: 'valid_until',
        message: staffMessages.memberPeriodInvalid,
      },
      { body: { ...body('c@example.com'), role: 'company_admin' }, field: 'role', message: '役割を選択してください' },
      { body: { ...body('not-an-email') }, field: 'email', message: 'メールアドレスの形式が正しくありません' },
      {
        body: { ...body('d@example.com'), valid_from: '2026/04/01' },
        field: 'valid_from',
        message: '日付の形式が正しくありません',
      },
      { body: { ...body('e@example.com'), name: '' }, field: 'name', message: 'お名前を入力してください' },
    ];
    for (const c of cases) {
      const res = await callRaw(agents.director, postStaffMember, { params, body: c.body });
      expect(res.statusCode, c.field).toBe(422);
      expect(res.json().errors[c.field], c.field).toEqual([c.message]);
    }
    expect(await auditCount()).toBe(before.audit);
    expect(await membershipCount()).toBe(before.memberships);
    expect(await db().select().from(users).where(eq(users.email, 'a@example.com'))).toEqual([]);
  });
});

describe('PUT and DELETE /api/staff/members/{membershipId}', () => {
  it('changes role and classes, ends a membership (it grants nothing from today), audited; not one’s own', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const target = world.staff.classStaffB.membership.id;
    for (const [persona, status] of Object.entries(setupExpectations)) {
      const res = await call(agents[persona as StaffPersona], putStaffMember, {
        params: { membershipId: target },
        body: { role: 'class_staff', class_ids: [world.classA.id, world.classB.id] },
      });
      expect(res.statusCode, persona).toBe(status);
    }
    const changed = await call(agents.director, putStaffMember, {
      params: { membershipId: target },
      body: { role: 'class_staff', class_ids: [world.classA.id] },
    });
    expect(changed.data.class_ids).toEqual([world.classA.id]);
    const self = await call(agents.director, deleteStaffMember, { params: { membershipId: world.staff.director.membership.id } });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(staffMessages.memberSelf);
    const adminsOwn = await call(agents.director, deleteStaffMember, {
      params: { membershipId: world.staff.companyAdmin.membership.id },
    });
    expect(adminsOwn.statusCode).toBe(404);

    expect((await call(agents.classStaffB, getStaffMe)).data.facilities).toHaveLength(1);
    const ended = await call(agents.director, deleteStaffMember, { params: { membershipId: target } });
    expect(ended.statusCode).toBe(200);
    // Their session ends with it (issue 30): signed out, not an empty staff room.
    expect((await call(agents.classStaffB, getStaffMe)).statusCode).toBe(401);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, target))).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith('staff.member.'))).toEqual(
      expect.arrayContaining(['staff.member.update', 'staff.member.update', 'staff.member.end']),
    );
    const missing = await call(agents.director, deleteStaffMember, { params: { membershipId: 2_000_000 } });
    expect(missing.statusCode).toBe(404);
  });
});
