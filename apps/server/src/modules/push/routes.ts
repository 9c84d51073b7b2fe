import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the push area. */
export function pushRoutes(_app: App, _ctx: AppContext) {}
