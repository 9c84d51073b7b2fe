import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  addDays,
  dailyNoteMessages,
  dailyNoteWritableDays,
  emptyDailyNoteContent,
  excretionCategory,
  excretionKinds,
  isCalendarDate,
  monthDayLabel,
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
  classBroadcasts,
  classes,
  dailyNoteDrafts,
  dailyNotes,
  noteChildren,
  type DailyNoteRecords,
} from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enqueueGuardianPushes } from '../../lib/push';
import { enrolmentCovers, type StaffViewer } from '../access';
import { recordAudits } from '../staff/service';

type Klass = typeof classes.$inferSelect;
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
function noteColumnsOf(content: DailyNoteContent) {
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
async function classDayRows(db: Db, classId: number, date: string) {
  return db
    .select({
      childId: children.id,
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      lastName: children.lastName,
      firstName: children.firstName,
      kana: sql<string>`${children.lastNameKana} || ' ' || ${children.firstNameKana}`,
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

type DayRow = Awaited<ReturnType<typeof classDayRows>>[number];

function presentChild(row: DayRow): ClassDayChild {
  const { note, draft } = row;
  const status = draft ? (note ? 'changed' : 'draft') : note ? 'published' : 'empty';
  return {
    child_id: row.childId,
    name: `${row.lastName} ${row.firstName}`,
    kana: row.kana,
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

export async function loadClassDay(db: Db, klass: Klass, date: string, canWrite: boolean, today: string): Promise<ClassDay> {
  const [rows, menu] = await Promise.all([classDayRows(db, klass.id, date), previousMenu(db, klass.id, date)]);
  return {
    date,
    class: { id: klass.id, name: klass.name, facility_id: klass.facilityId },
    can_write: canWrite && writableDay(date, today),
    previous_menu: menu,
    children: rows.map(presentChild),
  };
}

/** The day's rows of the named children; any id not of the class that day → 422, nothing written. */
async function rowsOfChildren(db: Db, classId: number, date: string, childIds: number[], field: string) {
  if (new Set(childIds).size !== childIds.length) throw invalid(field, dailyNoteMessages.duplicateChild);
  const rows = await classDayRows(db, classId, date);
  const byChild = new Map(rows.map((row) => [row.childId, row]));
  const picked = childIds.map((id) => byChild.get(id));
  if (picked.some((row) => !row)) throw invalid(field, dailyNoteMessages.notInClass);
  return picked as DayRow[];
}

/** Autosave: upserts the drafts of some children in one statement. Not audited (docs/decisions/feed-staff-daily-notes.md). */
export async function saveDrafts(
  db: Db,
  staff: StaffViewer,
  klass: Klass,
  input: { date: string; drafts: { child_id: number; content: DailyNoteContent }[] },
  now: Date,
): Promise<ClassDay> {
  const date = parseDay(input.date, staff.today);
  assertWritableDay(date, staff.today);
  const rows = await rowsOfChildren(
    db,
    klass.id,
    date,
    input.drafts.map((d) => d.child_id),
    'drafts',
  );
  await db
    .insert(dailyNoteDrafts)
    .values(
      rows.map((row, i) => ({
        companyId: row.companyId,
        noteChildId: row.noteChildId,
        date,
        content: input.drafts[i]!.content,
        updatedBy: staff.userId,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [dailyNoteDrafts.noteChildId, dailyNoteDrafts.date],
      set: { content: sql`excluded.content`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
    });
  return loadClassDay(db, klass, date, true, staff.today);
}

/**
 * 公開: the named children's drafts become their published notes (a first version or a correction,
 * version + 1) with the writer's name, the drafts are deleted, and each version's content goes to
 * the audit log; the day's class photos are published with it. One transaction of five statements
 * whatever the class size.
 */
export async function publishDrafts(
  db: Db,
  staff: StaffViewer,
  writerName: string,
  klass: Klass,
  input: { date: string; child_ids: number[] },
  now: Date,
): Promise<ClassDay> {
  const date = parseDay(input.date, staff.today);
  assertWritableDay(date, staff.today);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await rowsOfChildren(tx, klass.id, date, input.child_ids, 'child_ids');
    if (rows.some((row) => !row.draft)) throw invalid('child_ids', dailyNoteMessages.noDraft);
    const published = await tx
      .insert(dailyNotes)
      .values(
        rows.map((row) => ({
          companyId: row.companyId,
          noteChildId: row.noteChildId,
          date,
          ...noteColumnsOf(row.draft!.content as DailyNoteContent),
          employeeName: writerName,
          publishedBy: staff.userId,
          publishedAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [dailyNotes.noteChildId, dailyNotes.date],
        set: {
          ...Object.fromEntries(
            [
              'thermometries',
              'sleeps',
              'defecations',
              'school_meal',
              'lunch_items',
              'lunch_note',
              'snack_morning',
              'snack_afternoon',
              'snack_contact_to_parents',
              'milks',
              'text',
              'employee_name',
              'published_by',
              'published_at',
              'updated_at',
            ].map((column) => [camel(column), sql.raw(`excluded.${column}`)]),
          ),
          version: sql`case when ${dailyNotes.publishedAt} is null then 1 else ${dailyNotes.version} + 1 end`,
        },
      })
      .returning({ id: dailyNotes.id, noteChildId: dailyNotes.noteChildId, version: dailyNotes.version });
    // The day's class photos (クラスの写真) reach guardians with the class's 公開 (feed-staff-photos.md).
    await tx
      .update(classBroadcasts)
      .set({ publishedAt: now })
      .where(and(eq(classBroadcasts.classId, klass.id), eq(classBroadcasts.date, date), isNull(classBroadcasts.publishedAt)));
    await tx.delete(dailyNoteDrafts).where(
      inArray(
        dailyNoteDrafts.id,
        rows.map((row) => row.draft!.id),
      ),
    );
    // One push per guardian per child-day (docs/decisions/push-web-push.md): a correction (version 2…)
    // meets the same dedupe key and writes nothing.
    await enqueueGuardianPushes(
      tx,
      'daily_note',
      rows.map((row) => ({
        childIds: [row.childId],
        title: `${row.firstName}さんの連絡帳が届きました`,
        body: `${monthDayLabel(date)}の様子をご覧ください`,
        link: '/main',
        dedupeKey: `${row.childId}:${date}`,
      })),
    );
    const byEnrolment = new Map(rows.map((row) => [row.noteChildId, row]));
    await recordAudits(
      tx,
      staff,
      now,
      published.map((note) => {
        const row = byEnrolment.get(note.noteChildId)!;
        return {
          companyId: row.companyId,
          facilityId: klass.facilityId,
          action: 'daily_note.publish',
          targetType: 'daily_note',
          targetId: note.id,
          childId: row.childId,
          details: { date, version: note.version, writer: writerName, content: row.draft!.content },
        };
      }),
    );
  });
  return loadClassDay(db, klass, date, true, staff.today);
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
