import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';

/**
 * The class's daily notes of a day (staff.md §4 "Entry grid"): what staff write per child for the
 * guardians' daily-note card (feed), as drafts saved while typing, then published (公開) with the
 * writer's name. Every field here is one the guardian card shows (docs/decisions/feed-staff-daily-notes.md).
 */

/** 給食 amounts (staff.md §4), in the order the grid offers them. */
export const mealAmounts = ['完食', 'おかわり', '半分', '少し', '食べない'] as const;
/** 排便 kinds; the card shows them as `うんち（普通）`. */
export const excretionKinds = ['普通', '軟便', '下痢', '硬便'] as const;
/** The category a published excretion carries on the guardian card. */
export const excretionCategory = 'うんち';
export const temperatureRange = { min: 34, max: 42 } as const;
export const milkRange = { min: 10, max: 400 } as const;
/** A past day stays writable this many days (staff.md §4: read-only after 7 days). */
export const dailyNoteWritableDays = 7;
/** The 給食 categories the grid starts with when no earlier menu exists. */
export const defaultLunchCategories = ['主食', '主菜', '副菜', '汁物'] as const;

export const dailyNoteMessages = {
  time: '時刻を正しく入力してください（例 09:30）',
  temperature: `体温は${temperatureRange.min}.0〜${temperatureRange.max}.0℃で入力してください`,
  amount: '量は選択肢（完食・おかわり・半分・少し・食べない）から選んでください',
  excretion: '排便の種類は選択肢から選んでください',
  milk: `ミルクの量は${milkRange.min}〜${milkRange.max}mlで入力してください`,
  napOrder: '午睡の終了は開始より後の時刻にしてください',
  category: '給食の品目を入力してください（20文字以内）',
  tooMany: '入力できる件数を超えています',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  futureDay: '未来の日付の連絡帳は記入できません',
  pastDay: `${dailyNoteWritableDays}日より前の連絡帳は変更できません`,
  notInClass: 'このクラスに在籍していない園児が含まれています',
  noDraft: '公開する下書きがありません',
  duplicateChild: '同じ園児が重複しています',
  published: (n: number) => `${n}人の連絡帳を公開しました`,
} as const;

const time = z.string({ message: dailyNoteMessages.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, dailyNoteMessages.time);
const text = (max: number) =>
  z
    .string({ message: dailyNoteMessages.tooLong(max) })
    .max(max, dailyNoteMessages.tooLong(max))
    .nullable();

export const dailyNoteContentSchema = z.object({
  thermometries: z
    .array(
      z.object({
        time,
        thermometry: z
          .number({ message: dailyNoteMessages.temperature })
          .min(temperatureRange.min, dailyNoteMessages.temperature)
          .max(temperatureRange.max, dailyNoteMessages.temperature),
      }),
    )
    .max(5, dailyNoteMessages.tooMany),
  /** The day's 給食 menu (献立), the same for the class. */
  school_meal: text(200),
  /** One row per 給食 category; the amount is empty until staff pick one (then only picked rows are published). */
  lunch_items: z
    .array(
      z.object({
        category_label: z
          .string({ message: dailyNoteMessages.category })
          .trim()
          .min(1, dailyNoteMessages.category)
          .max(20, dailyNoteMessages.category),
        amount_label: z.enum(mealAmounts, { message: dailyNoteMessages.amount }).nullable(),
      }),
    )
    .max(8, dailyNoteMessages.tooMany),
  lunch_note: text(200),
  snack_morning: text(100),
  snack_afternoon: text(100),
  snack_note: text(200),
  sleeps: z
    .array(
      z
        .object({ start: time, end: time.nullable() })
        .refine((s) => s.end === null || s.end > s.start, { message: dailyNoteMessages.napOrder, path: ['end'] }),
    )
    .max(3, dailyNoteMessages.tooMany),
  defecations: z
    .array(z.object({ time, kind: z.enum(excretionKinds, { message: dailyNoteMessages.excretion }) }))
    .max(8, dailyNoteMessages.tooMany),
  milks: z
    .array(
      z.object({
        time,
        amount: z
          .number({ message: dailyNoteMessages.milk })
          .int(dailyNoteMessages.milk)
          .min(milkRange.min, dailyNoteMessages.milk)
          .max(milkRange.max, dailyNoteMessages.milk),
      }),
    )
    .max(8, dailyNoteMessages.tooMany),
  /** The staff note (記入者 beside it on the card). */
  text: text(1000),
});
export type DailyNoteContent = z.infer<typeof dailyNoteContentSchema>;

export const emptyDailyNoteContent = (): DailyNoteContent => ({
  thermometries: [],
  school_meal: null,
  lunch_items: [],
  lunch_note: null,
  snack_morning: null,
  snack_afternoon: null,
  snack_note: null,
  sleeps: [],
  defecations: [],
  milks: [],
  text: null,
});

/**
 * empty: nothing written; draft: written, never published; published: guardians see what is here;
 * changed: published, with a correction not yet published (guardians still see the published version);
 * a draft whose values equal the published note is not a change (status published).
 */
export const dailyNoteStatuses = ['empty', 'draft', 'published', 'changed'] as const;
export const dailyNoteStatusLabels: Record<(typeof dailyNoteStatuses)[number], string> = {
  empty: '未記入',
  draft: '下書き',
  published: '公開済',
  changed: '公開後に変更あり',
};

export const classDayChildSchema = z.object({
  child_id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  /** The child's アレルギー ('' when none), beside the 給食 entry (docs/decisions/day-allergies-on-tablet.md). */
  allergies: z.string(),
  /** A guardian reported an absence for the day: "apply to every present child" skips them. */
  absent: z.boolean(),
  status: z.enum(dailyNoteStatuses),
  /** The draft when there is one, else the published note, else empty. */
  content: dailyNoteContentSchema,
  draft_saved_at: z.string().nullable(),
  published: z.object({ version: z.number().int(), published_at: z.string(), writer_name: z.string().nullable() }).nullable(),
});
export type ClassDayChild = z.infer<typeof classDayChildSchema>;

export const classDayMenuSchema = z.object({
  date: z.string(),
  school_meal: z.string().nullable(),
  lunch_categories: z.array(z.string()),
  snack_morning: z.string().nullable(),
  snack_afternoon: z.string().nullable(),
});
export type ClassDayMenu = z.infer<typeof classDayMenuSchema>;

export const classDaySchema = z.object({
  date: z.string(),
  class: z.object({ id: z.number().int(), name: z.string(), facility_id: z.number().int() }),
  /** The caller may write this class's notes (its class staff, director, company admin) and the day is open. */
  can_write: z.boolean(),
  /** The menu of the class's latest earlier day with one (「前日の献立をコピー」). */
  previous_menu: classDayMenuSchema.nullable(),
  /** Values carried from the class (docs/decisions/feed-staff-daily-notes-class-publish.md): the typical nap of the day. */
  defaults: z.object({ nap: z.object({ start: z.string(), end: z.string().nullable() }).nullable() }),
  children: z.array(classDayChildSchema),
});
export type ClassDay = z.infer<typeof classDaySchema>;

const classParams = z.object({ classId: idParam });
const day = dateString;

export const getStaffClassDailyNotes = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/daily-notes',
  summary: 'The class’s children with their daily note of the day (today by default): drafts and published versions',
  params: classParams,
  query: z.object({ date: day.optional() }),
  response: classDaySchema,
});

export const putStaffClassDailyNoteDrafts = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/daily-notes/drafts',
  summary:
    'Saves drafts of some children of the class for a day (autosave; class staff of the class, director, company admin); not shown to guardians',
  params: classParams,
  body: z.object({
    date: day,
    drafts: z
      .array(z.object({ child_id: z.number({ message: dailyNoteMessages.notInClass }).int(), content: dailyNoteContentSchema }))
      .min(1, dailyNoteMessages.noDraft)
      .max(80, dailyNoteMessages.tooMany),
  }),
  response: classDaySchema,
});

export const postStaffClassDailyNotesPublish = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/daily-notes/publish',
  summary:
    'Publishes the drafts of the given children to their guardians’ feed with the writer’s name (one statement batch); each version audited',
  params: classParams,
  body: z.object({
    date: day,
    child_ids: z.array(z.number().int()).min(1, dailyNoteMessages.noDraft).max(80, dailyNoteMessages.tooMany),
  }),
  response: classDaySchema,
});
