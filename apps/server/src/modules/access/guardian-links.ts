import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { childUser } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';

/** A guardian's link to a child (`child_user`, DESIGN §5): main, writable, activated (null = pending). */
export type GuardianLink = typeof childUser.$inferSelect;
type MaybeLink = GuardianLink | undefined | null;

/**
 * What a caller may do with a child. `view`: read it and everything the facility wrote about it;
 * `write`: send for it (contact book, absences, schedules, its photo); `manage`: what the main
 * guardian alone does (edit the child, invite and detach guardians, answer questionnaires).
 */
export type ChildAction = 'view' | 'write' | 'manage';

/** Only an activated link counts: a pending invitation, a refused one or none are the same to every area. */
export const isGuardianOf = (link: MaybeLink): link is GuardianLink => !!link && link.activated === true;
export const canWriteFor = (link: MaybeLink) => isGuardianOf(link) && link.writable;
export const isMainGuardianOf = (link: MaybeLink) => isGuardianOf(link) && link.main;

/**
 * The permission catalogue for guardians (CONVENTIONS: outline's small declarative policies, eVaka's
 * one Action list). Staff memberships (staff.md §1: role, facility, classes, period) slot in as a
 * second catalogue over the same actions, decided in this module too.
 */
const guardianMay: Record<ChildAction, (link: MaybeLink) => boolean> = {
  view: isGuardianOf,
  write: canWriteFor,
  manage: isMainGuardianOf,
};

/**
 * Throws unless the link allows the action: no activated link → 404 (never reveal that the child
 * exists); an activated link without the right → 403 with the area's message.
 */
export function authorizeLink(link: MaybeLink, action: ChildAction, message?: string): GuardianLink {
  if (!isGuardianOf(link)) throw notFound();
  if (!guardianMay[action](link)) throw forbidden(message);
  return link;
}

/** `child_user` as the hand-written statements name it (`from child_user cu`). */
export const cu = alias(childUser, 'cu');

/**
 * `isGuardianOf` as SQL, for statements that check and read at once: the activated links of
 * `user` (a user id, or the caller's session as `callerUserId`). Pass `childUser` in Drizzle
 * queries and `cu` in hand-written statements.
 */
export const activeLinksOf = (links: { userId: SQLWrapper; activated: SQLWrapper }, user: number | SQLWrapper): SQL =>
  sql`(${links.userId} = ${user} and ${links.activated})`;
