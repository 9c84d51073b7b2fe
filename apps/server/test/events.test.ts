import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  deleteEventsCalendarSubscription,
  getChildEvents,
  getEventsCalendarSubscription,
  getEventsViewableChildren,
  messages,
  postEventsCalendarSubscription,
} from '@renraku/contract';
import { eventCalendarTokens, noteChildren } from '../src/db/schema';
import { buildChild, buildClass, buildEvent, buildFamily, buildUser, linkGuardian } from './factories';
import { type Agent, call, setupApp } from './harness';

const t = setupApp();
let family: Awaited<ReturnType<typeof buildFamily>>;
let sibling: Awaited<ReturnType<typeof buildChild>>;
const NOW = '2026-11-10T03:00:00.000Z';

beforeAll(async () => {
  family = await buildFamily(t.db);
  const { facilityId } = family;
  const hiyoko = await buildClass(t.db, { facilityId, name: 'ひよこ組' });
  const kirin = await buildClass(t.db, { facilityId, name: 'きりん組' });
  await t.db.update(noteChildren).set({ classId: hiyoko.id }).where(eq(noteChildren.id, family.noteChild.id));
  await buildEvent(t.db, { facilityId, date: '2026-11-03', name: '運動会' });
  await buildEvent(t.db, { facilityId, date: '2026-11-03', name: 'ひよこ組 お弁当の日', classId: hiyoko.id });
  await buildEvent(t.db, { facilityId, date: '2026-11-12', name: 'きりん組 遠足', classId: kirin.id });
  await buildEvent(t.db, { facilityId, date: '2026-12-20', name: 'クリスマス会' });
  await buildEvent(t.db, { facilityId, date: '2025-01-10', name: '昔の行事' });
  const other = await buildChild(t.db);
  await buildEvent(t.db, {
    facilityId: other.facilityId,
    date: '2026-11-04',
    name: '他園の行事',
  });
  // A sibling at another facility, linked to the main guardian.
  sibling = await buildChild(t.db, { firstName: '妹' });
  await linkGuardian(t.db, sibling.child.id, family.main.id, { main: true });
  await buildEvent(t.db, {
    facilityId: sibling.facilityId,
    date: '2026-11-20',
    name: '発表会',
  });
});

const as = (user: { email: string }) => t.signIn(user, { 'x-test-now': NOW });
const childEvents = (agent: Agent, date?: string) =>
  call(agent, getChildEvents, { params: { id: family.child.id }, query: { date } });

describe('GET /api/events/children/viewable', () => {
  it('lists the activated, enrolled children; 401 without a session', async () => {
    expect((await call(t.agent(), getEventsViewableChildren)).statusCode).toBe(401);
    const main = (await call(await as(family.main), getEventsViewableChildren)).data;
    expect(main.map((c) => c.id)).toEqual([family.child.id, sibling.child.id]);
    for (const user of [family.writable, family.readOnly]) {
      const body = (await call(await as(user), getEventsViewableChildren)).data;
      expect(body.map((c) => c.id)).toEqual([family.child.id]);
    }
    const unrelated = (await call(await as(family.unrelated), getEventsViewableChildren)).data;
    expect(unrelated.map((c) => c.id)).toEqual([family.otherChild.id]);
  });
});

describe('GET /api/children/{id}/events', () => {
  it('answers every date of the month with weekday, holiday and the facility’s and class’s events', async () => {
    const res = await childEvents(await as(family.main), '2026-11');
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(Object.keys(body)).toHaveLength(30);
    expect(Object.keys(body)[0]).toBe('2026-11-01');
    expect(body['2026-11-01']).toEqual({ day: '日', holiday: null, events: [] });
    expect(body['2026-11-03']).toEqual({
      day: '火',
      holiday: '文化の日',
      events: [
        { id: expect.any(Number), name: '運動会' },
        { id: expect.any(Number), name: 'ひよこ組 お弁当の日' },
      ],
    });
    // Another class's event and another facility's event stay out.
    expect(body['2026-11-12']!.events).toEqual([]);
    expect(body['2026-11-04']!.events).toEqual([]);
    expect(body['2026-11-23']!.holiday).toBe('勤労感謝の日');
  });

  it('answers the current month without a date', async () => {
    const body = (await childEvents(await as(family.readOnly))).data;
    expect(Object.keys(body)[0]).toBe('2026-11-01');
    const december = (await childEvents(await as(family.writable), '2026-12')).data;
    expect(Object.keys(december)).toHaveLength(31);
    expect(december['2026-12-20']!.events.map((e) => e.name)).toEqual(['クリスマス会']);
  });

  it('answers the days without events for a child not enrolled today', async () => {
    const left = await buildChild(t.db, { leftOn: '2026-03-31' });
    await buildEvent(t.db, {
      facilityId: left.facilityId,
      date: '2026-11-05',
      name: '退所後の行事',
    });
    const user = await buildUser(t.db);
    await linkGuardian(t.db, left.child.id, user.id, { main: true });
    const body = (await call(await as(user), getChildEvents, { params: { id: left.child.id }, query: { date: '2026-11' } })).data;
    expect(Object.values(body).flatMap((d) => d.events)).toEqual([]);
    expect((await call(await as(user), getEventsViewableChildren)).json()).toEqual([]);
  });

  it('refuses a malformed month and hides the child from others', async () => {
    const bad = await childEvents(await as(family.main), '2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('年月の形式が正しくありません');
    expect((await childEvents(t.agent())).statusCode).toBe(401);
    const unrelated = await childEvents(await as(family.unrelated));
    expect(unrelated.statusCode).toBe(404);
    expect(unrelated.json()).toEqual({ message: messages.notFound });
    const invited = await buildUser(t.db);
    await linkGuardian(t.db, family.child.id, invited.id, { activated: null });
    expect((await childEvents(await as(invited))).statusCode).toBe(404);
  });
});

/** Unfolds an iCal text into its content lines (RFC 5545 §3.1). */
const icalLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean);
function parseIcal(text: string) {
  const lines = icalLines(text);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i)] = line.slice(i + 1);
    }
  }
  return { lines, events };
}

describe('iCal subscription', () => {
  it('issues a secret address whose feed is a valid calendar of the children’s events', async () => {
    const agent = await as(family.main);
    expect((await call(agent, getEventsCalendarSubscription)).data).toEqual({ active: false, created_at: null });
    const issued = await call(agent, postEventsCalendarSubscription);
    expect(issued.statusCode).toBe(201);
    const body = issued.data;
    expect(body.active).toBe(true);
    expect(body.url).toMatch(/^http:\/\/localhost:\d+\/api\/events\/ical\/[\w-]{32}$/);
    // The address is not shown again, and the token is stored hashed only.
    expect((await call(agent, getEventsCalendarSubscription)).json()).toEqual({ active: true, created_at: body.created_at });
    const [row] = await t.db.select().from(eventCalendarTokens).where(eq(eventCalendarTokens.userId, family.main.id));
    expect(body.url).not.toContain(row!.tokenHash);

    const feed = await t.app.inject({ method: 'GET', url: new URL(body.url!).pathname, headers: { 'x-test-now': NOW } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { lines, events } = parseIcal(feed.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    const summaries = events.map((e) => [e['DTSTART;VALUE=DATE'], e.SUMMARY]);
    // Both children's facilities; the old event, another class's and another facility's stay out.
    expect(summaries).toEqual([
      ['20261103', `運動会（${family.child.firstName}）`],
      ['20261103', `ひよこ組 お弁当の日（${family.child.firstName}）`],
      ['20261120', '発表会（妹）'],
      ['20261220', `クリスマス会（${family.child.firstName}）`],
    ]);
    for (const event of events) {
      expect(event.UID).toMatch(/^event-\d+@renraku$/);
      expect(event['DTEND;VALUE=DATE']).toMatch(/^\d{8}$/);
    }
  });

  it('revokes the old address when a new one is issued or the subscription is deleted', async () => {
    const agent = await as(family.readOnly);
    const first = (await call(agent, postEventsCalendarSubscription)).data;
    const second = (await call(agent, postEventsCalendarSubscription)).data;
    expect((await t.app.inject({ method: 'GET', url: new URL(first.url!).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(second.url!).pathname })).statusCode).toBe(200);
    expect((await call(agent, deleteEventsCalendarSubscription)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: new URL(second.url!).pathname })).statusCode).toBe(404);
    expect((await call(agent, getEventsCalendarSubscription)).json()).toEqual({ active: false, created_at: null });
    expect(
      (await t.db.select({ n: count() }).from(eventCalendarTokens).where(eq(eventCalendarTokens.userId, family.readOnly.id)))[0]!
        .n,
    ).toBe(0);
  });

  it('needs a session and the XSRF header to issue; an unknown token is 404', async () => {
    expect((await call(t.agent(), getEventsCalendarSubscription)).statusCode).toBe(401);
    expect((await call(t.agent(), postEventsCalendarSubscription)).statusCode).toBe(401);
    const agent = await as(family.writable);
    expect((await call(agent, postEventsCalendarSubscription, { xsrf: false })).statusCode).toBe(419);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/ical/not-a-token' })).statusCode).toBe(404);
    // Calendar apps may ask for the address with an .ics suffix.
    const issued = (await call(agent, postEventsCalendarSubscription)).data;
    expect((await t.app.inject({ method: 'GET', url: `${new URL(issued.url!).pathname}.ics` })).statusCode).toBe(200);
  });
});

describe('createEvent (staff side)', () => {
  it('adds an event the guardian then sees; refuses an empty name and another facility’s class', async () => {
    const { createEvent } = await import('../src/modules/events/service');
    const other = await buildChild(t.db);
    const otherClass = await buildClass(t.db, { facilityId: other.facilityId });
    await createEvent(t.app.ctx, { facilityId: family.facilityId, date: '2026-11-27', name: ' 焼き芋会 ' });
    await expect(createEvent(t.app.ctx, { facilityId: family.facilityId, date: '2026-11-27', name: '  ' })).rejects.toMatchObject(
      { status: 422 },
    );
    await expect(
      createEvent(t.app.ctx, { facilityId: family.facilityId, classId: otherClass.id, date: '2026-11-27', name: '遠足' }),
    ).rejects.toMatchObject({ status: 404 });
    const body = (await childEvents(await as(family.main), '2026-11')).data;
    expect(body['2026-11-27']!.events.map((e) => e.name)).toEqual(['焼き芋会']);
  });
});
