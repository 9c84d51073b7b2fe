import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the growths area. */
export function growthsRoutes(_app: App, _ctx: AppContext) {}
