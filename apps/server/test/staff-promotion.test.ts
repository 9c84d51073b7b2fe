import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { facilityMessages, fiscalYearOf, postStaffPromotion, postStaffPromotionPreview, tokyoDate } from '@renraku/contract';
import { auditLog, classes, facilityPromotions, noteChildren } from '../src/db/schema';
import { buildChild, buildClass, buildFacility } from './factories';
import { call, callRaw } from './harness';
import { executeAsOwner } from './helpers';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, setupOnly, statuses } from './staff-persona-matrix';

const { db, w, as } = setupStaffWorld();

/** 進級 is confirmed in the new 年度: the year before the current one is the one to promote. */
const current = fiscalYearOf(tokyoDate(new Date()));
const from = current - 1;
const marchEnd = (year: number) => `${year + 1}-03-31`;

const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const enrolments = (ids: number[]) =>
  db()
    .select({ id: noteChildren.id, classId: noteChildren.classId, leftOn: noteChildren.leftOn })
    .from(noteChildren)
    .where(inArray(noteChildren.id, ids))
    .orderBy(noteChildren.id);

/** A child enrolled in `classId` (its enrolment from 2020, until `leftOn`). */
async function childIn(facilityId: number, classId: number, leftOn: string | null = null) {
  const { noteChild, child } = await buildChild(db(), { facilityId, leftOn });
  await db().update(noteChildren).set({ classId }).where(eq(noteChildren.id, noteChild.id));
  return { enrolmentId: noteChild.id, childId: child.id };
}

/** A facility of the world’s company: its company admin sets it up, the other tests’ years stay apart. */
async function freshFacility() {
  return buildFacility(db(), { companyId: w.companyId });
}

describe('進級', () => {
  it('preview and promotion: director and company admin; children move, the graduating class leaves on March 31; audited; once', async () => {
    const momo = await buildClass(db(), { facilityId: w.facilityId, name: 'もも組', fiscalYear: from });
    const sakura = await buildClass(db(), { facilityId: w.facilityId, name: 'さくら組', fiscalYear: from });
    const bara = await buildClass(db(), { facilityId: w.facilityId, name: 'ばら組', fiscalYear: current });
    const a = await childIn(w.facilityId, momo.id);
    const b = await childIn(w.facilityId, momo.id);
    const leftDuringYear = await childIn(w.facilityId, momo.id, `${from}-12-31`);
    const graduate = await childIn(w.facilityId, sakura.id);
    const leavingLater = await childIn(w.facilityId, sakura.id, `${current}-06-30`);
    // Every class of the year is listed (the world's own classes too, when they are of that year).
    const yearClasses = await db()
      .select()
      .from(classes)
      .where(and(eq(classes.facilityId, w.facilityId), eq(classes.fiscalYear, from)));
    const body = {
      from_fiscal_year: from,
      moves: yearClasses.map((c) => ({ class_id: c.id, next_class_id: c.id === sakura.id ? null : bara.id })),
    };
    const params = { facilityId: w.facilityId };

    const audits = await auditCount();
    await expectMatrix(as, setupOnly(200), (agent) => call(agent, postStaffPromotionPreview, { params, body }));
    const preview = await call(as.director, postStaffPromotionPreview, { params, body });
    expect(preview.data).toMatchObject({ from_fiscal_year: from, to_fiscal_year: current, moved_count: 2, graduated_count: 2 });
    expect(preview.data.classes.find((c) => c.class_id === momo.id)).toEqual({
      class_id: momo.id,
      class_name: 'もも組',
      next_class_id: bara.id,
      next_class_name: 'ばら組',
      children_count: 2,
    });
    expect(preview.data.classes.find((c) => c.class_id === sakura.id)).toMatchObject({ next_class_id: null, children_count: 2 });
    expect(await auditCount()).toBe(audits);
    expect((await enrolments([a.enrolmentId]))[0]!.classId).toBe(momo.id);

    await expectMatrix(as, { ...statuses(200, { office: 403, classStaff: 403 }), director: 409 }, (agent) =>
      call(agent, postStaffPromotion, { params, body }),
    );
    expect(
      await enrolments([
        a.enrolmentId,
        b.enrolmentId,
        leftDuringYear.enrolmentId,
        graduate.enrolmentId,
        leavingLater.enrolmentId,
      ]),
    ).toEqual([
      { id: a.enrolmentId, classId: bara.id, leftOn: null },
      { id: b.enrolmentId, classId: bara.id, leftOn: null },
      { id: leftDuringYear.enrolmentId, classId: momo.id, leftOn: `${from}-12-31` },
      { id: graduate.enrolmentId, classId: sakura.id, leftOn: marchEnd(from) },
      { id: leavingLater.enrolmentId, classId: sakura.id, leftOn: marchEnd(from) },
    ]);
    const [momoRow, sakuraRow] = await db()
      .select()
      .from(classes)
      .where(inArray(classes.id, [momo.id, sakura.id]))
      .orderBy(classes.id);
    expect([momoRow!.nextClassId, sakuraRow!.nextClassId]).toEqual([bara.id, null]);

    const entries = await db().select().from(auditLog).where(eq(auditLog.facilityId, w.facilityId));
    const perClass = entries.filter((e) => e.action === 'class.promotion');
    expect(perClass).toHaveLength(yearClasses.length);
    expect(perClass.find((e) => e.targetId === momo.id)!.details).toMatchObject({
      from_fiscal_year: from,
      next_class_id: bara.id,
      child_ids: [a.childId, b.childId],
    });
    expect(perClass.find((e) => e.targetId === sakura.id)!.details).toMatchObject({ graduated: true, left_on: marchEnd(from) });
    const [summary] = entries.filter((e) => e.action === 'facility.promotion');
    expect(summary).toMatchObject({ userId: w.staff.companyAdmin.user.id, targetId: w.facilityId });
    expect(summary!.details).toEqual({ from_fiscal_year: from, classes: yearClasses.length, moved: 2, graduated: 2 });

    const again = await call(as.director, postStaffPromotionPreview, { params, body });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(facilityMessages.promotionAlreadyDone);
  });

  it('bad input: 422 in Japanese; nothing written', async () => {
    const f = await freshFacility();
    const [one, two] = [
      await buildClass(db(), { facilityId: f.id, name: '一組', fiscalYear: from }),
      await buildClass(db(), { facilityId: f.id, name: '二組', fiscalYear: from }),
    ];
    const next = await buildClass(db(), { facilityId: f.id, name: '次組', fiscalYear: current });
    const older = await buildClass(db(), { facilityId: f.id, name: '昔組', fiscalYear: from - 1 });
    const foreign = await buildClass(db(), { facilityId: w.otherFacility.facilityId, name: '他園組', fiscalYear: current });
    const kid = await childIn(f.id, one.id);
    const before = [await enrolments([kid.enrolmentId]), await auditCount()];
    const params = { facilityId: f.id };
    const send = (body: Record<string, unknown>, preview = false) =>
      callRaw(as.companyAdmin, preview ? postStaffPromotionPreview : postStaffPromotion, { params, body });
    const move = (class_id: number, next_class_id: number | null) => ({ class_id, next_class_id });

    expectInvalid(await send({ from_fiscal_year: 'x', moves: [move(one.id, null)] }), 'from_fiscal_year');
    expectInvalid(await send({ from_fiscal_year: from, moves: [] }), 'moves', '進級先を指定してください');
    const mismatch = facilityMessages.promotionClassesMismatch;
    expectInvalid(await send({ from_fiscal_year: from, moves: [move(one.id, next.id)] }), 'moves', mismatch);
    expectInvalid(
      await send({ from_fiscal_year: from, moves: [move(one.id, next.id), move(one.id, next.id), move(two.id, null)] }),
      'moves',
      mismatch,
    );
    expectInvalid(
      await send({ from_fiscal_year: from, moves: [move(one.id, next.id), move(two.id, null), move(older.id, null)] }),
      'moves',
      mismatch,
    );
    const badNext = facilityMessages.promotionNextClassInvalid;
    expectInvalid(await send({ from_fiscal_year: from, moves: [move(one.id, two.id), move(two.id, null)] }), 'moves', badNext);
    expectInvalid(
      await send({ from_fiscal_year: from, moves: [move(one.id, foreign.id), move(two.id, null)] }),
      'moves',
      badNext,
    );
    expectInvalid(
      await send({ from_fiscal_year: from, moves: [move(one.id, foreign.id), move(two.id, null)] }, true),
      'moves',
      badNext,
    );
    expectInvalid(
      await send({ from_fiscal_year: from - 5, moves: [move(one.id, null)] }),
      'moves',
      facilityMessages.promotionNoClasses,
    );
    // The current 年度 is promoted once it has ended (its preview is allowed, to prepare in March).
    const thisYear = await buildClass(db(), { facilityId: f.id, name: '今年組', fiscalYear: current });
    const early = { from_fiscal_year: current, moves: [move(next.id, null), move(thisYear.id, null)] };
    expectInvalid(await send(early), 'from_fiscal_year', facilityMessages.promotionTooEarly);
    expect((await send(early, true)).statusCode).toBe(200);

    expect([await enrolments([kid.enrolmentId]), await auditCount()]).toEqual(before);
    expect(await db().select().from(facilityPromotions).where(eq(facilityPromotions.facilityId, f.id))).toEqual([]);
    expect((await db().select().from(classes).where(eq(classes.facilityId, f.id))).every((c) => c.nextClassId === null)).toBe(
      true,
    );
  });

  it('all or nothing: a failure in the second class leaves the first class’s children where they were', async () => {
    const f = await freshFacility();
    const first = await buildClass(db(), { facilityId: f.id, name: '先組', fiscalYear: from });
    const second = await buildClass(db(), { facilityId: f.id, name: '後組', fiscalYear: from });
    const next = await buildClass(db(), { facilityId: f.id, name: '次組', fiscalYear: current });
    const [x, y] = [await childIn(f.id, first.id), await childIn(f.id, second.id)];
    const body = { from_fiscal_year: from, moves: [first, second].map((c) => ({ class_id: c.id, next_class_id: next.id })) };
    const audits = await auditCount();

    // A database failure on the second class's children only, after the first class has moved.
    // As the owner role: the app's role creates no triggers (docs/decisions/database-roles.md).
    await executeAsOwner(
      db(),
      `create function fail_second_class() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`,
    );
    await executeAsOwner(
      db(),
      `create trigger fail_second_class before update on note_children for each row
      when (old.class_id = ${second.id} and new.class_id is distinct from old.class_id) execute function fail_second_class()`,
    );
    try {
      const failed = await call(as.companyAdmin, postStaffPromotion, { params: { facilityId: f.id }, body });
      expect(failed.statusCode).toBe(500);
    } finally {
      await executeAsOwner(db(), 'drop trigger fail_second_class on note_children');
      await executeAsOwner(db(), 'drop function fail_second_class()');
    }
    expect((await enrolments([x.enrolmentId, y.enrolmentId])).map((e) => e.classId)).toEqual([first.id, second.id]);
    expect(await db().select().from(facilityPromotions).where(eq(facilityPromotions.facilityId, f.id))).toEqual([]);
    expect(await auditCount()).toBe(audits);

    const res = await call(as.companyAdmin, postStaffPromotion, { params: { facilityId: f.id }, body });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ moved_count: 2, graduated_count: 0, message: facilityMessages.promotionDone });
    expect((await enrolments([x.enrolmentId, y.enrolmentId])).map((e) => e.classId)).toEqual([next.id, next.id]);
  });

  it('two confirmations at once: one promotes, the other is told it is done (409)', async () => {
    const f = await freshFacility();
    const klass = await buildClass(db(), { facilityId: f.id, name: '同時組', fiscalYear: from });
    const next = await buildClass(db(), { facilityId: f.id, name: '次組', fiscalYear: current });
    const kid = await childIn(f.id, klass.id);
    const body = { from_fiscal_year: from, moves: [{ class_id: klass.id, next_class_id: next.id }] };
    const send = () => call(as.companyAdmin, postStaffPromotion, { params: { facilityId: f.id }, body });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await enrolments([kid.enrolmentId]))[0]!.classId).toBe(next.id);
    expect(await db().select().from(facilityPromotions).where(eq(facilityPromotions.facilityId, f.id))).toHaveLength(1);
  });
});
