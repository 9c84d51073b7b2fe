import { z } from 'zod';
import { dateString, defineCall, idNumber, idParam, int4, messageSchema } from './common';
import { NOTICE_DATES_PER_PAGE, QUESTIONNAIRE_FREE_TEXT_MAX, answerFormatTypes, noticeTexts } from './constants/notices';
export * from './constants/notices';

export type AnswerFormatType = (typeof answerFormatTypes)[number];

/** Image or document attached to a notice (F §3 "Image/file"). */
export const noticeFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Images: signed URL of the thumbnail; documents: null (they open through the reload route). */
  url: z.string().nullable(),
  /** Images: signed URL of the medium-size image; documents: null. */
  fileUrl: z.string().nullable(),
  isDocumentFile: z.boolean(),
  /** Human-readable size, e.g. 「1.2MB」. */
  displaySize: z.string(),
});
export type NoticeFile = z.infer<typeof noticeFileSchema>;

/** One of the caller's children the notice is addressed to. */
export const noticeChildSchema = z.object({
  note_child_id: z.number().int(),
  child_id: z.number().int(),
  unRead: z.boolean(),
  /** Whether this child's questionnaire answer is in (false when the notice has no questionnaire). */
  isAnswered: z.boolean(),
  nurseryName: z.string(),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text; the web linkifies URLs itself (never HTML). */
  text: z.string(),
  /** ISO instant. */
  released_at: z.string(),
  company_id: z.number().int(),
  nursery: z.object({ nursery_id: z.number().int(), name: z.string() }),
  files: z.array(noticeFileSchema),
  children: z.array(noticeChildSchema),
  /** The raw per-child targets (read_at null = unread). */
  childNotices: z.array(z.object({ note_child_id: z.number().int(), read_at: z.string().nullable() })),
  questionnaire: z.object({ id: z.number().int(), closeAt: z.string() }).nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const getNotices = defineCall({
  method: 'GET',
  path: '/api/notices',
  summary: `Notices and questionnaires released to the caller's activated, enrolled children, keyed by Tokyo release date, newest first; ${NOTICE_DATES_PER_PAGE} dates per page, older than \`date\` when given; {} = no more`,
  query: z.object({ date: dateString.optional() }),
  response: z.record(z.string(), z.array(noticeSchema)),
});
export type NoticesPage = z.infer<typeof getNotices.response>;

export const putNoticesRead = defineCall({
  method: 'PUT',
  path: '/api/notices/read',
  summary: "Marks the notice read for those of the caller's children (idempotent)",
  body: z.object({
    noticeId: idNumber('お知らせを指定してください'),
    childIds: z
      .array(idNumber(), { message: 'お子さまを指定してください' })
      .min(1, { message: 'お子さまを指定してください' })
      .max(50),
  }),
  response: messageSchema,
});

const childIdsQuery = z
  .union([z.array(idParam), idParam])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number()).min(1, { message: 'お子さまを指定してください' }).max(50));

export const getNoticeFileReload = defineCall({
  method: 'GET',
  path: '/api/notices/{id}/files/{fileId}/reload',
  summary: "A fresh signed, short-lived URL of a notice file, when one of childIds is the caller's child addressed by the notice",
  params: z.object({ id: idParam, fileId: idParam }),
  query: z.object({ childIds: childIdsQuery }),
  response: z.object({ url: z.string() }),
});

/** An answer value: free text (string), single choice (choice id), multi choice (choice ids); null = no answer. */
export const answerValueSchema = z
  .union([z.string().max(QUESTIONNAIRE_FREE_TEXT_MAX, { message: noticeTexts.freeTextMax }), int4(), z.array(int4()).max(100)])
  .nullable();
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  isRequired: z.boolean(),
  answerFormat: z.object({
    type: z.enum(answerFormatTypes),
    choices: z.array(z.object({ id: z.number().int(), text: z.string() })),
  }),
  /** This child's current answer, if any. */
  answer: answerValueSchema,
});
export type Question = z.infer<typeof questionSchema>;

export const getQuestionnaireRespondent = defineCall({
  method: 'GET',
  path: '/api/notices/{noticeId}/questionnaires/{questionnaireId}/respondents/{childId}',
  summary: 'The questionnaire of a notice as this child’s guardian sees it, with the child’s answers',
  params: z.object({ noticeId: idParam, questionnaireId: idParam, childId: idParam }),
  response: z.object({
    releasedAt: z.string(),
    title: z.string(),
    text: z.string(),
    child: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
    questionnaire: z.object({
      id: z.number().int(),
      closeAt: z.string(),
      isClosed: z.boolean(),
      isAnswered: z.boolean(),
      /** Only the main guardian of the child may answer (F §6). */
      canAnswer: z.boolean(),
      facilityName: z.string(),
      questions: z.array(questionSchema),
    }),
  }),
});
export type QuestionnaireRespondent = z.infer<typeof getQuestionnaireRespondent.response>;

export const putQuestionnaireAnswers = defineCall({
  method: 'PUT',
  path: '/api/notices/{id}/questionnaires/{questionnaireId}',
  summary:
    'Answers (or re-answers, replacing) the questionnaire for one child; main guardian only, before closeAt; required-ness checked by the server',
  params: z.object({ id: idParam, questionnaireId: idParam }),
  body: z.object({
    childId: idNumber('お子さまを指定してください'),
    answers: z
      .array(
        z.object({
          questionId: idNumber(),
          text: answerValueSchema,
          /** Sent by the web as the spec says; the server uses its own stored required-ness. */
          isRequired: z.boolean().optional(),
        }),
      )
      .max(200),
  }),
  response: messageSchema,
});
