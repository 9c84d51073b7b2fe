import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { tokyoDate, type ResponseOf, type getChildrenContent } from '@renraku/contract';
import type { AppContext } from '../../context';
import { childUser, feedBanners, noteChildren } from '../../db/schema';
import { preparedSql } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { callerValues, confirmCaller, sessionStateOfCaller, type Caller, type SessionStateJson } from '../../lib/sessions';
import { activeLinksOf, callerChildIdsAmong, enrolmentCovers, nc } from '../access';
import { presentDailyMessage, type EnrolmentOfDay } from './presenter';

/** Texts longer than this are truncated in the feed (F §3 Settings; docs/decisions/feed-paging-and-settings.md). */

type Content = ResponseOf<typeof getChildrenContent>;

const fileJson = sql.raw(
  `json_build_object('id', ff.id, 'name', ff.name, 'storageKey', ff.storage_key, 'isDocument', ff.is_document, 'sizeBytes', ff.size_bytes)`,
);

/**
 * The whole feed call in one prepared statement (placeholders `sessionId`, `now`, `childIds`, `until`):
 * - `session`: the caller's live session (none → 401);
 * - `allowed`: how many asked children the caller may see (F §1; the policy's fragment);
 * - `days`: the two newest days with content on or before `until` (a day with only an arrival or
 *   a pick-up at the gate counts: guardians see it at once, docs/decisions/kiosk-feed-times.md). Each branch walks, per
 *   enrolment, the (note_child_id|class_id, date) index backwards and stops after two distinct
 *   days: the cost does not grow with the history (docs/performance.md);
 * - `enrolments`: for the newest day, each enrolment with its published note, sent family
 *   information, its actual arrival and pick-up (child_attendances), the note's files and the class
 *   broadcasts' files when its stay covers the day.
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
          union all
          select x.d from enrolments nc cross join lateral (
            select ca.date as d from child_attendances ca
            where ca.note_child_id = nc.id and ca.date <= ${sql.placeholder('until')}
              and (ca.arrived_at is not null or ca.picked_up_at is not null)
            order by ca.date desc limit 2) x
        ) branches order by 1 desc limit 2
      ) as days
    ), picked as materialized (select days, days[1]::date as day from newest)
    select ${sessionStateOfCaller} as session, (select count(*) from mine)::int as allowed, picked.days, (
      select json_agg(json_build_object(
        'noteChildId', nc.id, 'childId', nc.child_id,
        'nursery', (select f.name from facilities f where f.id = nc.facility_id),
        'note', row_to_json(dn), 'family', row_to_json(fi),
        'arrivedAt', ca.arrived_at, 'pickedUpAt', ca.picked_up_at,
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
      left join child_attendances ca on ca.note_child_id = nc.id and ca.date = picked.day
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

  const messages = (found.enrolments ?? []).flatMap((enrolment) => presentDailyMessage(ctx, day, enrolment) ?? []);
  const order = new Map(childIds.map((id, i) => [id, i]));
  messages.sort((a, b) => order.get(a.child_id)! - order.get(b.child_id)! || a.note_child_id - b.note_child_id);
  return { data: { [day]: messages }, ...base };
}

/**
 * Current banners, one statement: operator-wide ones, company-wide ones of the companies the caller
 * has an activated child in, and facility ones of the facilities where such a child is enrolled
 * today (staff.md §3: a facility's banners are for its families).
 */
export async function listBanners(ctx: AppContext, userId: number, now: Date) {
  const companiesOfUser = ctx.db
    .select({ companyId: childUser.companyId })
    .from(childUser)
    .where(activeLinksOf(childUser, userId));
  const facilitiesOfUser = ctx.db
    .select({ facilityId: noteChildren.facilityId })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .where(and(activeLinksOf(childUser, userId), enrolmentCovers(noteChildren, tokyoDate(now))));
  return ctx.db
    .select({ level: feedBanners.level, label: feedBanners.label, message: feedBanners.message })
    .from(feedBanners)
    .where(
      and(
        lte(feedBanners.startsAt, now),
        or(isNull(feedBanners.endsAt), gt(feedBanners.endsAt, now)),
        or(
          isNull(feedBanners.companyId),
          and(isNull(feedBanners.facilityId), inArray(feedBanners.companyId, companiesOfUser)),
          inArray(feedBanners.facilityId, facilitiesOfUser),
        ),
      ),
    )
    .orderBy(asc(feedBanners.sortOrder), asc(feedBanners.id)) as Promise<
    { level: 'info' | 'alert'; label: string; message: string }[]
  >;
}
