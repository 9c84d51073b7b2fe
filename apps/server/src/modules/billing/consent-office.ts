import { billingItemMessages as IM } from '@renraku/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingItems, childUser, noteChildren } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { payerLinks, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { writeConsent, writeWithdrawal } from './consent-writes';
import { billingSettingsView } from './settings';

/**
 * A paper form the office received (docs/decisions/billing-item-consent-withdrawal.md): the 事務
 * records a family's consent to a 実費 item, or its withdrawal, for a child the item targets. The
 * consent row says 書面 and who recorded it (and which guardian signed, when the office names one
 * of the child's guardians who may consent); the audit log says who and when.
 */

type PaperForm = { child_id: number; signed_by?: number | null | undefined };

/** The guardian named as the form's signer: one who could consent in the app (a payer link of the child). */
async function signerOf(db: Db, childId: number, signedBy: number | null | undefined): Promise<number | null> {
  if (signedBy === undefined || signedBy === null) return null;
  const [link] = await db
    .select({ userId: childUser.userId })
    .from(childUser)
    .where(and(eq(childUser.childId, childId), eq(childUser.userId, signedBy), payerLinks(childUser)));
  if (!link) throw invalid('signed_by', IM.signer);
  return link.userId;
}

async function targetedItem(db: Db, grant: FacilityGrant, itemId: number, childId: number) {
  const [item] = await db
    .select()
    .from(billingItems)
    .where(and(eq(billingItems.id, itemId), eq(billingItems.facilityId, grant.facilityId)));
  if (!item) throw notFound();
  const enrolments = await db
    .select({ classId: noteChildren.classId })
    .from(noteChildren)
    .where(and(eq(noteChildren.childId, childId), eq(noteChildren.facilityId, grant.facilityId)));
  const targeted =
    enrolments.length > 0 &&
    (item.target === 'facility' ||
      (item.target === 'class' && enrolments.some((e) => e.classId === item.classId)) ||
      (item.target === 'children' && item.childIds.includes(childId)));
  if (!targeted) throw invalid('child_id', IM.notTargeted);
  return item;
}

export async function recordPaperConsent(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  itemId: number,
  body: PaperForm,
  now: Date,
) {
  const childId = body.child_id;
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const item = await targetedItem(t, grant, itemId, childId);
    const signerId = await signerOf(t, childId, body.signed_by);
    const actor = { via: 'paper', staffId: staff.userId, signerId } as const;
    const id = await writeConsent(t, item, childId, actor, staff.today, now);
    if (id === null) return;
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.item.consent',
      targetType: 'billing_item',
      targetId: item.id,
      childId,
      details: { item: item.name, consent_id: id, signed_by: signerId },
    });
  });
  return billingSettingsView(db, grant);
}

export async function recordPaperWithdrawal(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  itemId: number,
  body: PaperForm & { month_from: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const item = await targetedItem(t, grant, itemId, body.child_id);
    const signerId = await signerOf(t, body.child_id, body.signed_by);
    const actor = { via: 'paper', staffId: staff.userId, signerId } as const;
    const id = await writeWithdrawal(t, item.id, body.child_id, body.month_from, actor, staff.today, now);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.item.withdrawal',
      targetType: 'billing_item',
      targetId: item.id,
      childId: body.child_id,
      details: { item: item.name, consent_id: id, month_from: body.month_from, signed_by: signerId },
    });
  });
  return billingSettingsView(db, grant);
}
