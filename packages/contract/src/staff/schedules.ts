import { z } from 'zod';
import { dateString, defineCall, idParam, timeString, yearMonthString } from '../common';
import { facilityParams } from './facilities';

/**
 * Next-month schedules by staff (staff.md §5): a window per month with its deadline and the days the
 * facility is open; who has not registered, and a reminder to them; the month's plan per day.
 * Directors, office and company admins write; class staff read (docs/decisions/schedules-staff-windows.md).
 */

export const scheduleWindowMessages = {
  pastMonth: '過去の月の受付は開けません',
  deadlinePast: '締切日は今日以降の日付を入力してください',
  deadlineAfterStart: '締切日はその月の初日より前の日付にしてください',
  openDayOutside: '開所日はその月の日付を選択してください',
  openDaysEmpty: '開所日を1日以上選択してください',
  openDaysDuplicated: '同じ開所日が重複しています',
  exists: 'この月の受付はすでに開いています',
  alreadyClosed: '受付はすでに終了しています',
  closed: '受付を終了しました',
  notOpen: '受付が終了しているため、催促のメールは送れません',
  noneToRemind: '未登録の園児はいません',
  reminded: (sent: number) => `${sent}人の保護者に催促のメールを送信しました`,
  remindedNone: '今日はすでに全員に催促のメールを送信しています',
} as const;

/** The state of a child's month: every open day registered, some, or none. */
export const registrationStates = ['registered', 'partial', 'none'] as const;
export const registrationStateLabels: Record<(typeof registrationStates)[number], string> = {
  registered: '登録済',
  partial: '一部未登録',
  none: '未登録',
};

export const staffScheduleWindowSchema = z.object({
  id: z.number().int(),
  month: yearMonthString,
  first_day: dateString,
  last_day: dateString,
  deadline: dateString,
  open_days: z.array(dateString),
  /** open: guardians may register today (today ≤ deadline); closed: the deadline has passed or staff closed it. */
  status: z.enum(['open', 'closed']),
  closed_at: z.string().nullable(),
});
export type StaffScheduleWindow = z.infer<typeof staffScheduleWindowSchema>;

export const scheduleGuardianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main: z.boolean(),
  /** Whether a reminder for this window was sent (or recorded, notifications off) today. */
  reminded_today: z.boolean(),
});

export const scheduleChildStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  class_name: z.string().nullable(),
  /** The open days the child is enrolled on. */
  open_days: z.number().int(),
  registered_days: z.number().int(),
  state: z.enum(registrationStates),
  /** The guardians who may register (activated and writable). */
  guardians: z.array(scheduleGuardianSchema),
});
export type ScheduleChildStatus = z.infer<typeof scheduleChildStatusSchema>;

export const staffScheduleMonthSchema = z.object({
  month: yearMonthString,
  window: staffScheduleWindowSchema.nullable(),
  /** What a new window starts with: weekdays minus the facility's closed days and public holidays; a deadline. */
  proposal: z.object({
    open_days: z.array(dateString),
    deadline: dateString,
    closed_days: z.array(z.object({ date: dateString, name: z.string() })),
  }),
  /** The caller may open, edit, close and remind (directors, office, company admins). */
  can_write: z.boolean(),
  /** The children enrolled on an open day of the month (empty without a window), 未登録 first. */
  children: z.array(scheduleChildStatusSchema),
});
export type StaffScheduleMonth = z.infer<typeof staffScheduleMonthSchema>;

const openDays = z
  .array(dateString, { message: scheduleWindowMessages.openDaysEmpty })
  .min(1, scheduleWindowMessages.openDaysEmpty)
  .max(31, scheduleWindowMessages.openDayOutside);

export const scheduleWindowBody = z.object({
  deadline: dateString,
  open_days: openDays,
});
export const newScheduleWindowBody = scheduleWindowBody.extend({ month: yearMonthString });
export type ScheduleWindowBody = z.input<typeof newScheduleWindowBody>;

const windowParams = z.object({ windowId: idParam });

export const getStaffScheduleMonth = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/schedule-windows',
  summary: 'A month’s schedule window, the proposal for a new one, and each child’s registration state (every member)',
  params: facilityParams,
  query: z.object({ month: yearMonthString }),
  response: staffScheduleMonthSchema,
});

export const postStaffScheduleWindow = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/schedule-windows',
  summary: 'Opens a month’s window with its deadline and open days (director, office, company admin); audited',
  params: facilityParams,
  body: newScheduleWindowBody,
  response: staffScheduleWindowSchema,
  status: 201,
});

export const putStaffScheduleWindow = defineCall({
  method: 'PUT',
  path: '/api/staff/schedule-windows/{windowId}',
  summary: 'Changes a window’s deadline and open days; a closed one opens again (director, office, company admin); audited',
  params: windowParams,
  body: scheduleWindowBody,
  response: staffScheduleWindowSchema,
});

export const postStaffScheduleWindowClose = defineCall({
  method: 'POST',
  path: '/api/staff/schedule-windows/{windowId}/close',
  summary: 'Closes a window now: the deadline becomes yesterday (director, office, company admin); audited',
  params: windowParams,
  response: staffScheduleWindowSchema,
});

export const postStaffScheduleReminders = defineCall({
  method: 'POST',
  path: '/api/staff/schedule-windows/{windowId}/reminders',
  summary:
    'Mails a reminder to the guardians of children with unregistered open days, once per guardian a day, honouring their notification settings (director, office, company admin); audited',
  params: windowParams,
  response: z.object({
    message: z.string(),
    /** Mails written to the outbox. */
    sent: z.number().int(),
    /** Guardians with notification mails off (recorded, not mailed). */
    suppressed: z.number().int(),
    /** Guardians already reminded today. */
    already: z.number().int(),
  }),
});

export const planChildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  class_name: z.string().nullable(),
  is_absent: z.boolean(),
  attendance_time: timeString.nullable(),
  leaving_time: timeString.nullable(),
  /** Planned outside the standard hours (延長保育). */
  extended: z.boolean(),
});

export const planDaySchema = z.object({
  date: dateString,
  /** An open day of the month's window (every day when there is no window). */
  open: z.boolean(),
  expected: z.number().int(),
  absent: z.number().int(),
  /** Children enrolled that day with nothing registered (open days only). */
  unregistered: z.number().int(),
  earliest_arrival: timeString.nullable(),
  latest_leaving: timeString.nullable(),
  extended: z.number().int(),
  /** Expected children first (by arrival), then the absent. */
  children: z.array(planChildSchema),
});
export type PlanDay = z.infer<typeof planDaySchema>;

export const getStaffSchedulePlan = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/schedule-plan',
  summary: 'The month’s plan per day: children expected, arrival and pick-up times, extended-care count (every member)',
  params: facilityParams,
  query: z.object({ month: yearMonthString }),
  response: z.object({
    month: yearMonthString,
    /** 保育標準時間: opening time + 11 hours (capped at closing); outside it counts as 延長保育. */
    standard_hours: z.object({ start: timeString, end: timeString }),
    days: z.array(planDaySchema),
  }),
});

/** The plan as CSV (UTF-8 with BOM, CRLF; `?month=YYYY-MM&view=days|children`). Not a JSON call. */
export const staffSchedulePlanCsvPath = '/api/staff/facilities/{facilityId}/schedule-plan.csv';
export const schedulePlanCsvQuery = z.object({
  month: yearMonthString,
  view: z.enum(['days', 'children'], { message: '出力の種類を選択してください' }).default('days'),
});

/**
 * Polled by the open 登園予定 screen (docs/decisions/day-live-updates.md, the same fingerprint
 * mechanism as the class board): who has registered follows without a reload.
 */
export const getStaffSchedulesVersion = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/schedules-version',
  summary:
    'A cheap fingerprint of a month’s registered schedule days of the facility’s children: the registration list and plan refetch when it changes (polled; every member)',
  params: facilityParams,
  query: z.object({ month: yearMonthString }),
  response: z.object({ month: yearMonthString, version: z.string() }),
});
