import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';
import { recordDocumentSchema, recordDocumentSummarySchema, recordStatuses } from './records';

/**
 * Each child's record (records.md §2, §6, §7; issue 33; docs/decisions/records-child-records.md):
 * the 児童票 (what the product knows of the child plus the fields the roster does not hold) and
 * the child's 経過記録 per month (under 3) or per 期 (from 3), on the same document engine as the
 * plans and diaries. Every read and write is audited with the child as its subject.
 */

export const childRecordMessages = {
  period: '期間は YYYY-MM の形で指定してください',
  notEnrolled: 'この期間に在籍していない園児の経過記録は作れません',
  left: '退所した園児の記録は閲覧のみできます',
  saved: '児童票を保存しました',
  settingsSaved: '計画・記録の設定を保存しました',
  termStarts: '期の始まりの月を、4月から年度の順に1〜6個選んでください（最初は4月）',
  termsFromAge: '経過記録を期ごとに書く年齢は0〜6で指定してください',
  dailyPlans: '日案を書くかどうかを選んでください',
  retention: '要録の保存の延長は0〜20年の整数で入れてください',
  contacts: '緊急連絡先は5件まで、お名前を入れて登録してください',
} as const;

/** The 期 a facility divides its 年度 into: the months they start, April first, in 年度 order. */
export const recordSettingsSchema = z.object({
  term_start_months: z.array(z.number().int()),
  /** From this 満年齢 (on April 1) a child's 経過記録 is written per 期; below it, per month. */
  progress_terms_from_age: z.number().int(),
  /** Whether the facility writes 日案 (default no: many write only 週案); when yes, the class lists show the missing ones. */
  writes_daily_plans: z.boolean(),
  /** Years a 要録 is kept past the 31 March of the 年度 the child would finish 小学校 (0: that day). */
  yoroku_retention_extra_years: z.number().int(),
  /** The 期 as ranges of months (e.g. 4–5, 6–8, 9–12, 1–3), for the screens. */
  terms: z.array(z.object({ label: z.string(), start_month: z.number().int(), end_month: z.number().int() })),
  can_edit: z.boolean(),
});
export type RecordSettings = z.infer<typeof recordSettingsSchema>;

const fiscalMonth = (m: number) => (m + 8) % 12;

export const recordSettingsBody = z.object({
  term_start_months: z
    .array(z.number({ message: childRecordMessages.termStarts }).int().min(1).max(12), {
      message: childRecordMessages.termStarts,
    })
    .min(1, childRecordMessages.termStarts)
    .max(6, childRecordMessages.termStarts)
    .refine(
      (months) => months[0] === 4 && months.every((m, i) => i === 0 || fiscalMonth(m) > fiscalMonth(months[i - 1]!)),
      childRecordMessages.termStarts,
    ),
  progress_terms_from_age: z
    .number({ message: childRecordMessages.termsFromAge })
    .int(childRecordMessages.termsFromAge)
    .min(0, childRecordMessages.termsFromAge)
    .max(6, childRecordMessages.termsFromAge),
  /** Omitted: unchanged. */
  writes_daily_plans: z.boolean({ message: childRecordMessages.dailyPlans }).optional(),
  /** Omitted: unchanged. */
  yoroku_retention_extra_years: z
    .number({ message: childRecordMessages.retention })
    .int(childRecordMessages.retention)
    .min(0, childRecordMessages.retention)
    .max(20, childRecordMessages.retention)
    .optional(),
});

const facilityParams = z.object({ facilityId: idParam });
const childParams = z.object({ childId: idParam });

export const getStaffRecordSettings = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/record-settings',
  summary: 'The facility’s 期, from which age 経過記録 are written per 期, whether it writes 日案 (every member but office)',
  params: facilityParams,
  response: recordSettingsSchema,
});

export const putStaffRecordSettings = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/record-settings',
  summary: 'Sets the facility’s 期, the age of per-期 経過記録 and whether it writes 日案 (園長, 法人管理者); audited',
  params: facilityParams,
  body: recordSettingsBody,
  response: recordSettingsSchema,
});

const text = (label: string, max: number) =>
  z
    .string({ message: `${label}は文字で入力してください` })
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください`);

/** The 児童票's own fields, with their labels in the order the page and the print show them. */
export const childRecordFieldLabels = {
  admission_notes: '入所時の状況',
  birth_history: '出生時の状況（妊娠中・出生時・出生体重）',
  development_history: '生育歴（首すわり・歩き始め・言葉など）',
  medical_history: '既往症',
  immunizations: '予防接種歴',
  allergy_cause: 'アレルギーの原因・医師の指示',
  family_doctor: 'かかりつけ医',
  family_situation: '家庭の状況（家族構成など）',
  notes: '特記事項',
} as const;
export type ChildRecordFieldKey = keyof typeof childRecordFieldLabels;

export const childRecordContactSchema = z.object({
  name: text('緊急連絡先のお名前', 50).min(1, childRecordMessages.contacts),
  relation: text('緊急連絡先の続柄', 20),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9０-９+\-－ ()]{0,20}$/, '緊急連絡先の電話番号は数字とハイフンで20文字以内で入力してください'),
});

export const childRecordBody = z.object({
  admission_notes: text(childRecordFieldLabels.admission_notes, 2000),
  birth_history: text(childRecordFieldLabels.birth_history, 2000),
  development_history: text(childRecordFieldLabels.development_history, 2000),
  medical_history: text(childRecordFieldLabels.medical_history, 2000),
  immunizations: text(childRecordFieldLabels.immunizations, 2000),
  allergy_cause: text(childRecordFieldLabels.allergy_cause, 2000),
  family_doctor: text(childRecordFieldLabels.family_doctor, 200),
  family_situation: text(childRecordFieldLabels.family_situation, 2000),
  notes: text(childRecordFieldLabels.notes, 2000),
  emergency_contacts: z
    .array(childRecordContactSchema, { message: childRecordMessages.contacts })
    .max(5, childRecordMessages.contacts),
});
export type ChildRecordInput = z.infer<typeof childRecordBody>;

/** One 経過記録 period of the child: the document when written (its latest version), else null. */
export const progressSlotSchema = z.object({
  /** `YYYY-MM`: the month that opens it (the first month of a 期). */
  period: z.string(),
  period_start: dateString,
  period_end: dateString,
  label: z.string(),
  document: recordDocumentSummarySchema.nullable(),
});
export type ProgressSlot = z.infer<typeof progressSlotSchema>;

/** The 児童票 (records.md §2): what the roster knows, the record's own fields, the growth and the 経過記録. */
export const childRecordSchema = z.object({
  child: z.object({
    id: z.number().int(),
    name: z.string(),
    kana: z.string(),
    birth: dateString,
    sex: z.number().int(),
    allergies: z.string(),
    care_notes: z.string(),
  }),
  enrolment: z.object({
    facility_id: z.number().int(),
    facility_name: z.string(),
    class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    admitted_on: dateString,
    left_on: dateString.nullable(),
    /** 歳児 (満年齢 on April 1 of this 年度). */
    fiscal_age: z.number().int(),
  }),
  fields: childRecordBody.extend({ updated_at: z.string().nullable(), updated_by: z.string().nullable() }),
  growths: z.array(z.object({ measured_on: dateString, height: z.number().nullable(), weight: z.number().nullable() })),
  /** This 年度's 経過記録 periods up to now (newest first), and any earlier one written. */
  progress: z.array(progressSlotSchema),
  can_edit: z.boolean(),
  /** May open (write) a 経過記録 of the child: a writer of its class, and the child has not left. */
  can_write_progress: z.boolean(),
});
export type ChildRecord = z.infer<typeof childRecordSchema>;

export const getStaffChildRecord = defineCall({
  method: 'GET',
  path: '/api/staff/children/{childId}/record',
  summary: 'A child’s 児童票 with its 経過記録 (every member of its facility but office; desktop); the read is audited',
  params: childParams,
  response: childRecordSchema,
});

export const putStaffChildRecord = defineCall({
  method: 'PUT',
  path: '/api/staff/children/{childId}/record',
  summary: 'Writes the 児童票’s own fields (園長, 法人管理者, the child’s class staff, 主任); audited',
  params: childParams,
  body: childRecordBody,
  response: childRecordSchema,
});

export const postStaffChildProgressRecord = defineCall({
  method: 'POST',
  path: '/api/staff/children/{childId}/progress-records',
  summary:
    'Opens the child’s 経過記録 of the month or 期 holding `period` (YYYY-MM): creates it from the template when missing (the child’s class writers); audited with the child',
  params: childParams,
  body: z.object({
    period: z.string({ message: childRecordMessages.period }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, childRecordMessages.period),
  }),
  response: recordDocumentSchema,
});

/** What a 経過記録 is written from (records.md §3): chosen by the staff, never typed in for them. */
export const progressMaterialSchema = z.object({
  growths: z.array(
    z.object({
      measured_on: dateString,
      height: z.number().nullable(),
      weight: z.number().nullable(),
      text: z.string(),
    }),
  ),
  photos: z.array(z.object({ id: z.number().int(), date: dateString, thumb_url: z.string(), medium_url: z.string() })),
  /** The remarks (連絡帳の本文) of the child’s published daily notes of the period, oldest first. */
  remarks: z.array(z.object({ date: dateString, text: z.string() })),
  /** The child’s 個別指導計画 of the period’s months (latest version each), to read beside. */
  individual_plans: z.array(z.object({ id: z.number().int(), period_start: dateString, status: z.enum(recordStatuses) })),
});
export type ProgressMaterial = z.infer<typeof progressMaterialSchema>;

export const getStaffRecordMaterial = defineCall({
  method: 'GET',
  path: '/api/staff/records/{documentId}/material',
  summary: 'A 経過記録’s material: the period’s growth, photos of the child, daily-note remarks, the 個別指導計画 beside',
  params: z.object({ documentId: idParam }),
  response: progressMaterialSchema,
});

/** The 児童票 as an A4 PDF (not a JSON call): the page's facts and fields, the growth; audited as a read. */
export const staffChildRecordPdfPath = '/api/staff/children/{childId}/record.pdf';
