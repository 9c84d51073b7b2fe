import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deleteStaffChildGuardian,
  facilityMessages,
  fiscalYearOf,
  getStaffChild,
  getStaffChildGuardians,
  getStaffChildren,
  getStaffClasses,
  guardianMessages,
  messages,
  postChild,
  postStaffChild,
  postStaffChildRegistration,
  postStaffClass,
  putStaffChild,
  putStaffClass,
  rosterMessages,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, childRegistrationTokens, childUser, children, classes, invitations, noteChildren } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { buildChild, buildClass, buildStaffWorld, buildUser, linkGuardian } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix as expectMatrixOf, personas, readAll, rosterWrite, setupOnly } from './staff-persona-matrix';

const t = setupApp();
const db = () => t.db;

type World = Awaited<ReturnType<typeof buildStaffWorld>>;
let w: World;
let as: Record<StaffPersona, Agent>;

beforeAll(async () => {
  w = await buildStaffWorld(db());
  as = await staffAgents(t, w);
  // Eight sign-ins (argon2 each): generous on a loaded 2-core machine.
}, 120_000);

const read = readAll;
const setupWrite = setupOnly;
/** One request per persona of this file's world, every status compared at once. */
const expectMatrix = (
  expected: Record<StaffPersona, number>,
  send: (agent: Agent, persona: StaffPersona) => Promise<{ statusCode: number }>,
) => expectMatrixOf(as, expected, send);

const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const childrenCount = async () => (await db().select({ n: count() }).from(children))[0]!.n;
const auditOf = (action: string, childId?: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), childId === undefined ? undefined : eq(auditLog.childId, childId)));

const today = () => tokyoDate(new Date());

const childBody = (overrides: Record<string, unknown> = {}) => ({
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'やまだ',
  first_name_kana: 'はなこ',
  birth: '2022-05-10',
  sex: 2,
  allergies: '卵',
  care_notes: '',
  class_id: w.classA.id,
  admitted_on: '2024-04-01',
  left_on: null,
  ...overrides,
});

describe('classes', () => {
  it('GET classes: every member of the facility; staff and children of today', async () => {
    await expectMatrix(read, (agent) =>
      call(agent, getStaffClasses, { params: { facilityId: w.facilityId }, query: { fiscal_year: 2026 } }),
    );
    const res = await call(as.classStaffB, getStaffClasses, {
      params: { facilityId: w.facilityId },
      query: { fiscal_year: 2026 },
    });
    const a = res.data.find((c) => c.id === w.classA.id)!;
    expect(a).toMatchObject({ name: 'ひよこ組', fiscal_year: 2026, children_count: 1 });
    expect(a.staff.map((s) => s.id)).toEqual([w.staff.classStaffA.user.id]);
    expect(res.data.find((c) => c.id === w.classB.id)).toMatchObject({ children_count: 0 });
    const other = await call(as.director, getStaffClasses, {
      params: { facilityId: w.facilityId },
      query: { fiscal_year: 2019 },
    });
    expect(other.data).toEqual([]);
  });

  it('GET classes defaults to the current 年度', async () => {
    const klass = await buildClass(db(), { facilityId: w.facilityId, name: '今年度組', fiscalYear: fiscalYearOf(today()) });
    const res = await call(as.office, getStaffClasses, { params: { facilityId: w.facilityId } });
    expect(res.data.map((c) => c.id)).toContain(klass.id);
    expect(res.data.every((c) => c.fiscal_year === fiscalYearOf(today()))).toBe(true);
  });

  it('POST classes: director and company admin; audited class.create', async () => {
    await expectMatrix(setupWrite(201), (agent, persona) =>
      call(agent, postStaffClass, {
        params: { facilityId: w.facilityId },
        body: { name: `${persona}組`, fiscal_year: 2027, age_band: 3 },
      }),
    );
    const created = await call(as.director, getStaffClasses, {
      params: { facilityId: w.facilityId },
      query: { fiscal_year: 2027 },
    });
    expect(created.data.map((c) => c.name)).toEqual(['companyAdmin組', 'director組']);
    const entries = await auditOf('class.create');
    expect(entries.map((e) => e.targetId).sort()).toEqual(created.data.map((c) => c.id).sort());
    expect(entries.find((e) => e.userId === w.staff.director.user.id)).toMatchObject({ facilityId: w.facilityId });
  });

  it('PUT classes: director and company admin; audited class.update; 404 for another facility’s class', async () => {
    const klass = await buildClass(db(), { facilityId: w.facilityId, name: '改名前組', fiscalYear: 2025 });
    await expectMatrix(setupWrite(200), (agent, persona) =>
      call(agent, putStaffClass, { params: { classId: klass.id }, body: { name: `${persona}の組`, age_band: null } }),
    );
    const [row] = await db().select().from(classes).where(eq(classes.id, klass.id));
    expect(row!.name).toBe('directorの組');
    expect((await auditOf('class.update')).filter((e) => e.targetId === klass.id)).toHaveLength(2);
    const foreign = await buildClass(db(), { facilityId: w.otherFacility.facilityId });
    expect((await call(as.director, putStaffClass, { params: { classId: foreign.id }, body: { name: 'x' } })).statusCode).toBe(
      404,
    );
  });

  it('bad class input: 422 in Japanese, nothing written', async () => {
    await buildClass(db(), { facilityId: w.facilityId, name: 'くま組', fiscalYear: 2028 });
    const [audits, classCount] = [await auditCount(), (await db().select({ n: count() }).from(classes))[0]!.n];
    const params = { facilityId: w.facilityId };
    expectInvalid(
      await callRaw(as.director, postStaffClass, { params, body: { name: '', fiscal_year: 2028 } }),
      'name',
      'クラス名を入力してください',
    );
    expectInvalid(
      await callRaw(as.director, postStaffClass, { params, body: { name: 'あ'.repeat(31), fiscal_year: 2028 } }),
      'name',
      'クラス名は30文字以内で入力してください',
    );
    expectInvalid(
      await callRaw(as.director, postStaffClass, { params, body: { name: 'x', fiscal_year: 'next' } }),
      'fiscal_year',
    );
    expectInvalid(
      await callRaw(as.director, postStaffClass, { params, body: { name: 'x', fiscal_year: 2028, age_band: 9 } }),
      'age_band',
    );
    expectInvalid(
      await callRaw(as.director, postStaffClass, { params, body: { name: 'くま組', fiscal_year: 2028 } }),
      'name',
      facilityMessages.classNameTaken,
    );
    expect(
      (await callRaw(as.director, postStaffClass, { params: { facilityId: 'x' }, body: { name: 'y', fiscal_year: 2028 } }))
        .statusCode,
    ).toBe(422);
    expect(await auditCount()).toBe(audits);
    expect((await db().select({ n: count() }).from(classes))[0]!.n).toBe(classCount);
  });
});

describe('roster', () => {
  it('GET children: every member; no sensitive fields; not audited; status and filters', async () => {
    const upcoming = await buildChild(db(), { facilityId: w.facilityId, admittedOn: '2099-04-01' });
    const left = await buildChild(db(), { facilityId: w.facilityId, leftOn: '2021-03-31' });
    const audits = await auditCount();
    await expectMatrix(read, (agent) => call(agent, getStaffChildren, { params: { facilityId: w.facilityId } }));
    expect(await auditCount()).toBe(audits);

    const res = await call(as.classStaffB, getStaffChildren, { params: { facilityId: w.facilityId } });
    const mine = res.data.find((c) => c.id === w.family.child.id)!;
    expect(mine).toMatchObject({ class_id: w.classA.id, class_name: 'ひよこ組', status: 'enrolled', guardians_count: 3 });
    expect(res.json()[0]).not.toHaveProperty('allergies');
    expect(res.data.find((c) => c.id === upcoming.child.id)?.status).toBe('upcoming');
    expect(res.data.map((c) => c.id)).not.toContain(left.child.id);
    expect(res.data.map((c) => c.id)).not.toContain(w.otherFacility.child.id);

    const all = await call(as.director, getStaffChildren, { params: { facilityId: w.facilityId }, query: { include_left: '1' } });
    expect(all.data.find((c) => c.id === left.child.id)?.status).toBe('left');
    const classA = await call(as.director, getStaffChildren, {
      params: { facilityId: w.facilityId },
      query: { class_id: w.classA.id },
    });
    expect(classA.data.map((c) => c.id)).toContain(w.family.child.id);
    expect(classA.data.every((c) => c.class_id === w.classA.id)).toBe(true);
  });

  it('POST children: director, office, company admin; a child with a QR token and its enrolment; audited child.create', async () => {
    await expectMatrix(rosterWrite(201), (agent, persona) =>
      call(agent, postStaffChild, { params: { facilityId: w.facilityId }, body: childBody({ first_name: `作成${persona}` }) }),
    );
    const res = await call(as.office, postStaffChild, {
      params: { facilityId: w.facilityId },
      body: childBody({ first_name: '新人', left_on: '2030-03-31' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      first_name: '新人',
      allergies: '卵',
      class_name: 'ひよこ組',
      status: 'enrolled',
      facility_id: w.facilityId,
      guardians_count: 0,
      left_on: '2030-03-31',
    });
    const [child] = await db().select().from(children).where(eq(children.id, res.data.id));
    expect(child!.qrToken.length).toBeGreaterThanOrEqual(24);
    expect(child!.companyId).toBe(w.companyId);
    const [enrolment] = await db().select().from(noteChildren).where(eq(noteChildren.childId, res.data.id));
    expect(enrolment).toMatchObject({ facilityId: w.facilityId, classId: w.classA.id, admittedOn: '2024-04-01' });
    const [entry] = await auditOf('child.create', res.data.id);
    expect(entry).toMatchObject({ userId: w.staff.office.user.id, facilityId: w.facilityId, targetId: res.data.id });
  });

  it('POST children with bad input: 422 in Japanese, no child and no audit entry written', async () => {
    const foreignClass = await buildClass(db(), { facilityId: w.otherFacility.facilityId, name: 'よその組' });
    const [audits, kids] = [await auditCount(), await childrenCount()];
    const send = (body: Record<string, unknown>) =>
      callRaw(as.director, postStaffChild, { params: { facilityId: w.facilityId }, body });
    expectInvalid(await send(childBody({ sex: 'x' })), 'sex', '性別を選択してください');
    expectInvalid(await send(childBody({ birth: 20220510 })), 'birth', '生年月日を入力してください');
    expectInvalid(await send(childBody({ last_name: 'あ'.repeat(31) })), 'last_name', '姓は30文字以内で入力してください');
    expectInvalid(await send(childBody({ first_name_kana: 'ハナコ' })), 'first_name_kana', 'めいはひらがなで入力してください');
    expectInvalid(
      await send(childBody({ allergies: 'あ'.repeat(1001) })),
      'allergies',
      'アレルギーは1000文字以内で入力してください',
    );
    expectInvalid(
      await send(childBody({ birth: '2022-02-30' })),
      'birth',
      '生年月日は正しい日付（例：2024-04-01）で入力してください',
    );
    expectInvalid(
      await send(childBody({ birth: '2099-01-01', admitted_on: '2099-04-01' })),
      'birth',
      rosterMessages.birthInFuture,
    );
    expectInvalid(await send(childBody({ admitted_on: '2020-04-01' })), 'admitted_on', rosterMessages.admittedBeforeBirth);
    expectInvalid(await send(childBody({ left_on: '2024-03-31' })), 'left_on', rosterMessages.leftBeforeAdmitted);
    expectInvalid(await send(childBody({ class_id: foreignClass.id })), 'class_id', rosterMessages.classNotFound);
    expectInvalid(await send(childBody({ class_id: 'ひよこ組' })), 'class_id', rosterMessages.classNotFound);
    expect(await childrenCount()).toBe(kids);
    expect(await auditCount()).toBe(audits);
  });

  it('GET a child: every member of its facility, each read audited (child.read); 404 for another facility’s child', async () => {
    const before = (await auditOf('child.read', w.family.child.id)).length;
    await expectMatrix(read, (agent) => call(agent, getStaffChild, { params: { childId: w.family.child.id } }));
    const entries = await auditOf('child.read', w.family.child.id);
    expect(entries.length - before).toBe(5);
    expect(entries.map((e) => e.userId)).toContain(w.staff.classStaffB.user.id);
    expect(entries.every((e) => e.facilityId === w.facilityId && e.targetType === 'child')).toBe(true);

    const res = await call(as.classStaffA, getStaffChild, { params: { childId: w.family.child.id } });
    expect(res.data).toMatchObject({ id: w.family.child.id, class_id: w.classA.id, facility_id: w.facilityId, allergies: '' });
    for (const persona of ['classStaffA', 'director', 'companyAdmin'] as const)
      expect((await call(as[persona], getStaffChild, { params: { childId: w.otherFacility.child.id } })).statusCode).toBe(404);
    expect((await call(as.director, getStaffChild, { params: { childId: 2_000_000_000 } })).statusCode).toBe(404);
    expect((await callRaw(as.director, getStaffChild, { params: { childId: 'abc' } })).statusCode).toBe(422);
  });

  it('PUT a child: director, office, company admin; child and enrolment updated; audited child.update', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    await expectMatrix(rosterWrite(200), (agent, persona) =>
      call(agent, putStaffChild, {
        params: { childId: child.id },
        body: childBody({ first_name: `更新${persona}`, class_id: w.classB.id, allergies: 'そば', left_on: '2027-03-31' }),
      }),
    );
    const res = await call(as.director, getStaffChild, { params: { childId: child.id } });
    expect(res.data).toMatchObject({
      first_name: '更新office',
      class_id: w.classB.id,
      class_name: 'りす組',
      allergies: 'そば',
      admitted_on: '2024-04-01',
      left_on: '2027-03-31',
    });
    const updates = await auditOf('child.update', child.id);
    expect(updates).toHaveLength(3);
    expect(updates[0]!.details).toMatchObject({ fields: expect.arrayContaining(['first_name', 'class_id', 'allergies']) });
    expect(
      (await call(as.office, putStaffChild, { params: { childId: w.otherFacility.child.id }, body: childBody() })).statusCode,
    ).toBe(404);
  });

  it('PUT a child with bad input: 422, the child unchanged, no audit entry', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId, firstName: '不変' });
    const foreignClass = await buildClass(db(), { facilityId: w.otherFacility.facilityId });
    const audits = await auditCount();
    const send = (body: Record<string, unknown>) => callRaw(as.office, putStaffChild, { params: { childId: child.id }, body });
    expectInvalid(await send(childBody({ left_on: '2023-01-01' })), 'left_on', rosterMessages.leftBeforeAdmitted);
    expectInvalid(await send(childBody({ class_id: foreignClass.id })), 'class_id', rosterMessages.classNotFound);
    expectInvalid(await send(childBody({ first_name: '' })), 'first_name', '名を入力してください');
    expectInvalid(
      await send(childBody({ care_notes: 'あ'.repeat(2001) })),
      'care_notes',
      '配慮事項は2000文字以内で入力してください',
    );
    expectInvalid(await send(childBody({ sex: 3 })), 'sex', '性別を選択してください');
    const [row] = await db().select().from(children).where(eq(children.id, child.id));
    expect(row!.firstName).toBe('不変');
    expect(await auditCount()).toBe(audits);
  });
});

describe('registration URL', () => {
  it('director, office, company admin issue it; audited child.registration.issue', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    await expectMatrix(rosterWrite(201), (agent) => call(agent, postStaffChildRegistration, { params: { childId: child.id } }));
    expect(await auditOf('child.registration.issue', child.id)).toHaveLength(3);
    // Each issue ended the one before: one token of the child is live.
    const tokens = await db().select().from(childRegistrationTokens).where(eq(childRegistrationTokens.childId, child.id));
    expect(tokens).toHaveLength(3);
    expect(tokens.filter((row) => row.expiresAt > new Date())).toHaveLength(1);
    expect(
      (await call(as.office, postStaffChildRegistration, { params: { childId: w.otherFacility.child.id } })).statusCode,
    ).toBe(404);
  });

  it('a guardian registers the child with the URL’s token and birth date, then is linked; the earlier URL is dead', async () => {
    const created = await call(as.office, postStaffChild, {
      params: { facilityId: w.facilityId },
      body: childBody({ first_name: '登録', birth: '2023-06-15' }),
    });
    const childId = created.data.id;
    const first = await call(as.office, postStaffChildRegistration, { params: { childId } });
    const issued = await call(as.director, postStaffChildRegistration, { params: { childId } });
    expect(issued.statusCode).toBe(201);
    const days = (new Date(issued.data.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const match = new RegExp(`^${t.config.appUrl}/children/register/(\\d+)/([A-Za-z0-9_-]+)$`).exec(issued.data.url);
    expect(match).not.toBeNull();
    const [, company, token] = match!;
    expect(Number(company)).toBe(w.companyId);
    const [stored] = await db()
      .select()
      .from(childRegistrationTokens)
      .where(eq(childRegistrationTokens.tokenHash, sha256(token!)));
    expect(stored).toMatchObject({ childId });

    const guardian = await buildUser(db(), { name: '登録 保護者' });
    const phone = await t.signIn(guardian);
    const oldToken = /\/([^/]+)$/.exec(first.data.url)![1]!;
    const dead = await call(phone, postChild, {
      body: { birth: '2023-06-15', type: 1, token: oldToken, company_id: w.companyId },
    });
    expect(dead.statusCode).toBe(422);
    expect(dead.json().message).toBe(guardianMessages.registrationTokenInvalid);
    const wrong = await call(phone, postChild, {
      body: { birth: '2023-06-16', type: 1, token: token!, company_id: w.companyId },
    });
    expect(wrong.json().message).toBe(guardianMessages.wrongBirth);
    const ok = await call(phone, postChild, { body: { birth: '2023-06-15', type: 1, token: token!, company_id: w.companyId } });
    expect(ok.statusCode).toBe(201);
    expect(ok.data.child_id).toBe(childId);

    const guardians = await call(as.classStaffB, getStaffChildGuardians, { params: { childId } });
    expect(guardians.data.linked).toEqual([
      { id: guardian.id, name: '登録 保護者', email: guardian.email, main: true, writable: true, relation: 1 },
    ]);
    expect(guardians.data.registration).toMatchObject({ used: true });
  });
});

describe('guardians’ links', () => {
  it('GET guardians: every member; linked, pending invitations, registration; audited child.guardians.read', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    const [main, co, pendingUser] = [await buildUser(db()), await buildUser(db()), await buildUser(db())];
    await linkGuardian(db(), child.id, main.id, { main: true, type: 0 });
    await linkGuardian(db(), child.id, co.id, { writable: false, type: 5 });
    await linkGuardian(db(), child.id, pendingUser.id, { activated: null });
    const inFuture = new Date(Date.now() + 86_400_000);
    await db()
      .insert(invitations)
      .values([
        {
          companyId: w.companyId,
          childId: child.id,
          email: pendingUser.email,
          type: 1,
          writable: true,
          tokenHash: 'a',
          userId: pendingUser.id,
          expiresAt: inFuture,
        },
        {
          companyId: w.companyId,
          childId: child.id,
          email: 'no-account@example.com',
          type: 2,
          writable: true,
          tokenHash: 'b',
          expiresAt: inFuture,
        },
        {
          companyId: w.companyId,
          childId: child.id,
          email: 'expired@example.com',
          type: 2,
          writable: true,
          tokenHash: 'c',
          expiresAt: new Date(Date.now() - 1000),
        },
      ]);
    await expectMatrix(read, (agent) => call(agent, getStaffChildGuardians, { params: { childId: child.id } }));
    expect(await auditOf('child.guardians.read', child.id)).toHaveLength(5);

    const res = await call(as.director, getStaffChildGuardians, { params: { childId: child.id } });
    expect(res.data.linked).toEqual([
      { id: main.id, name: main.name, email: main.email, main: true, writable: true, relation: 0 },
      { id: co.id, name: co.name, email: co.email, main: false, writable: false, relation: 5 },
    ]);
    expect(res.data.pending.map((p) => p.email)).toEqual([pendingUser.email, 'no-account@example.com']);
    expect(res.data.registration).toBeNull();
    await call(as.director, postStaffChildRegistration, { params: { childId: child.id } });
    const after = await call(as.director, getStaffChildGuardians, { params: { childId: child.id } });
    expect(after.data.registration).toMatchObject({ used: false });
    expect(
      (await call(as.classStaffA, getStaffChildGuardians, { params: { childId: w.otherFacility.child.id } })).statusCode,
    ).toBe(404);
  });

  it('DELETE a guardian: director, office, company admin; audited child.guardian.unlink', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    const targets = {} as Record<StaffPersona, number>;
    for (const persona of personas) {
      const user = await buildUser(db());
      await linkGuardian(db(), child.id, user.id);
      targets[persona] = user.id;
    }
    await expectMatrix(rosterWrite(200), (agent, persona) =>
      call(agent, deleteStaffChildGuardian, { params: { childId: child.id, userId: targets[persona] } }),
    );
    const left = await db().select().from(childUser).where(eq(childUser.childId, child.id));
    expect(left.map((l) => l.userId).sort()).toEqual(
      (['classStaffA', 'classStaffB', 'otherFacility', 'ended', 'guardian', 'anonymous'] as const).map((p) => targets[p]).sort(),
    );
    const entries = await auditOf('child.guardian.unlink', child.id);
    expect(entries.map((e) => e.targetId).sort()).toEqual([targets.companyAdmin, targets.director, targets.office].sort());
    // Not linked (already gone, or never): 404, nothing written.
    const audits = await auditCount();
    expect(
      (await call(as.director, deleteStaffChildGuardian, { params: { childId: child.id, userId: targets.director } })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(as.director, deleteStaffChildGuardian, {
          params: { childId: w.otherFacility.child.id, userId: targets.guardian },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await callRaw(as.director, deleteStaffChildGuardian, { params: { childId: child.id, userId: 'x' } })).statusCode,
    ).toBe(422);
    expect(await auditCount()).toBe(audits);
  });

  it('unlinking the main guardian makes the oldest remaining activated guardian main', async () => {
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    const [main, older, newer, invited] = [
      await buildUser(db()),
      await buildUser(db()),
      await buildUser(db()),
      await buildUser(db()),
    ];
    await linkGuardian(db(), child.id, main.id, { main: true });
    await linkGuardian(db(), child.id, newer.id, { writable: false });
    await linkGuardian(db(), child.id, older.id, { writable: false });
    await linkGuardian(db(), child.id, invited.id, { activated: null });
    const at = (userId: number, iso: string) =>
      db()
        .update(childUser)
        .set({ createdAt: new Date(iso) })
        .where(and(eq(childUser.childId, child.id), eq(childUser.userId, userId)));
    await at(main.id, '2024-01-01T00:00:00Z');
    await at(invited.id, '2024-01-02T00:00:00Z');
    await at(older.id, '2024-02-01T00:00:00Z');
    await at(newer.id, '2024-03-01T00:00:00Z');
    const res = await call(as.office, deleteStaffChildGuardian, { params: { childId: child.id, userId: main.id } });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe(rosterMessages.guardianUnlinked);
    const guardians = await call(as.office, getStaffChildGuardians, { params: { childId: child.id } });
    expect(guardians.data.linked.map((g) => [g.id, g.main, g.writable])).toEqual([
      [older.id, true, true],
      [newer.id, false, false],
    ]);
    const [entry] = await auditOf('child.guardian.unlink', child.id);
    expect(entry!.details).toMatchObject({ was_main: true, new_main_user_id: older.id });
  });
});

describe('contract', () => {
  it('the OpenAPI document lists the roster and setup calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/staff/facilities/{facilityId}/classes',
        '/api/staff/classes/{classId}',
        '/api/staff/facilities/{facilityId}/children',
        '/api/staff/children/{childId}',
        '/api/staff/facilities/{facilityId}/children/import/preview',
        '/api/staff/facilities/{facilityId}/children/import',
        '/api/staff/children/{childId}/registration',
        '/api/staff/children/{childId}/guardians',
        '/api/staff/children/{childId}/guardians/{userId}',
      ]),
    );
  });
});

describe('no staff session', () => {
  it('a guardian session never satisfies a staff call', async () => {
    const res = await call(as.guardian, getStaffChild, { params: { childId: w.family.child.id } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.unauthenticated);
  });
});
