import { toZenginKana, type debitSettingsInput } from '@renraku/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { billingDebitSettings } from '../../db/schema';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

type Row = typeof billingDebitSettings.$inferSelect;

const present = (r: Row | undefined) => ({
  settings: r
    ? {
        consignor_code: r.consignorCode,
        consignor_name: r.consignorName,
        bank_code: r.bankCode,
        bank_name: r.bankName,
        branch_code: r.branchCode,
        branch_name: r.branchName,
        account_type: r.accountType as 'ordinary' | 'current',
        account_number: r.accountNumber,
        updated_at: r.updatedAt.toISOString(),
      }
    : null,
});

/** The facility's 委託者 settings for the 全銀 header (plain: docs/decisions/billing-debit-settings.md). */
export async function debitSettingsView(db: Db, grant: FacilityGrant) {
  const [row] = await db.select().from(billingDebitSettings).where(eq(billingDebitSettings.facilityId, grant.facilityId));
  return present(row);
}

/** Replaces them; the names kept in their 全銀 form; audited. A request already made keeps its file. */
export async function saveDebitSettings(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: z.infer<typeof debitSettingsInput>,
  now: Date,
) {
  const values = {
    consignorCode: body.consignor_code,
    consignorName: toZenginKana(body.consignor_name)!,
    bankCode: body.bank_code,
    bankName: toZenginKana(body.bank_name)!,
    branchCode: body.branch_code,
    branchName: toZenginKana(body.branch_name)!,
    accountType: body.account_type,
    accountNumber: body.account_number.padStart(7, '0'),
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t
      .insert(billingDebitSettings)
      .values({ facilityId: grant.facilityId, companyId: grant.companyId, ...values })
      .onConflictDoUpdate({ target: billingDebitSettings.facilityId, set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.debit.settings',
      targetType: 'billing_debit_settings',
      targetId: grant.facilityId,
      details: { consignor_code: values.consignorCode, consignor_name: values.consignorName, bank_code: values.bankCode },
    });
  });
  return debitSettingsView(db, grant);
}
