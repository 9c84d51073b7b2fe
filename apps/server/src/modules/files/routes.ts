import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { notFound } from '../../lib/errors';

/** Serves stored files behind signed, expiring URLs (lib/files). */
export function filesRoutes(app: App, ctx: AppContext) {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string; v?: string } }>('/files/*', async (req, reply) => {
    const key = req.params['*'];
    const { exp = '', sig = '', v = '' } = req.query;
    if (!ctx.files.verify(key, exp, sig, v)) throw notFound();
    const stream = ctx.storage.stream(v ? `${key}.${v}` : key);
    if (!stream) throw notFound();
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('content-type', contentTypeOf(key));
    return reply.send(stream);
  });
}

function contentTypeOf(key: string): string {
  if (/\.jpe?g$/i.test(key)) return 'image/jpeg';
  if (/\.png$/i.test(key)) return 'image/png';
  if (/\.webp$/i.test(key)) return 'image/webp';
  if (/\.pdf$/i.test(key)) return 'application/pdf';
  return 'application/octet-stream';
}
