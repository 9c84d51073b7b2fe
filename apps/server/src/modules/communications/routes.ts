import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the communications area. */
export function communicationsRoutes(_app: App, _ctx: AppContext) {}
