import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';
import { recordReferences, type RecordReference } from './records-references';

/**
 * 保育に関する計画・記録 (spec records.md): every plan and record is a document of a kind, made from a
 * template (typed sections and fields, as data), for a class (or a child) and a period. Its text is a
 * Yjs document co-edited over `/api/staff/records/socket` (docs/decisions/records-co-editing.md);
 * these calls carry everything else: the lists, the template, the day's pre-fill and the status.
 */

export const recordKinds = [
  'overall_plan',
  'annual_plan',
  'monthly_plan',
  'weekly_plan',
  'daily_plan',
  'individual_plan',
  'daily_journal',
  'progress_record',
  'yoroku',
] as const;
export type RecordKind = (typeof recordKinds)[number];
export const recordKindLabels: Record<RecordKind, string> = {
  overall_plan: '全体的な計画',
  annual_plan: '年間指導計画',
  monthly_plan: '月案',
  weekly_plan: '週案',
  daily_plan: '日案',
  individual_plan: '個別指導計画',
  daily_journal: '保育日誌',
  progress_record: '経過記録',
  yoroku: '保育所児童保育要録',
};
/** What period a kind's document covers (its `period` is the first day, or the month `YYYY-MM`). */
export const recordKindPeriods: Record<RecordKind, 'facility' | 'fiscal_year' | 'month' | 'week' | 'day'> = {
  overall_plan: 'facility',
  annual_plan: 'fiscal_year',
  monthly_plan: 'month',
  weekly_plan: 'week',
  daily_plan: 'day',
  individual_plan: 'month',
  daily_journal: 'day',
  progress_record: 'month',
  yoroku: 'fiscal_year',
};
/** The kinds a class's screens create in this version (the rest are templates and data only). 日案 only where the facility writes them. */
export const classRecordKinds = ['monthly_plan', 'weekly_plan', 'daily_plan', 'individual_plan', 'daily_journal'] as const;
export type ClassRecordKind = (typeof classRecordKinds)[number];

export const recordFieldTypes = ['text', 'short_text', 'choice', 'date', 'grid', 'ticks', 'attendance', 'naps'] as const;
export type RecordFieldType = (typeof recordFieldTypes)[number];

/**
 * A field of a template. Its `key` is unique in the template and names its place in the Yjs
 * document: a text field the Y.Text `key`, a grid cell the Y.Text `key:row:column`, a choice or a
 * date the entry `key` of the map `values`, a tick the entry `key:item` of the map `ticks`.
 * `attendance` and `naps` are read from the day's own records (not typed twice), with a text beside.
 */
export const recordFieldSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
  label: z.string().min(1).max(60),
  type: z.enum(recordFieldTypes),
  /** choice: the options. */
  options: z.array(z.string().min(1).max(40)).max(20).optional(),
  /** grid: the rows and columns (e.g. 期 I–IV × ねらい/内容, or 曜日 × 活動). */
  rows: z.array(z.string().min(1).max(40)).max(31).optional(),
  columns: z.array(z.string().min(1).max(40)).max(12).optional(),
  /** ticks: the reference list. */
  reference: z.enum(recordReferences as [RecordReference, ...RecordReference[]]).optional(),
  hint: z.string().max(200).optional(),
});
export type RecordField = z.infer<typeof recordFieldSchema>;

export const recordSectionSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
  title: z.string().min(1).max(60),
  fields: z.array(recordFieldSchema).min(1).max(40),
});
export type RecordSection = z.infer<typeof recordSectionSchema>;

export const recordTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(recordKinds),
  name: z.string(),
  version: z.number().int(),
  sections: z.array(recordSectionSchema),
});
export type RecordTemplate = z.infer<typeof recordTemplateSchema>;

export const recordStatuses = ['draft', 'submitted', 'approved', 'returned'] as const;
export type RecordStatus = (typeof recordStatuses)[number];
export const recordStatusLabels: Record<RecordStatus, string> = {
  draft: '作成中',
  submitted: '提出済み',
  approved: '承認済み',
  returned: '差し戻し',
};

export const recordsMessages = {
  kind: '作成する記録の種類を選んでください（月案・週案・日案・個別指導計画・保育日誌）',
  period: '期間の指定が正しくありません（月案・個別指導計画は YYYY-MM、週案は月曜日の日付、日案・保育日誌は YYYY-MM-DD）',
  noDailyPlans: 'この園は日案を書かない設定です（計画・記録の設定で変えられます）',
  child: '個別指導計画を書く、このクラスの園児を選んでください',
  month: '月は YYYY-MM の形で指定してください',
  future: '明日以降の保育日誌はまだ作れません',
  notSubmittable: '作成中か差し戻しの記録だけ提出できます',
  notSubmitted: '提出された記録だけ承認・差し戻しできます',
  notApproved: '承認済みの記録だけ修正版を作れます',
  comment: '差し戻しの理由を入力してください（1000文字以内）',
  notApprover: '承認・差し戻しは園長・主任だけができます',
  readOnly: 'この記録は編集できません',
  submitted: '提出しました',
  approved: '承認しました',
  returned: '差し戻しました',
  reopened: '修正版を作りました',
} as const;

export const recordPersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const recordDocumentSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(recordKinds),
  /** The first day of the period (a month's 1st, the day). */
  period_start: dateString,
  period_end: dateString,
  status: z.enum(recordStatuses),
  version: z.number().int(),
  updated_at: z.string(),
  approved: z.object({ by: recordPersonSchema, at: z.string() }).nullable(),
});
export type RecordDocumentSummary = z.infer<typeof recordDocumentSummarySchema>;

/** One line of a class's month: a document that exists, or one that should and does not yet. */
export const recordSlotSchema = z.object({
  kind: z.enum(classRecordKinds),
  /** `YYYY-MM` for a 月案 or 個別指導計画, the Monday for a 週案, the day for a 日案 or 日誌. */
  period: z.string(),
  label: z.string(),
  /** The child of a 個別指導計画. */
  child: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  document: recordDocumentSummarySchema.nullable(),
  /** missing: not written; waiting: submitted, not approved; returned: to fix; done: approved; writing: a draft. */
  state: z.enum(['missing', 'writing', 'waiting', 'returned', 'done']),
});
export type RecordSlot = z.infer<typeof recordSlotSchema>;

/**
 * A child's 経過記録 in the class's month (records-progress-missing.md): monthly under the facility's
 * age, else the 期 holding the month; `period` is the month that opens it (POST progress-records).
 */
export const progressRecordSlotSchema = recordSlotSchema.extend({ kind: z.literal('progress_record') });
export type ProgressRecordSlot = z.infer<typeof progressRecordSlotSchema>;

/** The document a new 年間指導計画 or 全体的な計画 starts from: last 年度's of the same age band (a class's) or the facility's. */
export const recordPlanSourceSchema = z.object({
  fiscal_year: z.number().int(),
  /** The class it was written for (null: the facility's 全体的な計画). */
  class_name: z.string().nullable(),
  document_id: z.number().int(),
});
export type RecordPlanSource = z.infer<typeof recordPlanSourceSchema>;

/** A class's 年間指導計画 of its 年度 (records-plans-screens.md): the latest version, or what a new one starts from. */
export const annualPlanSlotSchema = z.object({
  fiscal_year: z.number().int(),
  label: z.string(),
  document: recordDocumentSummarySchema.nullable(),
  state: recordSlotSchema.shape.state,
  /** Missing only: last 年度's plan of the same age it copies (records-rollover.md), else null (the template). */
  source: recordPlanSourceSchema.nullable(),
});
export type AnnualPlanSlot = z.infer<typeof annualPlanSlotSchema>;

export const classRecordsSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), age_band: z.number().int().nullable() }),
  month: z.string(),
  can_write: z.boolean(),
  can_approve: z.boolean(),
  /** The class's 年間指導計画 of its 年度 (not counted in the month's counts). */
  annual_plan: annualPlanSlotSchema,
  monthly_plan: recordSlotSchema,
  /** A 週案 for each week whose Monday is in the month. */
  weekly_plans: z.array(recordSlotSchema),
  /**
   * Where the facility writes 日案 (its records settings): one for each care day of the month up to
   * the next one after today, newest first; else only those written before (records-daily-plans.md).
   */
  daily_plans: z.array(recordSlotSchema),
  /** A 個別指導計画 for each child of the class under 3 by fiscal age (records-missing.md). */
  individual_plans: z.array(recordSlotSchema),
  /** The month's 保育日誌, one per open day up to today, newest first. */
  journals: z.array(recordSlotSchema),
  /** Each child's 経過記録 due this month (its period ends in the month) or already begun for it. */
  progress_records: z.array(progressRecordSlotSchema),
  counts: z.object({ missing: z.number().int(), waiting: z.number().int(), returned: z.number().int() }),
  /** The class's children enrolled in the month: each one's 経過記録 and 児童票 (records-child-records.md). */
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ClassRecords = z.infer<typeof classRecordsSchema>;

const attendanceChildSchema = z.object({
  child_id: z.number().int(),
  name: z.string(),
  /** present: came; absent: a guardian's absence (or not come by the day's end); expected: not yet here today. */
  state: z.enum(['present', 'absent', 'expected']),
  arrived_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  absence_reason: z.string().nullable(),
  diseases: z.array(z.string()),
});

/** The 保育日誌's pre-fill: the day as the class board and the nap checks recorded it. */
export const recordDayFactsSchema = z.object({
  date: dateString,
  attendance: z.array(attendanceChildSchema),
  counts: z.object({ enrolled: z.number().int(), present: z.number().int(), absent: z.number().int() }),
  nap: z
    .object({
      started_at: z.string(),
      ended_at: z.string().nullable(),
      checks: z.number().int(),
      prone_found: z.number().int(),
      children_checked: z.number().int(),
    })
    .nullable(),
});
export type RecordDayFacts = z.infer<typeof recordDayFactsSchema>;

export const recordEventSchema = z.object({
  action: z.enum(['created', 'submitted', 'approved', 'returned', 'reopened']),
  by: recordPersonSchema,
  at: z.string(),
  comment: z.string().nullable(),
});

export const recordDocumentSchema = z.object({
  document: recordDocumentSummarySchema.extend({
    title: z.string(),
    class: z.object({ id: z.number().int(), name: z.string(), age_band: z.number().int().nullable() }).nullable(),
    /** The child of a child's document (個別指導計画, 経過記録); null for a class's. */
    child: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    return_comment: z.string().nullable(),
    /** The Yjs document's name on the socket. */
    room: z.string(),
  }),
  template: recordTemplateSchema,
  /** The caller may type (the socket agrees): a writer of the class, and the status is 作成中 or 差し戻し. */
  can_edit: z.boolean(),
  can_submit: z.boolean(),
  can_approve: z.boolean(),
  can_reopen: z.boolean(),
  day_facts: recordDayFactsSchema.nullable(),
  events: z.array(recordEventSchema),
  /** Every version of the same class, kind and period (oldest first), this one included. */
  versions: z.array(z.object({ id: z.number().int(), version: z.number().int(), status: z.enum(recordStatuses) })),
});
export type RecordDocument = z.infer<typeof recordDocumentSchema>;

const classParams = z.object({ classId: idParam });
const documentParams = z.object({ documentId: idParam });

export const getStaffClassRecords = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/records',
  summary: 'A class’s plans and diaries of a month (this month by default): what exists, what is missing or waiting',
  params: classParams,
  query: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, recordsMessages.month)
      .optional(),
  }),
  response: classRecordsSchema,
});

export const postStaffClassRecord = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/records',
  summary:
    'Opens the class’s 月案, 週案 or 日案 (where the facility writes them), a child’s 個別指導計画 of a month or the 保育日誌 of a day: creates it from the facility’s template when missing; audited',
  params: classParams,
  body: z.object({
    kind: z.enum(classRecordKinds, { message: recordsMessages.kind }),
    period: z.string({ message: recordsMessages.period }).max(10, recordsMessages.period),
    /** The child, for a 個別指導計画 only. */
    child_id: z.number({ message: recordsMessages.child }).int(recordsMessages.child).positive(recordsMessages.child).optional(),
  }),
  response: recordDocumentSchema,
});

export const getStaffRecord = defineCall({
  method: 'GET',
  path: '/api/staff/records/{documentId}',
  summary: 'A plan or diary: its template, status, history, the day’s pre-fill and what the caller may do',
  params: documentParams,
  response: recordDocumentSchema,
});

export const postStaffRecordSubmit = defineCall({
  method: 'POST',
  path: '/api/staff/records/{documentId}/submit',
  summary: '提出: a writer hands the document to the approvers; it turns read-only; audited',
  params: documentParams,
  response: recordDocumentSchema,
});

export const postStaffRecordApprove = defineCall({
  method: 'POST',
  path: '/api/staff/records/{documentId}/approve',
  summary: '承認 by the 園長 or a 主任: the document is read-only with the approver’s name and time; audited',
  params: documentParams,
  response: recordDocumentSchema,
});

export const postStaffRecordReturn = defineCall({
  method: 'POST',
  path: '/api/staff/records/{documentId}/return',
  summary: '差し戻し by the 園長 or a 主任 with a comment: writable again; audited',
  params: documentParams,
  body: z.object({
    comment: z
      .string({ message: recordsMessages.comment })
      .trim()
      .min(1, recordsMessages.comment)
      .max(1000, recordsMessages.comment),
  }),
  response: recordDocumentSchema,
});

export const postStaffRecordReopen = defineCall({
  method: 'POST',
  path: '/api/staff/records/{documentId}/reopen',
  status: 201,
  summary:
    'A correction of an approved document: a new version (a copy of its text) to write; the approved one stays readable; audited',
  params: documentParams,
  response: recordDocumentSchema,
});

/** A document as an A4 PDF to print (not a JSON call: `application/pdf`), read like the document; audited. */
export const staffRecordPdfPath = '/api/staff/records/{documentId}/pdf';

/** The co-editing socket (not a contract call: a WebSocket upgrade, authorised as the calls above). */
export const staffRecordsSocketPath = '/api/staff/records/socket';
export const recordRoom = (documentId: number) => `record:${documentId}`;
