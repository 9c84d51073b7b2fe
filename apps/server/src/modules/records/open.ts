import { and, eq, gte, isNull, or } from 'drizzle-orm';
import * as Y from 'yjs';
import { addMonths, recordsMessages as M, type ClassRecordKind, type RecordDocument } from '@renraku/contract';
import type { Db } from '../../db/client';
import { noteChildren, recordDocuments } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import type { RecordGrant } from './access';
import { createDocument, latestVersion, ofClass } from './create-document';
import { periodOf } from './periods';
import { presentDocument } from './present';
import { loadState, storeState } from './document-store';
import { loadRecordSettings } from './terms';

/**
 * A new 月案's 前月の子どもの姿 starts from last month's 評価・反省 (records.md §3), as text the staff
 * then edit: copied once, when the document is made.
 */
async function startFromLastMonth(db: Db, classId: number, start: string, documentId: number, now: Date) {
  const previous = `${addMonths(start.slice(0, 7), -1)}-01`;
  const last = await latestVersion(
    db,
    eq(recordDocuments.classId, classId),
    eq(recordDocuments.kind, 'monthly_plan'),
    eq(recordDocuments.periodStart, previous),
  );
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
  const { klass } = access;
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
  const find = () =>
    latestVersion(
      db,
      childId === null ? eq(recordDocuments.classId, klass.id) : eq(recordDocuments.childId, childId),
      childId === null ? isNull(recordDocuments.childId) : undefined,
      eq(recordDocuments.kind, body.kind),
      eq(recordDocuments.periodStart, period.start),
    );
  const existing = await find();
  if (existing) return { created: false, document: await presentDocument(db, staff, access, existing, now) };
  if (!access.canWrite) throw forbidden(M.readOnly);
  if (body.kind === 'daily_plan' && !(await loadRecordSettings(db, klass.facilityId)).writesDailyPlans)
    throw invalid('kind', M.noDailyPlans);
  const doc = { ...ofClass(klass, childId), kind: body.kind, start: period.start, end: period.end };
  const initial =
    body.kind === 'monthly_plan' ? (t: Db, id: number) => startFromLastMonth(t, klass.id, period.start, id, now) : undefined;
  const made = await createDocument(db, staff, doc, now, { initial });
  return { created: made !== undefined, document: await presentDocument(db, staff, access, made ?? (await find())!, now) };
}
