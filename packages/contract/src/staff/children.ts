import { z } from 'zod';
import { dateString, defineCall, idParam, messageSchema } from '../common';
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
  admitted_on: z.string(),
  left_on: z.string().nullable(),
  /** enrolled today / admitted later / left */
  status: z.enum(['enrolled', 'upcoming', 'left']),
  /** Activated guardians linked to the child. */
  guardians_count: z.number().int(),
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

const name = (label: string, max: number) =>
  z
    .string({ message: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`);
const kana = (label: string) => name(label, 30).regex(/^[\u3041-\u309F\u30FC\s　]+$/, `${label}はひらがなで入力してください`);

export const staffChildBody = z.object({
  last_name: name('姓', 30),
  first_name: name('名', 30),
  last_name_kana: kana('せい'),
  first_name_kana: kana('めい'),
  birth: dateString,
  /** 1 boy, 2 girl */
  sex: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '性別を選択してください'),
  allergies: z.string().trim().max(1000, 'アレルギーは1000文字以内で入力してください').optional().default(''),
  care_notes: z.string().trim().max(2000, '配慮事項は2000文字以内で入力してください').optional().default(''),
  class_id: idParam.nullable().optional().default(null),
  admitted_on: dateString,
  left_on: dateString.nullable().optional().default(null),
});

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
    .max(1_300_000, 'ファイルが大きすぎます（1MBまで）'),
});

/** The columns of the roster CSV (Japanese headers as facilities keep them in Excel). */
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
