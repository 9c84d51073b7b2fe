import {
  billingDebitFormPdfPath,
  idParam,
  messages,
  putStaffBillingAccountRegistered,
  staffBillingDebitFormPdfPath,
} from '@renraku/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { invalidMany, unauthenticated } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { loadSessionUser, SESSION_COOKIE } from '../../lib/sessions';
import { staffCallerOf, staffRoute } from '../../lib/staff-route';
import { loadStaffSession } from '../../lib/staff-sessions';
import { authorizeFacility } from '../access';
import { setAccountRegistered } from './account-registered';
import { guardianDebitForm, staffDebitForm } from './debit-form';
import type { ReceiptFile } from './receipt';

const send = (reply: FastifyReply, file: ReceiptFile) =>
  reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);

/** The path's ids checked (422 in Japanese, per field). */
function ids<K extends string>(params: Record<string, string>, names: K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  const errors: Record<string, string[]> = {};
  for (const name of names) {
    const id = idParam.safeParse(params[name]);
    if (id.success) out[name] = id.data;
    else errors[name] = [messages.invalidInput];
  }
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  return out;
}

/** The 預金口座振替依頼書 (PDF downloads, guardian's and office's) and the 登録済 mark (spec/billing.md §4). */
export function debitFormRoutes(app: App, ctx: AppContext) {
  const secret = () => ctx.config.sessionSecret;

  app.get<{ Params: Record<string, string> }>(fastifyPath(billingDebitFormPdfPath), async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const user = token ? await loadSessionUser(ctx.db, token, req.now) : null;
    if (!user) throw unauthenticated();
    const { facilityId } = ids(req.params, ['facilityId']);
    return send(reply, await guardianDebitForm(ctx.db, secret(), { userId: user.id, today: req.today }, facilityId));
  });

  app.get<{ Params: Record<string, string> }>(fastifyPath(staffBillingDebitFormPdfPath), async (req, reply) => {
    const session = await loadStaffSession(app.ctx.db, req, req.now);
    if (!session || session.pending) throw unauthenticated();
    const { facilityId, userId } = ids(req.params, ['facilityId', 'userId']);
    const staff = staffCallerOf(session, req);
    const grant = await authorizeFacility(ctx, staff, facilityId, 'billing.manage');
    return send(reply, await staffDebitForm(ctx.db, secret(), staff, grant, userId, req.now));
  });

  staffRoute(app, putStaffBillingAccountRegistered, {}, async ({ staff, params, body, now }) =>
    setAccountRegistered(
      ctx.db,
      staff,
      await authorizeFacility(ctx, staff, params.facilityId, 'billing.manage'),
      params.userId,
      body.registered,
      now,
    ),
  );
}
