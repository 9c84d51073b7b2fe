import { z } from 'zod';
import { dateString, defineCall, idParam, yearMonthString } from '../common';
import { shiftMonthSchema } from './staffing-shifts';

/**
 * The next month's draft (staffing.md §3; docs/decisions/staffing-generator.md): generated from the
 * children's planned times and the staff's 希望休, written over the month's unpublished table, with
 * the slots it could not staff.
 */

export const generateMessages = {
  published: '公開済みの月のシフトは下書きを作り直せません',
  noPatterns: 'シフトパターンを先に登録してください',
  done: '下書きを作成しました',
} as const;

/** Why a slot stays short (the screen's wording). */
export const unmetReasonLabels = {
  no_staff_in_room: 'このクラスの職員がいません',
  no_pattern_covers: 'この時間を含み、勤務条件で入れるシフトパターンがありません',
  too_few_staff: 'クラスの職員が全員勤務しても足りません',
  off_or_limit: '希望休・勤務条件の上限で入れる職員がいません',
} as const;
export const unmetReasons = ['no_staff_in_room', 'no_pattern_covers', 'too_few_staff', 'off_or_limit'] as const;

export const shiftDraftSchema = z.object({
  table: shiftMonthSchema,
  /** Consecutive short slots of a class and day as one range. */
  unmet: z.array(
    z.object({
      date: dateString,
      class_id: z.number().int(),
      class_name: z.string(),
      start: z.string(),
      end: z.string(),
      /** 不足人数, the same over the range (a change of it starts a new range). */
      short: z.number().int(),
      reason: z.enum(unmetReasons),
    }),
  ),
});
export type ShiftDraft = z.infer<typeof shiftDraftSchema>;

export const postStaffShiftGenerate = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/shifts/{month}/generate',
  summary:
    'Writes a generated draft over the month’s unpublished table (directors, company admins), from the children’s planned times and 希望休; answers the slots it could not staff; audited',
  params: z.object({ facilityId: idParam, month: yearMonthString }),
  response: shiftDraftSchema,
});
