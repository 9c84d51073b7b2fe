import { z } from 'zod';
import { dateString, defineCall, idParam, yearMonthString } from '../common';
import { ratioFacilityTypes } from './staffing';

/**
 * The month on paper (staffing.md §4; docs/decisions/staffing-report.md): every 15-minute slot of the
 * month where a room fell short (actual: 打刻 × attendance), the facility headcount by the 公定価格 FAQ,
 * and the 1歳児配置改善加算 self-check (1歳 at 5 : 1 in every slot; the ICT functions in use), as a
 * printable page and a CSV. Computed by the same ratio code as the live screen.
 */

const shortSlotSchema = z.object({
  class_id: z.number().int(),
  name: z.string(),
  start: z.string(),
  children: z.number().int(),
  staff: z.number().int(),
  required: z.number().int(),
});

export const oneYearConditionKeys = ['one_year_ratio', 'ict_attendance', 'ict_other'] as const;
export const ictFunctionKeys = ['attendance', 'daily_notes', 'notices', 'naps', 'records', 'staff_clock'] as const;
export const ictFunctionLabels: Record<(typeof ictFunctionKeys)[number], string> = {
  attendance: '登降園管理',
  daily_notes: '連絡帳',
  notices: 'お知らせ',
  naps: '午睡チェック',
  records: '計画・記録',
  staff_clock: '職員の勤怠（打刻）',
};

export const ratioMonthSchema = z.object({
  month: z.string(),
  facility_name: z.string(),
  facility_type: z.enum(ratioFacilityTypes),
  one_year_improvement: z.boolean(),
  /** The last day counted (today in the current month); null: the month has not begun. */
  through: dateString.nullable(),
  /** Every day of the month up to `through`, with the slots where a room fell short. */
  days: z.array(z.object({ date: dateString, short_slots: z.array(shortSlotSchema) })),
  /** The 公定価格 FAQ facility headcount from the children enrolled on the month's first day. */
  headcount: z.object({
    date: dateString,
    children_by_band: z.array(z.number().int()).length(5),
    /** Per band (1・2歳 together unless the 1歳 加算 splits them): children ÷ ratio, one decimal kept. */
    groups: z.array(
      z.object({ label: z.string(), children: z.number().int(), per_staff: z.number().int(), tenths: z.number().int() }),
    ),
    /** Staff added by the facility type (小規模 A/B型: 1). */
    plus: z.number().int(),
    required: z.number().int(),
    /** 保育士 memberships of the facility on that day. */
    class_staff: z.number().int(),
    met: z.boolean(),
  }),
  one_year_check: z.object({
    /** The 加算 exists on the month's first day (FY2025 on). */
    applicable: z.boolean(),
    met: z.boolean(),
    conditions: z.array(
      z.object({ key: z.enum(oneYearConditionKeys), label: z.string(), met: z.boolean(), figures: z.string() }),
    ),
    /** Room-slots with a 1歳 child present, and those short at 5 : 1. */
    slots_checked: z.number().int(),
    short_slots: z.array(shortSlotSchema.extend({ date: dateString })),
    /** Records of the month per ICT function. */
    ict: z.array(z.object({ key: z.enum(ictFunctionKeys), label: z.string(), count: z.number().int() })),
  }),
});
export type RatioMonth = z.infer<typeof ratioMonthSchema>;

const facilityParams = z.object({ facilityId: idParam });
export const ratioMonthQuery = z.object({ month: yearMonthString.optional() });

export const getStaffRatioMonth = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/ratio-month',
  summary:
    'The month’s report (`?month=YYYY-MM`, default this month): short slots per day, the FAQ headcount, the 1歳児配置改善加算 self-check (directors, company admins, 主任, office)',
  params: facilityParams,
  query: ratioMonthQuery,
  response: ratioMonthSchema,
});

/** The same report as CSV (UTF-8 with BOM), `?month=YYYY-MM`. Not a JSON call; audited. */
export const staffRatioMonthCsvPath = '/api/staff/facilities/{facilityId}/ratio-month.csv';
