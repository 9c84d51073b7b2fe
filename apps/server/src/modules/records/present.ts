import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  fiscalYearOf,
  recordKindLabels,
  recordRoom,
  type ClassRecordKind,
  type RecordDocument,
  type RecordDocumentSummary,
  type RecordKind,
  type RecordStatus,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, recordDocumentEvents, recordDocuments, users } from '../../db/schema';
import { childName } from '../../lib/child-names';
import type { StaffViewer } from '../access';
import { isEditable, type DocumentGrant, type RecordDocumentRow } from './access';
import { dayFacts } from './day-facts';
import { periodLabel } from './periods';
import { presentTemplate, templateById } from './templates';
import { progressPeriodLabel } from './terms';

const nameOf = sql<string>`coalesce(${users.name}, ${users.email})`;
/** A child's name as the class lists show it. */

/** Approvers' names of documents, by user id. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: nameOf }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function summaryOf(doc: RecordDocumentRow, names: Map<number, string>): RecordDocumentSummary {
  return {
    id: doc.id,
    kind: doc.kind as RecordKind,
    period_start: doc.periodStart,
    period_end: doc.periodEnd,
    status: doc.status as RecordStatus,
    version: doc.version,
    updated_at: doc.updatedAt.toISOString(),
    approved:
      doc.approvedAt && doc.status === 'approved'
        ? {
            by: { id: doc.approvedBy ?? 0, name: names.get(doc.approvedBy ?? 0) ?? '（退職した職員）' },
            at: doc.approvedAt.toISOString(),
          }
        : null,
  };
}

/** A document as its screen shows it: the template, status, history, versions, the day's pre-fill. */
export async function presentDocument(
  db: Db,
  staff: StaffViewer,
  access: DocumentGrant,
  doc: RecordDocumentRow,
  now: Date,
): Promise<RecordDocument> {
  const { klass } = access;
  const template = presentTemplate(await templateById(db, doc.templateId));
  const events = await db
    .select({
      action: recordDocumentEvents.action,
      byId: recordDocumentEvents.byId,
      byName: nameOf,
      at: recordDocumentEvents.at,
      comment: recordDocumentEvents.comment,
    })
    .from(recordDocumentEvents)
    .leftJoin(users, eq(users.id, recordDocumentEvents.byId))
    .where(eq(recordDocumentEvents.documentId, doc.id))
    .orderBy(asc(recordDocumentEvents.at), asc(recordDocumentEvents.id));
  const versions = await db
    .select({ id: recordDocuments.id, version: recordDocuments.version, status: recordDocuments.status })
    .from(recordDocuments)
    .where(
      and(
        // A child's versions follow the child; a class's its class; the facility's 全体的な計画 the facility's.
        doc.childId !== null
          ? eq(recordDocuments.childId, doc.childId)
          : doc.classId !== null
            ? eq(recordDocuments.classId, doc.classId)
            : and(eq(recordDocuments.facilityId, doc.facilityId), isNull(recordDocuments.classId)),
        doc.childId === null ? isNull(recordDocuments.childId) : undefined,
        eq(recordDocuments.kind, doc.kind),
        eq(recordDocuments.periodStart, doc.periodStart),
      ),
    )
    .orderBy(asc(recordDocuments.version));
  const latest = versions[versions.length - 1]?.id === doc.id;
  const names = await namesOf(db, doc.approvedBy ? [doc.approvedBy] : []);
  const [child] = doc.childId
    ? await db.select({ id: children.id, name: childName }).from(children).where(eq(children.id, doc.childId))
    : [];
  const label =
    doc.kind === 'yoroku'
      ? `${child?.name ?? ''}さんの${doc.periodStart.slice(0, 4)}年度 保育所児童保育要録`
      : doc.kind === 'progress_record'
        ? `${child?.name ?? ''}さんの${progressPeriodLabel(doc.periodStart, doc.periodEnd)}の経過記録`
        : doc.kind === 'annual_plan' || doc.kind === 'overall_plan'
          ? `${fiscalYearOf(doc.periodStart)}年度 ${recordKindLabels[doc.kind]}`
          : periodLabel(doc.kind as ClassRecordKind, doc.periodStart, child?.name);
  return {
    document: {
      ...summaryOf(doc, names),
      title: `${klass?.name ?? access.grant.facilityName} ${label}`,
      class: klass ? { id: klass.id, name: klass.name, age_band: klass.ageBand } : null,
      child: child ? { id: child.id, name: child.name } : null,
      return_comment: doc.status === 'returned' ? doc.returnComment : null,
      room: recordRoom(doc.id),
    },
    template,
    can_edit: access.canWrite && isEditable(doc.status),
    can_submit: access.canWrite && isEditable(doc.status),
    can_approve: access.canApprove && doc.status === 'submitted',
    can_reopen: access.canWrite && doc.status === 'approved' && latest,
    day_facts: doc.kind === 'daily_journal' && klass ? await dayFacts(db, klass, doc.periodStart, staff.today, now) : null,
    events: events.map((e) => ({
      action: e.action as RecordDocument['events'][number]['action'],
      by: { id: e.byId ?? 0, name: e.byName ?? '（退職した職員）' },
      at: e.at.toISOString(),
      comment: e.comment,
    })),
    versions: versions.map((v) => ({ id: v.id, version: v.version, status: v.status as RecordStatus })),
  };
}
