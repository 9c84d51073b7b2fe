import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type StaffNotice, type StaffNoticeSummary } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { noteChildren, noticeFiles, noticeTargets, notices, questionnaireRespondents, questionnaires } from '../../db/schema';
import { type FacilityGrant } from '../access';
import { noticeStatus, loadNotice, audienceLabels, mayAddressNotice, editableOf } from './audience';
import { presentStaffFile } from './presenter';
import { questionsOf } from './questions';

/* The staff's list of notices and one notice with its editability (staff.md §5). */

export async function listStaffNotices(db: Db, grant: FacilityGrant, today: string, now: Date): Promise<StaffNoticeSummary[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.facilityId, grant.facilityId))
    .orderBy(desc(notices.releasedAt), desc(notices.id))
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({
      noticeId: noticeTargets.noticeId,
      targets: count(),
      read: sql<number>`count(${noticeTargets.readAt})::int`,
      answered: sql<number>`count(${questionnaireRespondents.id})::int`,
    })
    .from(noticeTargets)
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .leftJoin(questionnaires, eq(questionnaires.noticeId, noticeTargets.noticeId))
    .leftJoin(
      questionnaireRespondents,
      and(
        eq(questionnaireRespondents.questionnaireId, questionnaires.id),
        eq(questionnaireRespondents.childId, noteChildren.childId),
      ),
    )
    .where(inArray(noticeTargets.noticeId, ids))
    .groupBy(noticeTargets.noticeId);
  // (Two grouped reads: a correlated subquery would lose its table name in a one-table select.)
  const fileCounts = await db
    .select({ noticeId: noticeFiles.noticeId, n: count() })
    .from(noticeFiles)
    .where(inArray(noticeFiles.noticeId, ids))
    .groupBy(noticeFiles.noticeId);
  const withQuestionnaire = new Set(
    (
      await db.select({ noticeId: questionnaires.noticeId }).from(questionnaires).where(inArray(questionnaires.noticeId, ids))
    ).map((q) => q.noticeId),
  );
  const countOf = new Map(counts.map((c) => [c.noticeId, c]));
  const filesOf = new Map(fileCounts.map((f) => [f.noticeId, Number(f.n)]));
  const labels = await audienceLabels(db, rows);
  const editable = await editableOf(db, grant, rows, today);
  const out: StaffNoticeSummary[] = [];
  for (const row of rows) {
    const c = countOf.get(row.id);
    out.push({
      id: row.id,
      title: row.title,
      status: noticeStatus(row, now),
      released_at: row.state === 'published' ? row.releasedAt.toISOString() : null,
      audience_label: labels.get(row.id) ?? '',
      has_questionnaire: withQuestionnaire.has(row.id),
      file_count: filesOf.get(row.id) ?? 0,
      counts: { targets: Number(c?.targets ?? 0), read: Number(c?.read ?? 0), answered: Number(c?.answered ?? 0) },
      editable: editable.get(row.id) ?? false,
    });
  }
  return out;
}

/** One notice for the compose screen. */
export async function readStaffNotice(ctx: AppContext, db: Db, grant: FacilityGrant, noticeId: number, today: string, now: Date) {
  const row = await loadNotice(db, noticeId);
  const files = await db
    .select()
    .from(noticeFiles)
    .where(eq(noticeFiles.noticeId, noticeId))
    .orderBy(asc(noticeFiles.sortOrder), asc(noticeFiles.id));
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.noticeId, noticeId));
  const questionnaire: StaffNotice['questionnaire'] = q
    ? {
        id: q.id,
        close_at: q.closeAt.toISOString(),
        questions: (await questionsOf(db, q.id)).map((x) => ({
          id: x.id,
          text: x.text,
          answer_format: x.type,
          is_required: x.isRequired,
          choices: x.choices,
        })),
      }
    : null;
  const labels = await audienceLabels(db, [row]);
  return {
    id: row.id,
    facility_id: row.facilityId,
    title: row.title,
    text: row.text,
    status: noticeStatus(row, now),
    released_at: row.state === 'draft' ? null : row.releasedAt.toISOString(),
    audience: row.audience ?? null,
    audience_label: labels.get(row.id) ?? '',
    files: files.map((f) => presentStaffFile(ctx, f)),
    questionnaire,
    editable: await mayAddressNotice(db, grant, row, today),
    version: row.version,
  } satisfies StaffNotice;
}
