import { z } from 'zod';
import { dateString, defineCall, type BodyInputOf } from './common';
import { limits } from './messages';

// ---------------------------------------------------------------------------------------------
// Constants of the communications forms (F §5, §9). Server and web read the same values.
// ---------------------------------------------------------------------------------------------

/** attendance_status_id (F §3 "Attendance item"). */
export const attendanceStatus = { arrival: 1, pickUp: 2, absence: 3 } as const;
export const attendanceStatusLabels: Record<number, string> = { 1: '登園時間の変更', 2: 'お迎え時間の変更', 3: '欠席' };
/** absence_type (F §3). */
export const absenceTypes = { sick: 1, personal: 2 } as const;
export const absenceTypeLabels: Record<number, string> = { 1: '病気', 2: '私用' };
export const diseaseTypes = ['disease', 'symptom'] as const;

/** The defecation list of the contact book (F §3 "Server constant: defecations"). */
export const defecations = [
  { name: '普通', category_id: 1, status_id: 1 },
  { name: '軟便', category_id: 1, status_id: 2 },
  { name: '下痢', category_id: 1, status_id: 3 },
  { name: '硬便', category_id: 1, status_id: 4 },
  { name: '出ていない', category_id: 2, status_id: 5 },
] as const;
export const defecationCategoryLabels: Record<number, string> = { 1: 'うんち', 2: 'なし' };
export const defecationStatusLabels: Record<number, string> = { 1: '普通', 2: '軟便', 3: '下痢', 4: '硬便', 5: '出ていない' };

/** 'not selected' is the empty string; then 35.0 … 41.9 by 0.1, then 42.0 (F §5). */
export const temperatureOptions: readonly string[] = [
  ...Array.from({ length: 70 }, (_, i) => (35 + i / 10).toFixed(1)),
  '42.0',
];
export const temperatureNotSelectedLabel = '未選択';

/** Time selects: hours 00–23, minutes by 5, '--' for empty (F §5, §9). */
export const timeEmpty = '--';
export const hourOptions: readonly string[] = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
export const minuteOptions: readonly string[] = Array.from({ length: 60 / limits.minuteStep }, (_, i) =>
  String(i * limits.minuteStep).padStart(2, '0'),
);
/** The hour a time select opens at when empty (F §9). */
export const defaultFocusHours = { arrival: '09', pickUp: '18', sleep: '21', wake: '07', thermometry: '07', defecation: '07' } as const;

/** The pool field shows in this season (MM-DD, inclusive); see docs/decisions/communications-pool-season.md. */
export const poolSeason = { from: '07-01', to: '08-31' } as const;

/** Absences may be reported up to the end of the month this many months after the first date (F §5). */
export const absenceMonthsAhead = 2;
/** A same-payload send repeated within this many seconds is answered without a second record. */
export const dedupeWindowSeconds = 10;

/** Texts of the area (F §5, §8 and the decisions in docs/decisions/communications-*.md). */
export const communicationMessages = {
  notEnrolled: '施設に入所しているお子さまがいないため、施設への連絡はご利用できません。',
  childNotEnrolled: 'このお子さまは施設に入所前または退所後のため、現在はご利用できません。',
  readOnly: '閲覧のみの権限のため、このお子さまの連絡はできません。',
  familyInfoLoadFailed: 'システムエラー',
  noChildRegistered: 'お子さまの情報が登録されていません',
  alreadyAbsent: '既に欠席の連絡をしているため、登園・お迎え時間の変更はできません。施設へ直接ご連絡ください。',
  pastDate: '過去の日付は選択できません',
  duplicateDates: '日付が重複しています',
  diseaseRequired: '症状・病名を選択してください',
  diseaseUnknown: '選択された症状・病名が正しくありません',
  absenceDateRequired: '欠席日を選択してください',
  absenceDateTooFar: '選択できない日付が含まれています。最初の日付の2か月後の月末までの日付を選択してください',
  absenceAlreadySent: 'すでに欠席連絡をしている日付が含まれています',
  absenceAlreadySentOn: (monthDay: string) => `${monthDay}はすでに欠席連絡済みです`,
  absenceTypeRequired: '欠席理由を選択してください',
  attendanceTypeRequired: '変更する時間の種類を選択してください',
  timeRequired: '時刻を選択してください',
  timeFormat: '時刻の形式が正しくありません',
  timeStep: '時刻は5分単位で選択してください',
  noteTooLong: `備考は${limits.attendanceNote}文字以内で入力してください`,
  contactTextTooLong: `${limits.contactBookText}文字以内で入力してください`,
  temperatureInvalid: '体温は選択肢から選んでください',
  defecationInvalid: '排便は選択肢から選んでください',
  sendOnlyToday: '連絡帳は当日のみ送信できます',
  draftOutOfRange: 'この日の連絡帳は編集できません',
  alreadySent: 'この日の連絡帳は送信済みのため変更できません',
  nextDayNote: '連絡帳は当日に送信できます',
  unsavedConfirm: '入力中の内容は破棄されます。よろしいですか？',
  draftSaved: '連絡帳を一時保存しました',
  sent: '連絡帳を送信しました',
  attendanceSent: '登園・お迎え時間の変更を連絡しました',
  absenceSent: '欠席の連絡をしました',
  scheduleRange: (first: string, last: string, deadline: string) =>
    `${first}〜${last}は翌月登園予定の登録期間中（締切：${deadline}）です。翌月登園予定登録から変更してください`,
} as const;

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
  defecation: z.object({ name: z.string().nullable(), category_id: z.number().int().nullable(), status_id: z.number().int().nullable(), done_at: z.string().nullable() }),
  meal: z.array(z.object({ category_id: z.number().int(), category: z.string(), comment: z.string() })),
  message: z.string(),
  isSent: z.boolean(),
  sentAt: z.string().nullable(),
  isParticipate: z.boolean().nullable(),
  canShowPool: z.boolean(),
});
export type FamilyInfoEntry = z.infer<typeof familyInfoEntrySchema>;

/** Meal categories of the contact book: the day before's dinner and the day's breakfast. */
export const mealCategories = { dinner: { id: 1, label: '前日の夕食' }, breakfast: { id: 2, label: '朝食' } } as const;

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
    attendanceType: z.coerce.number({ message: communicationMessages.attendanceTypeRequired }).pipe(
      z.union([z.literal(1), z.literal(2)], { message: communicationMessages.attendanceTypeRequired }),
    ),
    attendanceTime: steppedTime,
    leavingTime: steppedTime,
    attendanceText: note(limits.attendanceNote, communicationMessages.noteTooLong),
    leavingText: note(limits.attendanceNote, communicationMessages.noteTooLong),
  }),
  response: resultSchema,
});
export type AttendanceBody = BodyInputOf<typeof postAttendance>;

export const absenceFormSchema = z.object({
  absenceType: z.coerce.number({ message: communicationMessages.absenceTypeRequired }).pipe(
    z.union([z.literal(1), z.literal(2)], { message: communicationMessages.absenceTypeRequired }),
  ),
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
