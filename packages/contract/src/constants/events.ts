/** Constants of the events area: no zod here, so the web's first load stays small. */

/** Path of the iCal feed (no session: the secret token is the credential). */
export const eventsIcalPath = '/api/events/ical/{token}';

/** Weekday labels of the event calendar and schedules, Sunday first (F §3 "Event calendar"). */
export const weekdayLabels = ['日', '月', '火', '水', '木', '金', '土'] as const;
