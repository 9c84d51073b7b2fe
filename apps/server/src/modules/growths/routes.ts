import { getChildGrowths, getGrowthsViewableChildren } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { authorizeChild } from '../access';
import { listViewableChildren } from '../children/service';
import { childGrowths } from './service';

/** Routes of the growths area (F §2 Growths, §7). */
export function growthsRoutes(app: App, ctx: AppContext) {
  // Growth follows the child, so a child between enrolments still shows its records.
  route(app, getGrowthsViewableChildren, {}, async ({ viewer }) => listViewableChildren(ctx, viewer, false));

  route(app, getChildGrowths, {}, async ({ viewer, params }) => {
    const grant = await authorizeChild(ctx, viewer, params.id, 'view');
    return childGrowths(ctx, grant);
  });
}
