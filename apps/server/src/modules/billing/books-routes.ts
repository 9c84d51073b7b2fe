import { billingBooksQuery, staffBillingBooksCsvPath, staffBillingJournalCsvPath } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffCsvRoute } from '../../lib/staff-csv-route';
import { authorizeFacility } from '../access';
import { booksCsv, journalCsv } from './books';

/** The month's books (spec/billing.md §5): the statements and payments CSV and the 弥生会計 仕訳. */
export function booksRoutes(app: App, ctx: AppContext) {
  staffCsvRoute(app, staffBillingBooksCsvPath, 'facilityId', billingBooksQuery, async ({ staff, id, query, now }) =>
    booksCsv(ctx.db, staff, await authorizeFacility(ctx, staff, id, 'billing.manage'), query.month, now),
  );
  staffCsvRoute(app, staffBillingJournalCsvPath, 'facilityId', billingBooksQuery, async ({ staff, id, query, now }) =>
    journalCsv(ctx.db, staff, await authorizeFacility(ctx, staff, id, 'billing.manage'), query.month, now),
  );
}
