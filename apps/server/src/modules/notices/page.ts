import { LRUCache } from 'lru-cache';
import { sql } from 'drizzle-orm';
import { NOTICE_DATES_PER_PAGE, TIME_ZONE, tokyoDate, type Notice, type NoticesPage } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { callerValues, confirmCaller, sessionStateOfCaller, type Caller, type SessionStateJson } from '../../lib/sessions';
import { callerEnrolments } from '../access';
import { isoInstant, presentNotice, type NoticeBody } from './presenter';

/*
 * The notices page (GET /api/notices): one prepared statement for the caller's visible targets of
 * the page's days, and the notices' bodies from a per-process cache (docs/decisions/notices-release-days.md).
 */

const zone = sql.raw(`'${TIME_ZONE}'`);

const pageSize = sql.raw(String(NOTICE_DATES_PER_PAGE));

/**
 * The start (Tokyo midnight) of the oldest of the newest NOTICE_DATES_PER_PAGE release days before
 * `beforeDay` of the enrolments in `e`, null when there is none: at most that many rows of
 * notice_release_days per enrolment, newest first by its primary key, so the cost is bounded by the
 * page size, not by the history (docs/decisions/notices-release-days.md). A day counts once its
 * first target is released.
 */
const oldestPageDayStart = sql`(
  select min(d.day)::timestamp at time zone ${zone} from (
    select distinct x.day from e cross join lateral (
      select rd.day from notice_release_days rd
      where rd.note_child_id = e.id and rd.day < ${sql.placeholder('beforeDay')}::date
        and rd.first_released_at <= ${sql.placeholder('now')}::timestamptz
      order by rd.day desc limit ${pageSize}) x
    order by x.day desc limit ${pageSize}) d)`;

/**
 * A visible target of the page as the statement answers it:
 * [notice id, notice version, note_child_id, child_id, read_at, answered, the enrolment's facility name].
 */
type PageTarget = [number, number, number, number, string | null, boolean, string];

/**
 * The page in one prepared statement: the caller's session, and the visible targets of the page's
 * days (before `beforeDay`, a Tokyo date or 'infinity'), newest notice first, then in the guardian's order of the children
 * (child_user.sort_order), each with its notice's version and the read and answer state. What the
 * notices themselves say comes from the bodies cache (`noticeBodies`): the same for every family.
 */
const pageStatement = preparedSql<{ session: SessionStateJson; targets: PageTarget[] | null }>(
  'notices_page',
  sql`
    with e as materialized (${callerEnrolments}), targets as materialized (
      select nt.notice_id, nt.note_child_id, nt.read_at, nt.released_at, e.child_id, e.sort_order, e.facility_name
      from e join notice_targets nt on nt.note_child_id = e.id
      where nt.released_at <= ${sql.placeholder('now')}::timestamptz and nt.released_at < ${sql.placeholder('beforeDay')}::date::timestamp at time zone ${zone}
        and nt.released_at >= ${oldestPageDayStart}
        -- The copies kept by the database (migration 0009): a released notice of the enrolment's own facility.
        and nt.facility_id = e.facility_id
    )
    select ${sessionStateOfCaller} as session, (
      select json_agg(json_build_array(t.notice_id, n.version, t.note_child_id, t.child_id, t.read_at,
        exists(
          select 1 from questionnaires q join questionnaire_respondents r on r.questionnaire_id = q.id
          where q.notice_id = t.notice_id and r.child_id = t.child_id),
        t.facility_name) order by t.released_at desc, t.notice_id desc, t.sort_order, t.child_id)
      from targets t join notices n on n.id = t.notice_id
    ) as targets`,
);

/** The bodies of the given notices, with their files and questionnaire. */
const bodiesStatement = preparedSql<{ body: NoticeBody }>(
  'notice_bodies',
  sql`
    select json_build_object(
      'id', n.id, 'version', n.version, 'title', n.title, 'text', n.text, 'releasedAt', n.released_at,
      'companyId', n.company_id, 'facilityId', n.facility_id,
      'files', (
        select json_agg(json_build_object('id', nf.id, 'name', nf.name, 'storageKey', nf.storage_key,
          'isDocument', nf.is_document, 'byteSize', nf.byte_size) order by nf.sort_order, nf.id)
        from notice_files nf where nf.notice_id = n.id),
      'questionnaire', (select json_build_object('id', q.id, 'closeAt', q.close_at) from questionnaires q where q.notice_id = n.id)
    ) as body
    from notices n where n.id = any(${sql.placeholder('ids')})`,
);

/**
 * How many notice bodies an app process keeps (docs/decisions/notices-release-days.md): a body is
 * about 1 kB, and a notice is read by every family of its facility, mostly in the days after its
 * release. Per database, so that test databases never share entries.
 */
const NOTICE_BODIES_CACHED = 5000;
const bodyCaches = new WeakMap<Db, LRUCache<number, NoticeBody>>();

/** The bodies of the page's notices at the versions the page saw: from the cache, the rest in one statement. */
async function noticeBodies(db: Db, wanted: Map<number, number>): Promise<Map<number, NoticeBody>> {
  let cache = bodyCaches.get(db);
  if (!cache) bodyCaches.set(db, (cache = new LRUCache({ max: NOTICE_BODIES_CACHED })));
  const bodies = new Map<number, NoticeBody>();
  const missing: number[] = [];
  for (const [id, version] of wanted) {
    const body = cache.get(id);
    if (body && body.version >= version) bodies.set(id, body);
    else missing.push(id);
  }
  if (missing.length === 0) return bodies;
  for (const { body } of await bodiesStatement(db).rows({ ids: missing })) {
    cache.set(body.id, body);
    bodies.set(body.id, body);
  }
  return bodies;
}

/**
 * GET /api/notices: a page of NOTICE_DATES_PER_PAGE release dates, older than `before` (one prepared
 * statement, the session lookup included; a second for the bodies of notices not cached).
 */
export async function listNotices(ctx: AppContext, caller: Caller, before?: string): Promise<NoticesPage> {
  const values = {
    ...callerValues(caller),
    today: caller.today,
    beforeDay: before ?? 'infinity',
  };
  const [found] = await pageStatement(ctx.db).rows(values);
  await confirmCaller(ctx.db, caller, found?.session);
  const targets = found?.targets ?? [];
  const bodies = await noticeBodies(ctx.db, new Map(targets.map(([id, version]) => [id, version])));
  const page: NoticesPage = {};
  let notice: Notice | undefined;
  for (const [id, , noteChildId, childId, readAt, answered, nurseryName] of targets) {
    if (notice?.id !== id) {
      const body = bodies.get(id);
      // Deleted since the page's statement: not shown.
      if (!body) continue;
      notice = presentNotice(ctx, body, nurseryName);
      (page[tokyoDate(new Date(body.releasedAt))] ??= []).push(notice);
    }
    notice.children.push({
      note_child_id: noteChildId,
      child_id: childId,
      unRead: readAt === null,
      isAnswered: answered,
      nurseryName,
    });
    notice.childNotices.push({ note_child_id: noteChildId, read_at: readAt && isoInstant(readAt) });
  }
  return page;
}
