import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { idParam, messages } from '@renraku/contract';
import { fastifyPath, type App } from './route';
import { invalidMany, unauthenticated } from './errors';
import { loadStaffSession } from './staff-sessions';
import { staffCallerOf, type StaffCaller } from './staff-route';

/**
 * A staff file download (not a JSON call), a CSV as the audit log's or a PDF (`type`): a complete
 * staff session (401), the path's id and the query checked by zod (422 in Japanese, per field),
 * then the handler, which authorizes through the access kernel and answers the file's name and
 * text (a CSV in UTF-8 with BOM) or bytes.
 */
export function staffCsvRoute<Q extends z.ZodType>(
  app: App,
  path: string,
  idName: string,
  query: Q,
  handler: (input: {
    staff: StaffCaller;
    id: number;
    query: z.infer<Q>;
    now: Date;
  }) => Promise<{ filename: string; body: string | Buffer | Readable; type?: string }>,
) {
  app.get<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>(fastifyPath(path), async (req, reply) => {
    const session = await loadStaffSession(app.ctx.db, req, req.now);
    if (!session || session.pending) throw unauthenticated();
    const id = idParam.safeParse(req.params[idName]);
    const parsed = query.safeParse(req.query);
    const errors: Record<string, string[]> = {};
    if (!id.success) errors[idName] = [messages.invalidInput];
    if (!parsed.success)
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
    if (Object.keys(errors).length > 0) throw invalidMany(errors);
    const file = await handler({
      staff: staffCallerOf(session, req),
      id: id.data!,
      query: parsed.data as z.infer<Q>,
      now: req.now,
    });
    return reply
      .type(file.type ?? 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
}
