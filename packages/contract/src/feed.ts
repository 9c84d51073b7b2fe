import { z } from 'zod';
import { dateString, defineCall } from './common';
import { FEED_MAX_CHILDREN, bannerLevels } from './constants/feed';
export * from './constants/feed';

/** F §3 "Image/file": a file of a daily note or class broadcast, behind signed, expiring URLs. */
export const feedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The full file (images: the stored, re-encoded original; documents: the document). */
  url: z.string(),
  /** What a tile shows: images → the 320-px `thumb` variant (≤ 100 kB); documents → the document. */
  fileUrl: z.string(),
  /** Images only: the 1024-px `medium` variant the full-screen viewer shows; null for documents. */
  mediumUrl: z.string().nullable(),
  isDocumentFile: z.boolean(),
  /** Human-readable size, e.g. 「245KB」. */
  displaySize: z.string(),
});
export type FeedFile = z.infer<typeof feedFileSchema>;

export const employeeInfoSchema = z.object({
  text: z.string().nullable(),
  name: z.string().nullable(),
  broadcastMessageFiles: z.array(feedFileSchema),
  employeeMessageFiles: z.array(feedFileSchema),
  /** time HH:MM, thermometry in ℃ (one decimal when shown). */
  thermometries: z.array(z.object({ time: z.string(), thermometry: z.number() })),
  sleeps: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
  defecations: z.array(z.object({ time: z.string(), category: z.string(), status: z.string() })),
  schoolMeal: z.string().nullable(),
  meals: z.object({
    lunch: z.object({
      items: z.array(z.object({ categoryLabel: z.string(), amountLabel: z.string() })),
      note: z.string().nullable(),
    }),
    snackSet: z.object({
      morning: z.string().nullable(),
      afternoon: z.string().nullable(),
      contactToParents: z.string().nullable(),
    }),
    /** amount in ml. */
    milks: z.array(
      z.object({ id: z.number().int(), time: z.string(), amount: z.number(), contactToParents: z.string().nullable() }),
    ),
  }),
});

/** The guardian-side family information (the sent contact book) of the same day. */
export const feedFamilyInformationSchema = z.object({
  thermometry: z.object({ doneAt: z.string().nullable(), temperature: z.number().nullable() }),
  sleep: z.object({ startedAt: z.string().nullable(), endedAt: z.string().nullable() }),
  defecation: z.object({ doneAt: z.string().nullable(), category: z.string().nullable(), status: z.string().nullable() }),
  /** Categories 前日の夕食 and 朝食. */
  meals: z.array(z.object({ category: z.string(), comment: z.string() })),
  poolAttendance: z.object({ isParticipate: z.boolean().nullable() }),
  text: z.string().nullable(),
});

/** F §3 "Daily message": one child's day. */
export const dailyMessageSchema = z.object({
  note_child_id: z.number().int(),
  /** The child (not in the spec's list; the web names the card's child by it). */
  child_id: z.number().int(),
  date: dateString,
  /** The facility's name. */
  nursery: z.string(),
  /**
   * The day's arrival and pick-up: a time staff or the gate recorded (`*Recorded` true), else the
   * planned one from the note (shown as 予定, never as if it had happened).
   */
  attendances: z.object({
    attendanceTime: z.string().nullable(),
    leavingTime: z.string().nullable(),
    attendanceRecorded: z.boolean(),
    leavingRecorded: z.boolean(),
  }),
  /** null when only the family information (or nothing from staff) exists that day. */
  message: z.object({ employeeInfo: employeeInfoSchema }).nullable(),
  familyInformation: feedFamilyInformationSchema.nullable(),
});
export type DailyMessage = z.infer<typeof dailyMessageSchema>;

export const feedContentQuery = z.object({
  children: z
    .array(
      z.coerce
        .number({ message: 'お子さまの指定が正しくありません' })
        .int({ message: 'お子さまの指定が正しくありません' })
        .positive({ message: 'お子さまの指定が正しくありません' })
        .max(2_147_483_647, { message: 'お子さまの指定が正しくありません' }),
      {
        message: 'お子さまを選択してください',
      },
    )
    .min(1, { message: 'お子さまを選択してください' })
    .max(FEED_MAX_CHILDREN, { message: `お子さまは${FEED_MAX_CHILDREN}人まで指定できます` }),
  date: dateString.optional(),
});

/**
 * Paging (F §4 "Older feed days load one day before the earliest loaded date"): one call answers
 * exactly ONE day — the newest facility day on or before `date` (default: today in Asia/Tokyo;
 * later dates count as today) on which any of the given children has content (a published daily
 * note, a class broadcast, or sent family information). The web then asks for
 * `date = that day − 1`, so empty days are skipped without gaps and no day comes twice.
 * `data` is empty and `has_more` false when nothing is left.
 */
export const getChildrenContent = defineCall({
  method: 'GET',
  path: '/api/children/content',
  summary: 'Daily messages of the given children for the newest day with content on or before `date`',
  query: feedContentQuery,
  response: z.object({
    /** Keyed by date (YYYY-MM-DD): at most one key; one entry per child with content that day, in the order asked. */
    data: z.record(z.string(), z.array(dailyMessageSchema)),
    /** Whether an older day with content exists (ask again with the loaded day − 1). */
    has_more: z.boolean(),
    /** F §3 "Settings": texts longer than this are truncated with 「…もっとみる」. Travels here so the feed needs no extra call. */
    message_minimize_threshold_length: z.number().int(),
  }),
});

export const bannerSchema = z.object({ level: z.enum(bannerLevels), label: z.string(), message: z.string() });

export const getNoticesNotifications = defineCall({
  method: 'GET',
  path: '/api/notices/notifications',
  summary: 'Banners over the feed: operator-wide ones and those of the companies of the caller’s children',
  response: z.array(bannerSchema),
});

export const getMicrocms = defineCall({
  method: 'GET',
  path: '/api/microcms',
  summary: 'The manual banner (`data.title` and its link), or `data: null` when none is published',
  response: z.object({ data: z.object({ title: z.string(), url: z.string() }).nullable() }),
});
