import {
  deleteStaffBillingTemporaryBooking,
  deleteStaffBillingTemporaryUse,
  getBillingItems,
  getStaffBillingFeeRules,
  getStaffBillingTemporaryBookings,
  getStaffBillingTemporaryUses,
  postBillingItemConsent,
  postBillingItemWithdrawal,
  postStaffBillingItemConsent,
  postStaffBillingItemWithdrawal,
  postStaffBillingTemporaryBooking,
  postStaffBillingTemporaryUse,
  putStaffBillingSiblingDiscount,
  putStaffBillingTemporaryRates,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility } from '../access';
import { recordPaperConsent, recordPaperWithdrawal } from './consent-office';
import { consentToItem, guardianItems, withdrawFromItem } from './consents';
import { feeRulesView, saveSiblingDiscount, saveTemporaryRates } from './fee-rules';
import { bookTemporaryCare, cancelTemporaryBooking, temporaryBookings } from './temporary-bookings';
import { deleteTemporaryUse, recordTemporaryUse, temporaryUses } from './temporary-uses';

/**
 * The sibling discount, 一時預かり (prices, bookings, uses) and 実費 consent (spec/billing.md §2): the office's calls under
 * `billing.manage` (保育士 403, another facility 404) including paper consents and withdrawals, the
 * guardians' 実費 list, consent and withdrawal.
 */
export function feeRoutes(app: App, ctx: AppContext) {
  const manage = (staff: Parameters<typeof authorizeFacility>[1], facilityId: number) =>
    authorizeFacility(ctx, staff, facilityId, 'billing.manage');

  staffRoute(app, getStaffBillingFeeRules, {}, async ({ staff, params }) =>
    feeRulesView(ctx.db, await manage(staff, params.facilityId)),
  );
  staffRoute(app, putStaffBillingSiblingDiscount, {}, async ({ staff, params, body, now }) =>
    saveSiblingDiscount(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, putStaffBillingTemporaryRates, {}, async ({ staff, params, body, now }) =>
    saveTemporaryRates(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, getStaffBillingTemporaryUses, {}, async ({ staff, params }) =>
    temporaryUses(ctx.db, await manage(staff, params.facilityId), params.month),
  );
  staffRoute(app, postStaffBillingTemporaryUse, {}, async ({ staff, params, body, now }) =>
    recordTemporaryUse(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, deleteStaffBillingTemporaryUse, {}, async ({ staff, params, now }) =>
    deleteTemporaryUse(ctx.db, staff, await manage(staff, params.facilityId), params.useId, now),
  );
  staffRoute(app, getStaffBillingTemporaryBookings, {}, async ({ staff, params }) =>
    temporaryBookings(ctx.db, await manage(staff, params.facilityId), params.month, staff.today),
  );
  staffRoute(app, postStaffBillingTemporaryBooking, {}, async ({ staff, params, body, now }) =>
    bookTemporaryCare(ctx.db, staff, await manage(staff, params.facilityId), body, now),
  );
  staffRoute(app, deleteStaffBillingTemporaryBooking, {}, async ({ staff, params, now }) =>
    cancelTemporaryBooking(ctx.db, staff, await manage(staff, params.facilityId), params.bookingId, now),
  );

  staffRoute(app, postStaffBillingItemConsent, {}, async ({ staff, params, body, now }) =>
    recordPaperConsent(ctx.db, staff, await manage(staff, params.facilityId), params.itemId, body, now),
  );
  staffRoute(app, postStaffBillingItemWithdrawal, {}, async ({ staff, params, body, now }) =>
    recordPaperWithdrawal(ctx.db, staff, await manage(staff, params.facilityId), params.itemId, body, now),
  );

  route(app, getBillingItems, {}, async ({ viewer }) => guardianItems(ctx.db, viewer));
  route(app, postBillingItemConsent, {}, async ({ viewer, params, body, now }) =>
    consentToItem(ctx, viewer, params.id, body.child_id, now),
  );
  route(app, postBillingItemWithdrawal, {}, async ({ viewer, params, body, now }) =>
    withdrawFromItem(ctx, viewer, params.id, body, now),
  );
}
