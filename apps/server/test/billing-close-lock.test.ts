/**
 * 確定 and the writes that check "not a closed month" never pass each other
 * (docs/decisions/billing-closed-month-lock.md). A close in progress is played by a transaction that
 * holds the facility's billing-months lock and then closes November; a fee rule or a sibling discount
 * sent from November meanwhile waits, then finds the month closed: 409, nothing written. Without the
 * lock the write read "not closed" before the close committed and landed inside an issued month.
 * PGlite serves one connection, so the race cannot happen there (its writes are tested in billing-fees).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  billingMessages as M,
  putStaffBillingSettings,
  putStaffBillingSiblingDiscount,
  type SiblingDiscountInput,
} from '@renraku/contract';
import type { Db } from '../src/db/client';
import { billingMonths, billingSettings, billingSiblingDiscounts } from '../src/db/schema';
import { call, callRaw } from './harness';
import { setupStaffWorld } from './staff-world';
import { billingSettingsBody } from './billing-world';

const { t, w, as } = setupStaffWorld();
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const onPostgres = !!process.env.TEST_DATABASE_URL;

const discount: SiblingDiscountInput = {
  valid_from: '2026-11',
  applies_to: ['side_dish'],
  count_declared_older: true,
  tiers: [{ from_order: 2, kind: 'percent', value: 30 }],
};

beforeAll(async () => {
  await call(as.director, putStaffBillingSettings, {
    params: { facilityId: w.facilityId },
    body: billingSettingsBody,
    headers: clock,
  });
}, 120_000);

/** Holds the lock as 確定 does, lets `write` start, then closes `month` and commits; answers the write. */
async function closeWhile(month: string, write: () => Promise<{ statusCode: number; json: () => unknown }>) {
  let answer: Promise<{ statusCode: number; json: () => unknown }> | undefined;
  await t.db.transaction(async (tx) => {
    const c: Db = tx;
    await c.execute(sql`select pg_advisory_xact_lock(5040, ${w.facilityId})`);
    answer = write();
    // Long enough for the write to reach its check (it waits on the lock from then on).
    await new Promise((r) => setTimeout(r, 500));
    await c.insert(billingMonths).values({
      companyId: w.companyId,
      facilityId: w.facilityId,
      month: `${month}-01`,
      closedAt: new Date(),
      closedBy: w.staff.director.user.id,
    });
  });
  return answer!;
}

describe.skipIf(!onPostgres)('確定 and a rule saved at the same moment', () => {
  it('a fee rule from the month being closed waits for the close, then is refused (409, nothing written)', async () => {
    const res = await closeWhile('2026-11', () =>
      callRaw(as.office, putStaffBillingSettings, {
        params: { facilityId: w.facilityId },
        body: { ...billingSettingsBody, valid_from: '2026-11', side_dish_fee: 5000 },
        headers: clock,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe(M.closed);
    const rows = await t.db
      .select()
      .from(billingSettings)
      .where(and(eq(billingSettings.facilityId, w.facilityId), eq(billingSettings.validFrom, '2026-11-01')));
    expect(rows).toEqual([]);
  });

  it('a sibling discount from a month being closed: the same', async () => {
    const res = await closeWhile('2026-12', () =>
      callRaw(as.director, putStaffBillingSiblingDiscount, {
        params: { facilityId: w.facilityId },
        body: { ...discount, valid_from: '2026-12' },
        headers: clock,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(billingSiblingDiscounts).where(eq(billingSiblingDiscounts.facilityId, w.facilityId))).toEqual(
      [],
    );
  });
});
