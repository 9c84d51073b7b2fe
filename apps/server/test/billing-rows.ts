import type { BilledChild, SettingsRow } from '../src/modules/billing/compute';

/*
 * Rows for the pure billing computations (computeMonth and friends), with no database: the fee
 * rules and a billed child as they come out of the tables, so a test states only what it varies.
 */

/** A facility's fee rules from 2026-04: 延長 200 円 per 30 minutes past 18:00 (no grace), 副食費 4,500 円. */
export function settingsRow(over: Partial<SettingsRow> = {}): SettingsRow {
  return {
    id: 1,
    companyId: 1,
    facilityId: 1,
    validFrom: '2026-04-01',
    facilityType: 'certified_center',
    standardStart: '07:00',
    standardEnd: '18:00',
    shortStart: '08:30',
    shortEnd: '16:30',
    unitMinutes: 30,
    graceMinutes: 0,
    pricePerUnit: 200,
    lateFrom: null,
    latePricePerUnit: null,
    dailyCap: null,
    monthlyCap: null,
    flatMonthly: null,
    sideDishFee: 4500,
    stapleFee: 0,
    chargeWithoutAttendance: true,
    dueDay: 27,
    updatedBy: null,
    updatedAt: new Date(),
    ...over,
  };
}

/** Child `id` (子{id}, standard need, per-use 延長) paid for by guardian `payer` (保護者{payer}). */
export const billedChild = (
  id: number,
  payer: number,
  birth: string,
  attributes: Partial<BilledChild['attributes']> = {},
  attendance: BilledChild['attendance'] = [],
): BilledChild => ({
  id,
  name: `子${id}`,
  birth,
  classId: null,
  payerName: `保護者${payer}`,
  attendance,
  attributes: {
    id,
    companyId: 1,
    facilityId: 1,
    childId: id,
    validFrom: '2026-04-01',
    certification: 2,
    need: 'standard',
    sideDishExemption: null,
    exemptionNote: '',
    childcareFee: 20000,
    extensionPlan: 'per_use',
    olderSiblingsOutside: 0,
    payerUserId: payer,
    updatedBy: null,
    updatedAt: new Date(),
    ...attributes,
  },
});
