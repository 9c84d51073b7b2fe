import { billingItemMessages as IM, type GuardianBillingItem } from '@renraku/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { billingItemConsents, billingItems, childUser, children, facilities, noteChildren, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { authorizeChild, checkedWrite, enrolmentCovers, type Viewer } from '../access';
import { guardianName } from './inputs';

/**
 * 実費 consent (spec/billing.md §2, docs/decisions/billing-item-consent.md): a guardian reads the
 * explanation of each item that applies to their children and consents per child; the consent (who,
 * when) is kept once and only consented items are billed. Main and writable guardians only: a
 * read-only co-guardian sees none and is refused (403), another family's child or item is 404.
 */

/** The items, current or still to come, that apply to the caller's children enrolled today. */
async function itemsFor(db: Db, viewer: Viewer, only?: number): Promise<GuardianBillingItem[]> {
  const thisMonth = `${viewer.today.slice(0, 7)}-01`;
  const kids = await db
    .select({
      id: children.id,
      name: sql<string>`${children.lastName} || ' ' || ${children.firstName}`,
      facilityId: noteChildren.facilityId,
      classId: noteChildren.classId,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .innerJoin(noteChildren, and(eq(noteChildren.childId, children.id), enrolmentCovers(noteChildren, viewer.today)))
    .where(
      and(
        eq(childUser.userId, viewer.userId),
        eq(childUser.activated, true),
        or(eq(childUser.main, true), eq(childUser.writable, true)),
      ),
    )
    .orderBy(asc(childUser.sortOrder), asc(children.id));
  if (kids.length === 0) return [];
  const items = await db
    .select({ item: billingItems, facilityName: facilities.name })
    .from(billingItems)
    .innerJoin(facilities, eq(facilities.id, billingItems.facilityId))
    .where(
      and(
        inArray(billingItems.facilityId, [...new Set(kids.map((k) => k.facilityId))]),
        only === undefined ? undefined : eq(billingItems.id, only),
        sql`(case when ${billingItems.frequency} = 'once' then ${billingItems.monthFrom} >= ${thisMonth}
          else ${billingItems.monthUntil} is null or ${billingItems.monthUntil} >= ${thisMonth} end)`,
      ),
    )
    .orderBy(asc(billingItems.monthFrom), asc(billingItems.id));
  const targeted = items
    .map(({ item, facilityName }) => ({
      item,
      facilityName,
      kids: kids.filter(
        (k) =>
          k.facilityId === item.facilityId &&
          (item.target === 'facility' ||
            (item.target === 'class' && item.classId === k.classId) ||
            (item.target === 'children' && item.childIds.includes(k.id))),
      ),
    }))
    .filter((x) => x.kids.length > 0);
  if (targeted.length === 0) return [];
  const consents = await db
    .select({
      itemId: billingItemConsents.itemId,
      childId: billingItemConsents.childId,
      userId: billingItemConsents.userId,
      userName: guardianName,
      consentedAt: billingItemConsents.consentedAt,
    })
    .from(billingItemConsents)
    .innerJoin(users, eq(users.id, billingItemConsents.userId))
    .where(
      and(
        inArray(
          billingItemConsents.itemId,
          targeted.map((x) => x.item.id),
        ),
        inArray(
          billingItemConsents.childId,
          kids.map((k) => k.id),
        ),
      ),
    );
  return targeted.map(({ item, facilityName, kids: its }) => ({
    id: item.id,
    facility_name: facilityName,
    name: item.name,
    amount: item.amount,
    frequency: item.frequency as GuardianBillingItem['frequency'],
    explanation: item.explanation,
    month_from: item.monthFrom.slice(0, 7),
    month_until: item.monthUntil?.slice(0, 7) ?? null,
    children: its.map((k) => {
      const c = consents.find((x) => x.itemId === item.id && x.childId === k.id);
      return {
        id: k.id,
        name: k.name,
        consent: c ? { user_id: c.userId, user_name: c.userName, consented_at: c.consentedAt.toISOString() } : null,
      };
    }),
  }));
}

export const guardianItems = (db: Db, viewer: Viewer) => itemsFor(db, viewer);

/** Records the caller's consent for a child, once (a second consent keeps the first's who and when). */
export async function consentToItem(ctx: AppContext, viewer: Viewer, itemId: number, childId: number, now: Date) {
  await checkedWrite(
    ctx,
    (db) => authorizeChild(ctx, viewer, childId, 'write', { db, forbidden: IM.readOnly }),
    async (db, grant) => {
      const [item] = await itemsFor(db, viewer, itemId);
      if (!item) throw notFound();
      if (!item.children.some((c) => c.id === childId)) throw notFound(IM.notTargeted);
      await db
        .insert(billingItemConsents)
        .values({ companyId: grant.child.companyId, itemId, childId, userId: viewer.userId, consentedAt: now })
        .onConflictDoNothing({ target: [billingItemConsents.itemId, billingItemConsents.childId] });
    },
  );
  const [item] = await itemsFor(ctx.db, viewer, itemId);
  return item!;
}
