import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the guardians area. */
export function guardiansRoutes(_app: App, _ctx: AppContext) {}
