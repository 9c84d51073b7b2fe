import type { RecordSettings } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordSettings } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { authorizeFacility, grantHolds, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { loadRecordSettings, presentSettings } from './terms';

/** Who sets the 期 (records.md §7: templates and the facility's records are the 園長's and 法人管理者's). */
const mayEdit = (grant: FacilityGrant) => grantHolds(grant, 'records.templates');

/**
 * The facility's records settings: read by every member who reads records (office 403, another
 * facility 404); written by directors and company admins on a desktop.
 */
export async function authorizeRecordSettings(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  mode: 'read' | 'write',
  db: Db = ctx.db,
): Promise<FacilityGrant> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'records.read', db);
  if (mode === 'write' && !mayEdit(grant)) throw forbidden();
  return grant;
}

export async function readRecordSettings(db: Db, grant: FacilityGrant): Promise<RecordSettings> {
  return presentSettings(await loadRecordSettings(db, grant.facilityId), mayEdit(grant));
}

/**
 * Sets the 期, the age of per-期 経過記録, whether the facility writes 日案 and how many years past
 * the minimum a 要録 is kept (the last two omitted: unchanged);
 * documents already made keep their periods, 日案 already written stay. Audited.
 */
export async function writeRecordSettings(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: {
    term_start_months: number[];
    progress_terms_from_age: number;
    writes_daily_plans?: boolean | undefined;
    yoroku_retention_extra_years?: number | undefined;
  },
  now: Date,
): Promise<RecordSettings> {
  const values = {
    termStartMonths: body.term_start_months,
    progressTermsFromAge: body.progress_terms_from_age,
    ...(body.writes_daily_plans === undefined ? {} : { writesDailyPlans: body.writes_daily_plans }),
    ...(body.yoroku_retention_extra_years === undefined ? {} : { yorokuRetentionExtraYears: body.yoroku_retention_extra_years }),
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t
      .insert(recordSettings)
      .values({ facilityId: grant.facilityId, companyId: grant.companyId, ...values })
      .onConflictDoUpdate({ target: recordSettings.facilityId, set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.settings.update',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: body,
    });
  });
  return readRecordSettings(db, grant);
}
