import {
  deletePushToken,
  deleteWebPushSubscription,
  getWebPushPublicKey,
  postRegisterToken,
  postWebPushSubscription,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import * as service from './service';

/** Routes of the push area: device tokens of the native wrapper, and the guardian app's web push subscriptions. */
export function pushRoutes(app: App, ctx: AppContext) {
  route(app, postRegisterToken, {}, async ({ user, body, now }) => service.registerToken(ctx, user.id, body.token, now));
  route(app, deletePushToken, {}, async ({ user, body }) => service.deleteToken(ctx, user.id, body.token));

  route(app, getWebPushPublicKey, {}, async () => ({ public_key: ctx.config.vapid.publicKey }));
  route(app, postWebPushSubscription, {}, async ({ user, body, now }) => service.storeSubscription(ctx, user.id, body, now));
  route(app, deleteWebPushSubscription, {}, async ({ user, body }) => service.deleteSubscription(ctx, user.id, body.endpoint));
}
