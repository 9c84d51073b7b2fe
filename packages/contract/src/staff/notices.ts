import { z } from 'zod';
import { answerFormatTypes } from '../constants/notices';
import { defineCall, idNumber, idParam, instantString, messageSchema } from '../common';
import { facilityParams } from './facilities';

/**
 * お知らせ by staff (staff.md §5): compose (title, text, files, targets, release now or at a set
 * time, questionnaire), edit or withdraw before release, logged edits after it, tracking (read and
 * answered per child, the guardians who have not), CSV and reminders. Class staff address their
 * own classes (or children of them); directors, office and company admins the whole facility.
 */

export const noticeMessages = {
  titleRequired: 'タイトルを入力してください',
  titleTooLong: 'タイトルは100文字以内で入力してください',
  textTooLong: '本文は10000文字以内で入力してください',
  targetsRequired: '配信先を選択してください',
  classNotOfFacility: 'この施設のクラスを選択してください',
  childNotOfFacility: 'この施設に在籍している園児を選択してください',
  releaseAtRequired: '配信日時を入力してください',
  releaseInPast: '配信日時は現在より後の日時を入力してください',
  questionsRequired: 'アンケートの質問を1つ以上追加してください',
  questionTextRequired: '質問文を入力してください',
  choicesRequired: '選択式の質問には選択肢を2つ以上入力してください',
  choiceTextRequired: '選択肢を入力してください',
  closeAtInPast: '回答期限は現在より後の日時を入力してください',
  closeBeforeRelease: '回答期限は配信日時より後にしてください',
  fileType: '添付できるのは画像（JPEG・PNG）とPDFだけです',
  fileRequired: 'ファイルを選択してください',
  tooManyFiles: '添付できるファイルは10個までです',
  releasedLocked: '配信済みのお知らせの配信先・アンケートの質問は変更できません',
  notWithdrawable: '配信済みのお知らせは取り下げできません',
  withdrawn: 'お知らせを取り下げました',
  withdrawnLocked: '取り下げたお知らせは編集できません',
  fileDeleted: 'ファイルを削除しました',
  reminded: (mailed: number) => `${mailed}人にリマインドを送りました`,
  nobodyToRemind: 'リマインドを送る相手がいません',
} as const;

export const NOTICE_FILES_MAX = 10;

/** What the screen shows for a notice's state; scheduled = published with a future release time. */
export const noticeStatuses = ['draft', 'scheduled', 'released', 'withdrawn'] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];
export const noticeStatusLabels: Record<NoticeStatus, string> = {
  draft: '下書き',
  scheduled: '配信予約',
  released: '配信済み',
  withdrawn: '取り下げ',
};

export const noticeAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('facility') }),
  z.object({
    kind: z.literal('classes'),
    ids: z.array(idNumber()).min(1, noticeMessages.targetsRequired).max(100),
  }),
  z.object({
    kind: z.literal('children'),
    ids: z.array(idNumber()).min(1, noticeMessages.targetsRequired).max(1000),
  }),
]);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

/** Bounded to 2000–2100 by the contract's one helper (docs/decisions/platform-date-ranges.md). */
const instant = instantString;

export const staffQuestionInput = z
  .object({
    text: z.string().trim().min(1, noticeMessages.questionTextRequired).max(500, '質問文は500文字以内で入力してください'),
    answer_format: z.enum(answerFormatTypes, { message: '回答形式を選択してください' }),
    is_required: z.boolean(),
    choices: z
      .array(z.string().trim().min(1, noticeMessages.choiceTextRequired).max(100, '選択肢は100文字以内で入力してください'))
      .max(20, '選択肢は20個までです')
      .optional()
      .default([]),
  })
  .superRefine((q, ctx) => {
    if (q.answer_format !== 'free_text' && q.choices.length < 2)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: noticeMessages.choicesRequired });
  });

export const staffNoticeBody = z.object({
  title: z
    .string({ message: noticeMessages.titleRequired })
    .trim()
    .min(1, noticeMessages.titleRequired)
    .max(100, noticeMessages.titleTooLong),
  text: z.string().trim().max(10000, noticeMessages.textTooLong).optional().default(''),
  audience: noticeAudienceSchema,
  /** draft: not sent; now: released at once; scheduled: released at release_at (in the future). */
  release: z.enum(['draft', 'now', 'scheduled'], { message: '配信方法を選択してください' }),
  release_at: instant('配信日時').nullable().optional().default(null),
  questionnaire: z
    .object({
      close_at: instant('回答期限'),
      questions: z.array(staffQuestionInput).min(1, noticeMessages.questionsRequired).max(30, '質問は30個までです'),
    })
    .nullable()
    .optional()
    .default(null),
});
export type StaffNoticeBody = z.input<typeof staffNoticeBody>;

const countsSchema = z.object({ targets: z.number().int(), read: z.number().int(), answered: z.number().int() });

export const staffNoticeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(noticeStatuses),
  released_at: z.string().nullable(),
  /** The audience in words: 全体, クラス names, or N人のお子さま. */
  audience_label: z.string(),
  has_questionnaire: z.boolean(),
  file_count: z.number().int(),
  counts: countsSchema,
  /** Whether the caller may edit it, see its tracking and remind. */
  editable: z.boolean(),
});
export type StaffNoticeSummary = z.infer<typeof staffNoticeSummarySchema>;

export const staffNoticeFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_document: z.boolean(),
  byte_size: z.number().int(),
  /** A signed URL of the original (documents) or the medium variant (images). */
  url: z.string().nullable(),
});

export const staffNoticeSchema = z.object({
  id: z.number().int(),
  facility_id: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: z.enum(noticeStatuses),
  released_at: z.string().nullable(),
  audience: noticeAudienceSchema.nullable(),
  audience_label: z.string(),
  files: z.array(staffNoticeFileSchema),
  questionnaire: z
    .object({
      id: z.number().int(),
      close_at: z.string(),
      questions: z.array(
        z.object({
          id: z.number().int(),
          text: z.string(),
          answer_format: z.enum(answerFormatTypes),
          is_required: z.boolean(),
          choices: z.array(z.object({ id: z.number().int(), text: z.string() })),
        }),
      ),
    })
    .nullable(),
  editable: z.boolean(),
  version: z.number().int(),
});
export type StaffNotice = z.infer<typeof staffNoticeSchema>;

const noticeParams = z.object({ noticeId: idParam });

export const getStaffFacilityNotices = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/notices',
  summary: 'The facility’s notices, newest first, with state and read/answered counts (every member)',
  params: facilityParams,
  response: z.array(staffNoticeSummarySchema),
});

export const postStaffFacilityNotice = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/notices',
  summary: 'Writes a notice: a draft, released now or scheduled (who may address its targets); audited',
  params: facilityParams,
  body: staffNoticeBody,
  response: staffNoticeSchema,
  status: 201,
});

export const getStaffNotice = defineCall({
  method: 'GET',
  path: '/api/staff/notices/{noticeId}',
  summary: 'A notice with its files and questionnaire (every member of its facility)',
  params: noticeParams,
  response: staffNoticeSchema,
});

export const putStaffNotice = defineCall({
  method: 'PUT',
  path: '/api/staff/notices/{noticeId}',
  summary:
    'Edits a notice: everything before release; after it title, text and closing time only, logged with the previous content',
  params: noticeParams,
  body: staffNoticeBody,
  response: staffNoticeSchema,
});

export const postStaffNoticeWithdraw = defineCall({
  method: 'POST',
  path: '/api/staff/notices/{noticeId}/withdraw',
  summary: 'Withdraws a draft or scheduled notice (never a released one); audited',
  params: noticeParams,
  response: messageSchema,
});

export const postStaffNoticeFile = defineCall({
  method: 'POST',
  path: '/api/staff/notices/{noticeId}/files',
  summary: 'Attaches an image (JPEG/PNG) or a PDF (multipart: upload_file); audited',
  params: noticeParams,
  upload: { file: 'upload_file', accepts: 'image_or_pdf' },
  response: staffNoticeFileSchema,
  status: 201,
});

export const deleteStaffNoticeFile = defineCall({
  method: 'DELETE',
  path: '/api/staff/notices/{noticeId}/files/{fileId}',
  summary: 'Removes a file from a notice; audited',
  params: z.object({ noticeId: idParam, fileId: idParam }),
  response: messageSchema,
});

const guardianRef = z.object({ user_id: z.number().int(), name: z.string() });

export const staffNoticeTrackingSchema = z.object({
  notice_id: z.number().int(),
  title: z.string(),
  status: z.enum(noticeStatuses),
  has_questionnaire: z.boolean(),
  counts: countsSchema,
  children: z.array(
    z.object({
      child_id: z.number().int(),
      name: z.string(),
      class_name: z.string().nullable(),
      read_at: z.string().nullable(),
      answered_at: z.string().nullable(),
      guardians: z.array(guardianRef),
    }),
  ),
  /** Guardians (activated links) of the children who have not read / not answered. */
  unread_guardians: z.array(guardianRef),
  unanswered_guardians: z.array(guardianRef),
  questions: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      answer_format: z.enum(answerFormatTypes),
      choices: z.array(z.object({ id: z.number().int(), text: z.string(), count: z.number().int() })),
      texts: z.array(z.object({ child_name: z.string(), text: z.string() })),
    }),
  ),
});
export type StaffNoticeTracking = z.infer<typeof staffNoticeTrackingSchema>;

export const getStaffNoticeTracking = defineCall({
  method: 'GET',
  path: '/api/staff/notices/{noticeId}/tracking',
  summary: 'Read and answered per target child, who has not, and the answers aggregated (who may address it)',
  params: noticeParams,
  response: staffNoticeTrackingSchema,
});

/** Every target child with read state and answers, as CSV (UTF-8 with BOM, CRLF). Not a JSON call. */
export const staffNoticeCsvPath = '/api/staff/notices/{noticeId}/tracking.csv';

export const postStaffNoticeReminder = defineCall({
  method: 'POST',
  path: '/api/staff/notices/{noticeId}/reminders',
  summary:
    'Reminds the guardians who have not read (or not answered): a mail (their settings apply) and a push where registered; once per person and day',
  params: noticeParams,
  body: z.object({ to: z.enum(['unread', 'unanswered'], { message: 'リマインドの対象を選択してください' }) }),
  response: z.object({ message: z.string(), mailed: z.number().int(), pushed: z.number().int() }),
});

/**
 * Polled by the open list and tracking (docs/decisions/day-live-updates.md, the same fingerprint
 * mechanism as the class board): the read and answered counts follow without a reload.
 */
export const getStaffNoticesVersion = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/notices-version',
  summary:
    'A cheap fingerprint of the facility’s notices of the last 90 days, their reads and answers: the list and tracking refetch when it changes (polled; every member)',
  params: facilityParams,
  response: z.object({ version: z.string() }),
});
