import { getChildGrowths, getGrowthsViewableChildren } from '@renraku/contract';
import type { AppContext } from '../../context';
import { tokyoDate } from '../../lib/clock';
import { route, type App } from '../../lib/route';
import { authorizeChild, listViewableChildren } from '../events/policy';
import { childGrowths } from './service';

/** Routes of the growths area (F §2 Growths, §7). */
export function growthsRoutes(app: App, ctx: AppContext) {
  // Growth follows the child, so a child between enrolments still shows its records.
  route(app, getGrowthsViewableChildren, {}, async ({ user, now }) => listViewableChildren(ctx, user.id, tokyoDate(now), false));

  route(app, getChildGrowths, {}, async ({ user, params, now }) => {
    const linked = await authorizeChild(ctx, user.id, params.id, tokyoDate(now), 'view');
    return childGrowths(ctx, linked);
  });
}
