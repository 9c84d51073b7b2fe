import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeTargets, notices, questionnaireRespondents, questionnaires } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/** Notices older than this no longer move on the list: their reads and answers are not fingerprinted. */
const RECENT_DAYS = 90;

/**
 * The notices' fingerprint (docs/decisions/day-live-updates.md): count and latest change of the
 * facility's recent notices, of their reads and of their questionnaire answers. One statement over
 * the facility's released-at index and each notice's targets and respondents by their notice index.
 */
export async function noticesVersion(db: Db, facilityId: number, now: Date): Promise<string> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const recent = sql`select id, updated_at from ${notices}
    where ${notices.facilityId} = ${facilityId} and (${notices.releasedAt} >= ${since} or ${notices.updatedAt} >= ${since})`;
  const result = await db.execute<{ version: string }>(sql`
    with recent as (${recent})
    select concat_ws('/',
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from recent),
      (select count(nt.read_at) || ':' || coalesce(max(nt.read_at)::text, '')
         from recent r join ${noticeTargets} nt on nt.notice_id = r.id),
      (select count(*) || ':' || coalesce(max(qr.answered_at)::text, '')
         from recent r join ${questionnaires} q on q.notice_id = r.id
         join ${questionnaireRespondents} qr on qr.questionnaire_id = q.id)
    ) as version`);
  return rowsOf<{ version: string }>(result)[0]!.version;
}
