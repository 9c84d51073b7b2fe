import {
  getBillingAccounts,
  getStaffBillingAccounts,
  getStaffCollection,
  getStaffDebitSettings,
  idParam,
  postStaffDebitRequest,
  postStaffDebitRequestWithdraw,
  postStaffDebitResults,
  putBillingAccount,
  putStaffBillingAccount,
  putStaffDebitSettings,
  getStaffBillingTransfers,
  postStaffBillingTransfersImport,
  postStaffBillingTransferAssign,
  postStaffBillingTransferDismiss,
  staffDebitRequestFilePath,
  debitMessages as D,
  yearMonthString,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { invalid, notFound, unauthenticated } from '../../lib/errors';
import { fastifyPath, route, type App } from '../../lib/route';
import { staffCallerOf, staffRoute, type StaffCaller } from '../../lib/staff-route';
import { loadStaffSession } from '../../lib/staff-sessions';
import { authorizeFacility } from '../access';
import { guardianAccounts, putGuardianAccount, putStaffAccount, staffAccounts } from './accounts';
import { collectionOf, createDebitRequest, debitFilename, debitRequestOf } from './collection';
import { importDebitResults } from './debit-results';
import { debitSettingsView, saveDebitSettings } from './debit-settings';
import { withdrawDebitRequest } from './debit-withdraw';
import { importTransfers } from './transfer-import';
import { assignTransfer, dismissTransfer, transfersOf } from './transfers';

/** 集金 / 口座振替 (spec/billing.md §4): accounts, 委託者 settings, the request file and the result import. */
export function collectionRoutes(app: App, ctx: AppContext) {
  const manage = (staff: StaffCaller, facilityId: number) => authorizeFacility(ctx, staff, facilityId, 'billing.manage');
  const secret = () => ctx.config.sessionSecret;

  route(app, getBillingAccounts, {}, async ({ viewer }) => guardianAccounts(ctx.db, viewer));
  route(app, putBillingAccount, {}, async ({ viewer, params, body, now }) =>
    putGuardianAccount(ctx.db, secret(), viewer, params.facilityId, body, now),
  );

  staffRoute(app, getStaffBillingAccounts, {}, async ({ staff, params }) =>
    staffAccounts(ctx.db, await manage(staff, params.facilityId), staff.today),
  );
  staffRoute(app, putStaffBillingAccount, {}, async ({ staff, params, body, now }) =>
    putStaffAccount(ctx.db, secret(), staff, await manage(staff, params.facilityId), params.userId, body, now),
  );
  staffRoute(app, getStaffDebitSettings, {}, async ({ staff, params }) =>
    debitSettingsView(ctx.db, await manage(staff, params.facilityId)),
  );
  staffRoute(app, putStaffDebitSettings, {}, async ({ staff, params, body, now }) =>
    saveDebitSettings(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, getStaffCollection, {}, async ({ staff, params }) =>
    collectionOf(ctx.db, await manage(staff, params.facilityId), params.month),
  );
  staffRoute(app, postStaffDebitRequest, {}, async ({ staff, params, now }) =>
    createDebitRequest(ctx.db, secret(), staff, await manage(staff, params.facilityId), params.month, now),
  );
  staffRoute(app, postStaffDebitRequestWithdraw, {}, async ({ staff, params, now }) =>
    withdrawDebitRequest(ctx.db, staff, await manage(staff, params.facilityId), params.month, now),
  );
  staffRoute(app, postStaffDebitResults, {}, async ({ staff, params, body, now }) =>
    importDebitResults(ctx.db, staff, await manage(staff, params.facilityId), params.month, body.file_base64, now),
  );

  // 振込: the bank statement's credits, matched or waiting for the 事務.
  staffRoute(app, getStaffBillingTransfers, {}, async ({ staff, params }) =>
    transfersOf(ctx.db, await manage(staff, params.facilityId)),
  );
  staffRoute(app, postStaffBillingTransfersImport, {}, async ({ staff, params, body, now }) =>
    importTransfers(ctx.db, staff, await manage(staff, params.facilityId), body.file_base64, now),
  );
  staffRoute(app, postStaffBillingTransferAssign, {}, async ({ staff, params, body, now }) =>
    assignTransfer(ctx.db, staff, await manage(staff, params.facilityId), params.transferId, body.statement_id, now),
  );
  staffRoute(app, postStaffBillingTransferDismiss, {}, async ({ staff, params, body, now }) =>
    dismissTransfer(ctx.db, staff, await manage(staff, params.facilityId), params.transferId, body.reason, now),
  );

  // The request file as created (Shift_JIS bytes): a download, authorized like the JSON calls.
  app.get<{ Params: Record<string, string> }>(fastifyPath(staffDebitRequestFilePath), async (req, reply) => {
    const session = await loadStaffSession(app.ctx.db, req, req.now);
    if (!session || session.pending) throw unauthenticated();
    const facilityId = idParam.safeParse(req.params.facilityId);
    const month = yearMonthString.safeParse(req.params.month);
    if (!facilityId.success) throw invalid('facilityId', '施設の指定が正しくありません');
    if (!month.success) throw invalid('month', month.error.issues[0]!.message);
    const grant = await manage(staffCallerOf(session, req), facilityId.data);
    const request = await debitRequestOf(ctx.db, grant.facilityId, month.data);
    if (!request) throw notFound(D.noRequest);
    return reply
      .type('text/plain; charset=shift_jis')
      .header('content-disposition', `attachment; filename="${debitFilename(grant.facilityId, month.data)}"`)
      .send(Buffer.from(request.fileBase64, 'base64'));
  });
}
