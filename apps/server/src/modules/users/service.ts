import { and, eq, inArray, sql } from 'drizzle-orm';
import { functionKeys, guardianMessages, type FunctionKey } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childUser, facilityFunctions, noteChildren, users } from '../../db/schema';

import { invalid } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { removeImage } from '../../lib/images';
import { activeLinksOf, enrolmentCovers, type Viewer } from '../access';
import { presentUser } from './presenter';

export { presentUser };

export async function updateName(ctx: AppContext, userId: number, name: string) {
  const [updated] = await ctx.db.update(users).set({ name }).where(eq(users.id, userId)).returning();
  return presentUser(ctx, updated!);
}

export async function uploadAvatar(ctx: AppContext, user: typeof users.$inferSelect, bytes: Buffer) {
  const key = await storeImage(ctx.storage, `users/${user.id}`, bytes);
  await ctx.db.update(users).set({ imageKey: key }).where(eq(users.id, user.id));
  if (user.imageKey) await removeImage(ctx, user.imageKey);
  return { image_url: ctx.files.url(key, { variant: 'thumb' })! };
}

/** The order must name exactly the caller's activated children, each once. */
export async function saveChildrenOrder(ctx: AppContext, userId: number, childIds: number[]) {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const own = await db.select({ childId: childUser.childId }).from(childUser).where(activeLinksOf(childUser, userId));
    const ownIds = new Set(own.map((r) => r.childId));
    const unique = new Set(childIds);
    if (unique.size !== childIds.length || unique.size !== ownIds.size || childIds.some((id) => !ownIds.has(id))) {
      throw invalid('child_ids', guardianMessages.orderMismatch);
    }
    // One statement: sort_order = position in the list.
    await db
      .update(childUser)
      .set({
        sortOrder: sql`array_position(${sql.raw(`ARRAY[${childIds.map(Number).join(',')}]::int[]`)}, ${childUser.childId}) - 1`,
      })
      .where(and(eq(childUser.userId, userId), inArray(childUser.childId, childIds)));
    return { message: guardianMessages.orderSaved };
  });
}

/** Functions enabled at any facility where one of the caller's activated children is enrolled today. */
export async function availableFunctions(ctx: AppContext, viewer: Viewer): Promise<FunctionKey[]> {
  const rows = await ctx.db
    .selectDistinct({ key: facilityFunctions.functionKey })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .innerJoin(
      facilityFunctions,
      and(eq(facilityFunctions.facilityId, noteChildren.facilityId), eq(facilityFunctions.enabled, true)),
    )
    .where(and(activeLinksOf(childUser, viewer.userId), enrolmentCovers(noteChildren, viewer.today)));
  const enabled = new Set(rows.map((r) => r.key));
  return functionKeys.filter((key) => enabled.has(key));
}
