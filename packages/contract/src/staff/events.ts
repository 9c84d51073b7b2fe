import { z } from 'zod';
import { dateString, defineCall, idParam, messageSchema, yearMonthString } from '../common';
import { facilityParams } from './facilities';

/**
 * 行事 (staff.md §5): a facility-wide or class event on a date, with its details; the guardians'
 * event calendars, schedule rows and iCal feeds show it. Class staff write their classes' events;
 * directors, office and company admins every event of the facility.
 */
export const staffEventSchema = z.object({
  id: z.number().int(),
  date: dateString,
  name: z.string(),
  details: z.string(),
  /** null: the whole facility. */
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the caller may edit or delete it (their role and classes). */
  editable: z.boolean(),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

export const eventMessages = {
  classNotOfFacility: 'この施設のクラスを選択してください',
  deleted: '行事を削除しました',
} as const;

export const staffEventBody = z.object({
  date: dateString,
  name: z
    .string({ message: '行事名を入力してください' })
    .trim()
    .min(1, '行事名を入力してください')
    .max(50, '行事名は50文字以内で入力してください'),
  details: z.string().trim().max(1000, '詳細は1000文字以内で入力してください').optional().default(''),
  /** null or absent: the whole facility. */
  class_id: z.number().int().positive().max(2_147_483_647).nullable().optional().default(null),
});
export type StaffEventBody = z.input<typeof staffEventBody>;

export const getStaffFacilityEvents = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/events',
  summary: 'The facility’s events of a month, by date (every member)',
  params: facilityParams,
  query: z.object({ month: yearMonthString }),
  response: z.array(staffEventSchema),
});

export const postStaffFacilityEvent = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/events',
  summary: 'Adds an event for the facility (director, office, company admin) or a class (also its class staff); audited',
  params: facilityParams,
  body: staffEventBody,
  response: staffEventSchema,
  status: 201,
});

export const putStaffEvent = defineCall({
  method: 'PUT',
  path: '/api/staff/events/{eventId}',
  summary: 'Edits an event (who may write its old and its new target); audited',
  params: z.object({ eventId: idParam }),
  body: staffEventBody,
  response: staffEventSchema,
});

export const deleteStaffEvent = defineCall({
  method: 'DELETE',
  path: '/api/staff/events/{eventId}',
  summary: 'Deletes an event (who may write its target); audited',
  params: z.object({ eventId: idParam }),
  response: messageSchema,
});
