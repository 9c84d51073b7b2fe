import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the schedules area. */
export function schedulesRoutes(_app: App, _ctx: AppContext) {}
