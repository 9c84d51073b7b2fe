import { eq } from 'drizzle-orm';
import { fullDateTimeLabel, recordStatusLabels, slashDateTimeLabel, type RecordStatus } from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, facilities } from '../../db/schema';
import { childName } from '../../lib/child-names';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { RecordDocumentRow, RecordGrant } from './access';
import { documentContent, type SectionContent } from './content';
import { renderPdf, type Stamp } from './pdf';
import { namesOf } from './present';
import { loadState } from './document-store';
import { presentTemplate, templateById } from './templates';
import { classFocus } from './yoroku-class';

const SP = '\u3000';

/**
 * A 要録 as the two-page 様式 (records.md §5; docs/decisions/records-yoroku.md), A4 portrait:
 * page 1 the 入所に関する記録 and the 保育に関する記録's head (the class's 最終年度の重点, 個人の重点),
 * page 2 the records (保育の展開と子どもの育ち with the 10の姿 as a reference list, 特に配慮すべき事項,
 * 最終年度に至るまでの育ちに関する事項). The 確認印: 担当 and the approving 園長 with name and time.
 */
export async function renderYoroku(db: Db, doc: RecordDocumentRow, className: string, now: Date): Promise<Buffer> {
  const template = presentTemplate(await templateById(db, doc.templateId));
  const [[facility], [child], state, focus] = await Promise.all([
    db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, doc.facilityId)),
    db.select({ name: childName }).from(children).where(eq(children.id, doc.childId!)),
    loadState(db, doc.id),
    classFocus(db, doc.classId!),
  ]);
  const content = documentContent(state, template.sections);
  const admission = content[0]!;
  const care = content[1]!;
  const [individual, ...rest] = care.fields;
  const sections: SectionContent[] = [
    admission,
    {
      title: '保育に関する記録',
      fields: [{ type: 'text', label: '最終年度の重点', text: focus.text, short: false }, ...(individual ? [individual] : [])],
    },
    { title: '保育に関する記録（保育の展開と子どもの育ち）', fields: rest, newPage: true },
  ];
  const approved = doc.status === 'approved' && doc.approvedBy && doc.approvedAt ? doc.approvedBy : null;
  const names = await namesOf(db, approved ? [approved] : []);
  const stamps: Stamp[] = [
    { label: '担当', name: null, at: null },
    {
      label: '園長',
      name: approved ? (names.get(approved) ?? '（退職した職員）') : null,
      at: approved ? slashDateTimeLabel(doc.approvedAt!) : null,
    },
  ];
  const year = doc.periodStart.slice(0, 4);
  return renderPdf({
    title: `${year}年度 保育所児童保育要録 ${child?.name ?? ''}さん`,
    subtitle: `${facility?.name ?? ''}${SP}${className}${SP}${recordStatusLabels[doc.status as RecordStatus]}（第${doc.version}版）`,
    landscape: false,
    stamps,
    sections,
    facts: null,
    printedAt: fullDateTimeLabel(now),
  });
}

/** A child's 要録 as a PDF (the document's PDF call dispatches here): audited as a read of the 要録. */
export async function printYoroku(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant & { doc: RecordDocumentRow },
  now: Date,
): Promise<{ filename: string; body: Buffer; type: string }> {
  const { doc, grant, klass } = access;
  const body = await renderYoroku(db, doc, klass.name, now);
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action: 'yoroku.read',
    targetType: 'record_document',
    targetId: doc.id,
    childId: doc.childId,
    details: { kind: doc.kind, period: doc.periodStart, version: doc.version, view: 'pdf' },
  });
  return { filename: `yoroku-${doc.id}-v${doc.version}.pdf`, body, type: 'application/pdf' };
}
