import {
  getNoticeFileReload,
  getNotices,
  getQuestionnaireRespondent,
  noticeTexts,
  putNoticesRead,
  putQuestionnaireAnswers,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { hotRoute, route, type App } from '../../lib/route';
import { answerQuestionnaire, getRespondent, listNotices, markRead, reloadFileUrl } from './service';

/**
 * Routes of the notices area. GET /api/notices/notifications (banners) belongs to the feed area.
 */
export function noticesRoutes(app: App, ctx: AppContext) {
  hotRoute(app, getNotices, async ({ caller, query }) => listNotices(ctx, caller, query.date));

  route(app, putNoticesRead, {}, async ({ user, now, body }) => {
    await markRead(ctx, user.id, now, body.noticeId, body.childIds);
    return { message: noticeTexts.markedRead };
  });

  route(app, getNoticeFileReload, {}, async ({ user, now, params, query }) => ({
    url: await reloadFileUrl(ctx, user.id, now, params.id, params.fileId, query.childIds),
  }));

  route(app, getQuestionnaireRespondent, {}, async ({ user, now, params }) =>
    getRespondent(ctx, user.id, now, params.noticeId, params.questionnaireId, params.childId),
  );

  route(app, putQuestionnaireAnswers, {}, async ({ user, now, params, body }) => {
    await answerQuestionnaire(ctx, user.id, now, params.id, params.questionnaireId, body);
    return { message: noticeTexts.answered };
  });
}
