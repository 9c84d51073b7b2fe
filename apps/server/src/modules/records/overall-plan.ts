import { and, desc, eq, isNull } from 'drizzle-orm';
import { fiscalYearOf, recordPlanMessages as M, type OverallPlan, type RecordDocument } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordDocuments } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { authorizeFacility, type StaffViewer } from '../access';
import type { DocumentGrant } from './access';
import { namesOf, presentDocument, summaryOf } from './present';
import { createYearPlan, latestYearPlan, overallSource, slotState } from './year-plans';

/**
 * Who may do what with the facility's 全体的な計画 (records.md §7; docs/decisions/records-plans-screens.md):
 * every member who reads plans reads it (保育士 and 主任 too; 事務 403; another facility 404); the 園長
 * and 法人管理者 write, submit and approve it (others 403), approving on a desktop. A class tablet
 * reaches its own class only, so not the facility's document (404).
 */
export async function authorizeOverallPlan(
  ctx: AppContext,
  staff: StaffViewer,
  facilityId: number,
  mode: 'read' | 'write' | 'approve',
  db: Db = ctx.db,
): Promise<DocumentGrant> {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'daily.read', db);
  if (grant.scopeClassId !== null) throw notFound();
  const manager = grant.role === 'director' || grant.role === 'company_admin';
  const canWrite = manager;
  const canApprove = manager && staff.deviceId === null;
  if (mode === 'write' && !canWrite) throw forbidden(M.notWriter);
  if (mode === 'approve' && !canApprove) throw forbidden(M.notWriter);
  return { klass: null, grant, canWrite, canApprove };
}

/** A new 全体的な計画 is made for this 年度 or the next (the rollover's), never for a past one. */
const creatable = (staff: StaffViewer, year: number) => {
  const current = fiscalYearOf(staff.today);
  return year === current || year === current + 1;
};

/** The 全体的な計画 of a 年度: its latest version, or what a new one would start from. */
export async function overallPlan(db: Db, staff: StaffViewer, access: DocumentGrant, year: number): Promise<OverallPlan> {
  const facilityId = access.grant.facilityId;
  const doc = await latestYearPlan(db, { facilityId, classId: null }, year);
  const written = await db
    .selectDistinct({ start: recordDocuments.periodStart })
    .from(recordDocuments)
    .where(
      and(
        eq(recordDocuments.facilityId, facilityId),
        eq(recordDocuments.kind, 'overall_plan'),
        isNull(recordDocuments.classId),
        isNull(recordDocuments.childId),
      ),
    )
    .orderBy(desc(recordDocuments.periodStart));
  const names = await namesOf(db, doc?.approvedBy ? [doc.approvedBy] : []);
  return {
    fiscal_year: year,
    document: doc ? summaryOf(doc, names) : null,
    state: slotState(doc),
    can_create: !doc && access.canWrite && staff.deviceId === null && creatable(staff, year),
    source: doc ? null : await overallSource(db, facilityId, year),
    years: written.map((w) => fiscalYearOf(w.start)),
  };
}

/**
 * Opens the 全体的な計画 of a 年度 (any reader), or makes it (the 園長 and 法人管理者, this 年度 or
 * the next: else 422) from last 年度's text or the template; `flush` writes the source's open
 * editing session first, so the copy holds its last keystrokes.
 */
export async function openOverallPlan(
  ctx: AppContext,
  staff: StaffViewer,
  access: DocumentGrant,
  year: number,
  now: Date,
  flush: (documentId: number) => Promise<void>,
): Promise<RecordDocument> {
  const { db } = ctx;
  const owner = { facilityId: access.grant.facilityId, classId: null };
  const existing = await latestYearPlan(db, owner, year);
  if (existing) return presentDocument(db, staff, access, existing, now);
  if (!access.canWrite) throw forbidden(M.notWriter);
  if (!creatable(staff, year)) throw invalid('fiscal_year', M.createYear);
  const source = await overallSource(db, owner.facilityId, year);
  if (source) await flush(source.document_id);
  const authorize = (t: Db) => authorizeOverallPlan(ctx, staff, owner.facilityId, 'write', t);
  const target = { ...owner, companyId: access.grant.companyId };
  const made = await createYearPlan(db, staff, target, year, source, authorize, now);
  return presentDocument(db, staff, access, made ?? (await latestYearPlan(db, owner, year))!, now);
}
