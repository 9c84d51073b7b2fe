import { bankAccountMessages as A } from '@renraku/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingBankAccounts } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { payers, staffAccounts } from './accounts';
import { monthOf } from './inputs';

/**
 * 登録済 (spec/billing.md §4; docs/decisions/billing-debit-form.md): once the bank has registered the
 * signed 預金口座振替依頼書 the 事務 marks the payer's account (or unmarks it); audited. Changing the
 * account clears the mark (accounts.ts).
 */
export async function setAccountRegistered(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  userId: number,
  registered: boolean,
  now: Date,
) {
  const payer = (await payers(db, grant.facilityId, monthOf(staff.today))).find((p) => p.user_id === userId);
  if (!payer) throw invalid('user_id', A.notPayer);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .update(billingBankAccounts)
      .set(registered ? { registeredAt: now, registeredBy: staff.userId } : { registeredAt: null, registeredBy: null })
      .where(and(eq(billingBankAccounts.facilityId, grant.facilityId), eq(billingBankAccounts.userId, userId)))
      .returning();
    if (!row) throw notFound(A.noAccount);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.account.registered',
      targetType: 'billing_bank_account',
      targetId: row.id,
      details: { user_id: userId, registered, account_number: `****${row.numberLast3}` },
    });
  });
  return (await staffAccounts(db, grant, staff.today)).find((p) => p.user_id === userId)!;
}
