import { sql } from 'drizzle-orm';
import {
  applyDailyNoteField,
  emptyDailyNoteContent,
  type ClassDay,
  type DailyNoteContent,
  type DailyNoteField,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { dailyNoteDrafts } from '../../db/schema';
import type { StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import {
  assertWritableDay,
  classDayRows,
  contentOfNote,
  loadClassDay,
  parseDay,
  rowsOfChildren,
  sameAsPublished,
  type DayRow,
  type Klass,
} from './daily-notes';

/** What the grid shows for a child now: the draft, else the published note, else nothing. */
const currentContent = (row: DayRow): DailyNoteContent =>
  row.draft ? (row.draft.content as DailyNoteContent) : row.note ? contentOfNote(row.note) : emptyDailyNoteContent();

/** The fields whose values differ (the audit entry names them, not the values: drafts hold health data). */
const changedFields = (before: DailyNoteContent, after: DailyNoteContent) =>
  (Object.keys(after) as (keyof DailyNoteContent)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

/**
 * Upserts the drafts that change something and audits them in the same transaction: one
 * `daily_note.draft` entry per child per call (autosave sends after a pause in typing, so a note
 * typed in one go is one or a few entries, not one per key; docs/decisions/feed-staff-daily-notes-class-publish.md).
 * A save that changes nothing writes nothing.
 */
async function writeDrafts(
  tx: Db,
  staff: StaffViewer,
  klass: Klass,
  date: string,
  writes: { row: DayRow; content: DailyNoteContent }[],
  now: Date,
  details: Record<string, unknown> = {},
) {
  const changes = writes
    .map((w) => ({ ...w, fields: changedFields(currentContent(w.row), w.content) }))
    .filter((w) => w.fields.length > 0);
  if (changes.length === 0) return;
  const saved = await tx
    .insert(dailyNoteDrafts)
    .values(
      changes.map(({ row, content }) => ({
        companyId: row.companyId,
        noteChildId: row.noteChildId,
        date,
        content,
        updatedBy: staff.userId,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [dailyNoteDrafts.noteChildId, dailyNoteDrafts.date],
      set: { content: sql`excluded.content`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ id: dailyNoteDrafts.id, noteChildId: dailyNoteDrafts.noteChildId });
  const idOf = new Map(saved.map((s) => [s.noteChildId, s.id]));
  await recordAudits(
    tx,
    staff,
    now,
    changes.map(({ row, fields }) => ({
      companyId: row.companyId,
      facilityId: klass.facilityId,
      action: 'daily_note.draft',
      targetType: 'daily_note_draft',
      targetId: idOf.get(row.noteChildId) ?? null,
      childId: row.childId,
      details: { date, fields, ...details },
    })),
  );
}

/** Autosave: the drafts of some children, one transaction (upsert and audit). */
export async function saveDrafts(
  db: Db,
  staff: StaffViewer,
  klass: Klass,
  input: { date: string; drafts: { child_id: number; content: DailyNoteContent }[] },
  now: Date,
): Promise<ClassDay> {
  const date = parseDay(input.date, staff.today);
  assertWritableDay(date, staff.today);
  await db.transaction(async (t) => {
    const tx: Db = t;
    const ids = input.drafts.map((d) => d.child_id);
    const rows = await rowsOfChildren(tx, klass.id, date, ids, 'drafts');
    await writeDrafts(
      tx,
      staff,
      klass,
      date,
      rows.map((row, i) => ({ row, content: input.drafts[i]!.content })),
      now,
    );
  });
  return loadClassDay(db, klass, date, true, staff.today);
}

/**
 * 全員に適用: one field of the 「全員」 row into every present child's draft. Empty cells only
 * unless `overwrite` (a child's own 少し is never replaced silently); the answer says how many
 * children were filled, kept their value, were overwritten, and how many published notes changed.
 */
export async function applyToClass(
  db: Db,
  staff: StaffViewer,
  klass: Klass,
  input: { date: string; field: DailyNoteField; values: DailyNoteContent; overwrite: boolean },
  now: Date,
) {
  const date = parseDay(input.date, staff.today);
  assertWritableDay(date, staff.today);
  const tally = { filled: 0, kept: 0, overwritten: 0, published_changed: 0 };
  await db.transaction(async (t) => {
    const tx: Db = t;
    const rows = (await classDayRows(tx, klass.id, date)).filter((row) => !row.absent);
    const writes = rows.map((row) => {
      const outcome = applyDailyNoteField(currentContent(row), input.values, input.field, input.overwrite);
      if (outcome.filled > 0) tally.filled++;
      if (outcome.kept > 0) tally.kept++;
      if (outcome.overwritten > 0) tally.overwritten++;
      const changed = outcome.filled + outcome.overwritten > 0;
      const wasPublishedAsIs = row.note && (!row.draft || sameAsPublished(row.draft.content as DailyNoteContent, row.note));
      if (changed && wasPublishedAsIs && !sameAsPublished(outcome.content, row.note!)) tally.published_changed++;
      return { row, content: outcome.content };
    });
    await writeDrafts(tx, staff, klass, date, writes, now, { applied: input.field, overwrite: input.overwrite });
  });
  return { day: await loadClassDay(db, klass, date, true, staff.today), ...tally };
}
