import { deletePushToken, postRegisterToken } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import * as service from './service';

/** Routes of the push area: device tokens of the native wrapper. */
export function pushRoutes(app: App, ctx: AppContext) {
  route(app, postRegisterToken, {}, async ({ user, body, now }) => service.registerToken(ctx, user.id, body.token, now));
  route(app, deletePushToken, {}, async ({ user, body }) => service.deleteToken(ctx, user.id, body.token));
}
