import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';
import { recordDocumentSchema, recordDocumentSummarySchema, recordStatuses } from './records';

/**
 * 保育所児童保育要録 (records.md §5; issue 33; docs/decisions/records-yoroku.md): one document per
 * child of the final year (5歳児 on 1 April of the 年度) and 年度, on the document engine; the
 * class's 最終年度の重点 written once per class and shown read-only on every child's 要録; the
 * 入所に関する記録 filled from the roster when the 要録 is made; approved by the 園長 only; the
 * two-page 様式 as a PDF per child and a ZIP per class. Every read is audited with the child.
 */

export const yorokuMessages = {
  year: '年度は西暦4桁で指定してください',
  notFinalYear: '要録は最終年度（5歳児）の園児にだけ作れます',
  notEnrolled: 'この年度に在籍していない園児の要録は作れません',
  focus: '最終年度の重点は2000文字以内で入力してください',
  focusSaved: '最終年度の重点を保存しました',
  directorOnly: '要録の承認・差し戻しは園長だけができます',
  noChildren: 'このクラスに要録を作る園児がいません',
} as const;

/** The 入所に関する記録's fields (Yjs short texts), in the 様式's order, with their labels. */
export const yorokuAdmissionLabels = {
  child_name: '児童の氏名',
  child_kana: 'ふりがな',
  child_sex: '性別',
  child_birth: '生年月日',
  child_address: '児童の現住所',
  guardian_name: '保護者の氏名',
  guardian_address: '保護者の現住所',
  admitted_on: '入所年月日',
  graduated_on: '卒所年月日',
  school: '就学先（小学校名）',
  facility: '保育所名及び所在地',
  director_name: '施設長氏名',
  teacher_name: '担当保育士氏名',
} as const;
export type YorokuAdmissionKey = keyof typeof yorokuAdmissionLabels;

const year = z.coerce
  .number({ message: yorokuMessages.year })
  .int(yorokuMessages.year)
  .min(2000, yorokuMessages.year)
  .max(2100, yorokuMessages.year);

const focusSchema = z.object({
  text: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

export const classYorokuSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  fiscal_year: z.number().int(),
  /** 最終年度の重点: written once for the class, shown on every child's 要録. */
  focus: focusSchema,
  can_write: z.boolean(),
  /** The 園長 (and 法人管理者) approve a 要録; the 主任 does not. */
  can_approve: z.boolean(),
  /** The class's children of the final year enrolled in the 年度, each with their 要録 when made. */
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      left: z.boolean(),
      document: recordDocumentSummarySchema.nullable(),
    }),
  ),
});
export type ClassYoroku = z.infer<typeof classYorokuSchema>;

const classParams = z.object({ classId: idParam });

export const getStaffClassYoroku = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/yoroku',
  summary: 'A class’s 要録 of a 年度 (the class’s 年度 by default): the class’s 重点 and every final-year child’s 要録',
  params: classParams,
  query: z.object({ year: year.optional() }),
  response: classYorokuSchema,
});

export const putStaffClassYorokuFocus = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/yoroku-focus',
  summary: 'Writes the class’s 最終年度の重点 (the class’s writers, 主任, 園長); audited',
  params: classParams,
  body: z.object({
    text: z.string({ message: yorokuMessages.focus }).trim().max(2000, yorokuMessages.focus),
  }),
  response: classYorokuSchema,
});

export const postStaffChildYoroku = defineCall({
  method: 'POST',
  path: '/api/staff/children/{childId}/yoroku',
  summary:
    'Opens the child’s 要録 of a 年度: made when missing (the child’s class writers), its 入所に関する記録 filled from the roster; audited with the child',
  params: z.object({ childId: idParam }),
  body: z.object({ year }),
  response: recordDocumentSchema,
});

/** What the 要録's screen shows beside the form (read-only). */
export const yorokuContextSchema = z.object({
  /** The class's 最終年度の重点, read-only on the child's 要録. */
  focus: focusSchema,
  /** The child's earlier 経過記録 (written ones, newest first), their text to read while writing. */
  progress: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      status: z.enum(recordStatuses),
      sections: z.array(z.object({ title: z.string(), text: z.string() })),
    }),
  ),
  /** Kept until at least this day (the end of the 年度 the child would finish 小学校). */
  retain_until: dateString,
  left: z.boolean(),
});
export type YorokuContext = z.infer<typeof yorokuContextSchema>;

export const getStaffYorokuContext = defineCall({
  method: 'GET',
  path: '/api/staff/records/{documentId}/yoroku',
  summary: 'Beside a 要録: the class’s 重点 and the child’s earlier 経過記録 (read with the 要録)',
  params: z.object({ documentId: idParam }),
  response: yorokuContextSchema,
});

/** Every final-year child's 要録 of the class and 年度 as PDFs in one ZIP (`?year=`); not a JSON call; audited per child. */
export const staffClassYorokuZipPath = '/api/staff/classes/{classId}/yoroku.zip';

/**
 * The 入所に関する記録 of a class's 要録 for the roster (records.md §7: the 事務 reads them, not the
 * 保育に関する記録): each final-year child's checked fields as the 要録 holds them (its latest
 * version), or none when the 要録 is not made yet. Every member of the facility reads it, the 事務
 * too; each child's read is audited as a read of the 要録.
 */
export const yorokuAdmissionsSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  fiscal_year: z.number().int(),
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      left: z.boolean(),
      document: z.object({ id: z.number().int(), version: z.number().int(), status: z.enum(recordStatuses) }).nullable(),
      /** In the 様式's order; empty when the 要録 is not made. */
      fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
    }),
  ),
});
export type YorokuAdmissions = z.infer<typeof yorokuAdmissionsSchema>;

export const getStaffClassYorokuAdmissions = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/yoroku-admissions',
  summary:
    'The 入所に関する記録 of a class’s 要録 of a 年度 (every member, the 事務 too; not the 保育に関する記録; desktop); each child’s read audited',
  params: classParams,
  query: z.object({ year: year.optional() }),
  response: yorokuAdmissionsSchema,
});
