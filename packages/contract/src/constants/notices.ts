/** Constants of the notices area: no zod here, so the web's first load stays small. */

/**
 * Paging of GET /api/notices (decision: docs/decisions/notices-paging.md): one page holds every
 * notice of up to this many release dates (Tokyo dates that have a notice for the caller), newest
 * first. Without `date` the page starts at the newest; with `date` it holds dates strictly before
 * it, so the web passes the earliest date it has loaded. An empty object means there is no more.
 */
export const NOTICE_DATES_PER_PAGE = 10;

export const QUESTIONNAIRE_FREE_TEXT_MAX = 1000;

export const answerFormatTypes = ['single_choice', 'multi_choice', 'free_text'] as const;

export const noticeTexts = {
  empty: '表示可能なお知らせがありません。投稿されるまでしばらくお待ちください',
  markedRead: 'お知らせ1件を既読にしました',
  answered: '回答を送信しました',
  noPermission: '回答する権限がありません',
  closed: 'アンケートの回答期限を過ぎています',
  required: '必須の質問に回答してください',
  badChoice: '選択肢が正しくありません',
  badAnswer: '回答の形式が正しくありません',
  unknownQuestion: 'このアンケートにない質問です',
  freeTextMax: `自由記述は${QUESTIONNAIRE_FREE_TEXT_MAX}文字以内で入力してください`,
} as const;
