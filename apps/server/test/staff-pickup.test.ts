import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { deleteStaffPickupPerson, getStaffPickupPersons, postStaffPickupPerson, putStaffPickupPerson } from '@renraku/contract';
import { auditLog, pickupPersons } from '../src/db/schema';
import { call, callRaw } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll, rosterWrite } from './staff-persona-matrix';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const person = (name: string) => ({ name, relation: '祖母', phone: '090-1234-5678' });

describe('お迎え登録者 (pick-up persons)', () => {
  it('roster roles register them; every member reads them, each read audited; others 404/401', async () => {
    const params = { childId: w.family.child.id };
    await expectMatrix(as, rosterWrite(201), (agent, persona) =>
      call(agent, postStaffPickupPerson, { params, body: person(`祖母 ${persona}`) }),
    );
    const reads = (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'child.pickup.read')))[0]!.n;
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffPickupPersons, { params }));
    const after = (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'child.pickup.read')))[0]!.n;
    expect(after - reads).toBe(5); // the five members of the facility
    const list = await call(as.classStaffA, getStaffPickupPersons, { params });
    expect(list.data.map((p) => p.name)).toEqual(['祖母 companyAdmin', '祖母 director', '祖母 office']);
    expect(list.data[1]).toMatchObject({
      relation: '祖母',
      phone: '090-1234-5678',
      status: 'approved',
      approved_by: { id: w.staff.director.user.id },
    });
    const created = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'child.pickup.create'), eq(auditLog.childId, w.family.child.id)));
    expect(created).toHaveLength(3);
  });

  it('edits approve a proposal; delete removes; both by roster roles only, audited; not another facility’s', async () => {
    const [proposal] = await db()
      .insert(pickupPersons)
      .values({
        companyId: w.companyId,
        childId: w.family.child.id,
        name: '叔父 提案',
        relation: '叔父',
        status: 'proposed',
        createdBy: w.family.main.id,
      })
      .returning();
    const params = { pickupPersonId: proposal!.id };
    await expectMatrix(as, rosterWrite(200), (agent) => call(agent, putStaffPickupPerson, { params, body: person('叔父 承認') }));
    const [row] = await db().select().from(pickupPersons).where(eq(pickupPersons.id, proposal!.id));
    expect(row).toMatchObject({ name: '叔父 承認', status: 'approved' });
    expect(row!.approvedBy).not.toBeNull();

    const res = await call(as.classStaffA, deleteStaffPickupPerson, { params });
    expect(res.statusCode).toBe(403);
    expect((await call(as.otherFacility, deleteStaffPickupPerson, { params })).statusCode).toBe(404);
    expect((await call(as.office, deleteStaffPickupPerson, { params })).statusCode).toBe(200);
    expect(await db().select().from(pickupPersons).where(eq(pickupPersons.id, proposal!.id))).toEqual([]);
    expect((await call(as.director, deleteStaffPickupPerson, { params })).statusCode).toBe(404);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, proposal!.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['child.pickup.update', 'child.pickup.delete']));
  });

  it('refuses bad input in Japanese with nothing written and the audit log unchanged', async () => {
    const params = { childId: w.family.child.id };
    const before = { audit: await auditCount(), rows: (await db().select({ n: count() }).from(pickupPersons))[0]!.n };
    expectInvalid(
      await callRaw(as.director, postStaffPickupPerson, { params, body: { name: '', relation: '祖父' } }),
      'name',
      'お名前を入力してください',
    );
    expectInvalid(
      await callRaw(as.director, postStaffPickupPerson, { params, body: { name: '祖父', relation: 'x'.repeat(21) } }),
      'relation',
    );
    expectInvalid(
      await callRaw(as.director, postStaffPickupPerson, { params, body: { ...person('祖父'), phone: 'call me' } }),
      'phone',
    );
    expectInvalid(
      await callRaw(as.director, postStaffPickupPerson, { params: { childId: 'abc' }, body: person('祖父') }),
      'childId',
    );
    expect(
      (await call(as.director, postStaffPickupPerson, { params: { childId: w.otherFacility.child.id }, body: person('祖父') }))
        .statusCode,
    ).toBe(404);
    expect(await auditCount()).toBe(before.audit);
    expect((await db().select({ n: count() }).from(pickupPersons))[0]!.n).toBe(before.rows);
  });
});
