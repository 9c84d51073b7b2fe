import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { childUser } from '../../db/schema';
import { notFound } from '../../lib/errors';

/**
 * The feed shows children whose link to the caller is activated (F §1), read-only links included.
 * Any other id → 404, never 403 (a child that is not yours must not be revealed). One query.
 */
export async function authorizeFeedChildren(ctx: AppContext, userId: number, childIds: number[]): Promise<number[]> {
  const unique = [...new Set(childIds)];
  const rows = await ctx.db
    .select({ childId: childUser.childId })
    .from(childUser)
    .where(and(eq(childUser.userId, userId), eq(childUser.activated, true), inArray(childUser.childId, unique)));
  if (rows.length !== unique.length) throw notFound();
  return unique;
}
