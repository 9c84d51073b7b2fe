import { z } from 'zod';
import { defineCall, idParam, messageSchema } from '../common';
import { BIRTH_YEARS, BUSINESS_YEARS, isCalendarDate, type YearRange } from '../dates';
import { facilityParams } from './facilities';

/** The roster (staff.md §3): children, enrolments, CSV import, registration links, guardians' links. */
export const staffChildListItemSchema = z.object({
  id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  birth: z.string(),
  sex: z.number().int(),
  class_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  /** Registered for 一時預かり only: no class (billing-temporary-care.md). */
  temporary_only: z.boolean(),
  admitted_on: z.string(),
  left_on: z.string().nullable(),
  /** enrolled today / admitted later / left */
  status: z.enum(['enrolled', 'upcoming', 'left']),
  /** Activated guardians linked to the child. */
  guardians_count: z.number().int(),
  /** The child's photo, thumb size (signed URL), null without one. */
  image_url: z.string().nullable(),
  /** お迎え登録者 proposed by a guardian and waiting for staff. */
  pickup_proposals: z.number().int(),
});
export type StaffChildListItem = z.infer<typeof staffChildListItemSchema>;

export const getStaffChildren = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/children',
  summary: 'The facility’s roster (no sensitive fields: no read audit), optionally one class (every member)',
  params: facilityParams,
  query: z.object({ class_id: idParam.optional(), include_left: z.enum(['0', '1']).optional() }),
  response: z.array(staffChildListItemSchema),
});

/** Texts of the roster (staff.md §3), shared by server and staff app. */
export const rosterMessages = {
  classNotFound: 'クラスが見つかりません',
  temporaryWithClass: '一時預かりのみの園児はクラスに所属しません（クラスを「なし」にしてください）',
  birthInFuture: '生年月日に未来の日付は指定できません',
  leftBeforeAdmitted: '退所日は入所日以降の日付を入力してください',
  admittedBeforeBirth: '入所日は生年月日以降の日付を入力してください',
  guardianUnlinked: '保護者の紐付けを解除しました',
  photoRemoved: '写真を削除しました',
  csvUnreadable: 'CSVファイルを読み取れませんでした',
  csvEmpty: 'CSVに園児の行がありません（1行目は見出し、2行目から1人1行）',
  csvTooManyRows: '一度に取り込めるのは1000人までです。ファイルを分けて取り込んでください',
  csvHasErrors: 'CSVにエラーがあります。修正してから、もう一度取り込んでください（何も登録されていません）',
  csvBadRow: 'この行を読み取れませんでした（列の数か引用符を確認してください）',
  csvControlCharacter: '読み取れない制御文字（NULなど）が含まれています。Excelで開いて保存し直してください',
  csvUndecodable: '文字化けしている文字があります（Shift_JISとして読めません）。UTF-8で保存し直してください',
  csvLineBreak: 'セルの中に改行は入れられません',
  csvDuplicateRow: (line: number) => `${line}行目と同じ園児です（姓・名・生年月日が同じ）`,
  csvAlreadyEnrolled: 'この施設にすでに登録されている園児です（姓・名・生年月日が同じ）',
  csvUnknownClass: (name: string) => `「${name}」というクラスが今年度にありません`,
  csvSex: '「男」「女」または 1・2 で入力してください',
} as const;

/** Most children a CSV import takes at once. */
export const CHILDREN_IMPORT_MAX_ROWS = 1000;

/** A real calendar date `YYYY-MM-DD` (not 2024-02-30), with the field's name in the message. */
const calendarDate = (label: string, years: YearRange = BUSINESS_YEARS) =>
  z.string({ message: `${label}を入力してください` }).superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', message: `${label}を入力してください` });
    else if (!isCalendarDate(value, years))
      ctx.addIssue({ code: 'custom', message: `${label}は正しい日付（例：2024-04-01）で入力してください` });
  });

const name = (label: string, max: number) =>
  z
    .string({ message: `${label}を入力してください` })
    .trim()
    .min(1, { message: `${label}を入力してください`, abort: true })
    .max(max, `${label}は${max}文字以内で入力してください`);
const kana = (label: string) => name(label, 30).regex(/^[\u3041-\u309F\u30FC\s\u3000]+$/, `${label}はひらがなで入力してください`);

/**
 * A child and its enrolment as staff enter them (the form, and each row of the CSV import). The
 * server adds what needs the day or the facility: birth not in the future, the class is the
 * facility's.
 */
export const staffChildBody = z
  .object({
    last_name: name('姓', 30),
    first_name: name('名', 30),
    last_name_kana: kana('せい'),
    first_name_kana: kana('めい'),
    birth: calendarDate('生年月日', BIRTH_YEARS),
    /** 1 boy, 2 girl */
    sex: z.coerce
      .number({ message: '性別を選択してください' })
      .int('性別を選択してください')
      .refine((v) => v === 1 || v === 2, '性別を選択してください'),
    allergies: z
      .string({ message: 'アレルギーは文字で入力してください' })
      .trim()
      .max(1000, 'アレルギーは1000文字以内で入力してください')
      .optional()
      .default(''),
    care_notes: z
      .string({ message: '配慮事項は文字で入力してください' })
      .trim()
      .max(2000, '配慮事項は2000文字以内で入力してください')
      .optional()
      .default(''),
    class_id: z.coerce
      .number({ message: rosterMessages.classNotFound })
      .int(rosterMessages.classNotFound)
      .positive(rosterMessages.classNotFound)
      .max(2_147_483_647, rosterMessages.classNotFound)
      .nullable()
      .optional()
      .default(null),
    admitted_on: calendarDate('入所日'),
    left_on: calendarDate('退所日').nullable().optional().default(null),
    /** Registered for 一時預かり only (no class): on the gate's roster on a booked day only. */
    temporary_only: z.boolean({ message: '一時預かりのみかどうかを選択してください' }).optional().default(false),
  })
  .superRefine((child, ctx) => {
    if (child.temporary_only && child.class_id !== null)
      ctx.addIssue({ code: 'custom', path: ['class_id'], message: rosterMessages.temporaryWithClass });
    if (child.left_on && child.admitted_on && child.left_on < child.admitted_on)
      ctx.addIssue({ code: 'custom', path: ['left_on'], message: rosterMessages.leftBeforeAdmitted });
  });
export type StaffChildInput = z.infer<typeof staffChildBody>;

/** A child's personal record as staff see it: every read is audited (`child.read`). */
export const staffChildSchema = staffChildListItemSchema.extend({
  allergies: z.string(),
  care_notes: z.string(),
  facility_id: z.number().int(),
});
export type StaffChild = z.infer<typeof staffChildSchema>;

export const childParams = z.object({ childId: idParam });

export const postStaffChild = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/children',
  summary: 'Creates a child with its enrolment (director, office, company admin); audited',
  params: facilityParams,
  body: staffChildBody,
  response: staffChildSchema,
  status: 201,
});

export const getStaffChild = defineCall({
  method: 'GET',
  path: '/api/staff/children/{childId}',
  summary: 'A child’s personal record incl. allergies and care notes (every member of its facility); the read is audited',
  params: childParams,
  response: staffChildSchema,
});

export const putStaffChild = defineCall({
  method: 'PUT',
  path: '/api/staff/children/{childId}',
  summary: 'Edits a child and its enrolment (class, 入所日, 退所日) (director, office, company admin); audited',
  params: childParams,
  body: staffChildBody,
  response: staffChildSchema,
});

/** One CSV row's fate in the import preview. */
export const importRowSchema = z.object({
  /** 1-based line in the file (the header is line 1). */
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});

export const childrenImportBody = z.object({
  /** The file as the browser read it, base64 (UTF-8 with or without BOM, or Shift_JIS). */
  file_base64: z
    .string({ message: 'ファイルを選択してください' })
    .min(1, 'ファイルを選択してください')
    // 700 KB of CSV (plenty for 1000 children) in base64 stays under the server's 1 MB body limit.
    .max(960_000, 'ファイルが大きすぎます（700KBまで）'),
});

/**
 * The columns of the roster CSV (Japanese headers as facilities keep them in Excel), in any order.
 * 性別: 男 / 女 / 1 / 2; クラス: a class name of the current 年度 (empty: no class); dates
 * 2024-04-01 or 2024/4/1; 退所日, アレルギー and 配慮事項 may be empty.
 */
export const childrenCsvColumns = [
  '姓',
  '名',
  'せい',
  'めい',
  '生年月日',
  '性別',
  'クラス',
  '入所日',
  '退所日',
  'アレルギー',
  '配慮事項',
] as const;

export const postStaffChildrenImportPreview = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/children/import/preview',
  summary: 'Parses a roster CSV and answers every row with its errors; writes nothing (director, office, company admin)',
  params: facilityParams,
  body: childrenImportBody,
  response: z.object({
    encoding: z.enum(['utf-8', 'shift_jis']),
    rows: z.array(importRowSchema),
    valid: z.boolean(),
  }),
});

export const postStaffChildrenImport = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/children/import',
  summary:
    'Imports a roster CSV all-or-nothing: 422 with the rows’ errors and nothing written unless every row is valid; audited',
  params: facilityParams,
  body: childrenImportBody,
  response: z.object({ created: z.number().int() }),
  status: 201,
});

export const registrationSchema = z.object({
  /** The guardian app's registration URL (/children/register/{company}/{token}), absolute. */
  url: z.string(),
  expires_at: z.string(),
});

export const postStaffChildRegistration = defineCall({
  method: 'POST',
  path: '/api/staff/children/{childId}/registration',
  summary:
    'Issues (or re-issues, ending the previous one) the child’s registration URL for guardians (director, office, company admin); audited',
  params: childParams,
  response: registrationSchema,
  status: 201,
});

export const staffChildGuardiansSchema = z.object({
  linked: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      email: z.string(),
      main: z.boolean(),
      writable: z.boolean(),
      relation: z.number().int(),
    }),
  ),
  pending: z.array(z.object({ email: z.string(), invited_at: z.string() })),
  /** The registration URL currently valid, null when none (the token itself is never stored: only when issued). */
  registration: z.object({ expires_at: z.string(), used: z.boolean() }).nullable(),
});

export const getStaffChildGuardians = defineCall({
  method: 'GET',
  path: '/api/staff/children/{childId}/guardians',
  summary: 'The child’s linked guardians and pending invitations (every member of its facility); the read is audited',
  params: childParams,
  response: staffChildGuardiansSchema,
});

export const deleteStaffChildGuardian = defineCall({
  method: 'DELETE',
  path: '/api/staff/children/{childId}/guardians/{userId}',
  summary: 'Unlinks a guardian from the child (director, office, company admin); audited',
  params: z.object({ childId: idParam, userId: idParam }),
  response: messageSchema,
});

export const postStaffChildImage = defineCall({
  method: 'POST',
  path: '/api/staff/children/{childId}/image',
  summary:
    'Uploads or replaces the child’s photo (multipart: upload_file); metadata stripped, the old file removed (director, office, company admin); audited',
  params: childParams,
  upload: { file: 'upload_file' },
  response: z.object({ image_url: z.string() }),
});

export const deleteStaffChildImage = defineCall({
  method: 'DELETE',
  path: '/api/staff/children/{childId}/image',
  summary: 'Removes the child’s photo (director, office, company admin); audited',
  params: childParams,
  response: messageSchema,
});
