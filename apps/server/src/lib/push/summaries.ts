import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { addDays, tokyoDate, tokyoInstant, tokyoTime } from '@renraku/contract';
import type { Db } from '../../db/client';
import { noteChildren, noticeTargets, notices, pushOutbox, questionnaireRespondents, questionnaires } from '../../db/schema';
import { PushCategory, pushCategoryOf, DIGEST_TIME } from './categories';
import { enqueueGuardianPush, type GuardiansOf } from './enqueue';

const CATEGORY_LABELS: Record<PushCategory, string> = {
  daily_note: '連絡帳',
  notice: 'お知らせ',
  questionnaire_closing: 'アンケート締切',
  attendance: '登園・お迎え',
};

/**
 * The once-a-day summary: from 19:00 Tokyo, each guardian's held pushes (`digest`) become one push
 * (kind `digest`, dedupe key day:user) and are marked `digested`. A push held after that day's summary
 * went waits for the next day's. Returns the summaries written.
 */
export async function enqueueDigests(db: Db, now: Date): Promise<number> {
  if (tokyoTime(now) < DIGEST_TIME) return 0;
  const day = tokyoDate(now);
  const held = await db
    .select({ id: pushOutbox.id, userId: pushOutbox.userId, kind: pushOutbox.kind })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.status, 'digest'), lte(pushOutbox.createdAt, now)))
    .orderBy(asc(pushOutbox.id));
  const byUser = new Map<number, typeof held>();
  for (const row of held) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  let written = 0;
  for (const [userId, rows] of byUser) {
    const counts = new Map<PushCategory, number>();
    for (const r of rows) {
      const c = pushCategoryOf(r.kind);
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const body = [...counts].map(([c, n]) => `${CATEGORY_LABELS[c]} ${n}件`).join('・');
    await db.transaction(async (tx) => {
      const t: Db = tx;
      const [digest] = await t
        .insert(pushOutbox)
        .values({
          userId,
          kind: 'digest',
          title: '今日のお知らせまとめ',
          body: `${body}が届いています`,
          link: '/main',
          dedupeKey: `${day}:${userId}`,
        })
        .onConflictDoNothing()
        .returning({ id: pushOutbox.id });
      if (!digest) return;
      await t
        .update(pushOutbox)
        .set({ status: 'digested' })
        .where(
          and(
            eq(pushOutbox.status, 'digest'),
            inArray(
              pushOutbox.id,
              rows.map((r) => r.id),
            ),
          ),
        );
      written += 1;
    });
  }
  return written;
}

/**
 * The day before a questionnaire closes: its guardians whose child has not answered yet get one push
 * (dedupe: questionnaire:user). Run by the push worker from 09:00 Tokyo; harmless to run again.
 */
export async function enqueueQuestionnaireClosing(db: Db, now: Date, guardiansOf: GuardiansOf): Promise<number> {
  if (tokyoTime(now) < '09:00') return 0;
  const tomorrow = addDays(tokyoDate(now), 1);
  const closing = await db
    .select({ id: questionnaires.id, noticeId: questionnaires.noticeId, title: notices.title })
    .from(questionnaires)
    .innerJoin(notices, eq(notices.id, questionnaires.noticeId))
    .where(
      and(
        eq(notices.state, 'published'),
        lte(notices.releasedAt, now),
        sql`${questionnaires.closeAt} >= ${tokyoInstant(tomorrow)}`,
        lt(questionnaires.closeAt, tokyoInstant(addDays(tomorrow, 1))),
      ),
    );
  let written = 0;
  for (const q of closing) {
    const unanswered = await db
      .selectDistinct({ childId: noteChildren.childId })
      .from(noticeTargets)
      .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
      .leftJoin(
        questionnaireRespondents,
        and(eq(questionnaireRespondents.questionnaireId, q.id), eq(questionnaireRespondents.childId, noteChildren.childId)),
      )
      .where(and(eq(noticeTargets.noticeId, q.noticeId), isNull(questionnaireRespondents.id)));
    if (unanswered.length === 0) continue;
    written += await enqueueGuardianPush(db, {
      userIds: [
        ...new Set(
          (
            await guardiansOf(
              db,
              unanswered.map((u) => u.childId),
            )
          ).map((g) => g.userId),
        ),
      ],
      category: 'questionnaire_closing',
      title: 'アンケートの締切は明日です',
      body: `「${q.title}」へのご回答をお願いします`,
      link: `/notices/${q.noticeId}`,
      dedupeKey: String(q.id),
    });
  }
  return written;
}
