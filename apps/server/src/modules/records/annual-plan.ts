import { recordsMessages, type AnnualPlanSlot, type RecordDocument } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { authorizeRecordClass, type RecordGrant } from './access';
import { namesOf, presentDocument, summaryOf } from './present';
import { annualSource, createYearPlan, latestYearPlan, slotState } from './year-plans';

/** The class's 年間指導計画 of its 年度 (records-plans-screens.md): the latest version, or what a new one copies. */
export async function annualPlanSlot(db: Db, klass: RecordGrant['klass']): Promise<AnnualPlanSlot> {
  const doc = await latestYearPlan(db, { facilityId: klass.facilityId, classId: klass.id }, klass.fiscalYear);
  const names = await namesOf(db, doc?.approvedBy ? [doc.approvedBy] : []);
  return {
    fiscal_year: klass.fiscalYear,
    label: `${klass.fiscalYear}年度 年間指導計画`,
    document: doc ? summaryOf(doc, names) : null,
    state: slotState(doc),
    source: doc ? null : await annualSource(db, klass),
  };
}

/**
 * Opens the class's 年間指導計画 of its 年度 (any reader), or makes it (the class's writers: else
 * 403) from last 年度's plan of the same age or the template, as the rollover would have
 * (records-rollover.md); `flush` writes the source's open editing session first.
 */
export async function openAnnualPlan(
  ctx: AppContext,
  staff: StaffViewer,
  access: RecordGrant,
  now: Date,
  flush: (documentId: number) => Promise<void>,
): Promise<RecordDocument> {
  const { db } = ctx;
  const { klass } = access;
  const owner = { facilityId: klass.facilityId, classId: klass.id };
  const existing = await latestYearPlan(db, owner, klass.fiscalYear);
  if (existing) return presentDocument(db, staff, access, existing, now);
  if (!access.canWrite) throw forbidden(recordsMessages.readOnly);
  const source = await annualSource(db, klass);
  if (source) await flush(source.document_id);
  const authorize = (t: Db) => authorizeRecordClass(ctx, staff, klass.id, 'write', t);
  const target = { ...owner, companyId: klass.companyId };
  const made = await createYearPlan(db, staff, target, klass.fiscalYear, source, authorize, now);
  return presentDocument(db, staff, access, made ?? (await latestYearPlan(db, owner, klass.fiscalYear))!, now);
}
