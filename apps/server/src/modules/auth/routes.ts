import { getCsrfCookie, getLoginCheck, messages, postLogin, postLogout } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { CHILD_REGISTRATION_COOKIE, claimInvitations, pendingRegistrationPath } from '../children/service';
import { presentUser } from '../users/service';
import { localIdentityProvider as idp } from '../idp/service';
import { clearSessionCookie, createSession, deleteSession, setSessionCookie } from '../../lib/sessions';
import { mintXsrfToken, sessionsOf, setXsrfCookie } from './xsrf';

export function authRoutes(app: App, ctx: AppContext) {
  route(app, getCsrfCookie, { auth: false }, async ({ req, reply }) => {
    setXsrfCookie(reply, req, mintXsrfToken(ctx.config.sessionSecret, sessionsOf(req)));
    return null;
  });
  // The staff app's: under the staff cookie's path, so the token is bound to the staff session too.
  app.get('/api/staff/csrf-cookie', { schema: { hide: true } }, async (req, reply) => {
    setXsrfCookie(reply, req, mintXsrfToken(ctx.config.sessionSecret, sessionsOf(req)));
    return reply.status(204).send();
  });

  route(app, postLogin, { auth: false }, async ({ req, reply, body, now, user: current }) => {
    const user = await idp.verifyCredentials(ctx, body.email, body.password, req.ip);
    await claimInvitations(ctx.db, user.id, now);
    // Rotate: the previous session (if any) ends, a new id is issued.
    if (current) await deleteSession(ctx.db, current.sessionId);
    const session = await createSession(ctx.db, user.id, body.remember, now, req.headers['user-agent']);
    setSessionCookie(reply, req, session.token, body.remember, session.expiresAt);
    req.log.info({ userId: user.id }, 'login');
    // A child-registration URL opened before signing in is where the guardian goes next.
    const next = pendingRegistrationPath(ctx, req.cookies[CHILD_REGISTRATION_COOKIE]) ?? '/main';
    return { user: presentUser(ctx, user), path: user.agreedAt ? next : '/terms', next_path: next };
  });

  route(app, postLogout, { auth: false }, async ({ reply, user }) => {
    if (user) await deleteSession(ctx.db, user.sessionId);
    clearSessionCookie(reply);
    return { message: messages.loggedOut };
  });

  route(app, getLoginCheck, { auth: false }, async ({ user }) => ({ user: user ? presentUser(ctx, user) : null }));
}
