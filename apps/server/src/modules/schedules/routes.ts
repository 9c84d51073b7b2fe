import {
  getChildSchedule,
  getChildSchedules,
  getSchedulesViewableChildren,
  postChildSchedule,
  postChildSchedulesBulk,
  putChildSchedule,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { tokyoDate } from '../../lib/clock';
import { hotRoute, route, type App } from '../../lib/route';
import { listViewableChildren } from '../events/policy';
import { authorizeSchedules } from './policy';
import { findSchedule, monthSchedules, presentSchedule, saveBulk, saveSchedule, updateSchedule } from './service';

/** Routes of the schedules area (F §2 Schedules, §4, §5, §7). */
export function schedulesRoutes(app: App, ctx: AppContext) {
  route(app, getSchedulesViewableChildren, {}, async ({ user, now }) => listViewableChildren(ctx, user.id, tokyoDate(now), true));

  hotRoute(app, getChildSchedules, async ({ caller, params, query }) => monthSchedules(ctx, caller, params.id, query.month));

  route(app, postChildSchedule, {}, async ({ user, params, body, now }) => {
    const today = tokyoDate(now);
    const { enrolment } = await authorizeSchedules(ctx, user.id, params.id, today, 'write');
    return saveSchedule(ctx, enrolment, user.id, today, now, body.date, body);
  });

  route(app, postChildSchedulesBulk, {}, async ({ user, params, body, now }) => {
    const today = tokyoDate(now);
    const { enrolment } = await authorizeSchedules(ctx, user.id, params.id, today, 'write');
    return saveBulk(ctx, enrolment, user.id, today, now, body.dates, body);
  });

  route(app, getChildSchedule, {}, async ({ user, params, now }) => {
    await authorizeSchedules(ctx, user.id, params.id, tokyoDate(now), 'view');
    return presentSchedule(await findSchedule(ctx, params.id, params.scheduleId));
  });

  route(app, putChildSchedule, {}, async ({ user, params, body, now }) => {
    const today = tokyoDate(now);
    const { enrolment } = await authorizeSchedules(ctx, user.id, params.id, today, 'write');
    const existing = await findSchedule(ctx, params.id, params.scheduleId);
    return updateSchedule(ctx, enrolment, existing, user.id, today, now, body.date, body);
  });
}
