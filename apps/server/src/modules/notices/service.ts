/**
 * The notices area's public functions (F §6): the page, read marks, files, questionnaires, and
 * writing notices. Each concern lives in its own file, each table has one writer (compose.ts:
 * notices and questionnaires; attachments.ts: notice_files; targets.ts: notice_targets;
 * questionnaires.ts: respondents and answers); other areas and the seed import from here.
 */
export { listNotices } from './page';
export { markRead } from './targets';
export { FILE_URL_TTL_SEC, reloadFileUrl } from './files';
export { answerQuestionnaire, getRespondent } from './questionnaires';
export { composeNotice } from './compose';
export { attachFile } from './attachments';
export { questionsOf } from './questions';
export type { NoticeInput, NoticeRow } from './audience';
