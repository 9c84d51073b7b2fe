import { z } from 'zod';
import { defineCall, idParam, INT4_MAX } from '../common';

/**
 * 勤務条件 (staffing.md §3; docs/decisions/staffing-working-conditions.md): a staff member's own limits
 * at the facility that the shift draft keeps (a part-timer works 3 days a week and only pattern F).
 * A limit left empty is the facility's default; no patterns chosen means every pattern.
 */

/** What the draft uses where a person has no limit of their own (the decision record). */
export const workingConditionDefaults = { max_days_per_week: 5, max_days_per_month: 23, max_consecutive_days: 5 } as const;

/** The limits' bounds: a week has 7 days, a month 31; hours a month at most 31 × 24. */
export const workingConditionBounds = {
  max_days_per_week: 7,
  max_days_per_month: 31,
  max_consecutive_days: 31,
  max_hours_per_month: 744,
} as const;

export const workingConditionMessages = {
  max_days_per_week: '週の勤務日数は1〜7日で入力してください',
  max_days_per_month: '月の勤務日数は1〜31日で入力してください',
  max_consecutive_days: '連続勤務は1〜31日で入力してください',
  max_hours_per_month: '月の勤務時間は1〜744時間で入力してください',
  patterns: '勤務できるシフトパターンを1つ以上選ぶか、「すべて」にしてください',
  pattern: 'この施設のシフトパターンを選択してください',
  member: 'この施設の職員が見つかりません',
  saved: '勤務条件を保存しました',
} as const;

const limit = (field: keyof typeof workingConditionBounds) =>
  z
    .number({ message: workingConditionMessages[field] })
    .int(workingConditionMessages[field])
    .min(1, workingConditionMessages[field])
    .max(workingConditionBounds[field], workingConditionMessages[field])
    .nullable();

export const workingConditionsBody = z.object({
  max_days_per_week: limit('max_days_per_week'),
  max_days_per_month: limit('max_days_per_month'),
  max_consecutive_days: limit('max_consecutive_days'),
  max_hours_per_month: limit('max_hours_per_month'),
  /** The patterns this person may work; null = every pattern of the facility. */
  pattern_ids: z
    .array(z.number({ message: workingConditionMessages.pattern }).int().positive().max(INT4_MAX), {
      message: workingConditionMessages.patterns,
    })
    .min(1, workingConditionMessages.patterns)
    .max(50, workingConditionMessages.patterns)
    .nullable(),
});
export type WorkingConditionsBody = z.infer<typeof workingConditionsBody>;

export const workingConditionsSchema = workingConditionsBody.extend({
  user_id: z.number().int(),
  name: z.string(),
  /** Whether the caller may change them (園長, 法人管理者). */
  editable: z.boolean(),
  updated_at: z.string().nullable(),
});
export type WorkingConditions = z.infer<typeof workingConditionsSchema>;

const params = z.object({ facilityId: idParam, userId: idParam });

export const getStaffWorkingConditions = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/working-conditions/{userId}',
  summary:
    'A staff member’s 勤務条件 at the facility (limits and the patterns they may work): directors, company admins and the 主任 read anyone’s, a 保育士 their own',
  params,
  response: workingConditionsSchema,
});

export const putStaffWorkingConditions = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/working-conditions/{userId}',
  summary: 'Saves a staff member’s 勤務条件 (directors, company admins); the next generated draft keeps them; audited',
  params,
  body: workingConditionsBody,
  response: workingConditionsSchema,
});
