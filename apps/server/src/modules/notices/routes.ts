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

  route(app, putNoticesRead, {}, async ({ viewer, now, body }) => {
    await markRead(ctx.db, viewer, now, body.noticeId, body.childIds);
    return { message: noticeTexts.markedRead };
  });

  route(app, getNoticeFileReload, {}, async ({ viewer, now, params, query }) => ({
    url: await reloadFileUrl(ctx, viewer, now, params.id, params.fileId, query.childIds),
  }));

  route(app, getQuestionnaireRespondent, {}, async ({ viewer, now, params }) =>
    getRespondent(ctx.db, viewer, now, params.noticeId, params.questionnaireId, params.childId),
  );

  route(app, putQuestionnaireAnswers, {}, async ({ viewer, now, params, body }) => {
    await answerQuestionnaire(ctx.db, viewer, now, params.id, params.questionnaireId, body);
    return { message: noticeTexts.answered };
  });
}
