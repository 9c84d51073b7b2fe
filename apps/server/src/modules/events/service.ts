import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import holidayJp from '@holiday-jp/holiday_jp';
import ical from 'ical-generator';
import type { CalendarDay, CalendarEvent, CalendarSubscription } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, children, classes, eventCalendarTokens, events, facilities, noteChildren } from '../../db/schema';
import { addDays, addMonths, datesOfMonth, monthRange, weekdayOf } from '@renraku/contract';
import { randomToken, sha256 } from '../../lib/crypto';
import { invalidMany, notFound } from '../../lib/errors';
import { activeLinksOf, enrolmentCovers, type ChildGrant } from '../access';

type Enrolment = NonNullable<ChildGrant['enrolment']>;

export const holidayOf = (date: string): string | null =>
  (holidayJp.holidays as Record<string, { name: string } | undefined>)[date]?.name ?? null;

/** Events of an enrolment's facility for its class (or the whole facility) between two dates, by date. One query. */
export async function eventsByDate(
  ctx: AppContext,
  enrolment: Enrolment | null,
  from: string,
  to: string,
): Promise<Map<string, CalendarEvent[]>> {
  const byDate = new Map<string, CalendarEvent[]>();
  if (!enrolment) return byDate;
  const rows = await ctx.db
    .select({ id: events.id, name: events.name, date: events.date })
    .from(events)
    .where(
      and(
        eq(events.facilityId, enrolment.facilityId),
        gte(events.date, from),
        lte(events.date, to),
        enrolment.classId ? or(isNull(events.classId), eq(events.classId, enrolment.classId)) : isNull(events.classId),
      ),
    )
    .orderBy(asc(events.date), asc(events.id));
  for (const row of rows) {
    const list = byDate.get(row.date) ?? [];
    list.push({ id: row.id, name: row.name });
    byDate.set(row.date, list);
  }
  return byDate;
}

/** Every date of the month with its weekday, holiday and events (F §3 "Event calendar"). */
export async function monthCalendar(ctx: AppContext, grant: ChildGrant, yearMonth: string): Promise<Record<string, CalendarDay>> {
  const { first, last } = monthRange(yearMonth);
  const byDate = await eventsByDate(ctx, grant.enrolment, first, last);
  return Object.fromEntries(
    datesOfMonth(yearMonth).map((date) => [
      date,
      { day: weekdayOf(date), holiday: holidayOf(date), events: byDate.get(date) ?? [] },
    ]),
  );
}

// ---- iCal subscription ----

const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl.replace(/\/$/, '')}/api/events/ical/${token}`;

export async function getSubscription(ctx: AppContext, userId: number): Promise<CalendarSubscription> {
  const row = await ctx.db.query.eventCalendarTokens.findFirst({ where: eq(eventCalendarTokens.userId, userId) });
  return { active: !!row, created_at: row?.createdAt.toISOString() ?? null };
}

/** A new secret address; the previous one stops working at once. */
export async function issueSubscription(ctx: AppContext, userId: number, now: Date): Promise<CalendarSubscription> {
  const token = randomToken(24);
  await ctx.db
    .insert(eventCalendarTokens)
    .values({ userId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({
      target: eventCalendarTokens.userId,
      set: { tokenHash: sha256(token), createdAt: now, lastUsedAt: null },
    });
  return { active: true, created_at: now.toISOString(), url: feedUrl(ctx, token) };
}

export async function revokeSubscription(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.delete(eventCalendarTokens).where(eq(eventCalendarTokens.userId, userId));
}

/** How far the feed reaches: from the first of last month to a year ahead. */
export const FEED_MONTHS_BACK = 1;
export const FEED_DAYS_AHEAD = 366;

/**
 * The iCal feed of a token: the events of every activated, currently enrolled child of its user
 * (two queries). A sibling's shared event appears once, naming the children.
 */
export async function icalFeed(ctx: AppContext, token: string, now: Date, today: string): Promise<string> {
  const [owner] = await ctx.db
    .update(eventCalendarTokens)
    .set({ lastUsedAt: now })
    .where(eq(eventCalendarTokens.tokenHash, sha256(token)))
    .returning({ userId: eventCalendarTokens.userId });
  if (!owner) throw notFound();
  const from = `${addMonths(today.slice(0, 7), -FEED_MONTHS_BACK)}-01`;
  const to = addDays(today, FEED_DAYS_AHEAD);
  const rows = await ctx.db
    .select({
      id: events.id,
      name: events.name,
      details: events.details,
      date: events.date,
      childId: children.id,
      childName: children.firstName,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .innerJoin(noteChildren, and(eq(noteChildren.childId, children.id), enrolmentCovers(noteChildren, today)))
    .innerJoin(
      events,
      and(eq(events.facilityId, noteChildren.facilityId), or(isNull(events.classId), eq(events.classId, noteChildren.classId))),
    )
    .where(and(activeLinksOf(childUser, owner.userId), gte(events.date, from), lte(events.date, to)))
    .orderBy(asc(events.date), asc(events.id), asc(childUser.sortOrder));
  const childIds = new Set(rows.map((r) => r.childId));
  const byEvent = new Map<number, { name: string; details: string; date: string; children: string[] }>();
  for (const row of rows) {
    const entry = byEvent.get(row.id) ?? { name: row.name, details: row.details, date: row.date, children: [] };
    if (!entry.children.includes(row.childName)) entry.children.push(row.childName);
    byEvent.set(row.id, entry);
  }
  const calendar = ical({ name: 'れんらくノート 行事予定', timezone: 'Asia/Tokyo', ttl: 60 * 60 * 6 });
  for (const [id, event] of byEvent) {
    calendar.createEvent({
      id: `event-${id}@renraku`,
      start: event.date,
      end: addDays(event.date, 1),
      allDay: true,
      stamp: now,
      summary: childIds.size > 1 ? `${event.name}（${event.children.join('・')}）` : event.name,
      description: event.details || undefined,
    });
  }
  return calendar.toString();
}

// ---- Staff side (for the later staff console; no HTTP route yet) ----

/** Adds an event of a facility (class_id null = the whole facility). The class must belong to the facility. */
export async function createEvent(
  ctx: AppContext,
  input: { facilityId: number; classId?: number | null; date: string; name: string },
) {
  const name = input.name.trim();
  if (!name || name.length > 100) throw invalidMany({ name: ['行事名は1〜100文字で入力してください'] });
  const facility = await ctx.db.query.facilities.findFirst({ where: eq(facilities.id, input.facilityId) });
  if (!facility) throw notFound();
  if (input.classId) {
    const cls = await ctx.db.query.classes.findFirst({
      where: and(eq(classes.id, input.classId), eq(classes.facilityId, facility.id)),
    });
    if (!cls) throw notFound();
  }
  const [row] = await ctx.db
    .insert(events)
    .values({ companyId: facility.companyId, facilityId: facility.id, classId: input.classId ?? null, date: input.date, name })
    .returning();
  return row!;
}
