import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  addDays,
  dailyNoteMessages,
  emptyDailyNoteContent,
  getChildrenContent,
  getStaffClassDailyNotes,
  postStaffClassDailyNotesPublish,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  putStaffClassDailyNoteDrafts,
  tokyoDate,
  type DailyNoteContent,
} from '@renraku/contract';
import { auditLog, dailyNoteDrafts, dailyNotes, noteChildren, staffPins } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { buildAbsence, buildChild, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

const t = setupApp();
const db = () => t.db;

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let second: Awaited<ReturnType<typeof buildChild>>;
const today = tokyoDate(new Date());

beforeAll(async () => {
  w = await buildStaffWorld(db());
  // A second child of class A, reported absent today.
  second = await buildChild(db(), { facilityId: w.facilityId, firstName: 'はな' });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, second.noteChild.id));
  await buildAbsence(db(), { noteChild: second.noteChild, targetDate: today });
  as = await staffAgents(t, w);
}, 120_000);

/** A full day for a child: every field the guardian card shows. */
const filled = (overrides: Partial<DailyNoteContent> = {}): DailyNoteContent => ({
  ...emptyDailyNoteContent(),
  thermometries: [{ time: '09:00', thermometry: 36.5 }],
  school_meal: 'カレーライス、サラダ',
  lunch_items: [
    { category_label: '主食', amount_label: 'おかわり' },
    { category_label: '主菜', amount_label: '完食' },
    { category_label: '汁物', amount_label: null },
  ],
  lunch_note: 'にんじんも食べました',
  snack_morning: '牛乳',
  snack_afternoon: 'おにぎり',
  snack_note: 'おかわりしました',
  sleeps: [{ start: '12:30', end: '14:40' }],
  defecations: [{ time: '10:20', kind: '普通' }],
  milks: [{ time: '15:00', amount: 120 }],
  text: '今日は砂場で遊びました',
  ...overrides,
});

const params = () => ({ classId: w.classA.id });
const saveDraft = (agent: Agent, content = filled(), childId = w.family.child.id, date = today) =>
  call(agent, putStaffClassDailyNoteDrafts, { params: params(), body: { date, drafts: [{ child_id: childId, content }] } });
const publish = (agent: Agent, childIds = [w.family.child.id], date = today) =>
  call(agent, postStaffClassDailyNotesPublish, { params: params(), body: { date, child_ids: childIds } });
const counts = async () => ({
  drafts: (await db().select({ n: count() }).from(dailyNoteDrafts))[0]!.n,
  notes: (await db().select({ n: count() }).from(dailyNotes))[0]!.n,
  audit: (await db().select({ n: count() }).from(auditLog))[0]!.n,
});
const guardianCard = async (agent: Agent) => {
  const res = await call(agent, getChildrenContent, { query: { children: [w.family.child.id] } });
  expect(res.statusCode).toBe(200);
  return res.data.data[today]?.[0]?.message?.employeeInfo ?? null;
};
const publishAuditsOf = (childId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'daily_note.publish'), eq(auditLog.childId, childId)));
const publishAudits = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'daily_note.publish'), eq(auditLog.childId, w.family.child.id)))
    .orderBy(auditLog.id);

/** Writes: the class's own staff, the director and the company admin; another class's staff 403; office 403. */
const writeMatrix = { ...statuses(200, { office: 403, classStaff: 200 }), classStaffB: 403 };

describe('the class day (GET)', () => {
  it('every role but office reads; only the own class is writable; office 403', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent) =>
      call(agent, getStaffClassDailyNotes, { params: params(), query: {} }),
    );
    const mine = await call(as.classStaffA, getStaffClassDailyNotes, { params: params(), query: {} });
    const other = await call(as.classStaffB, getStaffClassDailyNotes, { params: params(), query: {} });
    expect([mine.data.can_write, other.data.can_write]).toEqual([true, false]);
    expect(mine.data.date).toBe(today);
    expect(mine.data.children.map((c) => [c.child_id, c.absent, c.status])).toEqual(
      expect.arrayContaining([
        [w.family.child.id, false, 'empty'],
        [second.child.id, true, 'empty'],
      ]),
    );
    // Another facility's class does not exist for them.
    expect((await call(as.otherFacility, getStaffClassDailyNotes, { params: params(), query: {} })).statusCode).toBe(404);
  });

  it('a day older than 7 days or in the future reads, not writable; a bad date is a 422', async () => {
    const old = await call(as.director, getStaffClassDailyNotes, { params: params(), query: { date: addDays(today, -8) } });
    expect([old.statusCode, old.data.can_write]).toEqual([200, false]);
    const week = await call(as.director, getStaffClassDailyNotes, { params: params(), query: { date: addDays(today, -7) } });
    expect(week.data.can_write).toBe(true);
    expectInvalid(
      await callRaw(as.director, getStaffClassDailyNotes, { params: params(), query: { date: '2026-02-31' } }),
      'date',
    );
  });
});

describe('drafts (PUT, autosave)', () => {
  it('persona matrix; a draft is not on the guardian feed', async () => {
    await expectMatrix(as, writeMatrix, (agent) => saveDraft(agent));
    const day = await call(as.classStaffA, getStaffClassDailyNotes, { params: params(), query: {} });
    const child = day.data.children.find((c) => c.child_id === w.family.child.id)!;
    expect(child).toMatchObject({ status: 'draft', content: filled(), published: null });
    expect(child.draft_saved_at).not.toBeNull();
    expect(await guardianCard(as.guardian)).toBeNull();
  });

  it('bad input → 422 in Japanese, nothing written', async () => {
    const before = await counts();
    const bad: [string, Partial<DailyNoteContent>, string][] = [
      [
        'drafts.0.content.thermometries.0.thermometry',
        { thermometries: [{ time: '09:00', thermometry: 42.1 }] },
        dailyNoteMessages.temperature,
      ],
      [
        'drafts.0.content.thermometries.0.thermometry',
        { thermometries: [{ time: '09:00', thermometry: 33.9 }] },
        dailyNoteMessages.temperature,
      ],
      [
        'drafts.0.content.thermometries.0.time',
        { thermometries: [{ time: '25:00', thermometry: 36.5 }] },
        dailyNoteMessages.time,
      ],
      ['drafts.0.content.sleeps.0.end', { sleeps: [{ start: '14:00', end: '13:30' }] }, dailyNoteMessages.napOrder],
      ['drafts.0.content.milks.0.amount', { milks: [{ time: '10:00', amount: 1000 }] }, dailyNoteMessages.milk],
    ];
    for (const [field, override, message] of bad) expectInvalid(await saveDraft(as.director, filled(override)), field, message);
    const amount = filled();
    const raw = (content: unknown, date = today, childId = w.family.child.id) =>
      callRaw(as.director, putStaffClassDailyNoteDrafts, {
        params: params(),
        body: { date, drafts: [{ child_id: childId, content }] },
      });
    expectInvalid(
      await raw({ ...amount, lunch_items: [{ category_label: '主食', amount_label: '少し残した' }] }),
      'drafts.0.content.lunch_items.0.amount_label',
      dailyNoteMessages.amount,
    );
    expectInvalid(
      await raw({ ...amount, defecations: [{ time: '10:00', kind: 'たくさん' }] }),
      'drafts.0.content.defecations.0.kind',
      dailyNoteMessages.excretion,
    );
    expectInvalid(await raw(amount, addDays(today, 1)), 'date', dailyNoteMessages.futureDay);
    expectInvalid(await raw(amount, addDays(today, -8)), 'date', dailyNoteMessages.pastDay);
    expectInvalid(await raw(amount, '2026-13-01'), 'date');
    // A child of class B, of another facility, or unknown: not in the class.
    const classB = await buildChild(db(), { facilityId: w.facilityId });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, classB.noteChild.id));
    for (const childId of [classB.child.id, w.otherFacility.child.id, 99_999_999])
      expectInvalid(await raw(amount, today, childId), 'drafts', dailyNoteMessages.notInClass);
    const twice = await callRaw(as.director, putStaffClassDailyNoteDrafts, {
      params: params(),
      body: {
        date: today,
        drafts: [
          { child_id: w.family.child.id, content: amount },
          { child_id: w.family.child.id, content: amount },
        ],
      },
    });
    expectInvalid(twice, 'drafts', dailyNoteMessages.duplicateChild);
    expect(await counts()).toEqual(before);
  });
});

describe('publishing (POST)', () => {
  it('persona matrix: each publish needs a draft; the others write nothing', async () => {
    const before = { publishes: (await publishAuditsOf(second.child.id)).length };
    await expectMatrix(as, writeMatrix, async (agent) => {
      expect((await saveDraft(as.director, filled({ text: `版 ${Math.random()}` }), second.child.id)).statusCode).toBe(200);
      return publish(agent, [second.child.id]);
    });
    // Three publishers (company admin, director, class staff A): versions 1–3, three publish audit rows
    // (each draft saved before is audited too: daily_note.draft, feed-staff-daily-notes-class-publish.md).
    expect((await publishAuditsOf(second.child.id)).length - before.publishes).toBe(3);
    const day = await call(as.director, getStaffClassDailyNotes, { params: params(), query: {} });
    expect(day.data.children.find((c) => c.child_id === second.child.id)!.published!.version).toBe(3);
    await db().delete(dailyNoteDrafts);
  });

  it('publishes to the guardian card with the writer; a correction shows the latest; every version audited', async () => {
    await saveDraft(as.classStaffA);
    const first = await publish(as.classStaffA);
    expect(first.statusCode).toBe(200);
    const child = first.data.children.find((c) => c.child_id === w.family.child.id)!;
    expect(child).toMatchObject({ status: 'published', published: { version: 1, writer_name: w.staff.classStaffA.user.name } });
    // The empty 給食 row (no amount picked) is not published; the rest is on the card.
    const card = await guardianCard(as.guardian);
    expect(card).toMatchObject({
      text: '今日は砂場で遊びました',
      name: w.staff.classStaffA.user.name,
      thermometries: [{ time: '09:00', thermometry: 36.5 }],
      sleeps: [{ start: '12:30', end: '14:40' }],
      defecations: [{ time: '10:20', category: 'うんち', status: '普通' }],
      schoolMeal: 'カレーライス、サラダ',
      meals: {
        lunch: {
          items: [
            { categoryLabel: '主食', amountLabel: 'おかわり' },
            { categoryLabel: '主菜', amountLabel: '完食' },
          ],
          note: 'にんじんも食べました',
        },
        snackSet: { morning: '牛乳', afternoon: 'おにぎり', contactToParents: 'おかわりしました' },
        milks: [{ id: 1, time: '15:00', amount: 120, contactToParents: null }],
      },
    });
    // An unrelated guardian sees nothing of it.
    expect((await call(as.guardian, getChildrenContent, { query: { children: [w.otherFacility.child.id] } })).statusCode).toBe(
      404,
    );

    // A correction: guardians keep the published version until it is published again.
    await saveDraft(as.director, filled({ text: '訂正：午後は室内で遊びました' }));
    const pending = await call(as.classStaffA, getStaffClassDailyNotes, { params: params(), query: {} });
    expect(pending.data.children.find((c) => c.child_id === w.family.child.id)!.status).toBe('changed');
    expect((await guardianCard(as.guardian))!.text).toBe('今日は砂場で遊びました');
    const second = await publish(as.director);
    expect(second.data.children.find((c) => c.child_id === w.family.child.id)!.published).toMatchObject({
      version: 2,
      writer_name: w.staff.director.user.name,
    });
    expect(await guardianCard(as.guardian)).toMatchObject({
      text: '訂正：午後は室内で遊びました',
      name: w.staff.director.user.name,
    });
    const audits = await publishAudits();
    expect(
      audits.map((a) => [
        a.userId,
        (a.details as { version: number }).version,
        (a.details as { content: DailyNoteContent }).content.text,
      ]),
    ).toEqual([
      [w.staff.classStaffA.user.id, 1, '今日は砂場で遊びました'],
      [w.staff.director.user.id, 2, '訂正：午後は室内で遊びました'],
    ]);
  });

  it('bad input → 422, nothing written', async () => {
    const before = await counts();
    // No draft to publish (already published, nothing changed since).
    expectInvalid(await publish(as.director), 'child_ids', dailyNoteMessages.noDraft);
    expectInvalid(await publish(as.director, [w.otherFacility.child.id]), 'child_ids', dailyNoteMessages.notInClass);
    expectInvalid(await publish(as.director, [w.family.child.id], addDays(today, 1)), 'date', dailyNoteMessages.futureDay);
    expectInvalid(
      await publish(as.director, [w.family.child.id, w.family.child.id]),
      'child_ids',
      dailyNoteMessages.duplicateChild,
    );
    // One child with a draft and one without: all or nothing.
    await saveDraft(as.director, filled(), second.child.id);
    const mid = await counts();
    expectInvalid(await publish(as.director, [second.child.id, w.family.child.id]), 'child_ids', dailyNoteMessages.noDraft);
    expect(await counts()).toEqual(mid);
    expect(mid.drafts).toBe(before.drafts + 1);
    await db().delete(dailyNoteDrafts);
  });

  it('a class publishes in one batch: every child with a draft, each with its own version row', async () => {
    const extra = [];
    for (let i = 0; i < 10; i++) {
      const c = await buildChild(db(), { facilityId: w.facilityId });
      await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, c.noteChild.id));
      extra.push(c.child.id);
    }
    const ids = [w.family.child.id, second.child.id, ...extra];
    const saved = await call(as.classStaffA, putStaffClassDailyNoteDrafts, {
      params: params(),
      body: { date: today, drafts: ids.map((id) => ({ child_id: id, content: filled({ text: `子 ${id}` }) })) },
    });
    expect(saved.statusCode).toBe(200);
    const res = await publish(as.classStaffA, ids);
    expect(res.statusCode).toBe(200);
    expect(res.data.children.filter((c) => ids.includes(c.child_id)).every((c) => c.status === 'published')).toBe(true);
    expect((await counts()).drafts).toBe(0);
  });

  it('publishing takes the same number of statements for 2 children and for 20 (issue 17: one batch)', async () => {
    // A day of its own (yesterday is writable) and a class of its own, grown from 2 to 20 children.
    const day = addDays(today, -1);
    const klass = w.classA;
    const ids = [w.family.child.id, second.child.id];
    const measure = async (children: number[]) => {
      const saved = await call(as.director, putStaffClassDailyNoteDrafts, {
        params: { classId: klass.id },
        body: { date: day, drafts: children.map((id) => ({ child_id: id, content: filled({ text: `版 ${id}` }) })) },
      });
      expect(saved.statusCode).toBe(200);
      const before = t.database.queryCount();
      const res = await call(as.director, postStaffClassDailyNotesPublish, {
        params: { classId: klass.id },
        body: { date: day, child_ids: children },
      });
      expect(res.statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    const small = await measure(ids);
    while (ids.length < 20) {
      const c = await buildChild(db(), { facilityId: w.facilityId });
      await db().update(noteChildren).set({ classId: klass.id }).where(eq(noteChildren.id, c.noteChild.id));
      ids.push(c.child.id);
    }
    expect(await measure(ids)).toBe(small);
    // session, grant and class; the publish transaction (read, upsert, delete drafts, class photos,
    // audit, the guardians' pushes); the day read again for the answer, with the class's typical nap
    // (one statement, feed-staff-daily-notes-taps.md)
    expect(small).toBeLessThanOrEqual(17);
  });
});

describe('on a paired tablet', () => {
  it('the PIN session’s person is the writer; the audit names the tablet', async () => {
    const PIN = '2468';
    await db()
      .insert(staffPins)
      .values({ userId: w.staff.classStaffA.user.id, pinHash: await hashPassword(PIN) });
    const registered = await call(as.director, postStaffDevice, {
      params: { facilityId: w.facilityId },
      body: { name: 'ひよこ組タブレット', class_id: w.classA.id },
    });
    const tablet = t.agent();
    expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
    expect(
      (await call(tablet, postStaffDeviceUnlock, { body: { user_id: w.staff.classStaffA.user.id, pin: PIN } })).statusCode,
    ).toBe(200);
    expect((await saveDraft(tablet, filled({ text: 'タブレットから' }))).statusCode).toBe(200);
    const res = await publish(tablet);
    expect(res.statusCode).toBe(200);
    expect(await guardianCard(as.guardian)).toMatchObject({ text: 'タブレットから', name: w.staff.classStaffA.user.name });
    const last = (await publishAudits()).at(-1)!;
    expect(last).toMatchObject({ userId: w.staff.classStaffA.user.id, deviceId: registered.data.device.id });
  });
});
