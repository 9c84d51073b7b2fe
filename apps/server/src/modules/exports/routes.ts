import { z } from 'zod';
import { childExportDownloadPath, getChildExport, messages, postChildExport } from '@renraku/contract';
import type { AppContext } from '../../context';
import { idParam } from '@renraku/contract';
import { invalidMany, unauthenticated } from '../../lib/errors';
import { fastifyPath, route, type App } from '../../lib/route';
import { loadSessionUser, SESSION_COOKIE } from '../../lib/sessions';
import { latestExport, openDownload, requestExport } from './service';

const downloadParams = z.object({ childId: idParam, exportId: idParam });
const downloadQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() });

/** A child's archive (docs/decisions/exports-child-archive.md): main guardians only. */
export function exportsRoutes(app: App, ctx: AppContext) {
  route(app, getChildExport, {}, async ({ viewer, params, now }) => latestExport(ctx, viewer, params.childId, now));
  route(app, postChildExport, {}, async ({ viewer, params, now }) => requestExport(ctx, viewer, params.childId, now));

  // The ZIP itself: not a JSON call; the session, the main-guardian check and the URL's signature.
  app.get<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>(
    fastifyPath(childExportDownloadPath),
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      const user = token ? await loadSessionUser(ctx.db, token, req.now) : null;
      if (!user) throw unauthenticated();
      const params = downloadParams.safeParse(req.params);
      const query = downloadQuery.safeParse(req.query);
      if (!params.success || !query.success) throw invalidMany({ _: [messages.invalidInput] });
      const viewer = { userId: user.id, today: req.today };
      const file = await openDownload(ctx, viewer, params.data.childId, params.data.exportId, query.data, req.now);
      reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="export.zip"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        );
      if (file.sizeBytes) reply.header('content-length', String(file.sizeBytes));
      return reply.send(file.stream);
    },
  );
}
