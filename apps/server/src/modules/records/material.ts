import { and, asc, between, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ProgressMaterial, RecordStatus } from '@renraku/contract';
import type { AppContext } from '../../context';
import { dailyNotes, feedFiles, growths, noteChildren, recordDocuments } from '../../db/schema';
import type { RecordDocumentRow } from './access';

const MAX_PHOTOS = 60;
const MAX_REMARKS = 120;

const growthText = (date: string, height: number | null, weight: number | null) =>
  `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日の身体測定：${[
    height !== null ? `身長 ${height}cm` : null,
    weight !== null ? `体重 ${weight}kg` : null,
  ]
    .filter(Boolean)
    .join('、')}`;

/**
 * A 経過記録's material (records.md §3; docs/decisions/records-child-records.md): the period's
 * growth measurements, the photos on the child's published daily notes and those notes' remarks,
 * read from their areas' tables each time (never copied into the document: the staff choose what
 * to insert), and the child's 個別指導計画 of the period's months to read beside. Four statements.
 */
export async function progressMaterial(ctx: AppContext, doc: RecordDocumentRow): Promise<ProgressMaterial> {
  const childId = doc.childId!;
  const { periodStart: start, periodEnd: end } = doc;
  const ofChild = eq(noteChildren.childId, childId);
  const published = and(ofChild, isNotNull(dailyNotes.publishedAt), between(dailyNotes.date, start, end));
  const [measured, photos, remarks, plans] = await Promise.all([
    ctx.db
      .select({ on: growths.measuredOn, height: growths.height, weight: growths.weight })
      .from(growths)
      .where(and(eq(growths.childId, childId), between(growths.measuredOn, start, end)))
      .orderBy(asc(growths.measuredOn)),
    ctx.db
      .select({ id: feedFiles.id, key: feedFiles.storageKey, date: dailyNotes.date })
      .from(feedFiles)
      .innerJoin(dailyNotes, eq(dailyNotes.id, feedFiles.dailyNoteId))
      .innerJoin(noteChildren, eq(noteChildren.id, dailyNotes.noteChildId))
      .where(and(published, eq(feedFiles.isDocument, false)))
      .orderBy(desc(dailyNotes.date), asc(feedFiles.sortOrder), asc(feedFiles.id))
      .limit(MAX_PHOTOS),
    ctx.db
      .select({ date: dailyNotes.date, text: dailyNotes.text })
      .from(dailyNotes)
      .innerJoin(noteChildren, eq(noteChildren.id, dailyNotes.noteChildId))
      .where(and(published, sql`coalesce(trim(${dailyNotes.text}), '') <> ''`))
      .orderBy(asc(dailyNotes.date))
      .limit(MAX_REMARKS),
    ctx.db
      .selectDistinctOn([recordDocuments.periodStart], {
        id: recordDocuments.id,
        start: recordDocuments.periodStart,
        status: recordDocuments.status,
      })
      .from(recordDocuments)
      .where(
        and(
          eq(recordDocuments.childId, childId),
          inArray(recordDocuments.kind, ['individual_plan']),
          between(recordDocuments.periodStart, start, end),
        ),
      )
      .orderBy(asc(recordDocuments.periodStart), desc(recordDocuments.version)),
  ]);
  return {
    growths: measured.map((g) => ({
      measured_on: g.on,
      height: g.height,
      weight: g.weight,
      text: growthText(g.on, g.height, g.weight),
    })),
    photos: photos.map((p) => ({
      id: p.id,
      date: p.date,
      thumb_url: ctx.files.url(p.key, { variant: 'thumb' })!,
      medium_url: ctx.files.url(p.key, { variant: 'medium' })!,
    })),
    remarks: remarks.map((r) => ({ date: r.date, text: r.text!.trim() })),
    individual_plans: plans.map((p) => ({ id: p.id, period_start: p.start, status: p.status as RecordStatus })),
  };
}
