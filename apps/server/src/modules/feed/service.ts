import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  defecationCategoryLabels,
  defecationStatusLabels,
  type DailyMessage,
  type FeedFile,
  type ResponseOf,
  type getChildrenContent,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import {
  childUser,
  classBroadcasts,
  dailyNotes,
  facilities,
  familyInformation,
  feedBanners,
  feedFiles,
  manualBanners,
  noteChildren,
} from '../../db/schema';
import { tokyoDate } from '../../lib/clock';

/** Texts longer than this are truncated in the feed (F §3 Settings; docs/decisions/feed-paging-and-settings.md). */

type Content = ResponseOf<typeof getChildrenContent>;

/**
 * The newest day with content on or before `date` for the given (already authorised) children,
 * and whether an older one exists. Four statements whatever the number of children or days.
 */
export async function loadContent(ctx: AppContext, childIds: number[], date: string | undefined, now: Date): Promise<Content> {
  const today = tokyoDate(now);
  const until = date && date < today ? date : today;
  const ids = sql.join(
    childIds.map((id) => sql`${id}`),
    sql`, `,
  );

  // Each branch walks, per enrolment, the (note_child_id|class_id, date) index backwards and stops
  // after two distinct days: the cost does not grow with the history (docs/performance.md).
  const days = await ctx.db.execute<{ d: string }>(sql`
    select d::text as d from (
      select distinct d from (
        select x.d from note_children nc cross join lateral (
          select dn.date as d from daily_notes dn
          where dn.note_child_id = nc.id and dn.date <= ${until} and dn.published_at is not null
          order by dn.date desc limit 2) x
        where nc.child_id in (${ids})
        union all
        select x.d from note_children nc cross join lateral (
          select distinct cb.date as d from class_broadcasts cb
          where cb.class_id = nc.class_id and cb.date <= ${until} and cb.published_at is not null
            and cb.date >= nc.admitted_on and (nc.left_on is null or cb.date <= nc.left_on)
            and exists (select 1 from feed_files ff where ff.class_broadcast_id = cb.id)
          order by cb.date desc limit 2) x
        where nc.child_id in (${ids})
        union all
        select x.d from note_children nc cross join lateral (
          select fi.contact_on as d from family_information fi
          where fi.note_child_id = nc.id and fi.contact_on <= ${until} and fi.is_sent
          order by fi.contact_on desc limit 2) x
        where nc.child_id in (${ids})
      ) branches order by d desc limit 2
    ) newest order by d desc`);
  const found = rowsOf<{ d: string }>(days).map((r) => r.d);
  const base = { has_more: found.length > 1, message_minimize_threshold_length: ctx.config.messageMinimizeThresholdLength };
  const day = found[0];
  if (!day) return { data: {}, ...base };

  const rows = await ctx.db
    .select({ enrolment: noteChildren, nursery: facilities.name, note: dailyNotes, family: familyInformation })
    .from(noteChildren)
    .innerJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .leftJoin(
      dailyNotes,
      and(eq(dailyNotes.noteChildId, noteChildren.id), eq(dailyNotes.date, day), isNotNull(dailyNotes.publishedAt)),
    )
    .leftJoin(
      familyInformation,
      and(
        eq(familyInformation.noteChildId, noteChildren.id),
        eq(familyInformation.contactOn, day),
        eq(familyInformation.isSent, true),
      ),
    )
    .where(inArray(noteChildren.childId, childIds))
    .orderBy(asc(noteChildren.id));

  const noteIds = rows.flatMap((r) => (r.note ? [r.note.id] : []));
  const classIds = [
    ...new Set(rows.flatMap((r) => (r.enrolment.classId && covers(r.enrolment, day) ? [r.enrolment.classId] : []))),
  ];
  // Two index-driven statements (an OR across the join would scan every feed file).
  const [ownFiles, broadcastFiles] =
    noteIds.length === 0 && classIds.length === 0
      ? [[], []]
      : await Promise.all([
          ctx.db
            .select({ file: feedFiles })
            .from(feedFiles)
            .where(noteIds.length ? inArray(feedFiles.dailyNoteId, noteIds) : sql`false`)
            .orderBy(asc(feedFiles.sortOrder), asc(feedFiles.id)),
          ctx.db
            .select({ file: feedFiles, classId: classBroadcasts.classId })
            .from(classBroadcasts)
            .innerJoin(feedFiles, eq(feedFiles.classBroadcastId, classBroadcasts.id))
            .where(
              classIds.length
                ? and(
                    inArray(classBroadcasts.classId, classIds),
                    eq(classBroadcasts.date, day),
                    isNotNull(classBroadcasts.publishedAt),
                  )
                : sql`false`,
            )
            .orderBy(asc(feedFiles.classBroadcastId), asc(feedFiles.sortOrder), asc(feedFiles.id)),
        ]);
  const files: { file: typeof feedFiles.$inferSelect; classId: number | null }[] = [
    ...ownFiles.map((f) => ({ ...f, classId: null })),
    ...broadcastFiles,
  ];

  const noteFiles = new Map<number, FeedFile[]>();
  const classFiles = new Map<number, FeedFile[]>();
  for (const { file, classId } of files) {
    const presented = presentFile(ctx, file);
    if (file.dailyNoteId) push(noteFiles, file.dailyNoteId, presented);
    else if (classId) push(classFiles, classId, presented);
  }

  const messages: DailyMessage[] = [];
  for (const { enrolment, nursery, note, family } of rows) {
    const broadcast = enrolment.classId && covers(enrolment, day) ? (classFiles.get(enrolment.classId) ?? []) : [];
    if (!note && !family && broadcast.length === 0) continue;
    messages.push({
      note_child_id: enrolment.id,
      child_id: enrolment.childId,
      date: day,
      nursery,
      attendances: { attendanceTime: note?.attendanceTime ?? null, leavingTime: note?.leavingTime ?? null },
      message:
        note || broadcast.length
          ? {
              employeeInfo: {
                text: note?.text ?? null,
                name: note?.employeeName ?? null,
                broadcastMessageFiles: broadcast,
                employeeMessageFiles: note ? (noteFiles.get(note.id) ?? []) : [],
                thermometries: note?.thermometries ?? [],
                sleeps: note?.sleeps ?? [],
                defecations: note?.defecations ?? [],
                schoolMeal: note?.schoolMeal ?? null,
                meals: {
                  lunch: { items: note?.lunchItems ?? [], note: note?.lunchNote ?? null },
                  snackSet: {
                    morning: note?.snackMorning ?? null,
                    afternoon: note?.snackAfternoon ?? null,
                    contactToParents: note?.snackContactToParents ?? null,
                  },
                  milks: note?.milks ?? [],
                },
              },
            }
          : null,
      familyInformation: family ? presentFamily(family) : null,
    });
  }
  const order = new Map(childIds.map((id, i) => [id, i]));
  messages.sort((a, b) => order.get(a.child_id)! - order.get(b.child_id)! || a.note_child_id - b.note_child_id);
  return { data: { [day]: messages }, ...base };
}

const covers = (enrolment: typeof noteChildren.$inferSelect, day: string) =>
  enrolment.admittedOn <= day && (enrolment.leftOn === null || day <= enrolment.leftOn);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** drizzle's execute answers rows directly on node-postgres' result object and PGlite's alike. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function displaySize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

function presentFile(ctx: AppContext, file: typeof feedFiles.$inferSelect): FeedFile {
  const url = ctx.files.url(file.storageKey)!;
  return {
    id: file.id,
    name: file.name,
    url,
    fileUrl: file.isDocument ? url : ctx.files.url(file.storageKey, { variant: 'thumb' })!,
    mediumUrl: file.isDocument ? null : ctx.files.url(file.storageKey, { variant: 'medium' }),
    isDocumentFile: file.isDocument,
    displaySize: displaySize(file.sizeBytes),
  };
}

function presentFamily(family: typeof familyInformation.$inferSelect): DailyMessage['familyInformation'] {
  const meals: { category: string; comment: string }[] = [];
  if (family.dinner) meals.push({ category: '前日の夕食', comment: family.dinner });
  if (family.breakfast) meals.push({ category: '朝食', comment: family.breakfast });
  return {
    thermometry: {
      doneAt: family.thermometryDoneAt,
      temperature: family.temperature === null ? null : Number(family.temperature),
    },
    sleep: { startedAt: family.sleepStartedAt, endedAt: family.sleepEndedAt },
    defecation: {
      doneAt: family.defecationDoneAt,
      category: family.defecationCategoryId ? (defecationCategoryLabels[family.defecationCategoryId] ?? null) : null,
      status: family.defecationStatusId ? (defecationStatusLabels[family.defecationStatusId] ?? null) : null,
    },
    meals,
    poolAttendance: { isParticipate: family.isParticipate },
    text: family.message,
  };
}

/** Current banners: operator-wide ones and those of the companies the caller has an activated child in. */
export async function listBanners(ctx: AppContext, userId: number, now: Date) {
  const companiesOfUser = ctx.db
    .select({ companyId: childUser.companyId })
    .from(childUser)
    .where(and(eq(childUser.userId, userId), eq(childUser.activated, true)));
  return ctx.db
    .select({ level: feedBanners.level, label: feedBanners.label, message: feedBanners.message })
    .from(feedBanners)
    .where(
      and(
        lte(feedBanners.startsAt, now),
        or(isNull(feedBanners.endsAt), gt(feedBanners.endsAt, now)),
        or(isNull(feedBanners.companyId), inArray(feedBanners.companyId, companiesOfUser)),
      ),
    )
    .orderBy(asc(feedBanners.sortOrder), asc(feedBanners.id)) as Promise<
    { level: 'info' | 'alert'; label: string; message: string }[]
  >;
}

export async function currentManualBanner(ctx: AppContext, now: Date) {
  const [row] = await ctx.db
    .select({ title: manualBanners.title, url: manualBanners.url })
    .from(manualBanners)
    .where(lte(manualBanners.publishedAt, now))
    .orderBy(desc(manualBanners.publishedAt), desc(manualBanners.id))
    .limit(1);
  return { data: row ?? null };
}
