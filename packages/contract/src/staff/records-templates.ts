import { z } from 'zod';
import { defineCall, idParam } from '../common';
import { recordFieldSchema, recordKinds, recordSectionSchema, type RecordKind } from './records';

/**
 * The facility's templates, edited by the 園長 and 法人管理者 on the desktop (records.md §2, §7;
 * docs/decisions/records-templates.md), and the fiscal-year rollover of the 全体的な計画 and the
 * classes' 年間指導計画 (docs/decisions/records-rollover.md).
 */

/** The kinds whose template a facility edits: all but the 要録 (its 様式 is the 通知's). */
export const editableRecordKinds = recordKinds.filter((k) => k !== 'yoroku') as Exclude<RecordKind, 'yoroku'>[];
export type EditableRecordKind = Exclude<RecordKind, 'yoroku'>;

/** The field types the editor offers (attendance and naps stay where the 保育日誌 has them). */
export const editableFieldTypeLabels = {
  text: '文章',
  short_text: '短い文章',
  choice: '選択肢',
  date: '日付',
  grid: '表（行×列）',
  ticks: 'チェック欄（3つの視点・5領域・養護・10の姿）',
} as const;

export const recordTemplateMessages = {
  kind: 'この種類の様式は編集できません',
  name: '様式の名前を入力してください（60文字以内）',
  sections: '様式には1つ以上の欄（最大30）が必要です',
  sectionTitle: '欄の見出しを入力してください（60文字以内）',
  fields: '各欄には1つ以上の項目（最大40）が必要です',
  fieldLabel: '項目の名前を入力してください（60文字以内）',
  key: '項目の識別子が正しくありません',
  reservedKey: '項目の識別子「values」「ticks」は使えません',
  duplicateKey: '欄・項目の識別子が重複しています',
  keyType: '一度使った項目の種類は変えられません。新しい項目として追加してください',
  grid: '表には行と列を1つ以上（行は31まで、列は12まで）入力してください',
  ticks: 'チェック欄には参照する一覧（3つの視点・5領域・養護・10の姿）を選んでください',
  choice: '選択肢を1つ以上（20まで）入力してください',
  facts: '出欠・午睡の記録の項目は保育日誌だけに置けます',
  baseVersion: '編集を始めた版の番号が必要です',
  stale: 'ほかの方が先に様式を保存しました。画面を読み込み直してから編集してください',
  saved: '様式を保存しました（新しい版）',
  year: '年度を正しく指定してください（今年度か前年度）',
  noNextClasses: '次の年度のクラスがありません。先にクラスを作成してください',
} as const;

/** A template's bounds: sections per template, fields per section (each section keeps at least one). */
export const recordTemplateLimits = { sections: 30, fieldsPerSection: 40 } as const;

const label = (message: string) => z.string({ message }).trim().min(1, message).max(60, message);
const key = z
  .string({ message: recordTemplateMessages.key })
  .regex(/^[a-z0-9_]{1,40}$/, recordTemplateMessages.key)
  .refine((k) => k !== 'values' && k !== 'ticks', recordTemplateMessages.reservedKey);
const item = (message: string) => z.string({ message }).trim().min(1, message).max(40, message);

/** A field as the editor sends it: its type's own parts are checked on the server (records-templates.md). */
export const recordTemplateFieldInput = z.object({
  key,
  label: label(recordTemplateMessages.fieldLabel),
  type: z.enum(['text', 'short_text', 'choice', 'date', 'grid', 'ticks', 'attendance', 'naps'], {
    message: recordTemplateMessages.key,
  }),
  options: z.array(item(recordTemplateMessages.choice)).max(20, recordTemplateMessages.choice).optional(),
  rows: z.array(item(recordTemplateMessages.grid)).max(31, recordTemplateMessages.grid).optional(),
  columns: z.array(item(recordTemplateMessages.grid)).max(12, recordTemplateMessages.grid).optional(),
  reference: recordFieldSchema.shape.reference,
  hint: z.string().trim().max(200).optional(),
});

export const recordTemplateSectionInput = z.object({
  key,
  title: label(recordTemplateMessages.sectionTitle),
  fields: z
    .array(recordTemplateFieldInput, { message: recordTemplateMessages.fields })
    .min(1, recordTemplateMessages.fields)
    .max(recordTemplateLimits.fieldsPerSection, recordTemplateMessages.fields),
});

export const recordTemplateBody = z.object({
  /** The version the editor started from (0: the shipped default): a later save by someone else is 409. */
  base_version: z.number({ message: recordTemplateMessages.baseVersion }).int().min(0).max(30000),
  name: label(recordTemplateMessages.name),
  sections: z
    .array(recordTemplateSectionInput, { message: recordTemplateMessages.sections })
    .min(1, recordTemplateMessages.sections)
    .max(recordTemplateLimits.sections, recordTemplateMessages.sections),
});
export type RecordTemplateBody = z.infer<typeof recordTemplateBody>;

export const recordTemplateEntrySchema = z.object({
  kind: z.enum(recordKinds),
  label: z.string(),
  name: z.string(),
  /** 0: the shipped default, not changed by the facility yet. */
  version: z.number().int(),
  sections: z.array(recordSectionSchema),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Documents written on an earlier version (they keep it: records-templates.md). */
  documents_on_older: z.number().int(),
});
export type RecordTemplateEntry = z.infer<typeof recordTemplateEntrySchema>;

export const recordTemplatesSchema = z.object({ templates: z.array(recordTemplateEntrySchema) });

const facilityParams = z.object({ facilityId: idParam });

export const getStaffRecordTemplates = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/record-templates',
  summary: 'The facility’s current template of every kind a facility edits (園長, 法人管理者)',
  params: facilityParams,
  response: recordTemplatesSchema,
});

export const putStaffRecordTemplate = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/record-templates/{kind}',
  summary:
    'Saves a template as its next version (sections and typed fields, renamed, reordered, added, removed); documents keep the version they were written on; audited',
  params: z.object({
    facilityId: idParam,
    kind: z.enum(editableRecordKinds as [EditableRecordKind, ...EditableRecordKind[]], {
      message: recordTemplateMessages.kind,
    }),
  }),
  body: recordTemplateBody,
  response: recordTemplateEntrySchema,
});

const rolloverState = z.enum(['created', 'existed', 'no_source', 'will_create']);

export const recordRolloverSchema = z.object({
  from_fiscal_year: z.number().int(),
  to_fiscal_year: z.number().int(),
  /** The facility's 全体的な計画 of the new 年度. */
  overall_plan: z.object({
    state: rolloverState,
    source_id: z.number().int().nullable(),
    document_id: z.number().int().nullable(),
  }),
  /** Each class of the new 年度 and the class of this year (same age band) whose 年間指導計画 it starts from. */
  classes: z.array(
    z.object({
      class_id: z.number().int(),
      class_name: z.string(),
      age_band: z.number().int().nullable(),
      source: z.object({ class_id: z.number().int(), class_name: z.string(), document_id: z.number().int() }).nullable(),
      state: rolloverState,
      document_id: z.number().int().nullable(),
    }),
  ),
  created_count: z.number().int(),
  /** The 期 the new 年度 keeps (the facility's settings, unchanged). */
  terms: z.array(z.object({ label: z.string(), start_month: z.number().int(), end_month: z.number().int() })),
});
export type RecordRollover = z.infer<typeof recordRolloverSchema>;

const rolloverYear = z.coerce
  .number({ message: recordTemplateMessages.year })
  .int(recordTemplateMessages.year)
  .min(2000, recordTemplateMessages.year)
  .max(2100, recordTemplateMessages.year);

export const getStaffRecordRollover = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/record-rollover',
  summary: 'What the fiscal-year rollover would start (nothing written): the 全体的な計画 and each new class’s 年間指導計画',
  params: facilityParams,
  query: z.object({ from_fiscal_year: rolloverYear }),
  response: recordRolloverSchema,
});

export const postStaffRecordRollover = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/record-rollover',
  summary:
    'Starts the next 年度’s 全体的な計画 and 年間指導計画 as drafts copied from this year’s (classes matched by age band); running it again creates nothing twice; audited',
  params: facilityParams,
  body: z.object({ from_fiscal_year: rolloverYear }),
  response: recordRolloverSchema,
});
