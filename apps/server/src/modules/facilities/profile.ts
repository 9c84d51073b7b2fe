import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import holidayJp from '@holiday-jp/holiday_jp';
import { facilityMessages, functionKeys, type ClosedDay, type FacilityFunctions, type FacilityProfile } from '@renraku/contract';
import type { Db } from '../../db/client';
import { facilities, facilityClosedDays, facilityFunctions } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

const holidays = holidayJp.holidays as Record<string, { name: string } | undefined>;

/** The first and last day of a 年度 (April to March). */
export const fiscalYearRange = (fiscalYear: number) => ({ first: `${fiscalYear}-04-01`, last: `${fiscalYear + 1}-03-31` });

/** Japanese public holidays (with 振替休日 and 国民の休日) of a 年度, by date. */
function publicHolidaysOf(fiscalYear: number): ClosedDay[] {
  const { first, last } = fiscalYearRange(fiscalYear);
  return Object.keys(holidays)
    .filter((date) => date >= first && date <= last)
    .map((date) => ({ id: null, date, name: holidays[date]!.name, public_holiday: true }));
}

export const isPublicHoliday = (date: string) => holidays[date] !== undefined;

/** Every function as on or off; no row is off (as the guardian app reads them). */
async function functionsOf(db: Db, facilityId: number): Promise<FacilityFunctions> {
  const rows = await db
    .select({ key: facilityFunctions.functionKey, enabled: facilityFunctions.enabled })
    .from(facilityFunctions)
    .where(eq(facilityFunctions.facilityId, facilityId));
  const on = new Set(rows.filter((r) => r.enabled).map((r) => r.key));
  return Object.fromEntries(functionKeys.map((key) => [key, on.has(key)])) as FacilityFunctions;
}

/** The setup screen's facility: profile, functions, the 年度's closed days with the public holidays. Three statements. */
export async function loadFacilityProfile(db: Db, facilityId: number, fiscalYear: number): Promise<FacilityProfile> {
  const { first, last } = fiscalYearRange(fiscalYear);
  const [[facility], entered, functions] = await Promise.all([
    db.select().from(facilities).where(eq(facilities.id, facilityId)),
    db
      .select({ id: facilityClosedDays.id, date: facilityClosedDays.date, name: facilityClosedDays.name })
      .from(facilityClosedDays)
      .where(
        and(
          eq(facilityClosedDays.facilityId, facilityId),
          gte(facilityClosedDays.date, first),
          lte(facilityClosedDays.date, last),
        ),
      )
      .orderBy(asc(facilityClosedDays.date)),
    functionsOf(db, facilityId),
  ]);
  if (!facility) throw notFound();
  const closedDays = [...entered.map((d) => ({ ...d, public_holiday: false })), ...publicHolidaysOf(fiscalYear)].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
  return {
    id: facility.id,
    name: facility.name,
    address: facility.address,
    phone: facility.phone,
    opening_time: facility.openingTime,
    closing_time: facility.closingTime,
    fiscal_year: fiscalYear,
    closed_days: closedDays,
    functions,
  };
}

export interface ProfileInput {
  name: string;
  address: string;
  phone: string;
  opening_time: string | null;
  closing_time: string | null;
}

/** Saves the profile; audited `facility.update` with what changed, in the same transaction. */
export async function updateProfile(db: Db, staff: StaffViewer, grant: FacilityGrant, input: ProfileInput, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [before] = await t.select().from(facilities).where(eq(facilities.id, grant.facilityId)).for('update');
    if (!before) throw notFound();
    await t
      .update(facilities)
      .set({
        name: input.name,
        address: input.address,
        phone: input.phone,
        openingTime: input.opening_time,
        closingTime: input.closing_time,
      })
      .where(eq(facilities.id, grant.facilityId));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.update',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: {
        before: {
          name: before.name,
          address: before.address,
          phone: before.phone,
          opening_time: before.openingTime,
          closing_time: before.closingTime,
        },
        after: input,
      },
    });
  });
}

/** Adds a closed day: not a public holiday (those are shown already), one per date; audited. */
export async function addClosedDay(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: { date: string; name: string },
  now: Date,
): Promise<ClosedDay> {
  if (isPublicHoliday(input.date)) throw invalid('date', facilityMessages.closedDayHoliday);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    // One statement decides a race too: the unique (facility, date) key leaves nothing to insert.
    const [created] = await t
      .insert(facilityClosedDays)
      .values({ companyId: grant.companyId, facilityId: grant.facilityId, date: input.date, name: input.name })
      .onConflictDoNothing({ target: [facilityClosedDays.facilityId, facilityClosedDays.date] })
      .returning();
    if (!created) throw invalid('date', facilityMessages.closedDayTaken);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.closed_day.create',
      targetType: 'closed_day',
      targetId: created.id,
      details: { date: created.date, name: created.name },
    });
    return { id: created.id, date: created.date, name: created.name, public_holiday: false };
  });
}

/** The facility a closed day belongs to, for the access kernel (undefined: no such day). */
export async function closedDayFacility(db: Db, closedDayId: number) {
  const [row] = await db
    .select({ facilityId: facilityClosedDays.facilityId })
    .from(facilityClosedDays)
    .where(eq(facilityClosedDays.id, closedDayId));
  return row?.facilityId;
}

export async function deleteClosedDay(db: Db, staff: StaffViewer, grant: FacilityGrant, closedDayId: number, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [deleted] = await t
      .delete(facilityClosedDays)
      .where(and(eq(facilityClosedDays.id, closedDayId), eq(facilityClosedDays.facilityId, grant.facilityId)))
      .returning();
    if (!deleted) throw notFound();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.closed_day.delete',
      targetType: 'closed_day',
      targetId: deleted.id,
      details: { date: deleted.date, name: deleted.name },
    });
  });
  return { message: facilityMessages.closedDayDeleted };
}

/**
 * Switches the functions sent (the others stay): one upsert of their rows (the guardian app reads
 * `enabled`); audited with before and after; answers every function's state.
 */
export async function setFunctions(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: Partial<FacilityFunctions>,
  now: Date,
): Promise<FacilityFunctions> {
  const changed = functionKeys.filter((key) => input[key] !== undefined);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const before = await functionsOf(t, grant.facilityId);
    await t
      .insert(facilityFunctions)
      .values(
        changed.map((key) => ({
          facilityId: grant.facilityId,
          companyId: grant.companyId,
          functionKey: key,
          enabled: input[key]!,
        })),
      )
      .onConflictDoUpdate({
        target: [facilityFunctions.facilityId, facilityFunctions.functionKey],
        set: { enabled: sql`excluded.enabled` },
      });
    const after = { ...before, ...Object.fromEntries(changed.map((key) => [key, input[key]!])) };
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.functions.update',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { before, after },
    });
    return after;
  });
}
