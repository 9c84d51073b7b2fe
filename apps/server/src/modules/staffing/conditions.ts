import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import {
  workingConditionDefaults,
  workingConditionMessages,
  type WorkingConditions,
  type WorkingConditionsBody,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffMemberships, staffWorkingConditions, users } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { patternsOf } from './shifts';

/**
 * 勤務条件 (staffing.md §3; docs/decisions/staffing-working-conditions.md): a staff member's own limits
 * at the facility and the patterns they may work, read and saved here and read by the shift draft.
 */

type Row = typeof staffWorkingConditions.$inferSelect;

/** What the draft uses per person: the row's limits over the defaults; hours in minutes; null patterns = all. */
export interface DraftConditions {
  maxDaysPerWeek: number;
  maxDaysPerMonth: number;
  maxConsecutiveDays: number;
  maxMinutesPerMonth: number;
  patternIds: readonly number[] | null;
}

export const draftConditionsOf = (row: Row | undefined): DraftConditions => ({
  maxDaysPerWeek: row?.maxDaysPerWeek ?? workingConditionDefaults.max_days_per_week,
  maxDaysPerMonth: row?.maxDaysPerMonth ?? workingConditionDefaults.max_days_per_month,
  maxConsecutiveDays: row?.maxConsecutiveDays ?? workingConditionDefaults.max_consecutive_days,
  maxMinutesPerMonth: row?.maxHoursPerMonth == null ? Number.POSITIVE_INFINITY : row.maxHoursPerMonth * 60,
  patternIds: row?.patternIds ?? null,
});

/** Every person's conditions at the facility, by user id (the draft's input). */
export async function conditionsOfFacility(db: Db, facilityId: number): Promise<Map<number, Row>> {
  const rows = await db.select().from(staffWorkingConditions).where(eq(staffWorkingConditions.facilityId, facilityId));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The person's name if they hold a membership of the facility itself that has not ended; else 404. */
async function memberName(db: Db, facilityId: number, userId: number, today: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${users.name}, ${staffMemberships.invitedName}, ${users.email})` })
    .from(staffMemberships)
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .where(
      and(
        eq(staffMemberships.facilityId, facilityId),
        eq(staffMemberships.userId, userId),
        or(isNull(staffMemberships.validUntil), gte(staffMemberships.validUntil, today)),
      ),
    )
    .orderBy(desc(staffMemberships.validFrom))
    .limit(1);
  if (!row) throw notFound(workingConditionMessages.member);
  return row.name;
}

const present = (userId: number, name: string, editable: boolean, row: Row | undefined): WorkingConditions => ({
  user_id: userId,
  name,
  editable,
  max_days_per_week: row?.maxDaysPerWeek ?? null,
  max_days_per_month: row?.maxDaysPerMonth ?? null,
  max_consecutive_days: row?.maxConsecutiveDays ?? null,
  max_hours_per_month: row?.maxHoursPerMonth ?? null,
  pattern_ids: row?.patternIds ?? null,
  updated_at: row ? row.updatedAt.toISOString() : null,
});

async function rowOf(db: Db, facilityId: number, userId: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(staffWorkingConditions)
    .where(and(eq(staffWorkingConditions.facilityId, facilityId), eq(staffWorkingConditions.userId, userId)));
  return row;
}

export async function workingConditions(
  db: Db,
  grant: FacilityGrant,
  userId: number,
  today: string,
  editable: boolean,
): Promise<WorkingConditions> {
  const name = await memberName(db, grant.facilityId, userId, today);
  return present(userId, name, editable, await rowOf(db, grant.facilityId, userId));
}

export async function saveWorkingConditions(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  userId: number,
  body: WorkingConditionsBody,
  now: Date,
): Promise<WorkingConditions> {
  const name = await memberName(db, grant.facilityId, userId, staff.today);
  const patternIds = body.pattern_ids === null ? null : [...new Set(body.pattern_ids)].sort((a, b) => a - b);
  if (patternIds) {
    const ours = new Set((await patternsOf(db, grant.facilityId)).map((p) => p.id));
    if (patternIds.some((id) => !ours.has(id))) throw invalid('pattern_ids', workingConditionMessages.pattern);
  }
  const values = {
    maxDaysPerWeek: body.max_days_per_week,
    maxDaysPerMonth: body.max_days_per_month,
    maxConsecutiveDays: body.max_consecutive_days,
    maxHoursPerMonth: body.max_hours_per_month,
    patternIds,
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (t) => {
    await t
      .insert(staffWorkingConditions)
      .values({ facilityId: grant.facilityId, companyId: grant.companyId, userId, ...values })
      .onConflictDoUpdate({ target: [staffWorkingConditions.facilityId, staffWorkingConditions.userId], set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.conditions.update',
      targetType: 'user',
      targetId: userId,
      details: { ...body, pattern_ids: patternIds },
    });
  });
  return present(userId, name, true, await rowOf(db, grant.facilityId, userId));
}
