import { z } from 'zod';
import { dateString, defineCall, idParam, yearMonthString } from './common';
import { weekdayLabels } from './constants/events';
export * from './constants/events';

export const weekdayLabelSchema = z.enum(weekdayLabels);

/** A child offered for events, schedules and growth: activated links only (F §6, §7). */
export const viewableChildSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  first_name_kana: z.string(),
  image_url: z.string().nullable(),
  pivot: z.object({ activated: z.boolean().nullable() }),
});
export type ViewableChild = z.infer<typeof viewableChildSchema>;

/** `YYYY-MM`. */

export const calendarEventSchema = z.object({ id: z.number().int(), name: z.string() });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarDaySchema = z.object({
  day: weekdayLabelSchema,
  /** The Japanese national holiday of the date, if any. */
  holiday: z.string().nullable(),
  events: z.array(calendarEventSchema),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const getEventsViewableChildren = defineCall({
  method: 'GET',
  path: '/api/events/children/viewable',
  summary: 'Children whose events the caller may see (activated links with a current enrolment)',
  response: z.array(viewableChildSchema),
});

export const getChildEvents = defineCall({
  method: 'GET',
  path: '/api/children/{id}/events',
  summary: "The month's events of the child's facility and class, keyed by every date of the month",
  params: z.object({ id: idParam }),
  query: z.object({ date: yearMonthString.optional() }),
  response: z.record(dateString, calendarDaySchema),
});

export const calendarSubscriptionSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** Only in the answer that issues it: the secret address is never shown again. */
  url: z.string().optional(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

export const getEventsCalendarSubscription = defineCall({
  method: 'GET',
  path: '/api/events/calendar_subscription',
  summary: 'Whether the caller has an iCal subscription address (the address itself is shown only when issued)',
  response: calendarSubscriptionSchema,
});

export const postEventsCalendarSubscription = defineCall({
  method: 'POST',
  path: '/api/events/calendar_subscription',
  summary: 'Issues a new secret iCal subscription address for the caller’s children’s events (revokes any previous one)',
  response: calendarSubscriptionSchema,
  status: 201,
});

export const deleteEventsCalendarSubscription = defineCall({
  method: 'DELETE',
  path: '/api/events/calendar_subscription',
  summary: 'Revokes the caller’s iCal subscription address',
  response: z.null(),
  status: 204,
});
