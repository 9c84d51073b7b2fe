import { eq } from 'drizzle-orm';
import { fiscalYearOf, tokyoDate } from '@renraku/contract';
import { facilities, facilityClosedDays } from '../db/schema';
import type { SeedContext } from './context';

/**
 * さくら保育園's profile and its own closed days of this 年度 (staff.md §3): what the 施設設定
 * screen shows a newcomer. No facility banner: the guardians' feed keeps the demo's two banners.
 */
export async function seedFacilitySetup({ db, ids, now }: SeedContext) {
  const facilityId = ids.facilities.sakura;
  const companyId = ids.companies.sakura;
  await db
    .update(facilities)
    .set({ address: '東京都世田谷区桜丘1-2-3', phone: '03-1234-5678', openingTime: '07:00', closingTime: '19:00' })
    .where(eq(facilities.id, facilityId));
  const year = fiscalYearOf(tokyoDate(now));
  await db.insert(facilityClosedDays).values(
    [
      [`${year}-08-13`, '夏季休園'],
      [`${year}-08-14`, '夏季休園'],
      [`${year}-12-29`, '年末年始休園'],
      [`${year}-12-30`, '年末年始休園'],
      [`${year}-12-31`, '年末年始休園'],
      [`${year + 1}-01-02`, '年末年始休園'],
      [`${year + 1}-01-03`, '年末年始休園'],
    ].map(([date, name]) => ({ companyId, facilityId, date: date!, name: name! })),
  );
}
