import { eq } from 'drizzle-orm';
import { childRecordMessages as M, type RecordDocument } from '@renraku/contract';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { auditChildDocumentRead, type ChildRecordGrant } from './child-access';
import { createDocument, latestVersion, ofClass } from './create-document';
import { presentDocument } from './present';
import { loadRecordSettings, progressPeriodOf } from './terms';

/** The latest version of a child's 経過記録 starting on a day. */
export const latestProgress = (db: Db, childId: number, start: string) =>
  latestVersion(
    db,
    eq(recordDocuments.childId, childId),
    eq(recordDocuments.kind, 'progress_record'),
    eq(recordDocuments.periodStart, start),
  );

/**
 * Opens a child's 経過記録 (records.md §2) of the month or 期 that holds `month` (by the child's age
 * and the facility's settings, terms.ts): the latest version when it exists (any reader; the read
 * is audited with the child), else a new draft from the facility's template (the child's class
 * writers; 403 for readers and for a child who has left). The child must be enrolled during the
 * period (422). A concurrent first open meets the unique index and reads the other's row.
 */
export async function openProgressRecord(
  db: Db,
  staff: StaffViewer,
  access: ChildRecordGrant,
  month: string,
  now: Date,
): Promise<RecordDocument> {
  const { child, enrolment, klass, grant } = access;
  const period = progressPeriodOf(month, child.birth, await loadRecordSettings(db, grant.facilityId));
  if (enrolment.admittedOn > period.end || (enrolment.leftOn !== null && enrolment.leftOn < period.start))
    throw invalid('period', M.notEnrolled);
  const existing = await latestProgress(db, child.id, period.start);
  if (existing) {
    await auditChildDocumentRead(db, staff, access, existing, now, 'open');
    return presentDocument(db, staff, access, existing, now);
  }
  if (!access.canWrite) throw forbidden(access.left ? M.left : undefined);
  const doc = { ...ofClass(klass, child.id), kind: 'progress_record' as const, start: period.start, end: period.end };
  const made = await createDocument(db, staff, doc, now);
  return presentDocument(db, staff, access, made ?? (await latestProgress(db, child.id, period.start))!, now);
}
