import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import * as Y from 'yjs';
import { addMonths, recordsMessages as M, type ClassRecordKind, type RecordDocument } from '@renraku/contract';
import type { Db } from '../../db/client';
import { noteChildren, recordDocumentEvents, recordDocuments } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { RecordGrant } from './access';
import { periodOf } from './periods';
import { presentDocument } from './present';
import { loadState, storeState } from './document-store';
import { currentTemplate } from './templates';
import { loadRecordSettings } from './terms';

/**
 * A new 月案's 前月の子どもの姿 starts from last month's 評価・反省 (records.md §3), as text the staff
 * then edit: copied once, when the document is made.
 */
async function startFromLastMonth(db: Db, classId: number, start: string, documentId: number, now: Date) {
  const previous = `${addMonths(start.slice(0, 7), -1)}-01`;
  const [last] = await db
    .select({ id: recordDocuments.id })
    .from(recordDocuments)
    .where(
      and(
        eq(recordDocuments.classId, classId),
        eq(recordDocuments.kind, 'monthly_plan'),
        eq(recordDocuments.periodStart, previous),
      ),
    )
    .orderBy(desc(recordDocuments.version))
    .limit(1);
  const state = last ? await loadState(db, last.id) : null;
  if (!state) return;
  const before = new Y.Doc();
  Y.applyUpdate(before, state);
  const evaluation = before.getText('evaluation').toString().trim();
  if (!evaluation) return;
  const doc = new Y.Doc();
  doc.getText('last_month').insert(0, evaluation);
  await storeState(db, documentId, Y.encodeStateAsUpdate(doc), now);
}

/**
 * Opens a class's 月案, 週案, 日案 (where the facility writes them: else 422) or 保育日誌, or a child's 個別指導計画 (records.md §2): the latest version when it exists (any reader),
 * else a new draft from the facility's current template (writers only; 403 for readers), audited.
 * Two writers opening the same missing document at once meet the unique index: the second reads
 * the first's row.
 */
export async function openClassRecord(
  db: Db,
  staff: StaffViewer,
  access: RecordGrant,
  body: { kind: ClassRecordKind; period: string; child_id?: number },
  now: Date,
): Promise<{ created: boolean; document: RecordDocument }> {
  const period = periodOf(body.kind, body.period);
  if (!period) throw invalid('period', M.period);
  if (body.kind === 'daily_journal' && period.start > staff.today) throw invalid('period', M.future);
  const { klass, grant } = access;
  // A 個別指導計画 is of a child in the class now (not left before the month).
  const childId = body.kind === 'individual_plan' ? (body.child_id ?? null) : null;
  if (body.kind === 'individual_plan') {
    const [enrolled] = childId
      ? await db
          .select({ id: noteChildren.id })
          .from(noteChildren)
          .where(
            and(
              eq(noteChildren.childId, childId),
              eq(noteChildren.classId, klass.id),
              or(isNull(noteChildren.leftOn), gte(noteChildren.leftOn, period.start)),
            ),
          )
          .limit(1)
      : [];
    if (!enrolled) throw invalid('child_id', M.child);
  }
  const find = async () =>
    (
      await db
        .select()
        .from(recordDocuments)
        .where(
          and(
            childId === null ? eq(recordDocuments.classId, klass.id) : eq(recordDocuments.childId, childId),
            childId === null ? isNull(recordDocuments.childId) : undefined,
            eq(recordDocuments.kind, body.kind),
            eq(recordDocuments.periodStart, period.start),
          ),
        )
        .orderBy(desc(recordDocuments.version))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return { created: false, document: await presentDocument(db, staff, access, existing, now) };
  if (!access.canWrite) throw forbidden(M.readOnly);
  if (body.kind === 'daily_plan' && !(await loadRecordSettings(db, klass.facilityId)).writesDailyPlans)
    throw invalid('kind', M.noDailyPlans);
  const made = await db.transaction(async (tx) => {
    const t: Db = tx;
    const template = await currentTemplate(t, { id: klass.facilityId, companyId: klass.companyId }, body.kind, staff.userId);
    const [row] = await t
      .insert(recordDocuments)
      .values({
        companyId: klass.companyId,
        facilityId: klass.facilityId,
        classId: klass.id,
        childId,
        kind: body.kind,
        periodStart: period.start,
        periodEnd: period.end,
        templateId: template.id,
        createdBy: staff.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await t.insert(recordDocumentEvents).values({ documentId: row.id, action: 'created', byId: staff.userId, at: now });
    if (body.kind === 'monthly_plan') await startFromLastMonth(t, klass.id, period.start, row.id, now);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.create',
      targetType: 'record_document',
      targetId: row.id,
      childId,
      details: { kind: body.kind, period: period.start, class_id: klass.id, ...(childId ? { child_id: childId } : {}) },
    });
    return row;
  });
  const doc = made ?? (await find())!;
  return { created: made !== null, document: await presentDocument(db, staff, access, doc, now) };
}
