import { and, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
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
 * A payer's link (spec/billing.md §1, §6): activated, and main or writable. Such a guardian may be
 * named the payer of the child and sees the child's statements; a read-only co-guardian does neither.
 */
export const isPayerLink = (link: MaybeLink): link is GuardianLink => isGuardianOf(link) && (link.main || link.writable);
/** A link waiting for its guardian's answer (an invitation not yet accepted): grants nothing yet. */
export const isPendingLink = (link: MaybeLink): link is GuardianLink => !!link && link.activated === null;
/** A link that stands (activated or pending); a refused one is as none, and may be invited again. */
export const isStandingLink = (link: MaybeLink): link is GuardianLink => !!link && link.activated !== false;

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

/** `child_user` or its alias `cu`: pass `childUser` in Drizzle queries and `cu` in hand-written statements. */
type LinkColumns = { userId: SQLWrapper; activated: SQLWrapper; writable: SQLWrapper; main: SQLWrapper };

/**
 * The predicates above as SQL, written once: the links that count whoever holds them (a child's
 * guardians: push, tracking, the kiosk's mails, the roster's counts).
 */
export const activeLinks = (links: Pick<LinkColumns, 'activated'>): SQL => sql`(${links.activated} = true)`;
/** `canWriteFor` as SQL: the guardians who send for the child (schedule reminders go to them). */
export const writableLinks = (links: Pick<LinkColumns, 'activated' | 'writable'>): SQL =>
  sql`(${links.activated} = true and ${links.writable})`;
/** `isMainGuardianOf` as SQL: the child's main guardian. */
export const mainLinks = (links: Pick<LinkColumns, 'activated' | 'main'>): SQL =>
  sql`(${links.activated} = true and ${links.main})`;
/** `isPayerLink` as SQL: the guardians who may pay for the child and see its statements (billing). */
export const payerLinks = (links: Pick<LinkColumns, 'activated' | 'main' | 'writable'>): SQL =>
  sql`(${links.activated} = true and (${links.main} or ${links.writable}))`;
/** `isPendingLink` as SQL: invitations not yet answered. */
export const pendingLinks = (links: Pick<LinkColumns, 'activated'>): SQL => sql`(${links.activated} is null)`;
/** `isStandingLink` as SQL: activated or pending (a guardian's own list shows both). */
export const standingLinks = (links: Pick<LinkColumns, 'activated'>): SQL => sql`(${links.activated} is not false)`;

/**
 * `isGuardianOf` as SQL, for statements that check and read at once: the activated links of
 * `user` (a user id, or the caller's session as `callerUserId`).
 */
export const activeLinksOf = (links: Pick<LinkColumns, 'userId' | 'activated'>, user: number | SQLWrapper): SQL =>
  sql`(${links.userId} = ${user} and ${links.activated})`;

/**
 * The children's guardians whose links count (`activeLinks`): who hears of what the facility wrote
 * for a child (a published daily note, a notice, a questionnaire closing). `lib/push` takes them from
 * here, given by its callers (it may not import the kernel).
 */
export async function activeGuardiansOf(db: Db, childIds: number[]): Promise<{ childId: number; userId: number }[]> {
  if (childIds.length === 0) return [];
  return db
    .selectDistinct({ childId: childUser.childId, userId: childUser.userId })
    .from(childUser)
    .where(and(inArray(childUser.childId, childIds), activeLinks(childUser)));
}
