import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the idp area. */
export function idpRoutes(_app: App, _ctx: AppContext) {}
