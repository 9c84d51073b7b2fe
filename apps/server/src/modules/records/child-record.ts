import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { addMonths, fiscalYearOf, type ChildRecord, type ProgressSlot } from '@renraku/contract';
import type { Db } from '../../db/client';
import { childRecords, classes, facilities, growths, recordDocuments, users } from '../../db/schema';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { fiscalAge } from '../billing/service';
import type { RecordDocumentRow } from './access';
import type { ChildRecordGrant } from './child-access';
import { namesOf, summaryOf } from './present';
import { loadRecordSettings, progressPeriodLabel, progressPeriodOf, type FacilityRecordSettings } from './terms';

const emptyFields = {
  admission_notes: '',
  birth_history: '',
  development_history: '',
  medical_history: '',
  immunizations: '',
  allergy_cause: '',
  family_doctor: '',
  family_situation: '',
  notes: '',
  emergency_contacts: [],
};

/**
 * The child's 経過記録 periods (newest first): every period of this 年度 the child was enrolled in,
 * up to this month, whether written or not, and every earlier one that was written (latest version).
 */
async function progressSlots(
  db: Db,
  access: ChildRecordGrant,
  settings: FacilityRecordSettings,
  today: string,
): Promise<ProgressSlot[]> {
  const { child, enrolment } = access;
  const docs = await db
    .selectDistinctOn([recordDocuments.periodStart])
    .from(recordDocuments)
    .where(and(eq(recordDocuments.childId, child.id), eq(recordDocuments.kind, 'progress_record')))
    .orderBy(desc(recordDocuments.periodStart), desc(recordDocuments.version));
  const names = await namesOf(db, [...new Set(docs.flatMap((d) => (d.approvedBy ? [d.approvedBy] : [])))]);
  const byStart = new Map<string, { period: string; start: string; end: string; doc: RecordDocumentRow | null }>();
  for (const doc of docs)
    byStart.set(doc.periodStart, { period: doc.periodStart.slice(0, 7), start: doc.periodStart, end: doc.periodEnd, doc });
  const first = `${fiscalYearOf(today)}-04`;
  const from = enrolment.admittedOn.slice(0, 7) > first ? enrolment.admittedOn.slice(0, 7) : first;
  const until = enrolment.leftOn && enrolment.leftOn < today ? enrolment.leftOn.slice(0, 7) : today.slice(0, 7);
  for (let month = from; month <= until; month = addMonths(month, 1)) {
    const p = progressPeriodOf(month, child.birth, settings);
    if (!byStart.has(p.start)) byStart.set(p.start, { period: p.period, start: p.start, end: p.end, doc: null });
  }
  return [...byStart.values()]
    .sort((a, b) => b.start.localeCompare(a.start))
    .map((s) => ({
      period: s.period,
      period_start: s.start,
      period_end: s.end,
      label: `${progressPeriodLabel(s.start, s.end)}の経過記録`,
      document: s.doc ? summaryOf(s.doc, names) : null,
    }));
}

/** The 児童票 as its page shows it (records.md §2): roster facts, own fields, growth, 経過記録. */
export async function presentChildRecord(db: Db, staff: StaffViewer, access: ChildRecordGrant): Promise<ChildRecord> {
  const { child, enrolment, grant } = access;
  const [[facility], [klass], [own], measured, settings] = await Promise.all([
    db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, enrolment.facilityId)),
    enrolment.classId
      ? db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.id, enrolment.classId))
      : Promise.resolve([]),
    db
      .select({ row: childRecords, by: sql<string | null>`coalesce(${users.name}, ${users.email})` })
      .from(childRecords)
      .leftJoin(users, eq(users.id, childRecords.updatedBy))
      .where(eq(childRecords.childId, child.id)),
    db
      .select({ on: growths.measuredOn, height: growths.height, weight: growths.weight })
      .from(growths)
      .where(eq(growths.childId, child.id))
      .orderBy(asc(growths.measuredOn)),
    loadRecordSettings(db, grant.facilityId),
  ]);
  const row = own?.row;
  return {
    child: {
      id: child.id,
      name: `${child.lastName} ${child.firstName}`,
      kana: `${child.lastNameKana} ${child.firstNameKana}`,
      birth: child.birth,
      sex: child.sex,
      allergies: child.allergies,
      care_notes: child.careNotes,
    },
    enrolment: {
      facility_id: enrolment.facilityId,
      facility_name: facility?.name ?? '',
      class: klass ?? null,
      admitted_on: enrolment.admittedOn,
      left_on: enrolment.leftOn,
      fiscal_age: fiscalAge(child.birth, staff.today.slice(0, 7)),
    },
    fields: row
      ? {
          admission_notes: row.admissionNotes,
          birth_history: row.birthHistory,
          development_history: row.developmentHistory,
          medical_history: row.medicalHistory,
          immunizations: row.immunizations,
          allergy_cause: row.allergyCause,
          family_doctor: row.familyDoctor,
          family_situation: row.familySituation,
          notes: row.notes,
          emergency_contacts: row.emergencyContacts,
          updated_at: row.updatedAt.toISOString(),
          updated_by: own.by,
        }
      : { ...emptyFields, updated_at: null, updated_by: null },
    growths: measured.map((g) => ({ measured_on: g.on, height: g.height, weight: g.weight })),
    progress: await progressSlots(db, access, settings, staff.today),
    can_edit: access.canWrite,
    can_write_progress: access.canWrite,
  };
}

/** A read of the 児童票 (records.md §6), the child its subject. */
export async function readChildRecord(db: Db, staff: StaffViewer, access: ChildRecordGrant, now: Date) {
  const answer = await presentChildRecord(db, staff, access);
  await recordAudit(db, staff, now, {
    companyId: access.grant.companyId,
    facilityId: access.grant.facilityId,
    action: 'child_record.read',
    targetType: 'child',
    targetId: access.child.id,
    childId: access.child.id,
  });
  return answer;
}
