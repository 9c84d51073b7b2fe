import { z } from 'zod';
import { dateString, defineCall, idNumber, idParam, timeString, yearMonthString } from '../common';
import { feeMessages as F } from './billing-terms';

/**
 * 一時預かり bookings (予約; spec/billing.md §2 "from the day's booking and attendance";
 * docs/decisions/billing-temporary-care.md): the 事務 or 園長 books a child registered at the
 * facility for a day with planned times; one booking per child and day; cancelled while the day has
 * not come. The booked child is on the gate's roster that day; the day's use takes the gate's times.
 */
export const temporaryBookingMessages = {
  child: '予約する園児を選択してください',
  notRegistered: 'この日にこの施設に登録されている園児ではありません',
  pastDay: '過ぎた日の予約はできません',
  taken: 'この園児はこの日すでに予約されています',
  started: '利用日を迎えた予約は取り消せません（利用の時刻は利用の記録で直してください）',
} as const;

export const temporaryBookingInput = z
  .object({
    child_id: idNumber(temporaryBookingMessages.child),
    date: dateString,
    start: timeString,
    end: timeString,
  })
  .refine((b) => b.start < b.end, { message: F.useTimes, path: ['end'] });
export type TemporaryBookingInput = z.infer<typeof temporaryBookingInput>;

export const temporaryBookingSchema = z.object({
  id: z.number().int(),
  child_id: z.number().int(),
  child_name: z.string(),
  /** Registered for 一時預かり only (else a child of a class who also uses it). */
  temporary_only: z.boolean(),
  date: dateString,
  start: z.string(),
  end: z.string(),
  /** The day's arrival and pick-up as recorded (the gate or the board), null before. */
  arrived_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  /** The day has not come: it may be cancelled. */
  cancellable: z.boolean(),
});
export type TemporaryBooking = z.infer<typeof temporaryBookingSchema>;

export const getStaffBillingTemporaryBookings = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/billing/months/{month}/temporary-bookings',
  summary: 'The month’s 一時預かり bookings by day, with the day’s arrival and pick-up',
  params: z.object({ facilityId: idParam, month: yearMonthString }),
  response: z.array(temporaryBookingSchema),
});

export const postStaffBillingTemporaryBooking = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/billing/temporary-bookings',
  status: 201,
  summary:
    'Books a registered child for 一時預かり on a day from today (planned times; one per child and day; an open month with prices set); audited',
  params: z.object({ facilityId: idParam }),
  body: temporaryBookingInput,
  response: z.array(temporaryBookingSchema),
});

export const deleteStaffBillingTemporaryBooking = defineCall({
  method: 'DELETE',
  path: '/api/staff/facilities/{facilityId}/billing/temporary-bookings/{bookingId}',
  summary: 'Cancels a 一時預かり booking whose day has not come; audited',
  params: z.object({ facilityId: idParam, bookingId: idParam }),
  response: z.array(temporaryBookingSchema),
});
