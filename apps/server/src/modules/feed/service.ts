import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  defecationCategoryLabels,
  defecationStatusLabels,
  type DailyMessage,
  type FeedFile,
  type ResponseOf,
  type getChildrenContent,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, feedBanners, manualBanners, type DailyNoteRecords } from '../../db/schema';
import { preparedSql } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { callerValues, confirmCaller, sessionStateOfCaller, type Caller, type SessionStateJson } from '../../lib/sessions';
import { callerChildIdsAmong, enrolmentCovers, nc } from '../access';

/** Texts longer than this are truncated in the feed (F §3 Settings; docs/decisions/feed-paging-and-settings.md). */

type Content = ResponseOf<typeof getChildrenContent>;

/** A feed file as the statement answers it. */
interface FileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  sizeBytes: number;
}

/** An enrolment of the day as the statement answers it: `note` and `family` are whole rows (snake_case keys). */
interface EnrolmentOfDay {
  noteChildId: number;
  childId: number;
  nursery: string;
  note: {
    id: number;
    attendance_time: string | null;
    leaving_time: string | null;
    text: string | null;
    employee_name: string | null;
    thermometries: DailyNoteRecords['thermometries'];
    sleeps: DailyNoteRecords['sleeps'];
    defecations: DailyNoteRecords['defecations'];
    school_meal: string | null;
    lunch_items: DailyNoteRecords['lunchItems'];
    lunch_note: string | null;
    snack_morning: string | null;
    snack_afternoon: string | null;
    snack_contact_to_parents: string | null;
    milks: DailyNoteRecords['milks'];
  } | null;
  family: FamilyRow | null;
  noteFiles: FileRow[] | null;
  broadcastFiles: FileRow[] | null;
}

interface FamilyRow {
  sleep_started_at: string | null;
  sleep_ended_at: string | null;
  temperature: number | string | null;
  thermometry_done_at: string | null;
  defecation_category_id: number | null;
  defecation_status_id: number | null;
  defecation_done_at: string | null;
  dinner: string | null;
  breakfast: string | null;
  message: string | null;
  is_participate: boolean | null;
}

const fileJson = sql.raw(
  `json_build_object('id', ff.id, 'name', ff.name, 'storageKey', ff.storage_key, 'isDocument', ff.is_document, 'sizeBytes', ff.size_bytes)`,
);

/**
 * The whole feed call in one prepared statement (placeholders `sessionId`, `now`, `childIds`, `until`):
 * - `session`: the caller's live session (none → 401);
 * - `allowed`: how many asked children the caller may see (F §1; the policy's fragment);
 * - `days`: the two newest days with content on or before `until`. Each branch walks, per
 *   enrolment, the (note_child_id|class_id, date) index backwards and stops after two distinct
 *   days: the cost does not grow with the history (docs/performance.md);
 * - `enrolments`: for the newest day, each enrolment with its published note, sent family
 *   information, the note's files and the class broadcasts' files when its stay covers the day.
 */
const feedStatement = preparedSql<{
  session: SessionStateJson;
  allowed: number;
  days: string[];
  enrolments: EnrolmentOfDay[] | null;
}>(
  'feed',
  sql`
    with mine as (${callerChildIdsAmong}), enrolments as (
      select nc.id, nc.child_id, nc.facility_id, nc.class_id, nc.admitted_on, nc.left_on from note_children nc
      where nc.child_id in (select child_id from mine)
    ), newest as materialized (
      -- Materialized: evaluated once, not once per reference to the day below.
      select array(
        select distinct d::text from (
          select x.d from enrolments nc cross join lateral (
            select dn.date as d from daily_notes dn
            where dn.note_child_id = nc.id and dn.date <= ${sql.placeholder('until')} and dn.published_at is not null
            order by dn.date desc limit 2) x
          union all
          select x.d from enrolments nc cross join lateral (
            select distinct cb.date as d from class_broadcasts cb
            where cb.class_id = nc.class_id and cb.date <= ${sql.placeholder('until')} and cb.published_at is not null
              and ${enrolmentCovers(nc, sql`cb.date`)}
              and exists (select 1 from feed_files ff where ff.class_broadcast_id = cb.id)
            order by cb.date desc limit 2) x
          union all
          select x.d from enrolments nc cross join lateral (
            select fi.contact_on as d from family_information fi
            where fi.note_child_id = nc.id and fi.contact_on <= ${sql.placeholder('until')} and fi.is_sent
            order by fi.contact_on desc limit 2) x
        ) branches order by 1 desc limit 2
      ) as days
    ), picked as materialized (select days, days[1]::date as day from newest)
    select ${sessionStateOfCaller} as session, (select count(*) from mine)::int as allowed, picked.days, (
      select json_agg(json_build_object(
        'noteChildId', nc.id, 'childId', nc.child_id,
        'nursery', (select f.name from facilities f where f.id = nc.facility_id),
        'note', row_to_json(dn), 'family', row_to_json(fi),
        'noteFiles', (select json_agg(${fileJson} order by ff.sort_order, ff.id) from feed_files ff where ff.daily_note_id = dn.id),
        'broadcastFiles', (
          select json_agg(${fileJson} order by cb.id, ff.sort_order, ff.id)
          from class_broadcasts cb join feed_files ff on ff.class_broadcast_id = cb.id
          where cb.class_id = nc.class_id and cb.date = picked.day and cb.published_at is not null
            and ${enrolmentCovers(nc, sql`picked.day`)})
      ) order by nc.id)
      from enrolments nc
      left join daily_notes dn on dn.note_child_id = nc.id and dn.date = picked.day and dn.published_at is not null
      left join family_information fi on fi.note_child_id = nc.id and fi.contact_on = picked.day and fi.is_sent
    ) as enrolments
    from picked`,
);

/**
 * The newest day with content on or before `date` for the caller's children, and whether an older
 * one exists: one prepared statement whatever the number of children, days or files, the session
 * lookup included. A child that is not the caller's (or not activated) → 404, never 403; no live
 * session → 401.
 */
export async function loadContent(
  ctx: AppContext,
  caller: Caller,
  requested: number[],
  date: string | undefined,
): Promise<Content> {
  const childIds = [...new Set(requested)];
  const { today } = caller;
  const until = date && date < today ? date : today;
  const [found] = await feedStatement(ctx.db).rows({ ...callerValues(caller), childIds, until });
  await confirmCaller(ctx.db, caller, found?.session);
  if (!found || found.allowed !== childIds.length) throw notFound();
  const base = { has_more: found.days.length > 1, message_minimize_threshold_length: ctx.config.messageMinimizeThresholdLength };
  const day = found.days[0];
  if (!day) return { data: {}, ...base };

  const messages: DailyMessage[] = [];
  for (const { noteChildId, childId, nursery, note, family, noteFiles, broadcastFiles } of found.enrolments ?? []) {
    const broadcast = (broadcastFiles ?? []).map((file) => presentFile(ctx, file));
    if (!note && !family && broadcast.length === 0) continue;
    messages.push({
      note_child_id: noteChildId,
      child_id: childId,
      date: day,
      nursery,
      attendances: { attendanceTime: note?.attendance_time ?? null, leavingTime: note?.leaving_time ?? null },
      message:
        note || broadcast.length
          ? {
              employeeInfo: {
                text: note?.text ?? null,
                name: note?.employee_name ?? null,
                broadcastMessageFiles: broadcast,
                employeeMessageFiles: (noteFiles ?? []).map((file) => presentFile(ctx, file)),
                thermometries: note?.thermometries ?? [],
                sleeps: note?.sleeps ?? [],
                defecations: note?.defecations ?? [],
                schoolMeal: note?.school_meal ?? null,
                meals: {
                  lunch: { items: note?.lunch_items ?? [], note: note?.lunch_note ?? null },
                  snackSet: {
                    morning: note?.snack_morning ?? null,
                    afternoon: note?.snack_afternoon ?? null,
                    contactToParents: note?.snack_contact_to_parents ?? null,
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

function presentFamily(family: FamilyRow): DailyMessage['familyInformation'] {
  const meals: { category: string; comment: string }[] = [];
  if (family.dinner) meals.push({ category: '前日の夕食', comment: family.dinner });
  if (family.breakfast) meals.push({ category: '朝食', comment: family.breakfast });
  return {
    thermometry: {
      doneAt: family.thermometry_done_at,
      temperature: family.temperature === null ? null : Number(family.temperature),
    },
    sleep: { startedAt: family.sleep_started_at, endedAt: family.sleep_ended_at },
    defecation: {
      doneAt: family.defecation_done_at,
      category: family.defecation_category_id ? (defecationCategoryLabels[family.defecation_category_id] ?? null) : null,
      status: family.defecation_status_id ? (defecationStatusLabels[family.defecation_status_id] ?? null) : null,
    },
    meals,
    poolAttendance: { isParticipate: family.is_participate },
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
