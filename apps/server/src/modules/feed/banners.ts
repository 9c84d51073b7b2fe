import { and, desc, eq } from 'drizzle-orm';
import { bannerMessages, type StaffBanner } from '@renraku/contract';
import type { Db } from '../../db/client';
import { feedBanners } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { presentEach, type SkipLog } from '../../lib/present';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

type BannerRow = typeof feedBanners.$inferSelect;

/** What the setup screen shows of a banner, with where it stands at `now`. */
export function presentBanner(row: BannerRow, now: Date): StaffBanner {
  const status = row.startsAt > now ? 'scheduled' : row.endsAt && row.endsAt <= now ? 'ended' : 'showing';
  return {
    id: row.id,
    level: row.level as StaffBanner['level'],
    label: row.label,
    message: row.message,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    status,
  };
}

/** The facility's banners, newest first (the list a director keeps tidy; at most 100); an unreadable row is left out. */
export async function listFacilityBanners(db: Db, facilityId: number, now: Date, log: SkipLog): Promise<StaffBanner[]> {
  const rows = await db
    .select()
    .from(feedBanners)
    .where(eq(feedBanners.facilityId, facilityId))
    .orderBy(desc(feedBanners.startsAt), desc(feedBanners.id))
    .limit(100);
  return presentEach(rows, (row) => presentBanner(row, now), log, 'facility banners');
}

export interface BannerInput {
  level: 'info' | 'alert';
  label: string;
  message: string;
  starts_at: string;
  ends_at: string | null;
}

/** A banner for the guardians of the facility's children; audited `facility.banner.create`. */
export async function createFacilityBanner(db: Db, staff: StaffViewer, grant: FacilityGrant, input: BannerInput, now: Date) {
  const endsAt = input.ends_at ? new Date(input.ends_at) : null;
  if (endsAt && endsAt <= now) throw invalid('ends_at', bannerMessages.endsInPast);
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [created] = await t
      .insert(feedBanners)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        level: input.level,
        label: input.label,
        message: input.message,
        startsAt: new Date(input.starts_at),
        endsAt,
      })
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.banner.create',
      targetType: 'banner',
      targetId: created!.id,
      details: { ...input },
    });
    return created!;
  });
  return presentBanner(row, now);
}

/** The facility of a facility banner (undefined: none, or an operator's or company's banner, which no staff call touches). */
export async function bannerFacility(db: Db, bannerId: number) {
  const [row] = await db.select({ facilityId: feedBanners.facilityId }).from(feedBanners).where(eq(feedBanners.id, bannerId));
  return row?.facilityId ?? undefined;
}

export async function deleteFacilityBanner(db: Db, staff: StaffViewer, grant: FacilityGrant, bannerId: number, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [deleted] = await t
      .delete(feedBanners)
      .where(and(eq(feedBanners.id, bannerId), eq(feedBanners.facilityId, grant.facilityId)))
      .returning();
    if (!deleted) throw notFound();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.banner.delete',
      targetType: 'banner',
      targetId: deleted.id,
      details: { level: deleted.level, label: deleted.label, message: deleted.message },
    });
  });
  return { message: bannerMessages.deleted };
}
