import { z } from 'zod';
import { defineCall, idParam } from '../common';
import { staffPersonSchema } from './common';

/** Facility setup (staff.md §3): classes per fiscal year. */
export const facilityParams = z.object({ facilityId: idParam });

/** Texts of facility setup, shared by server and staff app. */
export const facilityMessages = {
  /** The CSV import finds a class by its name in the 年度, so names are unique there. */
  classNameTaken: 'この年度には同じ名前のクラスがすでにあります',
} as const;

export const staffClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 年度: the April it starts in. */
  fiscal_year: z.number().int(),
  /** 0–5 歳児, null = mixed ages. */
  age_band: z.number().int().nullable(),
  /** The staff assigned to it (class-staff memberships covering today). */
  staff: z.array(staffPersonSchema),
  /** Children enrolled in it today. */
  children_count: z.number().int(),
});
export type StaffClass = z.infer<typeof staffClassSchema>;

export const getStaffClasses = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/classes',
  summary: 'The facility’s classes of a fiscal year (default: the current one), in order (every member)',
  params: facilityParams,
  query: z.object({ fiscal_year: z.coerce.number().int().min(2000).max(2100).optional() }),
  response: z.array(staffClassSchema),
});

export const classBody = z.object({
  name: z
    .string({ message: 'クラス名を入力してください' })
    .trim()
    .min(1, 'クラス名を入力してください')
    .max(30, 'クラス名は30文字以内で入力してください'),
  fiscal_year: z.coerce
    .number({ message: '年度を選択してください' })
    .int()
    .min(2000, '年度を選択してください')
    .max(2100, '年度を選択してください'),
  age_band: z.coerce
    .number()
    .int()
    .min(0, '年齢を選択してください')
    .max(5, '年齢を選択してください')
    .nullable()
    .optional()
    .default(null),
});

export const postStaffClass = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/classes',
  summary: 'Creates a class (director, company admin); audited',
  params: facilityParams,
  body: classBody,
  response: staffClassSchema,
  status: 201,
});

export const putStaffClass = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}',
  summary: 'Renames a class or changes its age band (director, company admin); audited',
  params: z.object({ classId: idParam }),
  body: classBody.omit({ fiscal_year: true }),
  response: staffClassSchema,
});
