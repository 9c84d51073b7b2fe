import { beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  emptyDailyNoteContent,
  getChildrenContent,
  getStaffClassDailyNotes,
  postStaffClassDailyNotesApply,
  postStaffClassDailyNotesPublish,
  postStaffClassDailyNotesPublishClass,
  putStaffClassDailyNoteDrafts,
  tokyoDate,
  addDays,
  type DailyNoteContent,
} from '@renraku/contract';
import { auditLog, childAttendances, dailyNoteDrafts, dailyNotes, napSessions, noteChildren } from '../src/db/schema';
import { buildAbsence, buildChild, buildDailyNote, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/**
 * issue 29/30: 全員に適用 keeps what a child already has unless staff choose to overwrite; a published
 * note changed again shows as changed; the class's 公開 sends only new and changed notes and says
 * how many of each; several readings a day; draft writes audited; the guardian feed's planned times.
 */
const t = setupApp();
const db = () => t.db;
const today = tokyoDate(new Date());

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
/** Class A: 陽翔 (the family's child), つむぎ, そら (menu only), はな (absent today). */
let tsumugi: Awaited<ReturnType<typeof buildChild>>;
let sora: Awaited<ReturnType<typeof buildChild>>;
let hana: Awaited<ReturnType<typeof buildChild>>;

const join = async (c: Awaited<ReturnType<typeof buildChild>>) =>
  db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, c.noteChild.id));

beforeAll(async () => {
  w = await buildStaffWorld(db());
  tsumugi = await buildChild(db(), { facilityId: w.facilityId, firstName: 'つむぎ' });
  sora = await buildChild(db(), { facilityId: w.facilityId, firstName: 'そら' });
  hana = await buildChild(db(), { facilityId: w.facilityId, firstName: 'はな' });
  for (const c of [tsumugi, sora, hana]) await join(c);
  await buildAbsence(db(), { noteChild: hana.noteChild, targetDate: today });
  as = await staffAgents(t, w);
}, 120_000);

beforeEach(async () => {
  await db().delete(dailyNoteDrafts);
  await db().delete(dailyNotes);
});

const params = () => ({ classId: w.classA.id });
const note = (overrides: Partial<DailyNoteContent> = {}): DailyNoteContent => ({ ...emptyDailyNoteContent(), ...overrides });
const lunch = (...amounts: (string | null)[]) =>
  ['主食', '主菜'].map((category_label, i) => ({ category_label, amount_label: (amounts[i] ?? null) as never }));
const save = (agent: Agent, drafts: { child_id: number; content: DailyNoteContent }[], date = today) =>
  call(agent, putStaffClassDailyNoteDrafts, { params: params(), body: { date, drafts } });
const apply = (agent: Agent, field: string, values: DailyNoteContent, overwrite?: boolean) =>
  callRaw(agent, postStaffClassDailyNotesApply, {
    params: params(),
    body: { date: today, field: field as never, values, ...(overwrite === undefined ? {} : { overwrite }) },
  });
const publishClass = (agent: Agent, include_empty?: boolean) =>
  callRaw(agent, postStaffClassDailyNotesPublishClass, {
    params: params(),
    body: { date: today, ...(include_empty === undefined ? {} : { include_empty }) },
  });
const dayOf = async (agent: Agent = as.director) =>
  (await call(agent, getStaffClassDailyNotes, { params: params(), query: {} })).data;
const childOf = async (childId: number) => (await dayOf()).children.find((c) => c.child_id === childId)!;
const counts = async () => ({
  drafts: (await db().select({ n: count() }).from(dailyNoteDrafts))[0]!.n,
  notes: (await db().select({ n: count() }).from(dailyNotes))[0]!.n,
  audit: (await db().select({ n: count() }).from(auditLog))[0]!.n,
});
const writeMatrix = { ...statuses(200, { office: 403, classStaff: 200 }), classStaffB: 403 };

describe('全員に適用 (POST apply)', () => {
  it('fills only empty cells: 井上 紬’s 少し stays 少し, an absent child is left alone', async () => {
    await save(as.classStaffA, [{ child_id: tsumugi.child.id, content: note({ lunch_items: lunch('少し', null) }) }]);
    const res = await apply(as.classStaffA, 'meal', note({ lunch_items: lunch('おかわり', '完食') }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { filled: number; kept: number; overwritten: number };
    // 陽翔, つむぎ (主菜 only), そら filled; つむぎ's 主食 kept; はな absent.
    expect(body).toMatchObject({ filled: 3, kept: 1, overwritten: 0 });
    expect((await childOf(tsumugi.child.id)).content.lunch_items).toEqual(lunch('少し', '完食'));
    expect((await childOf(w.family.child.id)).content.lunch_items).toEqual(lunch('おかわり', '完食'));
    expect((await childOf(hana.child.id)).status).toBe('empty');
  });

  it('overwrites only when asked, and keeps a second reading', async () => {
    const readings = [
      { time: '09:00', thermometry: 36.4 },
      { time: '15:00', thermometry: 36.6 },
    ];
    await save(as.classStaffA, [{ child_id: tsumugi.child.id, content: note({ thermometries: readings }) }]);
    const values = note({ thermometries: [{ time: '09:30', thermometry: 36.5 }] });
    expect((await apply(as.classStaffA, 'temperature', values)).json()).toMatchObject({ filled: 2, kept: 1 });
    expect((await childOf(tsumugi.child.id)).content.thermometries).toEqual(readings);
    const over = await apply(as.classStaffA, 'temperature', values, true);
    expect(over.json()).toMatchObject({ filled: 0, kept: 0, overwritten: 1 });
    expect((await childOf(tsumugi.child.id)).content.thermometries).toEqual([
      { time: '09:30', thermometry: 36.5 },
      { time: '15:00', thermometry: 36.6 },
    ]);
  });

  it('a published note changed by it shows as changed (公開後に変更あり) and is counted', async () => {
    await save(as.classStaffA, [{ child_id: tsumugi.child.id, content: note({ text: '元気でした' }) }]);
    await call(as.classStaffA, postStaffClassDailyNotesPublish, {
      params: params(),
      body: { date: today, child_ids: [tsumugi.child.id] },
    });
    expect((await childOf(tsumugi.child.id)).status).toBe('published');
    const res = await apply(as.classStaffA, 'nap', note({ sleeps: [{ start: '12:30', end: '14:30' }] }));
    expect(res.json()).toMatchObject({ published_changed: 1 });
    expect((await childOf(tsumugi.child.id)).status).toBe('changed');
    // Saving the published values back is not a change.
    await save(as.classStaffA, [{ child_id: tsumugi.child.id, content: note({ text: '元気でした' }) }]);
    expect((await childOf(tsumugi.child.id)).status).toBe('published');
  });

  it('persona matrix; bad input → 422 in Japanese, nothing written', async () => {
    await expectMatrix(as, writeMatrix, (agent) => apply(agent, 'note', note({ text: '元気に過ごしました' })));
    const before = await counts();
    expectInvalid(await apply(as.director, 'mood', note({ text: 'x' })), 'field');
    expectInvalid(
      await apply(as.director, 'temperature', note({ thermometries: [{ time: '09:00', thermometry: 45 }] })),
      'values.thermometries.0.thermometry',
    );
    const future = await callRaw(as.director, postStaffClassDailyNotesApply, {
      params: params(),
      body: { date: addDays(today, 1), field: 'note', values: note({ text: 'x' }) },
    });
    expectInvalid(future, 'date');
    expect(await counts()).toEqual(before);
  });
});

describe('the class’s 公開 (POST publish-class)', () => {
  it('sends new and changed notes only, reports the groups, keeps the writer of unchanged ones', async () => {
    // つむぎ published by class staff A (unchanged after), 陽翔 published then changed, そら menu only.
    const menu = { school_meal: 'カレー', snack_morning: '牛乳', lunch_items: lunch(null, null) };
    await save(as.classStaffA, [
      { child_id: tsumugi.child.id, content: note({ ...menu, text: '砂場で遊びました' }) },
      { child_id: w.family.child.id, content: note({ ...menu, text: '午前は散歩' }) },
    ]);
    await call(as.classStaffA, postStaffClassDailyNotesPublish, {
      params: params(),
      body: { date: today, child_ids: [tsumugi.child.id, w.family.child.id] },
    });
    await save(as.director, [
      { child_id: w.family.child.id, content: note({ ...menu, text: '午前は散歩、午後は製作' }) },
      { child_id: sora.child.id, content: note(menu) },
      // The menu written again into つむぎ's draft: the same values, not a change.
      { child_id: tsumugi.child.id, content: note({ ...menu, text: '砂場で遊びました' }) },
    ]);
    const res = await publishClass(as.director);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      published: Record<string, number>;
      skipped: Record<string, number>;
      day: { children: { child_id: number; status: string; published: { version: number; writer_name: string } | null }[] };
    };
    expect(body.published).toEqual({ new: 0, changed: 1, unchanged: 0, empty: 0 });
    // そら (menu only) and はな (nothing) are empty; つむぎ unchanged.
    expect(body.skipped).toEqual({ new: 0, changed: 0, unchanged: 1, empty: 2 });
    const byId = new Map(body.day.children.map((c) => [c.child_id, c]));
    expect(byId.get(tsumugi.child.id)!.published).toMatchObject({ version: 1, writer_name: w.staff.classStaffA.user.name });
    expect(byId.get(w.family.child.id)!.published).toMatchObject({ version: 2, writer_name: w.staff.director.user.name });
    expect(byId.get(sora.child.id)!.published).toBeNull();
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'daily_note.publish'), eq(auditLog.userId, w.staff.director.user.id)));
    expect(audits.map((a) => a.childId)).toEqual([w.family.child.id]);

    // Chosen: the menu-only note is sent too.
    const withEmpty = await publishClass(as.director, true);
    expect((withEmpty.json() as { published: Record<string, number> }).published).toEqual({
      new: 0,
      changed: 0,
      unchanged: 0,
      empty: 1,
    });
    expect((await childOf(sora.child.id)).status).toBe('published');
  });

  it('a new note with something of its own is sent; nothing to send answers zeros', async () => {
    await save(as.classStaffA, [
      { child_id: sora.child.id, content: note({ thermometries: [{ time: '09:00', thermometry: 36.5 }] }) },
    ]);
    expect((await publishClass(as.classStaffA)).json()).toMatchObject({ published: { new: 1, changed: 0, empty: 0 } });
    const again = await publishClass(as.classStaffA);
    expect(again.json()).toMatchObject({ published: { new: 0, changed: 0, empty: 0 }, skipped: { unchanged: 1 } });
  });

  it('persona matrix; bad input → 422, nothing written', async () => {
    await expectMatrix(as, writeMatrix, (agent) => publishClass(agent));
    await save(as.classStaffA, [{ child_id: sora.child.id, content: note({ text: '元気' }) }]);
    const before = await counts();
    const bad = await callRaw(as.director, postStaffClassDailyNotesPublishClass, {
      params: params(),
      body: { date: addDays(today, -8) },
    });
    expectInvalid(bad, 'date');
    const wrongType = await callRaw(as.director, postStaffClassDailyNotesPublishClass, {
      params: params(),
      body: { date: today, include_empty: 'はい' as never },
    });
    expectInvalid(wrongType, 'include_empty');
    expect(await counts()).toEqual(before);
  });
});

describe('several readings a day', () => {
  it('two temperatures and two milks are saved, published and shown on the guardian card', async () => {
    const content = note({
      thermometries: [
        { time: '09:00', thermometry: 36.4 },
        { time: '15:00', thermometry: 36.6 },
      ],
      milks: [
        { time: '10:00', amount: 100 },
        { time: '15:30', amount: 120 },
      ],
    });
    await save(as.classStaffA, [{ child_id: w.family.child.id, content }]);
    expect((await childOf(w.family.child.id)).content).toMatchObject({
      thermometries: content.thermometries,
      milks: content.milks,
    });
    await publishClass(as.classStaffA);
    const feed = await call(as.guardian, getChildrenContent, { query: { children: [w.family.child.id] } });
    const info = feed.data.data[today]![0]!.message!.employeeInfo;
    expect(info.thermometries).toEqual(content.thermometries);
    expect(info.meals.milks.map((m) => [m.time, m.amount])).toEqual([
      ['10:00', 100],
      ['15:30', 120],
    ]);
  });
});

describe('defaults carried from the class', () => {
  it('the typical nap: the class’s latest earlier published nap, then the day’s nap check session', async () => {
    expect((await dayOf()).defaults.nap).toBeNull();
    const yesterday = addDays(today, -1);
    await buildDailyNote(db(), w.family.noteChild, yesterday, { sleeps: [{ start: '12:30', end: '14:30' }] });
    await buildDailyNote(db(), tsumugi.noteChild, yesterday, { sleeps: [{ start: '12:30', end: '14:30' }] });
    await buildDailyNote(db(), sora.noteChild, yesterday, { sleeps: [{ start: '13:00', end: '14:00' }] });
    expect((await dayOf()).defaults.nap).toEqual({ start: '12:30', end: '14:30' });
    await db()
      .insert(napSessions)
      .values({
        companyId: w.companyId,
        facilityId: w.facilityId,
        classId: w.classA.id,
        date: today,
        startedAt: new Date(`${today}T03:45:00Z`),
        endedAt: null,
      });
    expect((await dayOf()).defaults.nap).toEqual({ start: '12:45', end: null });
    await db().delete(napSessions);
  });
});

describe('draft writes are audited (issue 30)', () => {
  const draftAudits = () => db().select().from(auditLog).where(eq(auditLog.action, 'daily_note.draft')).orderBy(auditLog.id);

  it('one entry per child per save call, with the person; an unchanged save and a refused one write none', async () => {
    const before = (await draftAudits()).length;
    await save(as.classStaffA, [
      { child_id: tsumugi.child.id, content: note({ text: '元' }) },
      { child_id: sora.child.id, content: note({ text: '気' }) },
    ]);
    const after = await draftAudits();
    expect(after.length - before).toBe(2);
    expect(after.slice(-2).map((a) => [a.userId, a.childId, a.facilityId])).toEqual([
      [w.staff.classStaffA.user.id, tsumugi.child.id, w.facilityId],
      [w.staff.classStaffA.user.id, sora.child.id, w.facilityId],
    ]);
    expect(after.at(-1)!.details).toMatchObject({ date: today, fields: ['text'] });
    // The same values again: nothing changed, nothing logged.
    await save(as.classStaffA, [{ child_id: tsumugi.child.id, content: note({ text: '元' }) }]);
    expect((await draftAudits()).length).toBe(after.length);
    // 全員に適用 is a draft write too: one entry per child it changed.
    await apply(as.classStaffA, 'note', note({ lunch_note: 'よく食べました' }));
    expect((await draftAudits()).length).toBe(after.length + 3);
    const refused = await callRaw(as.classStaffB, putStaffClassDailyNoteDrafts, {
      params: params(),
      body: { date: today, drafts: [{ child_id: sora.child.id, content: note({ text: 'x' }) }] },
    });
    expect(refused.statusCode).toBe(403);
    expect((await draftAudits()).length).toBe(after.length + 3);
  });
});

describe('the guardian feed’s arrival and pick-up times', () => {
  it('a planned pick-up is marked planned until one is recorded', async () => {
    await buildDailyNote(db(), w.family.noteChild, today, { attendanceTime: '08:00', leavingTime: '17:00' });
    const read = async () =>
      (await call(as.guardian, getChildrenContent, { query: { children: [w.family.child.id] } })).data.data[today]![0]!
        .attendances;
    expect(await read()).toEqual({
      attendanceTime: '08:00',
      leavingTime: '17:00',
      attendanceRecorded: false,
      leavingRecorded: false,
    });
    await db().insert(childAttendances).values({
      companyId: w.family.noteChild.companyId,
      noteChildId: w.family.noteChild.id,
      date: today,
      arrivedAt: '08:32',
      source: 'staff',
    });
    expect(await read()).toEqual({
      attendanceTime: '08:32',
      leavingTime: '17:00',
      attendanceRecorded: true,
      leavingRecorded: false,
    });
    await db()
      .update(childAttendances)
      .set({ pickedUpAt: '14:19' })
      .where(eq(childAttendances.noteChildId, w.family.noteChild.id));
    expect(await read()).toEqual({
      attendanceTime: '08:32',
      leavingTime: '14:19',
      attendanceRecorded: true,
      leavingRecorded: true,
    });
  });
});
