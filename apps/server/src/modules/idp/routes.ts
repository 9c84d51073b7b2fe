import {
  getPasswordResetToken,
  getSignupToken,
  postEmailChange,
  postEmailVerify,
  postPasswordChange,
  postPasswordForgot,
  postPasswordReset,
  postSignup,
  postSignupComplete,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { presentUser } from '../users/service';
import { peekPasswordReset, peekSignup } from './flows';
import { localIdentityProvider as idp } from './service';

export function idpRoutes(app: App, ctx: AppContext) {
  route(app, postSignup, { auth: false }, ({ body, req, now }) => idp.startSignup(ctx, body, req.ip, now));
  route(app, getSignupToken, { auth: false }, ({ params, now }) => peekSignup(ctx, params.token, now));
  route(app, postSignupComplete, { auth: false }, async ({ body, req, reply, now }) => {
    const { user, redirect_url } = await idp.completeSignup(ctx, body, now, { req, reply });
    return { user: presentUser(ctx, user), redirect_url };
  });
  route(app, postPasswordForgot, { auth: false }, ({ body, req, now }) => idp.startPasswordReset(ctx, body, req.ip, now));
  route(app, getPasswordResetToken, { auth: false }, ({ params, now }) => peekPasswordReset(ctx, params.token, now));
  route(app, postPasswordReset, { auth: false }, ({ body, now, req }) => idp.completePasswordReset(ctx, body, now, req.ip));
  route(app, postEmailChange, {}, ({ user, body, req, now }) => idp.startEmailChange(ctx, user, body, req.ip, now));
  route(app, postEmailVerify, { auth: false }, ({ body, now }) => idp.confirmEmailChange(ctx, body.token, now));
  route(app, postPasswordChange, {}, ({ user, body }) => idp.changePassword(ctx, user, body));
}
