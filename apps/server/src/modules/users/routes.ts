import { eq } from 'drizzle-orm';
import { getAvailableFunctions, getUsers, postChildrenOrder, postUserImage, putUsers, putUsersAgreedAt } from '@renraku/contract';
import { users } from '../../db/schema';
import { route, type App } from '../../lib/route';
import { readImageUpload, withMultipart } from '../../lib/upload';
import type { AppContext } from '../../context';
import { presentUser } from './presenter';
import * as service from './service';

export function usersRoutes(app: App, ctx: AppContext) {
  route(app, getUsers, {}, async ({ user }) => presentUser(ctx, user));

  route(app, putUsersAgreedAt, {}, async ({ user, now }) => {
    // Agreeing twice keeps the first agreement's time.
    if (user.agreedAt) return presentUser(ctx, user);
    const [updated] = await ctx.db.update(users).set({ agreedAt: now }).where(eq(users.id, user.id)).returning();
    return presentUser(ctx, updated!);
  });

  route(app, putUsers, {}, async ({ user, body }) => service.updateName(ctx, user.id, body.name));
  route(app, postChildrenOrder, {}, async ({ user, body }) => service.saveChildrenOrder(ctx, user.id, body.child_ids));
  route(app, getAvailableFunctions, {}, async ({ viewer }) => service.availableFunctions(ctx, viewer));

  app.register(async (scope) => {
    await withMultipart(scope);
    route(scope, postUserImage, {}, async ({ user, req }) => {
      const { bytes } = await readImageUpload(req);
      return service.uploadAvatar(ctx, user, bytes);
    });
  });
}
