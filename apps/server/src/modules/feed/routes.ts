import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the feed area. */
export function feedRoutes(_app: App, _ctx: AppContext) {}
