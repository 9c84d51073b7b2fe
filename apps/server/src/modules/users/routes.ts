import { eq } from 'drizzle-orm';
import { getUsers, putUsersAgreedAt } from '@renraku/contract';
import { users } from '../../db/schema';
import { route, type App } from '../../lib/route';
import type { AppContext } from '../../context';
import { presentUser } from './presenter';

export function usersRoutes(app: App, ctx: AppContext) {
  route(app, getUsers, {}, async ({ user }) => presentUser(ctx, user));

  route(app, putUsersAgreedAt, {}, async ({ user, now }) => {
    // Agreeing twice keeps the first agreement's time.
    if (user.agreedAt) return presentUser(ctx, user);
    const [updated] = await ctx.db.update(users).set({ agreedAt: now }).where(eq(users.id, user.id)).returning();
    return presentUser(ctx, updated!);
  });
}
