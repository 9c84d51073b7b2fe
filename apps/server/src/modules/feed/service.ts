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
import { childUser, dailyNotes, facilities, familyInformation, feedBanners, manualBanners, noteChildren } from '../../db/schema';
import { prepared, preparedSql } from '../../db/prepared';
import { tokyoDate } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { feedChildrenOfCaller } from './policy';

/** Texts longer than this are truncated in the feed (F §3 Settings; docs/decisions/feed-paging-and-settings.md). */

type Content = ResponseOf<typeof getChildrenContent>;

/**
 * The caller's activated links among the asked children (read-only ones included, F §1) and the
 * two newest days with content on or before `until` for them. Each branch walks, per enrolment,
 * the (note_child_id|class_id, date) index backwards and stops after two distinct days: the cost
 * does not grow with the history (docs/performance.md).
 */
const daysStatement = preparedSql<{ allowed: number; days: string[] }>(
  'feed_days',
  sql`
    with mine as (${feedChildrenOfCaller}), enrolments as (
      select nc.id, nc.class_id, nc.admitted_on, nc.left_on from note_children nc
      where nc.child_id in (select child_id from mine)
    )
    select (select count(*) from mine)::int as allowed, array(
      select distinct d::text from (
        select x.d from enrolments nc cross join lateral (
          select dn.date as d from daily_notes dn
          where dn.note_child_id = nc.id and dn.date <= ${sql.placeholder('until')} and dn.published_at is not null
          order by dn.date desc limit 2) x
        union all
        select x.d from enrolments nc cross join lateral (
          select distinct cb.date as d from class_broadcasts cb
          where cb.class_id = nc.class_id and cb.date <= ${sql.placeholder('until')} and cb.published_at is not null
            and cb.date >= nc.admitted_on and (nc.left_on is null or cb.date <= nc.left_on)
            and exists (select 1 from feed_files ff where ff.class_broadcast_id = cb.id)
          order by cb.date desc limit 2) x
        union all
        select x.d from enrolments nc cross join lateral (
          select fi.contact_on as d from family_information fi
          where fi.note_child_id = nc.id and fi.contact_on <= ${sql.placeholder('until')} and fi.is_sent
          order by fi.contact_on desc limit 2) x
      ) branches order by 1 desc limit 2
    ) as days`,
);

interface FileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  sizeBytes: number;
}

const fileJson = sql.raw(
  `json_build_object('id', ff.id, 'name', ff.name, 'storageKey', ff.storage_key, 'isDocument', ff.is_document, 'sizeBytes', ff.size_bytes)`,
);

/** The enrolments of the children with their note, family information and files of one day. */
const dayStatement = prepared('feed_day', (db, name) => {
  const day = sql.placeholder('day');
  return (
    db
      .select({
        enrolment: noteChildren,
        nursery: facilities.name,
        note: dailyNotes,
        family: familyInformation,
        noteFiles: sql<FileRow[] | null>`(
        select json_agg(${fileJson} order by ff.sort_order, ff.id) from feed_files ff
        where ff.daily_note_id = ${dailyNotes.id})`,
        // Class broadcasts reach the enrolments whose stay covers the day.
        broadcastFiles: sql<FileRow[] | null>`(
        select json_agg(${fileJson} order by cb.id, ff.sort_order, ff.id)
        from class_broadcasts cb join feed_files ff on ff.class_broadcast_id = cb.id
        where cb.class_id = ${noteChildren.classId} and cb.date = ${day} and cb.published_at is not null
          and ${noteChildren.admittedOn} <= ${day} and (${noteChildren.leftOn} is null or ${day} <= ${noteChildren.leftOn}))`,
      })
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
      // Driven by the caller's links (a row or two per user): PostgreSQL then keeps one generic
      // plan for the statement instead of planning it again on every call.
      .where(sql`${noteChildren.childId} in (${feedChildrenOfCaller})`)
      .orderBy(asc(noteChildren.id))
      .prepare(name)
  );
});

/**
 * The newest day with content on or before `date` for the caller's children, and whether an older
 * one exists: two prepared statements whatever the number of children, days or files. A child
 * that is not the caller's (or not activated) → 404, never 403.
 */
export async function loadContent(
  ctx: AppContext,
  userId: number,
  requested: number[],
  date: string | undefined,
  now: Date,
): Promise<Content> {
  const childIds = [...new Set(requested)];
  const today = tokyoDate(now);
  const until = date && date < today ? date : today;
  const [found] = await daysStatement(ctx.db).rows({ userId, childIds, until });
  if (!found || found.allowed !== childIds.length) throw notFound();
  const base = { has_more: found.days.length > 1, message_minimize_threshold_length: ctx.config.messageMinimizeThresholdLength };
  const day = found.days[0];
  if (!day) return { data: {}, ...base };

  const rows = await dayStatement(ctx.db).execute({ userId, childIds, day });
  const messages: DailyMessage[] = [];
  for (const { enrolment, nursery, note, family, noteFiles, broadcastFiles } of rows) {
    const broadcast = (broadcastFiles ?? []).map((file) => presentFile(ctx, file));
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
                employeeMessageFiles: (noteFiles ?? []).map((file) => presentFile(ctx, file)),
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

export function displaySize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

function presentFile(ctx: AppContext, file: FileRow): FeedFile {
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
