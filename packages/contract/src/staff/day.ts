import { z } from 'zod';
import { dateString, defineCall, idNumber, idParam } from '../common';
import { facilityParams } from './facilities';

/**
 * The day (staff.md §4): the facility's inbox of what guardians sent for a day (contact books,
 * absences, time changes) with 確認 and a short reply, and the class board (one row per enrolled
 * child: planned and actual times, reports, contact book). "day" is the area's name in every layer.
 */

/** A staff reply to a contact book: one short message (staff.md §4). */
export const dayReplyMaxLength = 200;

/**
 * Diseases of the master list whose absence raises the board's infection alert: the infections of
 * 学校保健安全法 and 保育所における感染症対策ガイドライン that a facility reports or watches for
 * spread. Colds, otitis and bronchitis are diseases of the list but not notifiable.
 */
export const notifiableDiseases: readonly string[] = [
  'インフルエンザ',
  '新型コロナウイルス感染症',
  'RSウイルス感染症',
  'ヒトメタニューモウイルス感染症',
  '溶連菌感染症',
  '手足口病',
  'ヘルパンギーナ',
  '咽頭結膜熱（プール熱）',
  '流行性角結膜炎',
  '水ぼうそう（水痘）',
  'おたふくかぜ（流行性耳下腺炎）',
  '麻しん（はしか）',
  '風しん',
  '百日咳',
  '感染性胃腸炎（ノロ・ロタウイルス）',
  'りんご病（伝染性紅斑）',
  'とびひ（伝染性膿痂疹）',
  'マイコプラズマ肺炎',
];

export const dayMessages = {
  replyEmpty: '返信を入力してください',
  replyTooLong: `返信は${dayReplyMaxLength}文字以内で入力してください`,
  time: '時刻を正しく入力してください（例 09:30）',
  pickUpBeforeArrival: 'お迎えの時刻は登園の時刻より後にしてください',
  futureDay: '未来の日付の登降園は記録できません',
  pastDay: '7日より前の登降園は変更できません',
  notInClass: 'この日このクラスに在籍していない園児です',
  confirmed: '確認しました',
  replied: '返信しました',
} as const;

/** 確認 of a guardian's entry: when and by whom. */
export const dayConfirmationSchema = z.object({ at: z.string(), by_name: z.string().nullable() });

export const dayDiseaseSchema = z.object({ name: z.string(), notifiable: z.boolean() });

export const guardianReportKinds = ['absence', 'arrival', 'pick_up'] as const;
export const guardianReportKindLabels: Record<(typeof guardianReportKinds)[number], string> = {
  absence: '欠席',
  arrival: '登園時間の変更',
  pick_up: 'お迎え時間の変更',
};

/** An absence or a time change a guardian sent for the day (attendance_reports). */
export const guardianReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(guardianReportKinds),
  /** HH:MM of a time change; null for an absence. */
  time: z.string().nullable(),
  /** 病気 / 私用 for an absence. */
  absence_reason: z.string().nullable(),
  diseases: z.array(dayDiseaseSchema),
  message: z.string(),
  sent_at: z.string(),
  confirmed: dayConfirmationSchema.nullable(),
});
export type GuardianReport = z.infer<typeof guardianReportSchema>;

/** A contact book (連絡帳) the family sent for the day, as the facility reads it. */
export const dayContactBookSchema = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  sleep: z.object({ started_at: z.string().nullable(), ended_at: z.string().nullable() }),
  temperature: z.string().nullable(),
  thermometry_done_at: z.string().nullable(),
  defecation: z.string().nullable(),
  defecation_done_at: z.string().nullable(),
  dinner: z.string(),
  breakfast: z.string(),
  message: z.string(),
  /** プール: null outside the season or when not answered. */
  is_participate: z.boolean().nullable(),
  confirmed: dayConfirmationSchema.nullable(),
  reply: z.object({ text: z.string(), at: z.string(), by_name: z.string().nullable() }).nullable(),
});
export type DayContactBook = z.infer<typeof dayContactBookSchema>;

const childRef = z.object({ id: z.number().int(), name: z.string() });
const classRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One entry of the inbox: a report or a contact book, with its child and class. */
export const inboxItemSchema = z.object({
  /** `report:<id>` or `contact_book:<id>`, unique in the inbox. */
  key: z.string(),
  child: childRef,
  class: classRef,
  /** Whether the caller may confirm or reply (the class's own staff, director, company admin). */
  can_write: z.boolean(),
  report: guardianReportSchema.nullable(),
  contact_book: dayContactBookSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({
  date: dateString,
  /** Newest first. */
  items: z.array(inboxItemSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const attendanceSources = ['staff', 'kiosk'] as const;

export const boardChildSchema = z.object({
  child_id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  /**
   * The child's アレルギー as the roster holds it ('' when none): the class tablet shows it on the
   * board and the entry grid (staff.md §1, §3: after the PIN; docs/decisions/day-allergies-on-tablet.md).
   */
  allergies: z.string(),
  /** From the month's schedule (予定表); null when none is registered for the day. */
  planned: z.object({ absent: z.boolean(), arrival: z.string().nullable(), pick_up: z.string().nullable() }).nullable(),
  reports: z.array(guardianReportSchema),
  /** The day's sent contact book; null when none was sent. */
  contact_book: dayContactBookSchema.nullable(),
  actual: z
    .object({
      arrived_at: z.string().nullable(),
      picked_up_at: z.string().nullable(),
      source: z.enum(attendanceSources),
      recorded_by_name: z.string().nullable(),
    })
    .nullable(),
});
export type BoardChild = z.infer<typeof boardChildSchema>;

export const boardSchema = z.object({
  date: dateString,
  class: z.object({ id: z.number().int(), name: z.string(), facility_id: z.number().int() }),
  /** The caller may enter times and confirm (own class, director, company admin) and the day is open (7 days). */
  can_write: z.boolean(),
  /** The caller may 確認 and reply (own class, director, company admin), on any day. */
  can_confirm: z.boolean(),
  /** Absences of the day naming a notifiable disease (感染症). */
  infection_alerts: z.array(z.object({ child_name: z.string(), diseases: z.array(z.string()) })),
  children: z.array(boardChildSchema),
});
export type Board = z.infer<typeof boardSchema>;

const time = z
  .string({ message: dayMessages.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, dayMessages.time)
  .nullable();

export const childAttendanceBody = z
  .object({
    date: dateString,
    child_id: idNumber(dayMessages.notInClass),
    arrived_at: time,
    picked_up_at: time,
  })
  .refine((b) => b.arrived_at === null || b.picked_up_at === null || b.picked_up_at > b.arrived_at, {
    message: dayMessages.pickUpBeforeArrival,
    path: ['picked_up_at'],
  });
export type ChildAttendanceBody = z.infer<typeof childAttendanceBody>;

export const dayReplyBody = z.object({
  text: z
    .string({ message: dayMessages.replyEmpty })
    .trim()
    .min(1, dayMessages.replyEmpty)
    .max(dayReplyMaxLength, dayMessages.replyTooLong),
});

export const getStaffFacilityInbox = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/inbox',
  summary:
    'The guardians’ contact books, absences and time changes of a day (today by default), of a class when given; every member but office',
  params: facilityParams,
  query: z.object({ date: dateString.optional(), class_id: idParam.optional() }),
  response: inboxSchema,
});

export const getStaffFacilityDayVersion = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/day-version',
  summary:
    'A cheap fingerprint of the day’s reports, contact books and attendances: the inbox and board refetch when it changes (polled)',
  params: facilityParams,
  query: z.object({ date: dateString.optional() }),
  response: z.object({ date: dateString, version: z.string() }),
});

export const postStaffContactBookConfirm = defineCall({
  method: 'POST',
  path: '/api/staff/contact-books/{contactBookId}/confirm',
  summary: '確認 of a sent contact book (the class’s staff, director, company admin); the guardian sees 施設確認済; audited',
  params: z.object({ contactBookId: idParam }),
  response: inboxItemSchema,
});

export const putStaffContactBookReply = defineCall({
  method: 'PUT',
  path: '/api/staff/contact-books/{contactBookId}/reply',
  summary: 'A short staff reply under a sent contact book (also confirms it); shown in the guardian app; audited',
  params: z.object({ contactBookId: idParam }),
  body: dayReplyBody,
  response: inboxItemSchema,
});

export const postStaffAttendanceReportConfirm = defineCall({
  method: 'POST',
  path: '/api/staff/attendance-reports/{reportId}/confirm',
  summary: '確認 of an absence or a time change; the guardian sees 施設確認済; audited',
  params: z.object({ reportId: idParam }),
  response: inboxItemSchema,
});

export const getStaffClassBoard = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/board',
  summary:
    'The class board of a day (today by default): each enrolled child’s planned and actual times, reports and contact book',
  params: z.object({ classId: idParam }),
  query: z.object({ date: dateString.optional() }),
  response: boardSchema,
});

export const putStaffChildAttendance = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/board/attendances',
  summary:
    'Enters or corrects a child’s actual arrival and pick-up of a day (the class’s staff, director, company admin); audited',
  params: z.object({ classId: idParam }),
  body: childAttendanceBody,
  response: boardSchema,
});
