import { z } from 'zod';
import { defineCall, idParam, messageSchema } from '../common';
import { isCalendarDate } from '../dates';
import { staffPersonSchema } from './common';

/** Facility setup (staff.md §3): classes per fiscal year, the profile, closed days, functions, 進級. */
export const facilityParams = z.object({ facilityId: idParam });

/** Texts of facility setup, shared by server and staff app. */
export const facilityMessages = {
  /** The CSV import finds a class by its name in the 年度, so names are unique there. */
  classNameTaken: 'この年度には同じ名前のクラスがすでにあります',
  profileSaved: '施設情報を保存しました',
  closingBeforeOpening: '閉園時刻は開園時刻より後の時刻を入力してください',
  closedDayTaken: 'この日はすでに休園日として登録されています',
  closedDayHoliday: 'この日は祝日です（祝日は休園日として自動で表示されます）',
  closedDayDeleted: '休園日を削除しました',
  functionsSaved: '利用する機能を保存しました',
  promotionDone: '進級を完了しました',
  promotionAlreadyDone: 'この年度の進級はすでに完了しています',
  promotionTooEarly: '進級は新年度（4月1日）になってから確定できます',
  promotionNoClasses: 'この年度のクラスがありません',
  promotionClassesMismatch: 'この年度のすべてのクラスについて、進級先を1回ずつ指定してください',
  promotionNextClassInvalid: '進級先には次の年度のこの施設のクラスを選択してください',
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

// ---------------------------------------------------------------------------------------------
// The facility's profile, closed days and functions

/** The functions a facility switches on for its guardians (the guardian app's menu follows them). */
export const facilityFunctionsSchema = z.object({
  notice: z.boolean({ message: 'オンかオフを選択してください' }),
  schedule: z.boolean({ message: 'オンかオフを選択してください' }),
  body_measurement: z.boolean({ message: 'オンかオフを選択してください' }),
  event: z.boolean({ message: 'オンかオフを選択してください' }),
});
export type FacilityFunctions = z.infer<typeof facilityFunctionsSchema>;

export const facilityFunctionLabels: Record<keyof FacilityFunctions, string> = {
  notice: 'お知らせ',
  schedule: '予定表',
  body_measurement: '身体測定',
  event: '行事',
};

/** A day the facility is closed: one it entered (id set), or a Japanese public holiday (read-only). */
export const closedDaySchema = z.object({
  id: z.number().int().nullable(),
  date: z.string(),
  name: z.string(),
  public_holiday: z.boolean(),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

export const facilityProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** 'HH:MM', null = not entered. */
  opening_time: z.string().nullable(),
  closing_time: z.string().nullable(),
  /** The 年度 of `closed_days` (April to March). */
  fiscal_year: z.number().int(),
  /** The year's closed days and public holidays, by date. */
  closed_days: z.array(closedDaySchema),
  functions: facilityFunctionsSchema,
});
export type FacilityProfile = z.infer<typeof facilityProfileSchema>;

const fiscalYearQuery = z.coerce.number().int().min(2000).max(2100);

export const getStaffFacility = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}',
  summary: 'The facility’s profile, functions, and closed days of a fiscal year with the public holidays (every member)',
  params: facilityParams,
  query: z.object({ fiscal_year: fiscalYearQuery.optional() }),
  response: facilityProfileSchema,
});

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) =>
  z
    .string({ message: `${label}を入力してください` })
    .regex(HH_MM, `${label}は「08:30」の形で入力してください`)
    .nullable()
    .optional()
    .default(null);

export const facilityProfileBody = z
  .object({
    name: z
      .string({ message: '施設名を入力してください' })
      .trim()
      .min(1, '施設名を入力してください')
      .max(50, '施設名は50文字以内で入力してください'),
    address: z.string().trim().max(200, '住所は200文字以内で入力してください').optional().default(''),
    phone: z
      .string()
      .trim()
      .max(20, '電話番号は20文字以内で入力してください')
      .regex(/^[0-9+\-() ]*$/, '電話番号は半角の数字とハイフンで入力してください')
      .optional()
      .default(''),
    opening_time: time('開園時刻'),
    closing_time: time('閉園時刻'),
  })
  .superRefine((body, ctx) => {
    if (body.opening_time && body.closing_time && body.closing_time <= body.opening_time) {
      ctx.addIssue({ code: 'custom', path: ['closing_time'], message: facilityMessages.closingBeforeOpening });
    }
  });

export const putStaffFacility = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}',
  summary: 'Saves the facility’s name, address, phone and opening hours (director, company admin); audited',
  params: facilityParams,
  body: facilityProfileBody,
  response: facilityProfileSchema,
});

export const closedDayBody = z.object({
  date: z
    .string({ message: '日付を入力してください' })
    .min(1, { message: '日付を入力してください', abort: true })
    .refine((value) => isCalendarDate(value), '日付は正しい日付（例：2026-12-29）で入力してください'),
  name: z
    .string({ message: '休園日の名前を入力してください' })
    .trim()
    .min(1, '休園日の名前を入力してください')
    .max(30, '休園日の名前は30文字以内で入力してください'),
});

export const postStaffClosedDay = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/closed-days',
  summary: 'Adds a closed day (not a public holiday, once per date) (director, company admin); audited',
  params: facilityParams,
  body: closedDayBody,
  response: closedDaySchema,
  status: 201,
});

export const deleteStaffClosedDay = defineCall({
  method: 'DELETE',
  path: '/api/staff/closed-days/{closedDayId}',
  summary: 'Removes a closed day the facility entered (director, company admin); audited',
  params: z.object({ closedDayId: idParam }),
  response: messageSchema,
});

/**
 * The switches to change; the ones not sent stay as they are (two directors switching different
 * functions at once do not undo each other).
 */
export const facilityFunctionsBody = facilityFunctionsSchema
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), '変更する機能を指定してください');

export const putStaffFacilityFunctions = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/functions',
  summary: 'Switches the guardians’ functions on or off (those sent; the others stay) (director, company admin); audited',
  params: facilityParams,
  body: facilityFunctionsBody,
  response: facilityFunctionsSchema,
});

// ---------------------------------------------------------------------------------------------
// 進級: at the fiscal-year change, every class's children move to its next class

export const promotionBody = z.object({
  from_fiscal_year: z.coerce
    .number({ message: '年度を選択してください' })
    .int()
    .min(2000, '年度を選択してください')
    .max(2100, '年度を選択してください'),
  moves: z
    .array(
      z.object({
        class_id: idParam,
        /** null: the class's children leave (卒園・退園): their enrolment ends on March 31. */
        next_class_id: idParam.nullable(),
      }),
      { message: '進級先を指定してください' },
    )
    .min(1, '進級先を指定してください')
    .max(100),
});

export const promotionSummarySchema = z.object({
  from_fiscal_year: z.number().int(),
  to_fiscal_year: z.number().int(),
  classes: z.array(
    z.object({
      class_id: z.number().int(),
      class_name: z.string(),
      next_class_id: z.number().int().nullable(),
      next_class_name: z.string().nullable(),
      /** Children whose enrolment in the class reaches into the next 年度 (those who move or leave). */
      children_count: z.number().int(),
    }),
  ),
  moved_count: z.number().int(),
  graduated_count: z.number().int(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

export const postStaffPromotionPreview = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/promotion/preview',
  summary:
    '進級 as it would be done: the children per class, nothing written; 409 when the year is already promoted (director, company admin)',
  params: facilityParams,
  body: promotionBody,
  response: promotionSummarySchema,
});

export const postStaffPromotion = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/promotion',
  summary:
    '進級 in one step: each class’s children move to its next class (or leave on March 31); once per year (409), from April 1 of the next 年度 (director, company admin); audited',
  params: facilityParams,
  body: promotionBody,
  response: promotionSummarySchema.extend({ message: z.string() }),
});
