import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  getAvailableFunctions,
  getStaffCompanyRollup,
  getStaffFacility,
  getStaffMe,
  postStaffCompanyFacility,
} from '@renraku/contract';
import { auditLog, devices, facilities, facilityFunctions, noteChildren, pickupPersons } from '../src/db/schema';
import { buildChild, buildClass, buildRegistrationToken, buildStaff, buildUser, linkGuardian } from './factories';
import { call, callRaw } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

const { t, db, w, as } = setupStaffWorld();

/** Company calls: the company admin only; the company's other members 403; the rest as ever. */
const companyAdminOnly = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: 403 }), director: 403 });
const params = () => ({ companyId: w.companyId });
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const facilityCount = async () =>
  (await db().select({ n: count() }).from(facilities).where(eq(facilities.companyId, w.companyId)))[0]!.n;
const profile = (name: string) => ({
  name,
  address: '東京都港区2-3-4',
  phone: '03-9876-5432',
  opening_time: '07:30',
  closing_time: '18:30',
});

describe('POST company facility', () => {
  it('company admin only; the facility is in their switcher at once, with every function on; audited', async () => {
    const before = await facilityCount();
    await expectMatrix(as, companyAdminOnly(201), (agent, persona) =>
      call(agent, postStaffCompanyFacility, { params: params(), body: profile(`${persona}こども園`) }),
    );
    expect(await facilityCount()).toBe(before + 1);
    const [created] = await db().select().from(facilities).where(eq(facilities.name, 'companyAdminこども園'));
    expect(created).toMatchObject({
      companyId: w.companyId,
      address: '東京都港区2-3-4',
      phone: '03-9876-5432',
      openingTime: '07:30',
    });

    const me = (await call(as.companyAdmin, getStaffMe)).data;
    expect(me.facilities).toContainEqual({
      id: created!.id,
      name: 'companyAdminこども園',
      company_id: w.companyId,
      role: 'company_admin',
      class_ids: [],
      chief: false,
    });
    // The director of the first facility does not see it.
    const directorMe = (await call(as.director, getStaffMe)).data;
    expect(directorMe.facilities.map((f) => f.id)).not.toContain(created!.id);

    const setup = await call(as.companyAdmin, getStaffFacility, { params: { facilityId: created!.id } });
    expect(setup.statusCode).toBe(200);
    expect(setup.data.functions).toEqual({ notice: true, schedule: true, body_measurement: true, event: true });
    expect(setup.data.closing_time).toBe('18:30');

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'facility.create'), eq(auditLog.facilityId, created!.id)));
    expect(entry).toMatchObject({ userId: w.staff.companyAdmin.user.id, companyId: w.companyId, targetId: created!.id });
    expect(entry!.details).toMatchObject({ name: 'companyAdminこども園' });
  });

  it('answers the new facility as the switcher lists it', async () => {
    const res = await call(as.companyAdmin, postStaffCompanyFacility, {
      params: params(),
      body: { name: ' 　みどり保育園 ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({
      id: expect.any(Number),
      name: 'みどり保育園',
      company_id: w.companyId,
      role: 'company_admin',
      class_ids: [],
      chief: false,
    });
    const [row] = await db().select().from(facilities).where(eq(facilities.id, res.data.id));
    expect(row).toMatchObject({ address: '', phone: '', openingTime: null, closingTime: null });
    const functions = await db().select().from(facilityFunctions).where(eq(facilityFunctions.facilityId, res.data.id));
    expect(functions).toHaveLength(4);
  });

  it('another company: 404 even for a company admin', async () => {
    const other = await buildStaff(db(), { role: 'company_admin', facilityId: w.otherFacility.facilityId });
    const agent = await t.signInStaff(other.user);
    const res = await call(agent, postStaffCompanyFacility, { params: params(), body: profile('他社の園') });
    expect(res.statusCode).toBe(404);
    expect(
      (await call(agent, postStaffCompanyFacility, { params: { companyId: 2_000_000 }, body: profile('x') })).statusCode,
    ).toBe(404);
  });

  it('bad input: 422 in Japanese; nothing written, no audit entry', async () => {
    const [facilitiesBefore, audits] = [await facilityCount(), await auditCount()];
    const send = (body: Record<string, unknown>) =>
      callRaw(as.companyAdmin, postStaffCompanyFacility, { params: params(), body });
    expectInvalid(await send({ ...profile(''), name: '' }), 'name', '施設名を入力してください');
    expectInvalid(await send({ ...profile(''), name: '　 ' }), 'name', '施設名を入力してください');
    expectInvalid(await send({}), 'name', '施設名を入力してください');
    expectInvalid(await send(profile('あ'.repeat(51))), 'name', '施設名は50文字以内で入力してください');
    expectInvalid(await send({ ...profile('園'), address: 'あ'.repeat(201) }), 'address', '住所は200文字以内で入力してください');
    expectInvalid(await send({ ...profile('園'), phone: '1'.repeat(21) }), 'phone', '電話番号は20文字以内で入力してください');
    expectInvalid(await send({ ...profile('園'), phone: '電話' }), 'phone', '電話番号は半角の数字とハイフンで入力してください');
    expectInvalid(await send({ ...profile('園'), opening_time: '7時' }), 'opening_time');
    expectInvalid(
      await send({ ...profile('園'), closing_time: '07:00' }),
      'closing_time',
      '閉園時刻は開園時刻より後の時刻を入力してください',
    );
    expectInvalid(await send({ ...profile('園'), name: 42 }), 'name');
    expect(await facilityCount()).toBe(facilitiesBefore);
    expect(await auditCount()).toBe(audits);
  });
});

describe('GET company roll-up', () => {
  it('company admin only', async () => {
    await expectMatrix(as, companyAdminOnly(200), (agent) => call(agent, getStaffCompanyRollup, { params: params() }));
  });

  it('one row per facility: children per class, staff, tablets, guardians, registrations and pick-up proposals; a fixed number of statements', async () => {
    const rollup = async () => {
      const before = t.database.queryCount();
      const res = await call(as.companyAdmin, getStaffCompanyRollup, { params: params() });
      expect(res.statusCode).toBe(200);
      return { data: res.data, statements: t.database.queryCount() - before };
    };
    const first = await rollup();

    // In the first facility: a child of class B without a guardian but with a registration URL out,
    // one in no class with nothing under way, one who left, a proposal, a paired and a revoked tablet.
    const registering = await buildChild(db(), { facilityId: w.facilityId });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, registering.noteChild.id));
    await buildRegistrationToken(db(), { id: registering.child.id, companyId: w.companyId });
    await buildChild(db(), { facilityId: w.facilityId });
    await buildChild(db(), { facilityId: w.facilityId, admittedOn: '2020-04-01', leftOn: '2025-03-31' });
    await db()
      .insert(pickupPersons)
      .values({ companyId: w.companyId, childId: w.family.child.id, name: '祖母', relation: '祖母', status: 'proposed' });
    await db()
      .insert(pickupPersons)
      .values({ companyId: w.companyId, childId: w.family.child.id, name: '祖父', relation: '祖父' });
    const now = new Date();
    await db()
      .insert(devices)
      .values([
        { companyId: w.companyId, facilityId: w.facilityId, name: 'ひよこ組タブレット', pairedAt: now, credentialHash: 'a' },
        { companyId: w.companyId, facilityId: w.facilityId, name: '旧タブレット', pairedAt: now, revokedAt: now },
        { companyId: w.companyId, facilityId: w.facilityId, name: '未ペアリング' },
      ]);
    // Two more facilities with classes, children, guardians and staff: the statement count stays.
    for (const name of ['ひまわり園', 'すみれ園']) {
      const res = await call(as.companyAdmin, postStaffCompanyFacility, { params: params(), body: { name } });
      const facilityId = res.data.id;
      const klass = await buildClass(db(), { facilityId, name: 'うさぎ組' });
      await buildClass(db(), { facilityId, name: '来年度の組', fiscalYear: 2027 });
      const kid = await buildChild(db(), { facilityId });
      await db().update(noteChildren).set({ classId: klass.id }).where(eq(noteChildren.id, kid.noteChild.id));
      await linkGuardian(db(), kid.child.id, w.family.main.id, { activated: null });
      await buildStaff(db(), { role: 'director', facilityId });
    }

    const second = await rollup();
    expect(second.statements).toBe(first.statements);
    // the session, the company check, six grouped reads
    expect(second.statements).toBe(8);
    expect(second.data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [sakura, ...rest] = second.data.facilities.filter(
      (f) => [w.facilityId].includes(f.id) || ['ひまわり園', 'すみれ園'].includes(f.name),
    );
    expect(sakura).toEqual({
      id: w.facilityId,
      name: expect.any(String),
      children_count: 3,
      classes: [
        { id: w.classA.id, name: 'ひよこ組', age_band: null, children_count: 1 },
        { id: w.classB.id, name: 'りす組', age_band: null, children_count: 1 },
      ],
      children_without_class: 1,
      // director, office and the two class staff (the ended one and the company admin not counted)
      staff_count: 4,
      devices_count: 1,
      children_with_guardian: 1,
      children_without_guardian: 2,
      registrations_pending: 1,
      pickup_proposals: 1,
    });
    expect(rest).toHaveLength(2);
    for (const row of rest) {
      expect(row).toMatchObject({
        children_count: 1,
        classes: [{ name: 'うさぎ組', children_count: 1 }],
        children_without_class: 0,
        staff_count: 1,
        devices_count: 0,
        children_with_guardian: 0,
        children_without_guardian: 1,
        registrations_pending: 1,
        pickup_proposals: 0,
      });
    }
    // Another company's facility never appears.
    expect(second.data.facilities.map((f) => f.id)).not.toContain(w.otherFacility.facilityId);
    expect(second.data.company.id).toBe(w.companyId);
  });

  it('a facility with nothing yet: zeros, no classes', async () => {
    const res = await call(as.companyAdmin, postStaffCompanyFacility, { params: params(), body: { name: 'からっぽ園' } });
    const rollup = await call(as.companyAdmin, getStaffCompanyRollup, { params: params() });
    expect(rollup.data.facilities.find((f) => f.id === res.data.id)).toEqual({
      id: res.data.id,
      name: 'からっぽ園',
      children_count: 0,
      classes: [],
      children_without_class: 0,
      staff_count: 0,
      devices_count: 0,
      children_with_guardian: 0,
      children_without_guardian: 0,
      registrations_pending: 0,
      pickup_proposals: 0,
    });
  });

  it('the new facility’s guardians see its functions', async () => {
    const res = await call(as.companyAdmin, postStaffCompanyFacility, { params: params(), body: { name: 'あおば園' } });
    const kid = await buildChild(db(), { facilityId: res.data.id });
    const parent = await buildUser(db());
    await linkGuardian(db(), kid.child.id, parent.id, { main: true });
    const guardian = await t.signIn(parent);
    expect((await call(guardian, getAvailableFunctions)).data).toEqual(['notice', 'schedule', 'body_measurement', 'event']);
  });
});
