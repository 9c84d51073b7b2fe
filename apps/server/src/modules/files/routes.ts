import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { forbidden, notFound } from '../../lib/errors';

/** What a signed URL carries (lib/files): single strings, so `sig[x]=1` or a repeated `exp` is a 422, not a 500. */
const signedUrlQuery = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
  v: z.string().max(40).optional(),
});

/** Serves stored files behind signed, expiring URLs (lib/files). */
export function filesRoutes(app: App, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/files/*', { schema: { params: z.object({ '*': z.string() }), querystring: signedUrlQuery } }, async (req, reply) => {
      const key = req.params['*'];
      const { exp = '', sig = '', v = '' } = req.query;
      // A tampered or expired URL is refused without touching storage.
      if (!ctx.files.verify(key, exp, sig, v)) throw forbidden();
      const stream = await ctx.storage.get(v ? `${key}.${v}` : key);
      if (!stream) throw notFound();
      // The browser keeps it no longer than the URL is valid.
      const left = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
      reply.header('cache-control', `private, max-age=${left}`);
      reply.header('content-type', contentTypeOf(key));
      return reply.send(stream);
    });
}

function contentTypeOf(key: string): string {
  if (/\.jpe?g$/i.test(key)) return 'image/jpeg';
  if (/\.png$/i.test(key)) return 'image/png';
  if (/\.webp$/i.test(key)) return 'image/webp';
  if (/\.pdf$/i.test(key)) return 'application/pdf';
  // Documents attached to notices.
  const documents: Record<string, string> = {
    doc: 'application/msword',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xls: 'application/vnd.ms-excel',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ppt: 'application/vnd.ms-powerpoint',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    csv: 'text/csv; charset=utf-8',
    txt: 'text/plain; charset=utf-8',
  };
  const ext = /\.(\w+)$/.exec(key)?.[1]?.toLowerCase();
  if (ext && documents[ext]) return documents[ext];
  return 'application/octet-stream';
}
