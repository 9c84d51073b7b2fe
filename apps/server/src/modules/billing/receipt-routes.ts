import { billingReceiptPdfPath, idParam, messages, staffBillingReceiptPdfPath } from '@renraku/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { invalid, notFound, unauthenticated } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { loadSessionUser, SESSION_COOKIE } from '../../lib/sessions';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { authorizeFacility } from '../access';
import { statementById } from './payments';
import { guardianReceipt, staffReceipt, type ReceiptFile } from './receipt';

const send = (reply: FastifyReply, file: ReceiptFile) =>
  reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);

/** The 領収書 downloads (files, not JSON calls): the guardian's and the office's. */
export function receiptRoutes(app: App, ctx: AppContext) {
  app.get<{ Params: Record<string, string> }>(fastifyPath(billingReceiptPdfPath), async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const user = token ? await loadSessionUser(ctx.db, token, req.now) : null;
    if (!user) throw unauthenticated();
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw invalid('id', messages.invalidInput);
    return send(reply, await guardianReceipt(ctx.db, { userId: user.id, today: req.today }, id.data));
  });

  staffCsvRoute(app, staffBillingReceiptPdfPath, 'statementId', z.object({}), async ({ staff, id }) => {
    // Another facility's statement (or none) is 404 for the caller, as its facility would be.
    const row = await statementById(ctx.db, id);
    if (!row) throw notFound();
    return staffReceipt(ctx.db, await authorizeFacility(ctx, staff, row.facilityId, 'billing.manage'), row, staff.today);
  });
}
