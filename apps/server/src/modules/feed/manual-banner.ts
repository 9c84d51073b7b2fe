import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { manualBannerMessages, tokyoDate, type StaffManualBanner } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childUser, manualBanners, noteChildren } from '../../db/schema';
import type { FacilityGrant, StaffViewer } from '../access';
import { activeLinksOf, enrolmentCovers } from '../access';
import { recordAudit } from '../audit/service';

/**
 * The guardians' manual banner, one statement (docs/decisions/facilities-manual-banner.md): the own
 * banner of a facility where the caller has an activated child enrolled today (the newest, when the
 * children are at several), else the operator's newest published one.
 */
export async function currentManualBanner(ctx: AppContext, userId: number, now: Date) {
  const facilitiesOfUser = ctx.db
    .select({ facilityId: noteChildren.facilityId })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .where(and(activeLinksOf(childUser, userId), enrolmentCovers(noteChildren, tokyoDate(now))));
  const [row] = await ctx.db
    .select({ title: manualBanners.title, url: manualBanners.url })
    .from(manualBanners)
    .where(
      and(
        lte(manualBanners.publishedAt, now),
        or(isNull(manualBanners.facilityId), inArray(manualBanners.facilityId, facilitiesOfUser)),
      ),
    )
    .orderBy(sql`${manualBanners.facilityId} is null`, desc(manualBanners.publishedAt), desc(manualBanners.id))
    .limit(1);
  return { data: row ?? null };
}

const present = (row: typeof manualBanners.$inferSelect): StaffManualBanner => ({
  title: row.title,
  url: row.url,
  updated_at: row.updatedAt.toISOString(),
});

/** The facility's own manual banner, or null (its guardians see the operator's). */
export async function facilityManualBanner(db: Db, facilityId: number) {
  const [row] = await db.select().from(manualBanners).where(eq(manualBanners.facilityId, facilityId));
  return { data: row ? present(row) : null };
}

/** Sets the facility's banner (one row per facility, replaced in place); audited with before and after. */
export async function setFacilityManualBanner(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: { title: string; url: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [before] = await t.select().from(manualBanners).where(eq(manualBanners.facilityId, grant.facilityId)).for('update');
    const [saved] = await t
      .insert(manualBanners)
      .values({ companyId: grant.companyId, facilityId: grant.facilityId, ...input, publishedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: manualBanners.facilityId,
        set: { title: input.title, url: input.url, publishedAt: now, updatedAt: now },
      })
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.manual_banner.update',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { before: before ? { title: before.title, url: before.url } : null, after: input },
    });
    return { data: present(saved!) };
  });
}

/** Removes the facility's banner (its guardians see the operator's again); audited when there was one. */
export async function deleteFacilityManualBanner(db: Db, staff: StaffViewer, grant: FacilityGrant, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [deleted] = await t.delete(manualBanners).where(eq(manualBanners.facilityId, grant.facilityId)).returning();
    if (!deleted) return;
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.manual_banner.delete',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { title: deleted.title, url: deleted.url },
    });
  });
  return { message: manualBannerMessages.deleted };
}
