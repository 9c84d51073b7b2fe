import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { guardianMessages, photoMessages, photoUploadFields, type ClassPhotos, type StaffPhoto } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { attendanceReports, children, classBroadcasts, classes, dailyNotes, feedFiles, noteChildren } from '../../db/schema';
import { childName } from '../../lib/child-names';
import { invalid, invalidMany, notFound } from '../../lib/errors';
import { IMAGE_VARIANTS, storeImage } from '../../lib/images';
import { enrolmentCovers, type StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import { assertWritableDay, writableDay } from './daily-notes';
import { rowsOf } from '../../db/rows';

type Klass = typeof classes.$inferSelect;

/** Advisory lock namespace of a class's broadcast of the day (communications uses 5005). */
const BROADCAST_LOCK = 5006;

/** The class's children of the day (enrolment covering it), with the day's absence. */
async function classChildren(db: Db, classId: number, date: string) {
  return db
    .select({
      childId: children.id,
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      name: childName,
      absent: sql<boolean>`exists (select 1 from ${attendanceReports} ar where ar.note_child_id = ${noteChildren.id}
        and ar.target_date = ${date} and ar.status_id = 3)`,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(and(eq(noteChildren.classId, classId), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
}

interface PlacementRow {
  id: number;
  storage_key: string;
  name: string;
  visible: boolean;
  child_id: number | null;
  child_name: string | null;
}

/** Every placement of the class's photos of a day: children's notes and the class broadcasts (one statement). */
async function placementsOfDay(db: Db, classId: number, date: string): Promise<PlacementRow[]> {
  const result = await db.execute(sql`
    select ff.id, ff.storage_key, ff.name, dn.published_at is not null as visible,
      c.id as child_id, c.last_name || ' ' || c.first_name as child_name
    from feed_files ff
    join daily_notes dn on dn.id = ff.daily_note_id
    join note_children nc on nc.id = dn.note_child_id
    join children c on c.id = nc.child_id
    where nc.class_id = ${classId} and dn.date = ${date} and not ff.is_document
    union all
    select ff.id, ff.storage_key, ff.name, cb.published_at is not null, null, null
    from feed_files ff join class_broadcasts cb on cb.id = ff.class_broadcast_id
    where cb.class_id = ${classId} and cb.date = ${date} and not ff.is_document
    order by 1`);
  return rowsOf<PlacementRow>(result);
}

/** Placements grouped by stored image, in upload order. */
function presentPhotos(ctx: AppContext, rows: PlacementRow[]): StaffPhoto[] {
  const byKey = new Map<string, StaffPhoto>();
  for (const row of rows) {
    let photo = byKey.get(row.storage_key);
    if (!photo) {
      photo = {
        id: row.id,
        name: row.name,
        thumb_url: ctx.files.url(row.storage_key, { variant: 'thumb' })!,
        medium_url: ctx.files.url(row.storage_key, { variant: 'medium' })!,
        placements: [],
      };
      byKey.set(row.storage_key, photo);
    }
    photo.placements.push({
      file_id: row.id,
      child: row.child_id === null ? null : { id: row.child_id, name: row.child_name! },
      visible: row.visible,
    });
  }
  // The class first, then the children in name order, as the tag buttons show them.
  for (const photo of byKey.values()) {
    photo.placements.sort((a, b) => (a.child ? 1 : 0) - (b.child ? 1 : 0) || a.file_id - b.file_id);
  }
  return [...byKey.values()];
}

export async function loadClassPhotos(
  ctx: AppContext,
  klass: Klass,
  date: string,
  canWrite: boolean,
  today: string,
): Promise<ClassPhotos> {
  const [kids, rows] = await Promise.all([classChildren(ctx.db, klass.id, date), placementsOfDay(ctx.db, klass.id, date)]);
  return {
    date,
    class: { id: klass.id, name: klass.name, facility_id: klass.facilityId },
    can_write: canWrite && writableDay(date, today),
    can_remove: canWrite,
    children: kids.map((k) => ({ id: k.childId, name: k.name, absent: k.absent })),
    photos: presentPhotos(ctx, rows),
  };
}

/** Zod's issues as the API's `errors` (field → messages). */
function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join('.') || 'upload_file'] ??= []).push(issue.message);
  return errors;
}

/**
 * One uploaded photo (staff.md §4): tags checked before anything is stored (a child not of the
 * class that day → 422, nothing stored), the image normalised as guardians' uploads are (metadata
 * stripped, thumb and medium variants), then one transaction: the children's notes of the day
 * (created unpublished when none: guardians see the photo with the note's 公開), the class's
 * broadcast of the day, one `feed_files` row per placement and the audit entries.
 */
export async function uploadClassPhoto(
  ctx: AppContext,
  staff: StaffViewer,
  klass: Klass,
  form: { fields: Record<string, string>; bytes: Buffer | null },
  now: Date,
): Promise<StaffPhoto> {
  const parsed = photoUploadFields.safeParse(form.fields);
  if (!parsed.success) throw invalidMany(issuesOf(parsed.error));
  const { date, child_ids: childIds, to_class: toClass } = parsed.data;
  assertWritableDay(date, staff.today);
  if (childIds.length === 0 && !toClass) throw invalid('child_ids', photoMessages.noTag);
  const kids = await classChildren(ctx.db, klass.id, date);
  const byChild = new Map(kids.map((k) => [k.childId, k]));
  const tagged = childIds.map((id) => byChild.get(id));
  if (tagged.some((k) => !k)) throw invalid('child_ids', photoMessages.notInClass);
  if (!form.bytes) throw invalid('upload_file', guardianMessages.imageRequired);

  const key = await storeImage(ctx.storage, `feed/${klass.companyId}/${klass.id}`, form.bytes);
  const sizeBytes = form.bytes.length;
  const name = (form.fields.content_name ?? '').slice(0, 255) || '写真.jpg';
  try {
    const rows = await ctx.db.transaction(async (t) => {
      const tx: Db = t;
      const files: (typeof feedFiles.$inferInsert)[] = [];
      if (toClass) {
        // Two tablets uploading the class's first photo of the day at once make one broadcast.
        await tx.execute(sql`select pg_advisory_xact_lock(${BROADCAST_LOCK}, ${klass.id})`);
        const [existing] = await tx
          .select({ id: classBroadcasts.id })
          .from(classBroadcasts)
          .where(and(eq(classBroadcasts.classId, klass.id), eq(classBroadcasts.date, date)))
          .orderBy(asc(classBroadcasts.id))
          .limit(1);
        let broadcastId = existing?.id;
        if (broadcastId === undefined) {
          // Published already when a note of the class is published that day (the day is out).
          const [made] = await tx
            .insert(classBroadcasts)
            .values({
              companyId: klass.companyId,
              facilityId: klass.facilityId,
              classId: klass.id,
              date,
              publishedAt: sql`case when exists (select 1 from ${dailyNotes} dn join ${noteChildren} nc on nc.id = dn.note_child_id
                where nc.class_id = ${klass.id} and dn.date = ${date} and dn.published_at is not null) then ${now.toISOString()}::timestamptz end`,
            })
            .returning({ id: classBroadcasts.id });
          broadcastId = made!.id;
        }
        files.push({ companyId: klass.companyId, classBroadcastId: broadcastId, storageKey: key, name, sizeBytes });
      }
      if (tagged.length > 0) {
        const enrolments = tagged.map((k) => k!.noteChildId);
        // The child's note of the day, unpublished when staff have not published it yet.
        await tx
          .insert(dailyNotes)
          .values(tagged.map((k) => ({ companyId: k!.companyId, noteChildId: k!.noteChildId, date })))
          .onConflictDoNothing({ target: [dailyNotes.noteChildId, dailyNotes.date] });
        const notes = await tx
          .select({ id: dailyNotes.id, noteChildId: dailyNotes.noteChildId })
          .from(dailyNotes)
          .where(and(inArray(dailyNotes.noteChildId, enrolments), eq(dailyNotes.date, date)));
        const noteOf = new Map(notes.map((n) => [n.noteChildId, n.id]));
        for (const k of tagged) {
          files.push({ companyId: klass.companyId, dailyNoteId: noteOf.get(k!.noteChildId)!, storageKey: key, name, sizeBytes });
        }
      }
      const inserted = await tx.insert(feedFiles).values(files).returning({ id: feedFiles.id });
      await recordAudits(tx, staff, now, [
        ...(toClass
          ? [
              {
                companyId: klass.companyId,
                facilityId: klass.facilityId,
                action: 'photo.upload' as const,
                targetType: 'feed_file',
                targetId: inserted[0]!.id,
                details: { date, class_id: klass.id, to_class: true, name },
              },
            ]
          : []),
        ...tagged.map((k, i) => ({
          companyId: klass.companyId,
          facilityId: klass.facilityId,
          action: 'photo.upload' as const,
          targetType: 'feed_file',
          targetId: inserted[(toClass ? 1 : 0) + i]!.id,
          childId: k!.childId,
          details: { date, class_id: klass.id, name },
        })),
      ]);
      return inserted;
    });
    const all = await placementsOfDay(ctx.db, klass.id, date);
    const ids = new Set(rows.map((r) => r.id));
    return presentPhotos(
      ctx,
      all.filter((row) => ids.has(row.id)),
    )[0]!;
  } catch (error) {
    await removeStored(ctx, key);
    throw error;
  }
}

async function removeStored(ctx: AppContext, key: string) {
  await Promise.all(
    [key, ...Object.keys(IMAGE_VARIANTS).map((variant) => `${key}.${variant}`)].map((k) => ctx.storage.remove(k)),
  );
}

/** The class and day a placement belongs to, or undefined for no such photo. */
export async function placementOf(db: Db, fileId: number) {
  const result = await db.execute(sql`
    select ff.id, ff.storage_key, ff.name, ff.company_id, coalesce(nc.class_id, cb.class_id) as class_id,
      coalesce(dn.date, cb.date)::text as date, nc.child_id
    from feed_files ff
    left join daily_notes dn on dn.id = ff.daily_note_id
    left join note_children nc on nc.id = dn.note_child_id
    left join class_broadcasts cb on cb.id = ff.class_broadcast_id
    where ff.id = ${fileId} and not ff.is_document`);
  const [row] = (
    result as unknown as {
      rows: { id: number; storage_key: string; name: string; class_id: number | null; date: string; child_id: number | null }[];
    }
  ).rows;
  if (!row || row.class_id === null) return undefined;
  return row;
}

/**
 * Removes one placement (a wrong tag), audited; the stored image and its variants go with the last
 * placement that uses them. Any day: a photo on the wrong family's feed must be removable always.
 */
export async function removePlacement(
  ctx: AppContext,
  staff: StaffViewer,
  klass: Klass,
  placement: NonNullable<Awaited<ReturnType<typeof placementOf>>>,
  now: Date,
) {
  const left = await ctx.db.transaction(async (t) => {
    const tx: Db = t;
    const deleted = await tx.delete(feedFiles).where(eq(feedFiles.id, placement.id)).returning({ id: feedFiles.id });
    if (deleted.length === 0) throw notFound();
    await recordAudits(tx, staff, now, [
      {
        companyId: klass.companyId,
        facilityId: klass.facilityId,
        action: 'photo.remove' as const,
        targetType: 'feed_file',
        targetId: placement.id,
        childId: placement.child_id,
        details: { date: placement.date, class_id: klass.id, to_class: placement.child_id === null, name: placement.name },
      },
    ]);
    const [row] = await tx.select({ n: count() }).from(feedFiles).where(eq(feedFiles.storageKey, placement.storage_key));
    return row!.n;
  });
  if (left === 0) await removeStored(ctx, placement.storage_key);
  return { message: photoMessages.removed };
}
