import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deleteStaffEvent,
  eventMessages,
  getChildEvents,
  getStaffFacilityEvents,
  postEventsCalendarSubscription,
  postStaffFacilityEvent,
  putStaffEvent,
} from '@renraku/contract';
import { auditLog, events } from '../src/db/schema';
import { buildClass } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll, statuses } from './staff-persona-matrix';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;

let guardian: Agent;

// Tokyo 2026-11-20 10:00: the events below are in December.
const NOW = '2026-11-20T01:00:00.000Z';

beforeAll(async () => {
  guardian = await t.signIn(w.family.main, { 'x-test-now': NOW });
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const eventCount = async () => (await db().select({ n: count() }).from(events).where(eq(events.facilityId, w.facilityId)))[0]!.n;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
/** Facility-wide: directors, office, company admins; class staff may not. */
const facilityWide = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });
/** Writing for class A: also its own class staff, not another class's. */
const forClassA = (ok: number) => ({ ...facilityWide(ok), classStaffA: ok });

const addEvent = (agent: Agent, body: { date: string; name: string; details?: string; class_id?: number | null }) =>
  call(agent, postStaffFacilityEvent, { params: facility(), body });

describe('events by staff', () => {
  it('POST: facility-wide by directors, office and company admins; a class event also by its class staff; audited', async () => {
    await expectMatrix(as, facilityWide(201), (agent, persona) =>
      addEvent(agent, { date: '2026-12-05', name: `全体 ${persona}` }),
    );
    await expectMatrix(as, forClassA(201), (agent, persona) =>
      addEvent(agent, { date: '2026-12-06', name: `ひよこ ${persona}`, class_id: w.classA.id }),
    );
    const mine = await addEvent(as.classStaffA, {
      date: '2026-12-10',
      name: 'いもほり',
      details: '汚れてもよい服で',
      class_id: w.classA.id,
    });
    expect(mine.data).toEqual({
      id: expect.any(Number),
      date: '2026-12-10',
      name: 'いもほり',
      details: '汚れてもよい服で',
      class: { id: w.classA.id, name: 'ひよこ組' },
      editable: true,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.create'), eq(auditLog.targetId, mine.data.id)));
    expect(entry).toMatchObject({ userId: w.staff.classStaffA.user.id, facilityId: w.facilityId, targetType: 'event' });
  });

  it('GET: every member sees the month; editable follows the caller’s classes', async () => {
    await expectMatrix(as, readAll, (agent) =>
      call(agent, getStaffFacilityEvents, { params: facility(), query: { month: '2026-12' } }),
    );
    const forB = await call(as.classStaffB, getStaffFacilityEvents, { params: facility(), query: { month: '2026-12' } });
    const imoB = forB.data.find((e) => e.name === 'いもほり')!;
    expect(imoB.editable).toBe(false);
    expect(forB.data.every((e) => !e.editable)).toBe(true);
    const forA = await call(as.classStaffA, getStaffFacilityEvents, { params: facility(), query: { month: '2026-12' } });
    expect(forA.data.filter((e) => e.editable).every((e) => e.class?.id === w.classA.id)).toBe(true);
    expect(forA.data.map((e) => e.date)).toEqual([...forA.data.map((e) => e.date)].sort());
    const november = await call(as.director, getStaffFacilityEvents, { params: facility(), query: { month: '2026-11' } });
    expect(november.data).toEqual([]);
  });

  it('the guardians of class A see its events and the facility’s in the calendar and the iCal feed (with details); class B’s never', async () => {
    await addEvent(as.director, { date: '2026-12-12', name: 'りす組の遠足', class_id: w.classB.id });
    await addEvent(as.director, { date: '2026-12-12', name: '避難訓練', details: '9時から' });
    const calendar = await call(guardian, getChildEvents, { params: { id: w.family.child.id }, query: { date: '2026-12' } });
    expect(calendar.statusCode).toBe(200);
    const names = Object.values(calendar.data).flatMap((d) => d.events.map((e) => e.name));
    expect(names).toContain('いもほり');
    expect(names).toContain('避難訓練');
    expect(names).not.toContain('りす組の遠足');
    const issued = await call(guardian, postEventsCalendarSubscription);
    const feed = await t.app.inject({ method: 'GET', url: new URL(issued.data.url!).pathname, headers: { 'x-test-now': NOW } });
    expect(feed.body).toContain('SUMMARY:避難訓練');
    expect(feed.body).toContain('DESCRIPTION:9時から');
    expect(feed.body).toContain('DESCRIPTION:汚れてもよい服で');
    expect(feed.body).not.toContain('りす組の遠足');
  });

  it('PUT: who may write its old and new audience; a class staff member cannot move it to another class or the facility', async () => {
    const made = await addEvent(as.director, { date: '2026-12-15', name: '音楽会', class_id: w.classA.id });
    const id = made.data.id;
    await expectMatrix(as, forClassA(200), (agent, persona) =>
      call(agent, putStaffEvent, {
        params: { eventId: id },
        body: { date: '2026-12-16', name: `音楽会 ${persona}`, class_id: w.classA.id },
      }),
    );
    const before = await auditCount();
    const toB = await call(as.classStaffA, putStaffEvent, {
      params: { eventId: id },
      body: { date: '2026-12-16', name: '音楽会', class_id: w.classB.id },
    });
    expect(toB.statusCode).toBe(403);
    const toAll = await call(as.classStaffA, putStaffEvent, {
      params: { eventId: id },
      body: { date: '2026-12-16', name: '音楽会', class_id: null },
    });
    expect(toAll.statusCode).toBe(403);
    expect(await auditCount()).toBe(before);
    const moved = await call(as.director, putStaffEvent, {
      params: { eventId: id },
      body: { date: '2026-12-17', name: '音楽会', details: '保護者の方もどうぞ', class_id: null },
    });
    expect(moved.data).toMatchObject({ date: '2026-12-17', class: null, details: '保護者の方もどうぞ', editable: true });
    expect(
      (await call(as.classStaffA, putStaffEvent, { params: { eventId: id }, body: { date: '2026-12-17', name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(as.director, putStaffEvent, { params: { eventId: 2_000_000_000 }, body: { date: '2026-12-17', name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('DELETE: who may write its audience; audited; 404 for another facility or a gone event', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++)
      ids.push((await addEvent(as.director, { date: '2026-12-20', name: `消す ${i}`, class_id: w.classA.id })).data.id);
    await expectMatrix(as, forClassA(200), (agent, _persona, index) =>
      call(agent, deleteStaffEvent, { params: { eventId: ids[index]! } }),
    );
    const [deleted] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.delete'), eq(auditLog.targetId, ids[1]!)));
    expect(deleted).toMatchObject({ userId: w.staff.director.user.id });
    const again = await call(as.director, deleteStaffEvent, { params: { eventId: ids[1]! } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    const left = await call(as.director, getStaffFacilityEvents, { params: facility(), query: { month: '2026-12' } });
    expect(left.data.filter((e) => e.name.startsWith('消す')).map((e) => e.name)).toEqual([
      '消す 4',
      '消す 5',
      '消す 6',
      '消す 7',
      '消す 8',
    ]);
  });

  it('bad input: 422 in Japanese, nothing written, audit unchanged', async () => {
    const otherClass = await buildClass(db(), { facilityId: w.otherFacility.facilityId, name: 'よその組' });
    const [rows, audits] = [await eventCount(), await auditCount()];
    expectInvalid(await addEvent(as.director, { date: '2026-12-01', name: '' }), 'name', '行事名を入力してください');
    expectInvalid(
      await addEvent(as.director, { date: '2026-12-01', name: 'あ'.repeat(51) }),
      'name',
      '行事名は50文字以内で入力してください',
    );
    expectInvalid(await addEvent(as.director, { date: '2026-12', name: '行事' }), 'date');
    expectInvalid(await addEvent(as.director, { date: '2026-02-30', name: '行事' }), 'date');
    expectInvalid(await addEvent(as.director, { date: '2026-12-01', name: '行事', details: 'あ'.repeat(1001) }), 'details');
    expectInvalid(
      await addEvent(as.director, { date: '2026-12-01', name: '行事', class_id: otherClass.id }),
      'class_id',
      eventMessages.classNotOfFacility,
    );
    expectInvalid(await addEvent(as.director, { date: '2026-12-01', name: '行事', class_id: 2_147_483_648 }), 'class_id');
    const garbage = await callRaw(as.director, postStaffFacilityEvent, {
      params: facility(),
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(422);
    expectInvalid(await call(as.director, getStaffFacilityEvents, { params: facility(), query: { month: '2026-1' } }), 'month');
    expect([await eventCount(), await auditCount()]).toEqual([rows, audits]);
  });
});
