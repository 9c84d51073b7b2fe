import type { AppContext } from '../../context';
import type { App } from '../../lib/route';

/** Routes of the events area. */
export function eventsRoutes(_app: App, _ctx: AppContext) {}
