import type { AppContext } from '../context';
import type { App } from '../lib/route';
import { authRoutes } from './auth/routes';
import { childrenRoutes } from './children/routes';
import { devRoutes } from './dev/routes';
import { filesRoutes } from './files/routes';
import { settingsRoutes } from './settings/routes';
import { usersRoutes } from './users/routes';

/** Every area's routes; one line per area. */
export function registerModules(app: App, ctx: AppContext) {
  authRoutes(app, ctx);
  settingsRoutes(app, ctx);
  usersRoutes(app, ctx);
  childrenRoutes(app, ctx);
  filesRoutes(app, ctx);
  devRoutes(app, ctx);
}
