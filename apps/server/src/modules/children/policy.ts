import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { childUser } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';

export type Link = typeof childUser.$inferSelect;

/** Who may do what with a child (DESIGN §4): built from the caller's own link, never from client ids. */
export const isGuardianOf = (link: Link | undefined): link is Link => !!link && link.activated === true;
export const isMainGuardianOf = (link: Link | undefined) => isGuardianOf(link) && link.main;
export const canWriteFor = (link: Link | undefined) => isGuardianOf(link) && link.writable;

export type ChildAction = 'view' | 'write' | 'manage';

export async function findLink(db: Db, childId: number, userId: number): Promise<Link | undefined> {
  const [link] = await db
    .select()
    .from(childUser)
    .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)));
  return link;
}

/**
 * Throws unless the user may do the action: not an activated guardian → 404 (never reveal the
 * child exists); read-only writing → 403; not main for a main-guardian action → 403.
 */
export function authorize(link: Link | undefined, action: ChildAction): Link {
  if (!isGuardianOf(link)) throw notFound();
  if (action === 'write' && !canWriteFor(link)) throw forbidden();
  if (action === 'manage' && !isMainGuardianOf(link)) throw forbidden();
  return link;
}

export async function authorizeChild(db: Db, userId: number, childId: number, action: ChildAction): Promise<Link> {
  return authorize(await findLink(db, childId, userId), action);
}
