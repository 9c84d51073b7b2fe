import { z } from 'zod';
import { dateString, defineCall, idParam, yearMonthString } from '../common';

/**
 * 希望休 (staffing.md §3): each staff member sends the days they wish off in a month still to be
 * planned, until the facility's deadline (its day of the month before); the 園長 sees them on the
 * month's シフト表 (`getStaffShiftMonth` rows' `wishes`). docs/decisions/staffing-wishes.md.
 */

export const wishMessages = {
  closed: '希望休の締切を過ぎています',
  outOfMonth: 'その月の日付を選択してください',
  saved: '希望休を送信しました',
} as const;

export const myWishesSchema = z.object({
  month: z.string(),
  /** The last day wishes are taken (YYYY-MM-DD). */
  deadline: dateString,
  /** Before the deadline (Tokyo today ≤ deadline). */
  open: z.boolean(),
  dates: z.array(dateString),
});
export type MyWishes = z.infer<typeof myWishesSchema>;

const facilityParams = z.object({ facilityId: idParam });

export const getStaffMyWishes = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/my-wishes',
  summary: 'The caller’s own 希望休 of a month (`?month=YYYY-MM`, default next month) with its deadline',
  params: facilityParams,
  query: z.object({ month: yearMonthString.optional() }),
  response: myWishesSchema,
});

export const putStaffMyWishes = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/my-wishes',
  summary: 'Replaces the caller’s own 希望休 of a month before its deadline (after it 409); audited',
  params: facilityParams,
  body: z.object({
    month: yearMonthString,
    dates: z.array(dateString, { message: '日付を選択してください' }).max(31, wishMessages.outOfMonth),
  }),
  response: myWishesSchema,
});
