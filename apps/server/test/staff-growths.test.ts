import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  addDays,
  getChildGrowths,
  getStaffClassGrowths,
  growthMessages,
  growthWarnings,
  growthWarningTexts,
  putStaffClassGrowths,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, children, growths, noteChildren } from '../src/db/schema';
import { buildChild } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

const today = tokyoDate(new Date());

const { db, w, as } = setupStaffWorld();

beforeAll(async () => {
  // A boy of about 3 years with a measurement last month.
  await db()
    .update(children)
    .set({ birth: addDays(today, -Math.round(365.25 * 3)), sex: 1 })
    .where(eq(children.id, w.family.child.id));
  await db()
    .insert(growths)
    .values({
      companyId: w.companyId,
      childId: w.family.child.id,
      measuredOn: addDays(today, -30),
      height: 95.2,
      weight: 14.1,
      head: 49.0,
      chest: 50.5,
    });
}, 120_000);

const params = () => ({ classId: w.classA.id });
const save = (agent: Agent, rows: Record<string, unknown>[], date = today) =>
  callRaw(agent, putStaffClassGrowths, { params: params(), body: { date, rows } as never });
const counts = async () => ({
  growths: (await db().select({ n: count() }).from(growths))[0]!.n,
  audit: (await db().select({ n: count() }).from(auditLog))[0]!.n,
});
const writeMatrix = { ...statuses(200, { office: 403, classStaff: 200 }), classStaffB: 403 };

describe('the measurement session (GET)', () => {
  it('persona matrix; the previous values and the reference band beside each child', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent) =>
      call(agent, getStaffClassGrowths, { params: params(), query: {} }),
    );
    const session = await call(as.classStaffA, getStaffClassGrowths, { params: params(), query: {} });
    expect(session.data.can_write).toBe(true);
    const other = await call(as.classStaffB, getStaffClassGrowths, { params: params(), query: {} });
    expect(other.data.can_write).toBe(false);
    const child = session.data.children.find((c) => c.child_id === w.family.child.id)!;
    expect(child.previous).toEqual({ date: addDays(today, -30), height: 95.2, weight: 14.1, head: 49, chest: 50.5 });
    expect(child.current).toBeNull();
    expect(child.age_months).toBeGreaterThanOrEqual(35);
    const [low, high] = child.reference.height!;
    expect(low).toBeLessThan(high);
    expect(low).toBeGreaterThan(80);
    expectInvalid(await callRaw(as.director, getStaffClassGrowths, { params: params(), query: { date: '2026-13-01' } }), 'date');
  });
});

describe('saving (PUT)', () => {
  it('persona matrix; the guardian’s chart shows the point at once; one record per day, corrections audited', async () => {
    await expectMatrix(as, writeMatrix, (agent) =>
      save(agent, [{ child_id: w.family.child.id, height: 96.0, weight: 14.3, head: 49.2, chest: null }]),
    );
    const chart = await call(as.guardian, getChildGrowths, { params: { id: w.family.child.id } });
    expect(chart.data.actual[0]).toMatchObject({ date: today, height: 96, weight: 14.3, head: 49.2, chest: null });
    const rows = await db()
      .select()
      .from(growths)
      .where(and(eq(growths.childId, w.family.child.id), eq(growths.measuredOn, today)));
    expect(rows).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'growth.record'), eq(auditLog.childId, w.family.child.id)))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(3);
    expect(audits[0]!.details).toMatchObject({ date: today, before: null, after: { height: 96 } });
    expect(audits[1]!.details).toMatchObject({ before: { height: 96 }, after: { height: 96 } });
    const session = await call(as.classStaffA, getStaffClassGrowths, { params: params(), query: {} });
    expect(session.data.children.find((c) => c.child_id === w.family.child.id)!.current).toMatchObject({ height: 96 });
  });

  it('bad input → 422 in Japanese, nothing written', async () => {
    const other = await buildChild(db());
    const classB = await buildChild(db(), { facilityId: w.facilityId });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, classB.noteChild.id));
    const me = w.family.child.id;
    const before = await counts();
    expectInvalid(await save(as.classStaffA, [{ child_id: me, height: 250 }]), 'rows.0.height', growthMessages.range('height'));
    expectInvalid(await save(as.classStaffA, [{ child_id: me, weight: 0.5 }]), 'rows.0.weight', growthMessages.range('weight'));
    expectInvalid(await save(as.classStaffA, [{ child_id: me, head: 10 }]), 'rows.0.head');
    expectInvalid(await save(as.classStaffA, [{ child_id: me, chest: 120 }]), 'rows.0.chest');
    expectInvalid(
      await save(as.classStaffA, [{ child_id: me, height: 96.25 }]),
      'rows.0.height',
      growthMessages.decimals('height'),
    );
    expectInvalid(await save(as.classStaffA, [{ child_id: me, height: '96' }]), 'rows.0.height');
    expectInvalid(await save(as.classStaffA, [{ child_id: me }]), 'rows.0.height', growthMessages.empty);
    expectInvalid(await save(as.classStaffA, []), 'rows', growthMessages.empty);
    expectInvalid(await save(as.classStaffA, [{ child_id: other.child.id, height: 90 }]), 'rows', growthMessages.notInClass);
    expectInvalid(await save(as.classStaffA, [{ child_id: classB.child.id, height: 90 }]), 'rows', growthMessages.notInClass);
    expectInvalid(
      await save(as.classStaffA, [
        { child_id: me, height: 90 },
        { child_id: me, height: 91 },
      ]),
      'rows',
      growthMessages.duplicateChild,
    );
    expectInvalid(await save(as.classStaffA, [{ child_id: me, height: 96 }], '2026-02-29'), 'date');
    expectInvalid(
      await save(as.classStaffA, [{ child_id: me, height: 96 }], addDays(today, 1)),
      'date',
      growthMessages.futureDay,
    );
    expectInvalid(await save(as.classStaffA, [{ child_id: me, height: 96 }], addDays(today, -8)), 'date', growthMessages.pastDay);
    expect((await save(as.otherFacility, [{ child_id: me, height: 96 }])).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('warnings for implausible values', () => {
  const previous = { height: 95.2, weight: 14.1, head: 49, chest: 50.5 };
  const reference = { height: [88, 103] as [number, number], weight: [11, 18] as [number, number] };
  it('height down by more than 1 cm, weight changed by more than 20%, head down, outside the 3–97 band', () => {
    expect(growthWarnings({ height: 96, weight: 14.5, head: 49.2, chest: null }, previous, reference)).toEqual([]);
    expect(growthWarnings({ height: 94, weight: 14.1, head: null, chest: null }, previous, reference)).toEqual([
      { field: 'height', text: growthWarningTexts.heightDecrease },
    ]);
    expect(
      growthWarnings({ height: 94.4, weight: 17.2, head: 47.5, chest: null }, previous, reference).map((w) => w.field),
    ).toEqual(['weight', 'head']);
    expect(growthWarnings({ height: 110, weight: 10, head: null, chest: null }, null, reference)).toEqual([
      { field: 'height', text: growthWarningTexts.outsideReference('height') },
      { field: 'weight', text: growthWarningTexts.outsideReference('weight') },
    ]);
  });
});
