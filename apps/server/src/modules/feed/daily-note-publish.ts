import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  dailyNoteMessages,
  monthDayLabel,
  publishGroupOf,
  type ClassDay,
  type DailyNoteContent,
  type PublishGroup,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { classBroadcasts, dailyNoteDrafts, dailyNotes } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enqueueGuardianPushes } from '../../lib/push';
import { activeGuardiansOf, type StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import {
  assertWritableDay,
  classDayRows,
  loadClassDay,
  noteColumnsOf,
  parseDay,
  presentChild,
  rowsOfChildren,
  type DayRow,
  type Klass,
} from './daily-notes';

const publishedColumns = [
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
];
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The rows' drafts become their published notes (a first version or a correction, version + 1)
 * with the writer's name, the drafts are deleted, each version's content goes to the audit log,
 * and the day's class photos are published with them. Five statements whatever the class size.
 */
async function publishRows(
  tx: Db,
  staff: StaffViewer,
  writerName: string,
  klass: Klass,
  date: string,
  rows: DayRow[],
  now: Date,
) {
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
        ...Object.fromEntries(publishedColumns.map((column) => [camel(column), sql.raw(`excluded.${column}`)])),
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
  const guardians = await activeGuardiansOf(
    tx,
    rows.map((row) => row.childId),
  );
  await enqueueGuardianPushes(
    tx,
    'daily_note',
    rows.map((row) => ({
      userIds: guardians.filter((g) => g.childId === row.childId).map((g) => g.userId),
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
}

/** 公開 of named children (the row's button): each needs a draft; all or nothing. */
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
    const tx: Db = t;
    const rows = await rowsOfChildren(tx, klass.id, date, input.child_ids, 'child_ids');
    if (rows.some((row) => !row.draft)) throw invalid('child_ids', dailyNoteMessages.noDraft);
    await publishRows(tx, staff, writerName, klass, date, rows, now);
  });
  return loadClassDay(db, klass, date, true, staff.today);
}

type Counts = Record<PublishGroup, number>;
const zero = (): Counts => ({ new: 0, changed: 0, unchanged: 0, empty: 0 });

/**
 * The class's 公開: new and changed notes are sent; unchanged ones are not sent again (their
 * version and writer stay); empty ones (nothing of the child's own, e.g. only the menu) only when
 * staff chose to. Grouped by the same rule the grid's confirmation shows (publishGroupOf).
 */
export async function publishClass(
  db: Db,
  staff: StaffViewer,
  writerName: string,
  klass: Klass,
  input: { date: string; include_empty: boolean },
  now: Date,
) {
  const date = parseDay(input.date, staff.today);
  assertWritableDay(date, staff.today);
  const published = zero();
  const skipped = zero();
  await db.transaction(async (t) => {
    const tx: Db = t;
    const rows = await classDayRows(tx, klass.id, date);
    const sending = rows.filter((row) => {
      const group = publishGroupOf(presentChild(row));
      const send = group === 'new' || group === 'changed' || (group === 'empty' && input.include_empty && !!row.draft);
      (send ? published : skipped)[group]++;
      return send;
    });
    if (sending.length > 0) await publishRows(tx, staff, writerName, klass, date, sending, now);
  });
  return { day: await loadClassDay(db, klass, date, true, staff.today), published, skipped };
}
