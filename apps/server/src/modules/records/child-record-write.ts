import { eq } from 'drizzle-orm';
import type { ChildRecord, ChildRecordInput } from '@renraku/contract';
import type { Db } from '../../db/client';
import { childRecords, type ChildRecordContact } from '../../db/schema';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { ChildRecordGrant } from './child-access';
import { presentChildRecord } from './child-record';

const columns = {
  admission_notes: 'admissionNotes',
  birth_history: 'birthHistory',
  development_history: 'developmentHistory',
  medical_history: 'medicalHistory',
  immunizations: 'immunizations',
  allergy_cause: 'allergyCause',
  family_doctor: 'familyDoctor',
  family_situation: 'familySituation',
  notes: 'notes',
  emergency_contacts: 'emergencyContacts',
} as const satisfies Record<keyof ChildRecordInput, keyof typeof childRecords.$inferSelect>;

/** A value compared as text; a contact by its fields in one order (jsonb keeps its own key order). */
const same = (v: unknown) =>
  JSON.stringify(Array.isArray(v) ? (v as ChildRecordContact[]).map((c) => [c.name, c.relation, c.phone]) : v);

const fieldOf = (row: typeof childRecords.$inferSelect, key: keyof ChildRecordInput) => row[columns[key]];

/**
 * Writes the 児童票's own fields (records.md §2; docs/decisions/records-child-records.md): the
 * child's class writers, the 主任, directors and company admins (child-access.ts); one row per
 * child, replaced whole; audited in the same transaction with the child and the fields changed.
 */
export async function writeChildRecord(
  db: Db,
  staff: StaffViewer,
  access: ChildRecordGrant,
  body: ChildRecordInput,
  now: Date,
): Promise<ChildRecord> {
  const { child, grant } = access;
  const values = {
    ...(Object.fromEntries(Object.entries(columns).map(([k, c]) => [c, body[k as keyof ChildRecordInput]])) as Omit<
      typeof childRecords.$inferInsert,
      'childId' | 'companyId'
    >),
    updatedBy: staff.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [before] = await t.select().from(childRecords).where(eq(childRecords.childId, child.id)).for('update');
    const changed = (Object.keys(columns) as (keyof ChildRecordInput)[]).filter(
      (k) => same(body[k]) !== same(before ? fieldOf(before, k) : k === 'emergency_contacts' ? [] : ''),
    );
    await t
      .insert(childRecords)
      .values({ childId: child.id, companyId: child.companyId, ...values })
      .onConflictDoUpdate({ target: childRecords.childId, set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'child_record.update',
      targetType: 'child',
      targetId: child.id,
      childId: child.id,
      details: { fields: changed },
    });
  });
  return presentChildRecord(db, staff, access);
}
