import { z } from 'zod';
import { dateString, defineCall, idParam, timeString } from './common';
import { calendarEventSchema, viewableChildSchema, weekdayLabelSchema } from './events';
import { scheduleLimits, scheduleTexts } from './constants/schedules';
export * from './constants/schedules';

export const getSchedulesViewableChildren = defineCall({
  method: 'GET',
  path: '/api/schedules/children/viewable',
  summary: 'Children the caller may see schedules of (activated links with a current enrolment)',
  response: z.array(viewableChildSchema),
});

/** One day of a month's schedule list (F §3 "Schedule day"). */
export const scheduleDaySchema = z.object({
  date: dateString,
  day: weekdayLabelSchema,
  /** The day lies in the facility's registration window. */
  school_day: z.boolean(),
  nurture_schedule_id: z.number().int().nullable(),
  attendance_time: timeString.nullable(),
  leaving_time: timeString.nullable(),
  is_absent: z.boolean(),
  is_un_registered: z.boolean(),
  events: z.array(calendarEventSchema),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const scheduleWindowSchema = z.object({
  scheduledFirstDay: dateString,
  scheduledLastDay: dateString,
  deadline: dateString,
});

export const getChildSchedules = defineCall({
  method: 'GET',
  path: '/api/children/{id}/schedules',
  summary: 'The schedule of this month (month=0) or next month (month=1), keyed by date, with the registration window',
  params: z.object({ id: idParam }),
  query: z.object({
    month: z
      .enum(['0', '1'], { message: scheduleTexts.monthOutOfRange })
      .optional()
      .transform((v) => (v === '1' ? 1 : 0)),
  }),
  response: z.object({
    month: z.string(),
    offset: z.number().int(),
    window: scheduleWindowSchema.nullable(),
    /** Registration is open today for this month (inside a window, deadline not passed) and the caller may write. */
    can_register: z.boolean(),
    writable: z.boolean(),
    schedules: z.record(dateString, scheduleDaySchema),
  }),
});

const nullableTime = timeString.nullable().optional();

export const scheduleEntryBody = z.object({
  date: dateString,
  isAbsent: z.boolean({ message: '欠席するか登園するかを選択してください' }),
  attendanceTime: nullableTime,
  leavingTime: nullableTime,
  remarks: z.string().max(scheduleLimits.remarks, { message: scheduleTexts.remarksTooLong }).nullable().optional(),
});
export type ScheduleEntryBody = z.infer<typeof scheduleEntryBody>;

/** A registered day (F §3 "Schedule entry payload" plus its id). */
export const scheduleSchema = z.object({
  id: z.number().int(),
  date: dateString,
  isAbsent: z.boolean(),
  attendanceTime: timeString.nullable(),
  leavingTime: timeString.nullable(),
  remarks: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const postChildSchedule = defineCall({
  method: 'POST',
  path: '/api/children/{id}/schedules',
  summary: 'Registers one day (replaces the day if already registered)',
  params: z.object({ id: idParam }),
  body: scheduleEntryBody,
  response: scheduleSchema,
  status: 201,
});

export const bulkScheduleItemSchema = z.object({
  nurture_schedule_id: z.number().int(),
  attendance_time: timeString.nullable(),
  leaving_time: timeString.nullable(),
  is_un_registered: z.boolean(),
});

export const postChildSchedulesBulk = defineCall({
  method: 'POST',
  path: '/api/children/{id}/schedules/bulk',
  summary: 'Registers the same answer for several days: all of them or none',
  params: z.object({ id: idParam }),
  body: z.object({
    dates: z
      .array(dateString)
      .min(1, { message: scheduleTexts.datesRequired })
      .max(scheduleLimits.bulkDates, { message: `日付は${scheduleLimits.bulkDates}日以内で選択してください` }),
    isAbsent: z.boolean({ message: '欠席するか登園するかを選択してください' }),
    attendanceTime: nullableTime,
    leavingTime: nullableTime,
  }),
  response: z.record(dateString, bulkScheduleItemSchema),
});

export const getChildSchedule = defineCall({
  method: 'GET',
  path: '/api/children/{id}/schedules/{scheduleId}',
  summary: 'One registered day',
  params: z.object({ id: idParam, scheduleId: idParam }),
  response: scheduleSchema,
});

export const putChildSchedule = defineCall({
  method: 'PUT',
  path: '/api/children/{id}/schedules/{scheduleId}',
  summary: 'Changes one registered day (the date itself cannot change)',
  params: z.object({ id: idParam, scheduleId: idParam }),
  body: scheduleEntryBody,
  response: scheduleSchema,
});
