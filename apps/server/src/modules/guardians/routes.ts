import { getInviteVerify, postInvite, putChangeMain, putChangeWritable, putDetach, putRelationType } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import * as service from './service';

/** Routes of the guardians area: co-guardian management and invitations. */
export function guardiansRoutes(app: App, ctx: AppContext) {
  route(app, putChangeWritable, {}, async ({ user, body }) => service.toggleWritable(ctx, user.id, body.childId, body.userId));
  route(app, putDetach, {}, async ({ user, body, now }) => service.detachGuardian(ctx, user.id, body.childId, body.userId, now));
  route(app, putChangeMain, {}, async ({ user, body }) => service.changeMain(ctx, user.id, body.childId, body.userId));
  route(app, putRelationType, {}, async ({ user, body }) =>
    service.changeRelationType(ctx, user.id, body.childId, body.userId, body.type),
  );
  route(app, postInvite, {}, async ({ user, body, now, reply }) => {
    const result = await service.invite(ctx, user, body, now);
    // 202: the address has no account yet; the web shows the message and stays (A §4).
    reply.status(result.status);
    return { message: result.message };
  });
  route(app, getInviteVerify, {}, async ({ user, params, now }) => service.verifyInvitation(ctx, user.id, params.token, now));
}
