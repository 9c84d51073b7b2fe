import { billingItemMessages as IM, type GuardianBillingItem } from '@renraku/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { billingItems, childUser, children, facilities, noteChildren } from '../../db/schema';
import { childName } from '../../lib/child-names';
import { notFound } from '../../lib/errors';
import { authorizeChild, checkedWrite, enrolmentCovers, type Viewer } from '../access';
import { consentHistory, latestConsents } from './consent-history';
import { earliestWithdrawal, firstOpenMonth, writeConsent, writeWithdrawal } from './consent-writes';

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
      name: childName,
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
  const latest = latestConsents(
    await consentHistory(
      db,
      targeted.map((x) => x.item.id),
      kids.map((k) => k.id),
    ),
  );
  const facilityIds = [...new Set(targeted.map((x) => x.item.facilityId))];
  const open = new Map(await Promise.all(facilityIds.map(async (id) => [id, await firstOpenMonth(db, id)] as const)));
  return targeted.map(({ item, facilityName, kids: its }) => ({
    id: item.id,
    facility_name: facilityName,
    name: item.name,
    amount: item.amount,
    frequency: item.frequency as GuardianBillingItem['frequency'],
    explanation: item.explanation,
    month_from: item.monthFrom.slice(0, 7),
    month_until: item.monthUntil?.slice(0, 7) ?? null,
    withdrawable_from: earliestWithdrawal('app', viewer.today, open.get(item.facilityId) ?? null, item),
    children: its.map((k) => ({ id: k.id, name: k.name, consent: latest.get(`${item.id}:${k.id}`) ?? null })),
  }));
}

export const guardianItems = (db: Db, viewer: Viewer) => itemsFor(db, viewer);

/** The caller's write for a child of theirs the item targets, then the item as the caller now sees it. */
async function guardianWrite(
  ctx: AppContext,
  viewer: Viewer,
  itemId: number,
  childId: number,
  write: (db: Db, item: { id: number; companyId: number; facilityId: number }) => Promise<unknown>,
) {
  await checkedWrite(
    ctx,
    (db) => authorizeChild(ctx, viewer, childId, 'write', { db, forbidden: IM.readOnly }),
    async (db) => {
      const [item] = await itemsFor(db, viewer, itemId);
      if (!item) throw notFound();
      if (!item.children.some((c) => c.id === childId)) throw notFound(IM.notTargeted);
      const [row] = await db
        .select({ id: billingItems.id, companyId: billingItems.companyId, facilityId: billingItems.facilityId })
        .from(billingItems)
        .where(eq(billingItems.id, itemId));
      await write(db, row!);
    },
  );
  const [item] = await itemsFor(ctx.db, viewer, itemId);
  return item!;
}

/** Records the caller's consent for a child, once (a second consent keeps the first's who and when). */
export const consentToItem = (ctx: AppContext, viewer: Viewer, itemId: number, childId: number, now: Date) =>
  guardianWrite(ctx, viewer, itemId, childId, (db, item) =>
    writeConsent(db, item, childId, { via: 'app', guardianId: viewer.userId }, viewer.today, now),
  );

/** Withdraws the child's standing consent from a month on (next month at the earliest). */
export const withdrawFromItem = (
  ctx: AppContext,
  viewer: Viewer,
  itemId: number,
  body: { child_id: number; month_from: string },
  now: Date,
) =>
  guardianWrite(ctx, viewer, itemId, body.child_id, (db) =>
    writeWithdrawal(db, itemId, body.child_id, body.month_from, { via: 'app', guardianId: viewer.userId }, viewer.today, now),
  );
