/**
 * The notices area's public functions (F §6): the page, read marks, files, questionnaires, and
 * writing notices. Each concern lives in its own file; other areas and the seed import from here.
 */
export { listNotices } from './page';
export { markRead } from './targets';
export { FILE_URL_TTL_SEC, reloadFileUrl } from './files';
export { answerQuestionnaire, getRespondent } from './questionnaires';
export { createNotice, DOCUMENT_TYPES, type NewNotice } from './authoring';
