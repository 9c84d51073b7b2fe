import { getChildrenContent, getMicrocms, getNoticesNotifications } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { authorizeFeedChildren } from './policy';
import { currentManualBanner, listBanners, loadContent } from './service';

/** Routes of the feed area: the daily messages, the banners and the manual banner. */
export function feedRoutes(app: App, ctx: AppContext) {
  route(app, getChildrenContent, {}, async ({ user, query, now }) => {
    const childIds = await authorizeFeedChildren(ctx, user.id, query.children);
    return loadContent(ctx, childIds, query.date, now);
  });
  route(app, getNoticesNotifications, {}, async ({ user, now }) => listBanners(ctx, user.id, now));
  route(app, getMicrocms, {}, async ({ now }) => currentManualBanner(ctx, now));
}
