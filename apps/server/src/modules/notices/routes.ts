import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the notices area. */
export function noticesRoutes(_app: App, _ctx: AppContext) {}
