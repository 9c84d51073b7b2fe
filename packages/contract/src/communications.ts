import { z } from 'zod';
import { dateString, defineCall, type BodyInputOf } from './common';
import { limits } from './messages';
import { communicationMessages, defecations, diseaseTypes, temperatureOptions, timeEmpty } from './constants/communications';
export * from './constants/communications';

// ---------------------------------------------------------------------------------------------
// Constants of the communications forms (F §5, §9). Server and web read the same values.
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

const childIdParams = z.object({ childId: z.coerce.number().int().positive().max(2_147_483_647) });
const resultSchema = z.object({ result: z.boolean() });

/** `HH:MM`, empty or null = not given. */
const optionalTime = z
  .string()
  .nullish()
  .transform((v) => (v === '' || v === timeEmpty || v == null ? null : v))
  .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { message: communicationMessages.timeFormat });
const steppedTime = optionalTime.refine((v) => v === null || Number(v.slice(3)) % limits.minuteStep === 0, {
  message: communicationMessages.timeStep,
});
const note = (max: number, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => [...v].length <= max, { message });

// ---------------------------------------------------------------------------------------------
// Contact book (連絡帳)
// ---------------------------------------------------------------------------------------------

export const defecationSchema = z.object({ name: z.string(), category_id: z.number().int(), status_id: z.number().int() });

export const familyInfoConstSchema = z.object({
  /** The facility day of "now" (Asia/Tokyo): the only day that can be sent. */
  today: dateString,
  defecations: z.array(defecationSchema),
  temperatures: z.array(z.string()),
  hours: z.array(z.string()),
  minutes: z.array(z.string()),
  defaultFocusHours: z.record(z.string(), z.string()),
  maxTextLength: z.number().int(),
});

export const familyInfoEntrySchema = z.object({
  childId: z.number().int(),
  childName: z.string(),
  facility_name: z.string(),
  note_child_id: z.number().int(),
  contactOn: dateString,
  /** false for a read-only guardian. */
  writable: z.boolean(),
  /** Draft can be saved (not sent, today or the next day). */
  editable: z.boolean(),
  /** It can be sent now (editable and today). */
  sendable: z.boolean(),
  /** A stored entry exists (draft or sent). */
  exists: z.boolean(),
  sleep: z.object({ started_at: z.string().nullable(), ended_at: z.string().nullable() }),
  thermometry: z.object({ temperature: z.string().nullable(), done_at: z.string().nullable() }),
  defecation: z.object({
    name: z.string().nullable(),
    category_id: z.number().int().nullable(),
    status_id: z.number().int().nullable(),
    done_at: z.string().nullable(),
  }),
  meal: z.array(z.object({ category_id: z.number().int(), category: z.string(), comment: z.string() })),
  message: z.string(),
  isSent: z.boolean(),
  sentAt: z.string().nullable(),
  isParticipate: z.boolean().nullable(),
  canShowPool: z.boolean(),
  /** When the facility confirmed the sent entry (施設確認済); null before (staff.md §4 inbox). */
  confirmed_at: z.string().nullable().optional(),
  /** The facility's short reply under the sent entry. */
  staff_reply: z.object({ text: z.string(), replied_at: z.string(), staff_name: z.string().nullable() }).nullable().optional(),
});
export type FamilyInfoEntry = z.infer<typeof familyInfoEntrySchema>;

export const getFamiliesInformation = defineCall({
  method: 'GET',
  path: '/api/families/information',
  summary: "The contact book of the day for each of the caller's enrolled children; empty arrays when none",
  query: z.object({ date: dateString.optional() }),
  response: z.object({
    familyInfo: z.array(familyInfoEntrySchema),
    /** An empty array when the family has no enrolled child (F §8). */
    const: z.union([familyInfoConstSchema, z.array(z.never()).length(0)]),
  }),
});

const contactText = note(limits.contactBookText, communicationMessages.contactTextTooLong);

export const contactBookPayloadSchema = z.object({
  childId: z.coerce.number().int().positive().max(2_147_483_647),
  sleepTime: optionalTime,
  wakeTime: optionalTime,
  bodyTemperature: z
    .string()
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v === null || temperatureOptions.includes(v), { message: communicationMessages.temperatureInvalid }),
  thermometryTime: optionalTime,
  defecationName: z
    .string()
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v === null || defecations.some((d) => d.name === v), { message: communicationMessages.defecationInvalid }),
  defecationTime: optionalTime,
  dinner: contactText,
  breakfast: contactText,
  message: contactText,
  /** Echoed by the client; the server never trusts it and uses its own constants. */
  familyInfoConst: z.unknown().optional(),
  canShowPool: z.boolean().optional(),
  isSent: z.boolean().default(false),
  contactOn: dateString,
  baseDate: dateString.optional(),
  isParticipate: z.boolean().nullish(),
});
export type ContactBookPayload = z.input<typeof contactBookPayloadSchema>;

export const postFamiliesInformationConfirm = defineCall({
  method: 'POST',
  path: '/api/families/information/children/confirm',
  summary: 'Checks a contact-book entry exactly as sending does; writes nothing',
  body: contactBookPayloadSchema,
  response: resultSchema,
});

export const postFamiliesInformation = defineCall({
  method: 'POST',
  path: '/api/families/information/children/{childId}',
  summary: 'Saves the day’s contact book as a draft (isSent false) or sends it (isSent true, today only)',
  params: childIdParams,
  body: contactBookPayloadSchema.omit({ childId: true }).extend({ childId: z.unknown().optional() }),
  response: z.object({ result: z.boolean(), familyInfo: familyInfoEntrySchema }),
});

// ---------------------------------------------------------------------------------------------
// Attendance changes, absences, history, schedule check
// ---------------------------------------------------------------------------------------------

export const diseaseSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(diseaseTypes) });
export type Disease = z.infer<typeof diseaseSchema>;

export const getChildrenDiseases = defineCall({
  method: 'GET',
  path: '/api/children/diseases',
  summary: 'Diseases and symptoms an absence can name',
  response: z.array(diseaseSchema),
});

export const attendanceItemSchema = z.object({
  id: z.number().int(),
  target_date: dateString,
  attendance_status_id: z.number().int(),
  attendance_time: z.string().nullable(),
  leaving_time: z.string().nullable(),
  absence_type: z.number().int().nullable(),
  diseases: z.array(z.object({ name: z.string() })),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** When the facility confirmed it (施設確認済); null before (staff.md §4 inbox). */
  confirmed_at: z.string().nullable().optional(),
});
export type AttendanceItem = z.infer<typeof attendanceItemSchema>;

export const getChildAttendances = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/attendances',
  summary: 'History of time changes or absences sent for the child, newest first, with read state',
  params: childIdParams,
  query: z.object({
    target_date: dateString.optional(),
    attendance_status_type: z.enum(['change', 'absence']).default('change'),
  }),
  response: z.array(attendanceItemSchema),
});

export const getChildIsAbsence = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/isAbsence',
  summary: 'Whether an absence was already sent for the date',
  params: childIdParams,
  query: z.object({ target_date: dateString }),
  response: resultSchema,
});

export const postAttendance = defineCall({
  method: 'POST',
  path: '/api/attendances/{childId}',
  summary: 'Reports a changed arrival (attendanceType 1) or pick-up (2) time for a day',
  params: childIdParams,
  body: z.object({
    targetDate: dateString,
    attendanceType: z.coerce
      .number({ message: communicationMessages.attendanceTypeRequired })
      .pipe(z.union([z.literal(1), z.literal(2)], { message: communicationMessages.attendanceTypeRequired })),
    attendanceTime: steppedTime,
    leavingTime: steppedTime,
    attendanceText: note(limits.attendanceNote, communicationMessages.noteTooLong),
    leavingText: note(limits.attendanceNote, communicationMessages.noteTooLong),
  }),
  response: resultSchema,
});
export type AttendanceBody = BodyInputOf<typeof postAttendance>;

export const absenceFormSchema = z.object({
  absenceType: z.coerce
    .number({ message: communicationMessages.absenceTypeRequired })
    .pipe(z.union([z.literal(1), z.literal(2)], { message: communicationMessages.absenceTypeRequired })),
  absenceDates: z.array(dateString).min(1, { message: communicationMessages.absenceDateRequired }).max(100),
  diseases: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(50).default([]),
  message: note(limits.absenceNote, communicationMessages.noteTooLong),
});
export type AbsenceForm = z.input<typeof absenceFormSchema>;

export const postAbsence = defineCall({
  method: 'POST',
  path: '/api/absences/{childId}',
  summary: 'Reports an absence for one or more days (all or none are written)',
  params: childIdParams,
  body: absenceFormSchema,
  response: resultSchema,
});

export const scheduleCheckSchema = z.object({
  scheduledFirstDay: dateString.nullable(),
  scheduledLastDay: dateString.nullable(),
  /** 'rangeScheduled': inside an open schedule registration window; 'past': before today; null: allowed. */
  type: z.enum(['rangeScheduled', 'past']).nullable(),
  deadline: dateString.nullable(),
  /** true: changes and absences may be sent for the date. */
  result: z.boolean(),
  message: z.string().nullable(),
});
export type ScheduleCheck = z.infer<typeof scheduleCheckSchema>;

export const getCheckTargetDate = defineCall({
  method: 'GET',
  path: '/api/children/checkTargetDate/{childId}',
  summary: 'Whether time changes and absences may be sent for the date (see docs/decisions/communications-schedule-check.md)',
  params: childIdParams,
  query: z.object({ target_date: dateString }),
  response: scheduleCheckSchema,
});

export const postScheduleByDate = defineCall({
  method: 'POST',
  path: '/api/children/{childId}/get-schedule-by-date',
  summary: 'The registered attendance schedule of the date (null times when none or absent)',
  params: childIdParams,
  body: z.object({ date: dateString }),
  response: z.object({ data: z.object({ attendance_time: z.string().nullable(), leaving_time: z.string().nullable() }) }),
});
