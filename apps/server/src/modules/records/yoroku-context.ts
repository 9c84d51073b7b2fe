import { and, desc, eq } from 'drizzle-orm';
import type { RecordStatus, YorokuContext } from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, recordDocuments } from '../../db/schema';
import { fiscalAge } from '../billing/service';
import type { RecordDocumentRow } from './access';
import { documentContent, type FieldContent } from './content';
import { loadState } from './document-store';
import { presentTemplate, templateById } from './templates';
import { loadRecordSettings, progressPeriodLabel } from './terms';
import { classFocus } from './yoroku-class';

/**
 * How long a 要録 is kept (records.md §5; docs/decisions/records-yoroku.md): at least until the
 * child would finish 小学校, the 31 March of the 年度 six years after the one the child enters at 6
 * (満年齢 on 1 April), plus the years the facility keeps them longer (record_settings). Nothing in the
 * product deletes a child's records; this is the day shown.
 */
export function retainUntil(birth: string, extraYears = 0): string {
  const by = Number(birth.slice(0, 4));
  let entry = by + 6;
  while (fiscalAge(birth, `${entry}-04`) < 6) entry += 1;
  while (fiscalAge(birth, `${entry}-04`) > 6) entry -= 1;
  return `${entry + 6 + extraYears}-03-31`;
}

const fieldText = (f: FieldContent): string => {
  switch (f.type) {
    case 'text':
    case 'value':
      return f.text ? `${f.label}：${f.text}` : '';
    case 'grid':
      return f.rows
        .map((r) => (r.cells.some(Boolean) ? `${r.label}：${r.cells.filter(Boolean).join('／')}` : ''))
        .filter(Boolean)
        .join('\n');
    default:
      return '';
  }
};

/**
 * Beside a child's 要録 (records.md §5): the class's 最終年度の重点 (read-only there) and the child's
 * earlier 経過記録, every written period's latest version, newest first, as text to read while writing.
 */
export async function yorokuContext(db: Db, doc: RecordDocumentRow, left: boolean): Promise<YorokuContext> {
  const [child] = await db.select({ birth: children.birth }).from(children).where(eq(children.id, doc.childId!));
  const progress = await db
    .selectDistinctOn([recordDocuments.periodStart])
    .from(recordDocuments)
    .where(and(eq(recordDocuments.childId, doc.childId!), eq(recordDocuments.kind, 'progress_record')))
    .orderBy(desc(recordDocuments.periodStart), desc(recordDocuments.version));
  const templates = new Map<number, Awaited<ReturnType<typeof templateById>>>();
  const items: YorokuContext['progress'] = [];
  for (const p of progress) {
    if (!templates.has(p.templateId)) templates.set(p.templateId, await templateById(db, p.templateId));
    const sections = documentContent(await loadState(db, p.id), presentTemplate(templates.get(p.templateId)!).sections)
      .map((s) => ({ title: s.title, text: s.fields.map(fieldText).filter(Boolean).join('\n') }))
      .filter((s) => s.text);
    items.push({
      id: p.id,
      label: `${progressPeriodLabel(p.periodStart, p.periodEnd)}の経過記録`,
      status: p.status as RecordStatus,
      sections,
    });
  }
  return {
    focus: await classFocus(db, doc.classId!),
    progress: items,
    retain_until: retainUntil(child!.birth, (await loadRecordSettings(db, doc.facilityId)).yorokuRetentionExtraYears),
    left,
  };
}
