import { getChildrenContent, getMicrocms, getNoticesNotifications } from '@renraku/contract';
import type { AppContext } from '../../context';
import { hotRoute, route, type App } from '../../lib/route';
import { feedDevFixtures } from './dev-fixtures';
import { currentManualBanner } from './manual-banner';
import { listBanners, loadContent } from './service';

/** Routes of the feed area: the daily messages, the banners and the manual banner. */
export function feedRoutes(app: App, ctx: AppContext) {
  hotRoute(app, getChildrenContent, async ({ caller, query }) => loadContent(ctx, caller, query.children, query.date));
  route(app, getNoticesNotifications, {}, async ({ user, now }) => listBanners(ctx, user.id, now));
  route(app, getMicrocms, {}, async ({ user, now }) => currentManualBanner(ctx, user.id, now));
  feedDevFixtures(app, ctx);
}
