import { and, desc, eq, inArray } from 'drizzle-orm';
import { yorokuMessages as M, type RecordDocument } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { fiscalAge } from '../billing/service';
import { auditChildDocumentRead, type ChildRecordGrant } from './child-access';
import { createDocument, latestVersion, ofClass } from './create-document';
import { fiscalYearPeriod } from './periods';
import { presentDocument } from './present';
import { storeState } from './document-store';
import { admissionFromRoster, admissionState } from './yoroku-admission';

/** The 年度 a 要録 covers, as the document's period. */
export const yorokuPeriod = fiscalYearPeriod;

/** The final year (年長): 5歳児, the 満年齢 on 1 April of the 年度 (billing's fiscal age). */
export const isFinalYear = (birth: string, year: number) => fiscalAge(birth, `${year}-04`) === 5;

/** The latest version of a child's 要録 of a 年度. */
export const latestYoroku = (db: Db, childId: number, year: number) =>
  latestVersion(
    db,
    eq(recordDocuments.childId, childId),
    eq(recordDocuments.kind, 'yoroku'),
    eq(recordDocuments.periodStart, yorokuPeriod(year).start),
  );

/** The latest version of each of the children's 要録 of a 年度 that has been made (none: empty). */
export async function latestYorokus(db: Db, childIds: number[], year: number) {
  if (childIds.length === 0) return [];
  return db
    .selectDistinctOn([recordDocuments.childId])
    .from(recordDocuments)
    .where(
      and(
        inArray(recordDocuments.childId, childIds),
        eq(recordDocuments.kind, 'yoroku'),
        eq(recordDocuments.periodStart, yorokuPeriod(year).start),
      ),
    )
    .orderBy(recordDocuments.childId, desc(recordDocuments.version));
}

/**
 * Opens a child's 保育所児童保育要録 of a 年度 (records.md §5): the latest version when it exists
 * (any reader of the child's records; the read is audited with the child), else a new draft from
 * the facility's template with the 入所に関する記録 filled from the roster (the child's class
 * writers; 403 for readers and once the child has left). Only a child of the final year enrolled in
 * the 年度 has one (422). A concurrent first open meets the unique index and reads the other's row.
 */
export async function openYoroku(
  db: Db,
  staff: StaffViewer,
  access: ChildRecordGrant,
  year: number,
  now: Date,
): Promise<RecordDocument> {
  const { child, enrolment, klass } = access;
  const period = yorokuPeriod(year);
  if (!isFinalYear(child.birth, year)) throw invalid('year', M.notFinalYear);
  if (enrolment.admittedOn > period.end || (enrolment.leftOn !== null && enrolment.leftOn < period.start))
    throw invalid('year', M.notEnrolled);
  const existing = await latestYoroku(db, child.id, year);
  if (existing) {
    await auditChildDocumentRead(db, staff, access, existing, now, 'open');
    return presentDocument(db, staff, access, existing, now);
  }
  if (!access.canWrite) throw forbidden();
  const admission = await admissionFromRoster(db, access, year, staff.today);
  const doc = { ...ofClass(klass, child.id), kind: 'yoroku' as const, start: period.start, end: period.end };
  const initial = (t: Db, id: number) => storeState(t, id, admissionState(admission), now);
  const made = await createDocument(db, staff, doc, now, { initial });
  return presentDocument(db, staff, access, made ?? (await latestYoroku(db, child.id, year))!, now);
}
