import { eq, isNull } from 'drizzle-orm';
import type { RecordPlanSource, RecordSlot } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import type { StaffViewer } from '../access';
import type { RecordDocumentRow } from './access';
import { createDocument, latestVersion } from './create-document';
import { copyState } from './document-store';
import { fiscalYearPeriod } from './periods';
import { classesOf, plansOf, sourceClass, type ClassRow } from './rollover';

export const slotState = (doc: RecordDocumentRow | undefined): RecordSlot['state'] =>
  !doc
    ? 'missing'
    : ({ draft: 'writing', submitted: 'waiting', returned: 'returned', approved: 'done' } as const)[
        doc.status as 'draft' | 'submitted' | 'returned' | 'approved'
      ];

type Owner = { facilityId: number; classId: null } | { facilityId: number; classId: number };

/** The latest version of the facility's 全体的な計画 (classId null) or a class's 年間指導計画 of a 年度. */
export const latestYearPlan = (db: Db, owner: Owner, year: number) =>
  latestVersion(
    db,
    eq(recordDocuments.facilityId, owner.facilityId),
    owner.classId === null ? isNull(recordDocuments.classId) : eq(recordDocuments.classId, owner.classId),
    isNull(recordDocuments.childId),
    eq(recordDocuments.kind, owner.classId === null ? 'overall_plan' : 'annual_plan'),
    eq(recordDocuments.periodStart, fiscalYearPeriod(year).start),
  );

/**
 * What a class's new 年間指導計画 copies (records-rollover.md, the rollover's own rule): last
 * 年度's plan of a class of the same age band, the one of the same name first, else the one in the
 * same place among its band, else the first; null when there is none (the template).
 */
export async function annualSource(
  db: Db,
  klass: ClassRow & { facilityId: number; fiscalYear: number },
): Promise<RecordPlanSource | null> {
  const [thisYear, lastYear, lastPlans] = await Promise.all([
    classesOf(db, klass.facilityId, klass.fiscalYear),
    classesOf(db, klass.facilityId, klass.fiscalYear - 1),
    plansOf(db, klass.facilityId, klass.fiscalYear - 1),
  ]);
  const index = thisYear.filter((c) => c.ageBand === klass.ageBand).findIndex((c) => c.id === klass.id);
  const withPlans = lastYear.filter((c) => lastPlans.has(`annual_plan:${c.id}`));
  const from = sourceClass(klass, Math.max(index, 0), withPlans);
  if (!from) return null;
  const doc = lastPlans.get(`annual_plan:${from.id}`)!;
  return { fiscal_year: klass.fiscalYear - 1, class_name: from.name, document_id: doc.id };
}

/** Last 年度's 全体的な計画 a new one copies, or null (the template). */
export async function overallSource(db: Db, facilityId: number, year: number): Promise<RecordPlanSource | null> {
  const last = await latestYearPlan(db, { facilityId, classId: null }, year - 1);
  return last ? { fiscal_year: year - 1, class_name: null, document_id: last.id } : null;
}

/**
 * Makes a 年度's plan as a draft on the facility's current template with a copy of its source's
 * text (when there is one), its 作成 event and its audit entry, in one transaction; `authorize`
 * checks the caller again in it. Two writers at once meet the unique index: the second gets
 * undefined and reads the first's row.
 */
export async function createYearPlan(
  db: Db,
  staff: StaffViewer,
  target: Owner & { companyId: number },
  year: number,
  source: RecordPlanSource | null,
  authorize: (db: Db) => Promise<unknown>,
  now: Date,
): Promise<RecordDocumentRow | undefined> {
  const kind = target.classId === null ? 'overall_plan' : 'annual_plan';
  const doc = { ...target, childId: null, kind, ...fiscalYearPeriod(year) } as const;
  const initial = source ? (t: Db, id: number) => copyState(t, source.document_id, id, now) : undefined;
  const details = { from_document_id: source?.document_id ?? null };
  return createDocument(db, staff, doc, now, { initial, authorize, details });
}
