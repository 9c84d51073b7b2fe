import { bankAccountMessages as A, debitMessages as D } from '@renraku/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingBankAccounts, billingDebitSettings, facilities, users } from '../../db/schema';
import { unseal } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer, Viewer } from '../access';
import { recordAudit } from '../audit/service';
import { callerFacilities, payers } from './accounts';
import { renderDebitForm } from './debit-form-pdf';
import { guardianName, monthOf } from './inputs';
import type { ReceiptFile } from './receipt';

/**
 * The 預金口座振替依頼書 (spec/billing.md §4; docs/decisions/billing-debit-form.md): printed from the
 * payer's account with the number in full, for the payer to check, sign and seal, then sent to the
 * bank. No account (or no 委託者 settings) has no form.
 */
async function formOf(
  db: Db,
  secret: string,
  facilityId: number,
  userId: number,
  payerName: string,
  today: string,
  notReady: string,
) {
  const [account] = await db
    .select()
    .from(billingBankAccounts)
    .where(and(eq(billingBankAccounts.facilityId, facilityId), eq(billingBankAccounts.userId, userId)));
  if (!account) throw notFound(A.noAccount);
  const [settings] = await db.select().from(billingDebitSettings).where(eq(billingDebitSettings.facilityId, facilityId));
  if (!settings) throw conflict(notReady);
  const [facility] = await db.select().from(facilities).where(eq(facilities.id, facilityId));
  const body = await renderDebitForm({
    facilityName: facility!.name,
    facilityAddress: facility!.address,
    facilityPhone: facility!.phone,
    consignorName: settings.consignorName,
    consignorCode: settings.consignorCode,
    payerName,
    bankCode: account.bankCode,
    branchCode: account.branchCode,
    accountType: account.accountType,
    accountNumber: unseal(secret, account.numberSealed),
    holder: account.holder,
    issuedOn: today,
  });
  const file: ReceiptFile = { filename: `kouza-furikae-irai-${facilityId}-${userId}.pdf`, body, type: 'application/pdf' };
  return { account, file };
}

/** The guardian's own form: the main guardian with an account at the facility; anyone else 404. */
export async function guardianDebitForm(db: Db, secret: string, viewer: Viewer, facilityId: number) {
  const at = (await callerFacilities(db, viewer)).find((f) => f.facilityId === facilityId);
  if (!at?.main) throw notFound();
  const [me] = await db.select({ name: guardianName }).from(users).where(eq(users.id, viewer.userId));
  return (await formOf(db, secret, facilityId, viewer.userId, me!.name, viewer.today, A.formNotReady)).file;
}

/** The office's print for a payer (billing.manage); audited, as the full number leaves the system on paper. */
export async function staffDebitForm(
  db: Db,
  secret: string,
  staff: StaffViewer,
  grant: FacilityGrant,
  userId: number,
  now: Date,
) {
  const payer = (await payers(db, grant.facilityId, monthOf(staff.today))).find((p) => p.user_id === userId);
  if (!payer) throw notFound(A.noAccount);
  const { account, file } = await formOf(db, secret, grant.facilityId, userId, payer.name, staff.today, D.noSettings);
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action: 'billing.account.debit_form',
    targetType: 'billing_bank_account',
    targetId: account.id,
    details: { user_id: userId, account_number: `****${account.numberLast3}` },
  });
  return file;
}
