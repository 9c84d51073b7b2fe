import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  addDays,
  dailyNoteMessages,
  dailyNoteWritableDays,
  emptyDailyNoteContent,
  excretionCategory,
  excretionKinds,
  isCalendarDate,
  mealAmounts,
  type ClassDay,
  type ClassDayChild,
  type ClassDayMenu,
  type DailyNoteContent,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  attendanceReports,
  children,
  classes,
  dailyNoteDrafts,
  dailyNotes,
  napSessions,
  noteChildren,
  type DailyNoteRecords,
} from '../../db/schema';
import { childKana } from '../../lib/child-names';
import { invalid } from '../../lib/errors';
import { enrolmentCovers, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { rowsOf } from '../../db/rows';

export type Klass = typeof classes.$inferSelect;
type Note = typeof dailyNotes.$inferSelect;

/** The day a call names: a real calendar date (a bad one is a 422, never a database error). */
export function parseDay(date: string | undefined, today: string): string {
  if (date === undefined) return today;
  if (!isCalendarDate(date)) throw invalid('date', '日付の形式が正しくありません');
  return date;
}

/** Writable days (staff.md §4): today and the 7 days before; never a future day. */
export function writableDay(date: string, today: string): boolean {
  return date <= today && date >= addDays(today, -dailyNoteWritableDays);
}

export function assertWritableDay(date: string, today: string) {
  if (date > today) throw invalid('date', dailyNoteMessages.futureDay);
  if (!writableDay(date, today)) throw invalid('date', dailyNoteMessages.pastDay);
}

const isAmount = (value: string): value is (typeof mealAmounts)[number] => (mealAmounts as readonly string[]).includes(value);
const isKind = (value: string): value is (typeof excretionKinds)[number] => (excretionKinds as readonly string[]).includes(value);

/** A published note as the grid edits it (values outside today's lists, e.g. older notes, are left empty). */
export function contentOfNote(note: Note): DailyNoteContent {
  return {
    thermometries: note.thermometries.map((t) => ({ time: t.time.slice(0, 5), thermometry: t.thermometry })),
    school_meal: note.schoolMeal,
    lunch_items: note.lunchItems.map((i) => ({
      category_label: i.categoryLabel,
      amount_label: isAmount(i.amountLabel) ? i.amountLabel : null,
    })),
    lunch_note: note.lunchNote,
    snack_morning: note.snackMorning,
    snack_afternoon: note.snackAfternoon,
    snack_note: note.snackContactToParents,
    sleeps: note.sleeps.map((s) => ({ start: s.start.slice(0, 5), end: s.end?.slice(0, 5) ?? null })),
    defecations: note.defecations.flatMap((d) => (isKind(d.status) ? [{ time: d.time.slice(0, 5), kind: d.status }] : [])),
    milks: note.milks.map((m) => ({ time: m.time.slice(0, 5), amount: m.amount })),
    text: note.text,
  };
}

const blank = (value: string | null) => (value && value.trim() ? value.trim() : null);

/** The columns of `daily_notes` the guardian card reads, from a draft: only 給食 rows with an amount. */
export function noteColumnsOf(content: DailyNoteContent) {
  return {
    thermometries: content.thermometries,
    sleeps: content.sleeps,
    defecations: content.defecations.map((d) => ({ time: d.time, category: excretionCategory, status: d.kind })),
    schoolMeal: blank(content.school_meal),
    lunchItems: content.lunch_items.flatMap((i) =>
      i.amount_label ? [{ categoryLabel: i.category_label, amountLabel: i.amount_label }] : [],
    ) satisfies DailyNoteRecords['lunchItems'],
    lunchNote: blank(content.lunch_note),
    snackMorning: blank(content.snack_morning),
    snackAfternoon: blank(content.snack_afternoon),
    snackContactToParents: blank(content.snack_note),
    milks: content.milks.map((m, i) => ({ id: i + 1, time: m.time, amount: m.amount, contactToParents: null })),
    text: blank(content.text),
  };
}

/** The class's children of the day (enrolment covering it), with note, draft and absence: one statement. */
export async function classDayRows(db: Db, classId: number, date: string) {
  return db
    .select({
      childId: children.id,
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      lastName: children.lastName,
      firstName: children.firstName,
      kana: childKana,
      allergies: children.allergies,
      note: dailyNotes,
      draft: dailyNoteDrafts,
      absent: sql<boolean>`exists (select 1 from ${attendanceReports} ar where ar.note_child_id = ${noteChildren.id}
        and ar.target_date = ${date} and ar.status_id = 3)`,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(
      dailyNotes,
      and(eq(dailyNotes.noteChildId, noteChildren.id), eq(dailyNotes.date, date), isNotNull(dailyNotes.publishedAt)),
    )
    .leftJoin(dailyNoteDrafts, and(eq(dailyNoteDrafts.noteChildId, noteChildren.id), eq(dailyNoteDrafts.date, date)))
    .where(and(eq(noteChildren.classId, classId), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
}

export type DayRow = Awaited<ReturnType<typeof classDayRows>>[number];

/** A draft whose values are what guardians already see: saving the menu again is not a change. */
export function sameAsPublished(content: DailyNoteContent, note: Note): boolean {
  return JSON.stringify(noteColumnsOf(content)) === JSON.stringify(noteColumnsOf(contentOfNote(note)));
}

export function statusOf(row: Pick<DayRow, 'note' | 'draft'>): ClassDayChild['status'] {
  const { note, draft } = row;
  if (!draft) return note ? 'published' : 'empty';
  if (!note) return 'draft';
  return sameAsPublished(draft.content as DailyNoteContent, note) ? 'published' : 'changed';
}

export function presentChild(row: DayRow): ClassDayChild {
  const { note, draft } = row;
  const status = statusOf(row);
  return {
    child_id: row.childId,
    name: `${row.lastName} ${row.firstName}`,
    kana: row.kana,
    allergies: row.allergies.trim(),
    absent: row.absent,
    status,
    content: draft ? (draft.content as DailyNoteContent) : note ? contentOfNote(note) : emptyDailyNoteContent(),
    draft_saved_at: draft ? draft.updatedAt.toISOString() : null,
    published: note
      ? { version: note.version, published_at: note.publishedAt!.toISOString(), writer_name: note.employeeName }
      : null,
  };
}

/** The menu of the class's latest published day before `date` (「前日の献立をコピー」). */
async function previousMenu(db: Db, classId: number, date: string): Promise<ClassDayMenu | null> {
  const [row] = await db
    .select({
      date: dailyNotes.date,
      schoolMeal: dailyNotes.schoolMeal,
      lunchItems: dailyNotes.lunchItems,
      snackMorning: dailyNotes.snackMorning,
      snackAfternoon: dailyNotes.snackAfternoon,
    })
    .from(dailyNotes)
    .innerJoin(noteChildren, eq(noteChildren.id, dailyNotes.noteChildId))
    .where(
      and(
        eq(noteChildren.classId, classId),
        lt(dailyNotes.date, date),
        isNotNull(dailyNotes.publishedAt),
        sql`(${dailyNotes.schoolMeal} is not null or jsonb_array_length(${dailyNotes.lunchItems}) > 0)`,
      ),
    )
    .orderBy(desc(dailyNotes.date), desc(dailyNotes.id))
    .limit(1);
  if (!row) return null;
  return {
    date: row.date,
    school_meal: row.schoolMeal,
    lunch_categories: row.lunchItems.map((i) => i.categoryLabel),
    snack_morning: row.snackMorning,
    snack_afternoon: row.snackAfternoon,
  };
}

/**
 * The nap the grid offers for every present child: the class's 午睡 of the day as the nap check
 * started and ended it, else the most common nap of the class's latest earlier published day.
 */
async function typicalNap(db: Db, classId: number, date: string): Promise<{ start: string; end: string | null } | null> {
  // One statement (the day's answer after every save and 公開 keeps its statement count).
  const result = await db.execute<{ start: string; end: string | null }>(sql`
    select start, "end" from (
      select 0 as pri, 0::bigint as n,
        to_char(ns.started_at at time zone 'Asia/Tokyo', 'HH24:MI') as start,
        to_char(ns.ended_at at time zone 'Asia/Tokyo', 'HH24:MI') as "end"
      from ${napSessions} ns where ns.class_id = ${classId} and ns.date = ${date}
      union all
      select 1, count(*), left(dn.sleeps->0->>'start', 5), left(dn.sleeps->0->>'end', 5)
      from ${dailyNotes} dn join ${noteChildren} nc on nc.id = dn.note_child_id
      where nc.class_id = ${classId} and dn.published_at is not null and jsonb_array_length(dn.sleeps) > 0
        and dn.date = (select max(d.date) from ${dailyNotes} d join ${noteChildren} n on n.id = d.note_child_id
          where n.class_id = ${classId} and d.date < ${date} and d.published_at is not null and jsonb_array_length(d.sleeps) > 0)
      group by 3, 4
    ) x order by pri, n desc, start limit 1`);
  const rows = rowsOf<{ start: string; end: string | null }>(result);
  return rows[0] ? { start: rows[0].start, end: rows[0].end ?? null } : null;
}

export async function loadClassDay(db: Db, klass: Klass, date: string, canWrite: boolean, today: string): Promise<ClassDay> {
  const [rows, menu, nap] = await Promise.all([
    classDayRows(db, klass.id, date),
    previousMenu(db, klass.id, date),
    typicalNap(db, klass.id, date),
  ]);
  return {
    date,
    class: { id: klass.id, name: klass.name, facility_id: klass.facilityId },
    can_write: canWrite && writableDay(date, today),
    previous_menu: menu,
    defaults: { nap },
    children: rows.map(presentChild),
  };
}

/** The day's rows of the named children; any id not of the class that day → 422, nothing written. */
export async function rowsOfChildren(db: Db, classId: number, date: string, childIds: number[], field: string) {
  if (new Set(childIds).size !== childIds.length) throw invalid(field, dailyNoteMessages.duplicateChild);
  const rows = await classDayRows(db, classId, date);
  const byChild = new Map(rows.map((row) => [row.childId, row]));
  const picked = childIds.map((id) => byChild.get(id));
  if (picked.some((row) => !row)) throw invalid(field, dailyNoteMessages.notInClass);
  return picked as DayRow[];
}

/**
 * The grid shows each child's アレルギー beside the 給食 entry (docs/decisions/day-allergies-on-tablet.md):
 * health data of the child's record, so a read that shows any is one audit entry naming those
 * children, as the board's read does. The writes' answers show the same grid to the same person
 * right after a read that was logged, and their own entries name the children written.
 */
export async function readClassDay(db: Db, staff: StaffViewer, klass: Klass, date: string, canWrite: boolean, now: Date) {
  const day = await loadClassDay(db, klass, date, canWrite, staff.today);
  const childIds = day.children.filter((c) => c.allergies !== '').map((c) => c.child_id);
  if (childIds.length > 0) {
    await recordAudit(db, staff, now, {
      companyId: klass.companyId,
      facilityId: klass.facilityId,
      action: 'daily_notes.class.read',
      targetType: 'class',
      targetId: klass.id,
      childId: childIds.length === 1 ? childIds[0] : null,
      details: { child_ids: childIds, date },
    });
  }
  return day;
}
