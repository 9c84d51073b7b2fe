import {
  getChildSchedule,
  getChildSchedules,
  getSchedulesViewableChildren,
  postChildSchedule,
  postChildSchedulesBulk,
  putChildSchedule,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { hotRoute, route, type App } from '../../lib/route';
import { notFound } from '../../lib/errors';
import { authorizeChild, requireEnrolment, type ChildAction, type Viewer } from '../access';
import { listViewableChildren } from '../children/service';
import { presentSchedule } from './presenter';
import { findSchedule, monthSchedules, saveBulk, saveSchedule, updateSchedule } from './service';

/**
 * Schedules belong to the child's enrolment of today: an activated link is needed (404 otherwise),
 * writing needs pivot.writable (403), and a child without an enrolment today has no schedules (404).
 */
async function authorizeSchedules(ctx: AppContext, viewer: Viewer, childId: number, action: ChildAction) {
  return requireEnrolment(await authorizeChild(ctx, viewer, childId, action), () => notFound());
}

/** Routes of the schedules area (F §2 Schedules, §4, §5, §7). */
export function schedulesRoutes(app: App, ctx: AppContext) {
  route(app, getSchedulesViewableChildren, {}, async ({ viewer }) => listViewableChildren(ctx, viewer, true));

  hotRoute(app, getChildSchedules, async ({ caller, params, query }) => monthSchedules(ctx, caller, params.id, query.month));

  route(app, postChildSchedule, {}, async ({ viewer, user, params, body, now, today }) => {
    const { enrolment } = await authorizeSchedules(ctx, viewer, params.id, 'write');
    return saveSchedule(ctx, enrolment, user.id, today, now, body.date, body);
  });

  route(app, postChildSchedulesBulk, {}, async ({ viewer, user, params, body, now, today }) => {
    const { enrolment } = await authorizeSchedules(ctx, viewer, params.id, 'write');
    return saveBulk(ctx, enrolment, user.id, today, now, body.dates, body);
  });

  route(app, getChildSchedule, {}, async ({ viewer, params }) => {
    await authorizeSchedules(ctx, viewer, params.id, 'view');
    return presentSchedule(await findSchedule(ctx, params.id, params.scheduleId));
  });

  route(app, putChildSchedule, {}, async ({ viewer, user, params, body, now, today }) => {
    const { enrolment } = await authorizeSchedules(ctx, viewer, params.id, 'write');
    const existing = await findSchedule(ctx, params.id, params.scheduleId);
    return updateSchedule(ctx, enrolment, existing, user.id, today, now, body.date, body);
  });
}
