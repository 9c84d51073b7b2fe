import {
  getBillingStatement,
  getBillingStatements,
  getStaffBillingChildren,
  getStaffBillingMonth,
  getStaffBillingMonths,
  getStaffBillingSettings,
  postStaffBillingAdjustment,
  postStaffBillingItem,
  postStaffBillingMonthClose,
  postStaffBillingPayment,
  postStaffBillingStatementCarry,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { route, type App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility } from '../access';
import { billingChildren, saveAttributes } from './attributes';
import { booksRoutes } from './books-routes';
import { collectionRoutes } from './collection-routes';
import { debitFormRoutes } from './debit-form-routes';
import { feeRoutes } from './fee-routes';
import { carryStatement } from './carry';
import { closeMonth } from './close';
import { monthOf } from './inputs';
import { addAdjustment, billingMonth, listBillingMonths } from './month';
import { recordPayment, statementById } from './payments';
import { receiptRoutes } from './receipt-routes';
import { addItem, billingSettingsView, saveSettings } from './settings';
import { guardianStatement, guardianStatements } from './statements';

/**
 * 請求 (spec/billing.md): 事務, 園長 and 法人管理者 run billing (the kernel's `billing.manage`);
 * 保育士 none (403); another facility 404. Guardians read their families' issued statements.
 */
export function billingRoutes(app: App, ctx: AppContext) {
  const manage = (staff: Parameters<typeof authorizeFacility>[1], facilityId: number) =>
    authorizeFacility(ctx, staff, facilityId, 'billing.manage');

  staffRoute(app, getStaffBillingSettings, {}, async ({ staff, params }) =>
    billingSettingsView(ctx.db, await manage(staff, params.facilityId)),
  );
  staffRoute(app, putStaffBillingSettings, {}, async ({ staff, params, body, now }) =>
    saveSettings(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, postStaffBillingItem, {}, async ({ staff, params, body, now }) =>
    addItem(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, getStaffBillingChildren, {}, async ({ staff, params, query }) =>
    billingChildren(ctx.db, await manage(staff, params.facilityId), query.month ?? monthOf(staff.today)),
  );
  staffRoute(app, putStaffBillingChildAttributes, {}, async ({ staff, params, body, now }) =>
    saveAttributes(ctx.db, staff, await manage(staff, params.facilityId), params.childId, body, now),
  );
  staffRoute(app, getStaffBillingMonths, {}, async ({ staff, params }) =>
    listBillingMonths(ctx.db, await manage(staff, params.facilityId), staff.today),
  );
  staffRoute(app, getStaffBillingMonth, {}, async ({ staff, params }) =>
    billingMonth(ctx.db, await manage(staff, params.facilityId), params.month),
  );
  staffRoute(app, postStaffBillingAdjustment, {}, async ({ staff, params, body, now }) =>
    addAdjustment(ctx.db, staff, await manage(staff, params.facilityId), params.month, body, now),
  );
  staffRoute(app, postStaffBillingMonthClose, {}, async ({ staff, params, now }) =>
    closeMonth(ctx.db, staff, await manage(staff, params.facilityId), params.month, now, {
      appName: ctx.config.operator.app_name,
      appUrl: ctx.config.appUrl,
    }),
  );
  staffRoute(app, postStaffBillingPayment, {}, async ({ staff, params, body, now }) => {
    // Another facility's statement (or none) is 404 for the caller, as its facility would be.
    const statement = await statementById(ctx.db, params.statementId);
    if (!statement) throw notFound();
    return recordPayment(ctx.db, staff, await manage(staff, statement.facilityId), params.statementId, body, now);
  });
  staffRoute(app, postStaffBillingStatementCarry, {}, async ({ staff, params, now }) => {
    const statement = await statementById(ctx.db, params.statementId);
    if (!statement) throw notFound();
    return carryStatement(ctx.db, staff, await manage(staff, statement.facilityId), params.statementId, now);
  });

  route(app, getBillingStatements, {}, async ({ viewer }) => guardianStatements(ctx.db, viewer));
  collectionRoutes(app, ctx);
  receiptRoutes(app, ctx);
  debitFormRoutes(app, ctx);
  booksRoutes(app, ctx);
  feeRoutes(app, ctx);
  route(app, getBillingStatement, {}, async ({ viewer, params }) => guardianStatement(ctx.db, viewer, params.id));
}
