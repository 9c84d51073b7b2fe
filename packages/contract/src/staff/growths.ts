import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';

/**
 * The class's measurement session (staff.md §4 "Growth"): height, weight, head and chest per child
 * with the previous values beside them and a warning for implausible jumps; saving writes the
 * guardians' growth records (docs/decisions/growths-staff-session.md).
 */

export const growthFields = ['height', 'weight', 'head', 'chest'] as const;
export type GrowthField = (typeof growthFields)[number];

export const growthFieldLabels: Record<GrowthField, string> = { height: '身長', weight: '体重', head: '頭囲', chest: '胸囲' };
export const growthUnits: Record<GrowthField, string> = { height: 'cm', weight: 'kg', head: 'cm', chest: 'cm' };
/** The values a measurement can hold at all (outside: 422); decimals as the records keep them. */
export const growthRanges: Record<GrowthField, { min: number; max: number; decimals: number }> = {
  height: { min: 30, max: 200, decimals: 1 },
  weight: { min: 1, max: 100, decimals: 2 },
  head: { min: 20, max: 70, decimals: 1 },
  chest: { min: 20, max: 100, decimals: 1 },
};

export const growthMessages = {
  range: (field: GrowthField) =>
    `${growthFieldLabels[field]}は${growthRanges[field].min}〜${growthRanges[field].max}${growthUnits[field]}の範囲で入力してください`,
  decimals: (field: GrowthField) =>
    `${growthFieldLabels[field]}は小数点以下${growthRanges[field].decimals}桁までで入力してください`,
  empty: '身長・体重・頭囲・胸囲のいずれかを入力してください',
  notInClass: 'このクラスに在籍していない園児が含まれています',
  duplicateChild: '同じ園児が重複しています',
  futureDay: '未来の日付の測定は記録できません',
  pastDay: '7日より前の測定は記録できません',
  tooMany: '入力できる件数を超えています',
  saved: (n: number) => `${n}人の測定結果を保存しました`,
} as const;

/** A warning for an implausible value (shown, not refused: the measurement may be right). */
export const growthWarningTexts = {
  heightDecrease: '前回より身長が1cm以上減っています',
  weightJump: '前回から体重が20%以上変わっています',
  headDecrease: '前回より頭囲が1cm以上減っています',
  outsideReference: (field: 'height' | 'weight') => `${growthFieldLabels[field]}が基準範囲（3〜97パーセンタイル）の外です`,
} as const;

export interface GrowthValues {
  height: number | null;
  weight: number | null;
  head: number | null;
  chest: number | null;
}

/** The 3rd and 97th percentiles at the child's age on the day (null: no reference for its sex or age). */
export interface GrowthReference {
  height: [number, number] | null;
  weight: [number, number] | null;
}

/** Warnings for a new measurement against the previous one and the reference range (staff.md §4). */
export function growthWarnings(
  value: GrowthValues,
  previous: GrowthValues | null,
  reference: GrowthReference | null,
): { field: GrowthField; text: string }[] {
  const out: { field: GrowthField; text: string }[] = [];
  if (previous) {
    if (value.height !== null && previous.height !== null && previous.height - value.height > 1)
      out.push({ field: 'height', text: growthWarningTexts.heightDecrease });
    if (
      value.weight !== null &&
      previous.weight !== null &&
      previous.weight > 0 &&
      Math.abs(value.weight - previous.weight) / previous.weight > 0.2
    )
      out.push({ field: 'weight', text: growthWarningTexts.weightJump });
    if (value.head !== null && previous.head !== null && previous.head - value.head > 1)
      out.push({ field: 'head', text: growthWarningTexts.headDecrease });
  }
  for (const field of ['height', 'weight'] as const) {
    const range = reference?.[field];
    const v = value[field];
    if (range && v !== null && (v < range[0] || v > range[1]))
      out.push({ field, text: growthWarningTexts.outsideReference(field) });
  }
  return out;
}

const valuesSchema = z.object({
  height: z.number().nullable(),
  weight: z.number().nullable(),
  head: z.number().nullable(),
  chest: z.number().nullable(),
});

export const growthSessionChildSchema = z.object({
  child_id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  /** Completed months on the session's day. */
  age_months: z.number().int(),
  /** The latest measurement before the day. */
  previous: valuesSchema.extend({ date: z.string() }).nullable(),
  /** The measurement of the day, once saved. */
  current: valuesSchema.extend({ id: z.number().int() }).nullable(),
  reference: z.object({
    height: z.tuple([z.number(), z.number()]).nullable(),
    weight: z.tuple([z.number(), z.number()]).nullable(),
  }),
});
export type GrowthSessionChild = z.infer<typeof growthSessionChildSchema>;

export const growthSessionSchema = z.object({
  date: z.string(),
  class: z.object({ id: z.number().int(), name: z.string(), facility_id: z.number().int() }),
  can_write: z.boolean(),
  children: z.array(growthSessionChildSchema),
});
export type GrowthSession = z.infer<typeof growthSessionSchema>;

const measurement = (field: GrowthField) => {
  const { min, max, decimals } = growthRanges[field];
  return z
    .number({ message: growthMessages.range(field) })
    .min(min, growthMessages.range(field))
    .max(max, growthMessages.range(field))
    .refine((v) => Math.abs(v * 10 ** decimals - Math.round(v * 10 ** decimals)) < 1e-6, growthMessages.decimals(field))
    .nullable()
    .optional()
    .default(null);
};

export const growthRowSchema = z
  .object({
    child_id: z.number({ message: growthMessages.notInClass }).int().positive().max(2_147_483_647),
    height: measurement('height'),
    weight: measurement('weight'),
    head: measurement('head'),
    chest: measurement('chest'),
  })
  .refine((row) => growthFields.some((field) => row[field] !== null), { message: growthMessages.empty, path: ['height'] });
export type GrowthRowInput = z.input<typeof growthRowSchema>;

const classParams = z.object({ classId: idParam });

export const getStaffClassGrowths = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/growths',
  summary:
    'The class’s measurement session of a day (today by default): each child’s previous values, the day’s and the reference range',
  params: classParams,
  query: z.object({ date: dateString.optional() }),
  response: growthSessionSchema,
});

export const putStaffClassGrowths = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/growths',
  summary:
    'Saves the day’s measurements of some children (one record per child and day; class staff of the class, director, company admin); the guardians’ growth charts show them at once; audited',
  params: classParams,
  body: z.object({
    date: dateString,
    rows: z.array(growthRowSchema).min(1, growthMessages.empty).max(80, growthMessages.tooMany),
  }),
  response: growthSessionSchema,
});
