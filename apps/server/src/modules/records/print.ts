import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  fiscalYearOf,
  fullDateLabel,
  fullDateTimeLabel,
  monthDayLabel,
  recordKindLabels,
  recordKindPeriods,
  recordStatusLabels,
  slashDateTimeLabel,
  type RecordKind,
  type RecordStatus,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, facilities, recordDocumentEvents, staffMemberships } from '../../db/schema';
import { childName } from '../../lib/child-names';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { DocumentGrant, RecordDocumentRow } from './access';
import { documentContent } from './content';
import { dayFacts } from './day-facts';
import { renderPdf, type Stamp } from './pdf';
import { namesOf } from './present';
import { loadState } from './document-store';
import { presentTemplate, templateById } from './templates';
import { progressPeriodLabel } from './terms';

/** The ideographic space between items on a line. */
const SP = '\u3000';

/** What the printed page calls the document's period (any kind: the template decides the rest). */
export function printLabel(kind: RecordKind, start: string, end: string): string {
  const name = recordKindLabels[kind];
  switch (recordKindPeriods[kind]) {
    // The facility's 全体的な計画 is kept per 年度 (records-rollover.md), as the 年間指導計画.
    case 'facility':
    case 'fiscal_year':
      return `${fiscalYearOf(start)}年度 ${name}`;
    case 'month':
      // A 経過記録 by 期 spans several months.
      return `${progressPeriodLabel(start, end)}の${name}`;
    case 'week':
      return `${fullDateLabel(start)}〜${monthDayLabel(end)}の${name}`;
    case 'day':
      return `${fullDateLabel(start)}の${name}`;
  }
}

/** Whether the approver signs as 園長 (a director or company admin of the facility) or as 主任. */
async function approverSeat(db: Db, userId: number, doc: RecordDocumentRow): Promise<'園長' | '主任'> {
  const [manager] = await db
    .select({ id: staffMemberships.id })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.userId, userId),
        inArray(staffMemberships.role, ['director', 'company_admin']),
        or(
          eq(staffMemberships.facilityId, doc.facilityId),
          and(isNull(staffMemberships.facilityId), eq(staffMemberships.companyId, doc.companyId)),
        ),
      ),
    )
    .limit(1);
  return manager ? '園長' : '主任';
}

/**
 * The 確認印 (records.md §4, §6): 担当 is who last submitted this version; the approver's name and
 * time stand in the 園長's or the 主任's box, by the approver's role at the facility.
 */
async function stampsOf(db: Db, doc: RecordDocumentRow): Promise<Stamp[]> {
  const [submitted] = await db
    .select({ byId: recordDocumentEvents.byId, at: recordDocumentEvents.at })
    .from(recordDocumentEvents)
    .where(and(eq(recordDocumentEvents.documentId, doc.id), eq(recordDocumentEvents.action, 'submitted')))
    .orderBy(desc(recordDocumentEvents.at), desc(recordDocumentEvents.id))
    .limit(1);
  const approved = doc.status === 'approved' && doc.approvedBy && doc.approvedAt ? doc.approvedBy : null;
  const names = await namesOf(
    db,
    [submitted?.byId, approved].filter((id): id is number => typeof id === 'number'),
  );
  const stamps: Stamp[] = [
    { label: '担当', name: null, at: null },
    { label: '主任', name: null, at: null },
    { label: '園長', name: null, at: null },
  ];
  if (submitted?.byId)
    Object.assign(stamps[0]!, { name: names.get(submitted.byId) ?? null, at: slashDateTimeLabel(submitted.at) });
  if (approved) {
    const seat = await approverSeat(db, approved, doc);
    Object.assign(
      stamps.find((s) => s.label === seat)!,
      {
        name: names.get(approved) ?? '（退職した職員）',
        at: slashDateTimeLabel(doc.approvedAt!),
      },
    );
  }
  return stamps;
}

/**
 * A plan or record's PDF bytes (records.md §6): its content as stored now, the 日誌's day as the
 * board shows it, the 確認印. Not audited: the caller logs the read (printRecord, the archive).
 */
export async function renderRecord(
  db: Db,
  staff: StaffViewer,
  access: DocumentGrant & { doc: RecordDocumentRow },
  now: Date,
): Promise<Buffer> {
  const { doc, klass, grant } = access;
  const kind = doc.kind as RecordKind;
  const template = presentTemplate(await templateById(db, doc.templateId));
  const [facility] = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, doc.facilityId));
  const state = await loadState(db, doc.id);
  const [child] = doc.childId ? await db.select({ name: childName }).from(children).where(eq(children.id, doc.childId)) : [];
  const facts = kind === 'daily_journal' && klass ? await dayFacts(db, klass, doc.periodStart, staff.today, now) : null;
  const status = `${recordStatusLabels[doc.status as RecordStatus]}（第${doc.version}版）`;
  return renderPdf({
    // The facility's own document is titled by the facility.
    title: recordTitle(klass?.name ?? grant.facilityName, child?.name ?? null, kind, doc.periodStart, doc.periodEnd),
    subtitle: `${facility?.name ?? ''}${SP}${template.name}${SP}${status}`,
    landscape: kind !== 'daily_journal' && kind !== 'progress_record',
    stamps: await stampsOf(db, doc),
    sections: documentContent(state, template.sections),
    facts,
    printedAt: fullDateTimeLabel(now),
  });
}

/** A document's printed title: the class, the child (of a child's record), the kind and period. */
export const recordTitle = (className: string, child: string | null, kind: RecordKind, start: string, end: string) =>
  `${className} ${child ? `${child}さん ` : ''}${printLabel(kind, start, end)}`;

/** A document as an A4 PDF (records.md §6), audited as `record.read` with the view `pdf`. */
export async function printRecord(
  db: Db,
  staff: StaffViewer,
  access: DocumentGrant & { doc: RecordDocumentRow },
  now: Date,
): Promise<{ filename: string; body: Buffer; type: string }> {
  const { doc, grant } = access;
  const body = await renderRecord(db, staff, access, now);
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action: 'record.read',
    targetType: 'record_document',
    targetId: doc.id,
    childId: doc.childId,
    details: { kind: doc.kind, period: doc.periodStart, version: doc.version, view: 'pdf' },
  });
  return { filename: `record-${doc.id}-v${doc.version}.pdf`, body, type: 'application/pdf' };
}
