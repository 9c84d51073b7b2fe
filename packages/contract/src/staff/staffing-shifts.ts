import { z } from 'zod';
import { dateString, defineCall, idParam, INT4_MAX, timeString, yearMonthString } from '../common';

/**
 * Shifts (staffing.md §3), the part built so far: a facility's patterns, the month's table filled by
 * tapping a pattern into a cell, and publishing it (staff see a month once published). The planned
 * side of the day's slots reads it (getStaffRatioDay `planned`).
 */

export const shiftMessages = {
  code: 'パターンの記号を1〜4文字で入力してください',
  codeTaken: '同じ記号のパターンがすでにあります',
  order: '終了時刻は開始時刻より後にしてください',
  breakMinutes: '休憩は0〜180分で入力してください',
  pattern: 'この施設のシフトパターンを選択してください',
  staffMember: 'この施設の職員を選択してください',
  month: '年月を選択してください',
  notPublished: 'この月のシフトはまだ公開されていません',
  published: 'シフトを公開しました',
} as const;

export const shiftPatternSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  start: z.string(),
  end: z.string(),
  break_minutes: z.number().int(),
});
export type ShiftPattern = z.infer<typeof shiftPatternSchema>;

export const shiftMonthSchema = z.object({
  month: z.string(),
  dates: z.array(dateString),
  published_at: z.string().nullable(),
  /** Directors and company admins fill and publish; others read a published month (their row only). */
  editable: z.boolean(),
  patterns: z.array(shiftPatternSchema),
  staff: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      /** date → pattern id; a missing date is off. */
      days: z.record(z.string(), z.number().int()),
      /** The person's 希望休 of the month (dates). */
      wishes: z.array(dateString),
    }),
  ),
});
export type ShiftMonth = z.infer<typeof shiftMonthSchema>;

const facilityParams = z.object({ facilityId: idParam });

export const getStaffShiftPatterns = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/shift-patterns',
  summary: 'The facility’s shift patterns',
  params: facilityParams,
  response: z.object({ patterns: z.array(shiftPatternSchema) }),
});

export const postStaffShiftPattern = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/shift-patterns',
  summary: 'Adds a shift pattern (directors, company admins); audited',
  params: facilityParams,
  body: z.object({
    code: z.string({ message: shiftMessages.code }).trim().min(1, shiftMessages.code).max(4, shiftMessages.code),
    start: timeString,
    end: timeString,
    break_minutes: z
      .number({ message: shiftMessages.breakMinutes })
      .int(shiftMessages.breakMinutes)
      .min(0, shiftMessages.breakMinutes)
      .max(180, shiftMessages.breakMinutes),
  }),
  response: shiftPatternSchema,
  status: 201,
});

export const getStaffShiftMonth = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/shifts',
  summary: 'The month’s shift table (`?month=YYYY-MM`): every row for directors, one’s own row of a published month for the rest',
  params: facilityParams,
  query: z.object({ month: yearMonthString.optional() }),
  response: shiftMonthSchema,
});

export const putStaffShift = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/shifts',
  summary: 'Sets one cell of the table: a pattern, or null for off (directors, company admins); audited',
  params: facilityParams,
  body: z.object({
    user_id: z.number({ message: shiftMessages.staffMember }).int().positive().max(INT4_MAX),
    date: dateString,
    pattern_id: z.number({ message: shiftMessages.pattern }).int().positive().max(INT4_MAX).nullable(),
  }),
  response: shiftMonthSchema,
});

export const postStaffShiftPublish = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/shifts/publish',
  summary: 'Publishes the month’s table (directors, company admins); staff see it from then; audited',
  params: facilityParams,
  body: z.object({ month: yearMonthString }),
  response: shiftMonthSchema,
});

/** One's own published shifts of a month (わたしの勤務 on the phone): nothing before it is published. */
export const myShiftsSchema = z.object({
  month: z.string(),
  published_at: z.string().nullable(),
  /** The days with a shift, by date (a day not listed is off). */
  days: z.array(
    z.object({ date: dateString, code: z.string(), start: z.string(), end: z.string(), break_minutes: z.number().int() }),
  ),
});
export type MyShifts = z.infer<typeof myShiftsSchema>;

export const getStaffMyShifts = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/my-shifts',
  summary:
    'The caller’s own shifts of a published month (`?month=YYYY-MM`, default this month); a month not published answers none',
  params: facilityParams,
  query: z.object({ month: yearMonthString.optional() }),
  response: myShiftsSchema,
});

/** The planned ratio of a month's shift table (シフト表's red slots): per day, the slots short of staff. */
export const shiftRatioSchema = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      date: dateString,
      /** Consecutive short slots of a room as one range, with the worst figures over it. */
      short: z.array(
        z.object({
          class_id: z.number().int(),
          name: z.string(),
          start: z.string(),
          end: z.string(),
          children: z.number().int(),
          staff: z.number().int(),
          required: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ShiftRatio = z.infer<typeof shiftRatioSchema>;

export const getStaffShiftRatio = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/shifts/ratio',
  summary:
    'The month’s planned ratio (`?month=YYYY-MM`): the table’s shifts × the children’s planned times, per day the slots short of staff (directors, company admins, 主任)',
  params: facilityParams,
  query: z.object({ month: yearMonthString.optional() }),
  response: shiftRatioSchema,
});
