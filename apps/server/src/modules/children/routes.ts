import { getChildren, getChildrenExistence } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { listChildrenOf, listExistence } from './service';

export function childrenRoutes(app: App, ctx: AppContext) {
  route(app, getChildren, {}, async ({ user, now }) => listChildrenOf(ctx, user.id, now));
  route(app, getChildrenExistence, {}, async ({ user, now }) => listExistence(ctx, user.id, now));
}
