import {
  billingMessages as M,
  billsChildcareFee,
  type BillingChildAttributes,
  type billingChildAttributesInput,
  type FacilityType,
  type StaffBillingChild,
} from '@renraku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { billingChildAttributes, childUser, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { payerLinks, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { AttributesRow } from './compute';
import { attributeRows, enrolledInMonth, guardianName, inForce, monthOf, settingsFor } from './inputs';
import { assertAfterClosed } from './settings';

const presentAttributes = ({ row, payerName }: { row: AttributesRow; payerName: string }): BillingChildAttributes => ({
  id: row.id,
  valid_from: monthOf(row.validFrom),
  certification: row.certification,
  need: row.need as BillingChildAttributes['need'],
  side_dish_exemption: row.sideDishExemption as BillingChildAttributes['side_dish_exemption'],
  exemption_note: row.exemptionNote,
  childcare_fee: row.childcareFee,
  extension_plan: row.extensionPlan as BillingChildAttributes['extension_plan'],
  payer: { id: row.payerUserId, name: payerName },
  older_siblings_outside: row.olderSiblingsOutside,
});

/** The guardians who may pay for the children: the kernel's payer links (they see the statement). */
async function payersOf(db: Db, childIds: number[]) {
  if (childIds.length === 0) return [];
  return db
    .select({ childId: childUser.childId, id: users.id, name: guardianName })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(inArray(childUser.childId, childIds), payerLinks(childUser)))
    .orderBy(sql`${childUser.main} desc`, childUser.sortOrder, users.id);
}

/** The month's enrolled children with the attributes in force then, their history and their possible payers. */
export async function billingChildren(db: Db, grant: FacilityGrant, month: string, only?: number) {
  const enrolled = (await enrolledInMonth(db, grant.facilityId, month)).filter((c) => only === undefined || c.id === only);
  const ids = enrolled.map((c) => c.id);
  const [rows, payers, settings] = await Promise.all([
    attributeRows(db, grant.facilityId, ids),
    payersOf(db, ids),
    settingsFor(db, grant.facilityId, month),
  ]);
  const list: StaffBillingChild[] = enrolled.map((c) => {
    const current = inForce(rows, c.id, month);
    return {
      id: c.id,
      name: c.name,
      kana: c.kana,
      birth: c.birth,
      class_name: c.className,
      payers: payers.filter((p) => p.childId === c.id).map((p) => ({ id: p.id, name: p.name })),
      current: current ? presentAttributes(current) : null,
      history: rows.filter((r) => r.row.childId === c.id).map(presentAttributes),
    };
  });
  return { month, facility_type: (settings?.facilityType ?? null) as FacilityType | null, children: list };
}

/** Sets a child's attributes from a month on (that month's row replaced); audited. */
export async function saveAttributes(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  childId: number,
  body: z.infer<typeof billingChildAttributesInput>,
  now: Date,
): Promise<StaffBillingChild> {
  const month = body.valid_from;
  const { children } = await billingChildren(db, grant, month, childId);
  const child = children[0];
  if (!child) throw invalid('valid_from', M.notEnrolled);
  if (!child.payers.some((p) => p.id === body.payer_user_id)) throw invalid('payer_user_id', M.payer);
  const settings = await settingsFor(db, grant.facilityId, month);
  if (body.childcare_fee !== null && settings && !billsChildcareFee(settings.facilityType as FacilityType)) {
    throw invalid('childcare_fee', M.childcareFee);
  }
  const values = {
    certification: body.certification,
    need: body.need,
    sideDishExemption: body.side_dish_exemption,
    exemptionNote: body.side_dish_exemption ? body.exemption_note : '',
    childcareFee: body.childcare_fee,
    extensionPlan: body.extension_plan,
    payerUserId: body.payer_user_id,
    olderSiblingsOutside: body.older_siblings_outside,
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await assertAfterClosed(t, grant.facilityId, month);
    const [row] = await t
      .insert(billingChildAttributes)
      .values({ companyId: grant.companyId, facilityId: grant.facilityId, childId, validFrom: `${month}-01`, ...values })
      .onConflictDoUpdate({
        target: [billingChildAttributes.facilityId, billingChildAttributes.childId, billingChildAttributes.validFrom],
        set: values,
      })
      .returning({ id: billingChildAttributes.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.child.update',
      targetType: 'billing_child_attributes',
      targetId: row!.id,
      childId,
      details: body as unknown as Record<string, unknown>,
    });
  });
  return (await billingChildren(db, grant, month, childId)).children[0]!;
}
