import {
  deleteEventsCalendarSubscription,
  getChildEvents,
  getEventsCalendarSubscription,
  getEventsViewableChildren,
  postEventsCalendarSubscription,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { authorizeChild } from '../access';
import { listViewableChildren } from '../children/service';
import { getSubscription, icalFeed, issueSubscription, monthCalendar, revokeSubscription } from './service';

/** Routes of the events area (F §2 Events, §7). */
export function eventsRoutes(app: App, ctx: AppContext) {
  route(app, getEventsViewableChildren, {}, async ({ viewer }) => listViewableChildren(ctx, viewer, true));

  route(app, getChildEvents, {}, async ({ viewer, params, query, today }) => {
    const grant = await authorizeChild(ctx, viewer, params.id, 'view');
    return monthCalendar(ctx, grant, query.date ?? today.slice(0, 7));
  });

  route(app, getEventsCalendarSubscription, {}, async ({ user }) => getSubscription(ctx, user.id));
  route(app, postEventsCalendarSubscription, {}, async ({ user, now }) => issueSubscription(ctx, user.id, now));
  route(app, deleteEventsCalendarSubscription, {}, async ({ user }) => {
    await revokeSubscription(ctx, user.id);
    return null;
  });

  // The iCal feed: a phone's calendar app fetches it without a session; the secret token is the credential.
  app.get<{ Params: { token: string } }>('/api/events/ical/:token', async (req, reply) => {
    const token = req.params.token.replace(/\.ics$/, '');
    const body = await icalFeed(ctx, token, req.now, req.today);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="events.ics"').send(body);
  });
}
