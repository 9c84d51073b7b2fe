import type { AppContext } from '../context';
import type { App } from '../lib/route';
import { authRoutes } from './auth/routes';
import { childrenRoutes } from './children/routes';
import { devRoutes } from './dev/routes';
import { feedRoutes } from './feed/routes';
import { communicationsRoutes } from './communications/routes';
import { noticesRoutes } from './notices/routes';
import { eventsRoutes } from './events/routes';
import { eventsStaffRoutes } from './events/staff-routes';
import { schedulesRoutes } from './schedules/routes';
import { growthsRoutes } from './growths/routes';
import { guardiansRoutes } from './guardians/routes';
import { pushRoutes } from './push/routes';
import { idpRoutes } from './idp/routes';
import { filesRoutes } from './files/routes';
import { settingsRoutes } from './settings/routes';
import { usersRoutes } from './users/routes';
import { staffRoutes } from './staff/routes';
import { facilitiesStaffRoutes } from './facilities/staff-routes';
import { childrenStaffRoutes } from './children/staff-routes';
import { guardiansStaffRoutes } from './guardians/staff-routes';
import { feedStaffRoutes } from './feed/staff-routes';

/** Every area's routes; one line per area. */
export function registerModules(app: App, ctx: AppContext) {
  authRoutes(app, ctx);
  settingsRoutes(app, ctx);
  usersRoutes(app, ctx);
  childrenRoutes(app, ctx);
  filesRoutes(app, ctx);
  devRoutes(app, ctx);
  feedRoutes(app, ctx);
  communicationsRoutes(app, ctx);
  noticesRoutes(app, ctx);
  eventsRoutes(app, ctx);
  schedulesRoutes(app, ctx);
  growthsRoutes(app, ctx);
  guardiansRoutes(app, ctx);
  pushRoutes(app, ctx);
  idpRoutes(app, ctx);
  staffRoutes(app, ctx);
  facilitiesStaffRoutes(app, ctx);
  childrenStaffRoutes(app, ctx);
  guardiansStaffRoutes(app, ctx);
  feedStaffRoutes(app, ctx);
  eventsStaffRoutes(app, ctx);
}
