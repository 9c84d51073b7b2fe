import { type RatioFacilityType, type StaffingSettings } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffingSettings } from '../../db/schema';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { loadSettings } from './day-data';

/** The facility type and the 1歳加算 switch with the ratios they give on the day (staffing.md §1). */
export async function settingsOf(db: Db, facilityId: number, date: string): Promise<StaffingSettings> {
  const { facilityType, oneYearImprovement, rules, wishDeadlineDay } = await loadSettings(db, facilityId, date);
  return {
    wish_deadline_day: wishDeadlineDay,
    facility_type: facilityType,
    one_year_improvement: oneYearImprovement,
    ratios: [...rules.perStaff],
    plus: rules.plus,
  };
}

export async function saveSettings(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { facility_type: RatioFacilityType; one_year_improvement: boolean; wish_deadline_day?: number },
  now: Date,
): Promise<StaffingSettings> {
  await db.transaction(async (t) => {
    const values = {
      facilityType: body.facility_type,
      oneYearImprovement: body.one_year_improvement,
      ...(body.wish_deadline_day === undefined ? {} : { wishDeadlineDay: body.wish_deadline_day }),
      updatedBy: staff.userId,
      updatedAt: now,
    };
    await t
      .insert(staffingSettings)
      .values({ facilityId: grant.facilityId, companyId: grant.companyId, ...values })
      .onConflictDoUpdate({ target: staffingSettings.facilityId, set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.settings.update',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: body,
    });
  });
  return settingsOf(db, grant.facilityId, staff.today);
}
