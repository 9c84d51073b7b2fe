import { eq } from 'drizzle-orm';
import { noticeMessages, type NoticeAudience, type StaffNotice } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notices, questionnaireChoices, questionnaireQuestions, questionnaires } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import { dropPendingPushes, enqueueGuardianPush } from '../../lib/push';
import { activeGuardiansOf, type FacilityGrant, type StaffViewer } from '../access';
import { auditNotice } from './notice-audit';
import { type NoticeInput, type NoticeRow, noticeStatus, audienceClasses, mayAddressAll, mayAddressNotice } from './audience';
import { readStaffNotice } from './listing';
import { dropTargets, writeTargets } from './targets';

/* Writing a notice: create, update (publish, schedule) and withdraw (staff.md §5). */

function checkTimes(input: NoticeInput, now: Date, releasedAt: Date, checkRelease: boolean) {
  if (checkRelease && input.release === 'scheduled') {
    if (!input.release_at) throw invalid('release_at', noticeMessages.releaseAtRequired);
    if (new Date(input.release_at).getTime() <= now.getTime()) throw invalid('release_at', noticeMessages.releaseInPast);
  }
  if (input.questionnaire) {
    const closeAt = new Date(input.questionnaire.close_at).getTime();
    if (closeAt <= now.getTime()) throw invalid('questionnaire.close_at', noticeMessages.closeAtInPast);
    if (input.release !== 'draft' && closeAt <= releasedAt.getTime())
      throw invalid('questionnaire.close_at', noticeMessages.closeBeforeRelease);
  }
}

const releaseInstant = (input: NoticeInput, now: Date) =>
  input.release === 'scheduled' && input.release_at
    ? new Date(input.release_at)
    : input.release === 'draft' && input.release_at
      ? new Date(input.release_at)
      : now;

/**
 * The push of a published notice to its guardians (docs/decisions/push-web-push.md): written with its
 * targets and held until the release instant (`next_attempt_at`), so a scheduled notice pushes when it
 * becomes visible; a scheduled notice changed or withdrawn drops its pending pushes first.
 */
async function enqueueNoticePushes(db: Db, notice: NoticeRow, childIds: number[], fresh = false) {
  // A new notice has nothing pending yet.
  if (!fresh) await dropPendingPushes(db, 'notice', `${notice.id}:`);
  if (notice.state !== 'published' || childIds.length === 0) return;
  const guardians = await activeGuardiansOf(db, childIds);
  await enqueueGuardianPush(db, {
    userIds: guardians.map((g) => g.userId),
    category: 'notice',
    title: '新しいお知らせがあります',
    body: notice.title,
    link: `/notices/${notice.id}`,
    dedupeKey: String(notice.id),
    notBefore: notice.releasedAt,
  });
}

async function writeQuestionnaire(db: Db, companyId: number, noticeId: number, q: NonNullable<NoticeInput['questionnaire']>) {
  const [row] = await db
    .insert(questionnaires)
    .values({ companyId, noticeId, closeAt: new Date(q.close_at) })
    .returning();
  const questionRows = await db
    .insert(questionnaireQuestions)
    .values(
      q.questions.map((question, i) => ({
        companyId,
        questionnaireId: row!.id,
        text: question.text,
        isRequired: question.is_required,
        answerFormat: question.answer_format,
        sortOrder: i,
      })),
    )
    .returning({ id: questionnaireQuestions.id });
  const choices = q.questions.flatMap((question, qi) =>
    question.answer_format === 'free_text'
      ? []
      : question.choices.map((text, ci) => ({ companyId, questionId: questionRows[qi]!.id, text, sortOrder: ci })),
  );
  if (choices.length) await db.insert(questionnaireChoices).values(choices);
}

const audited = (notice: { title: string; text: string }, input: NoticeInput) => ({
  title: input.title,
  text: input.text,
  audience: input.audience,
  release: input.release,
  release_at: input.release_at,
  questionnaire: input.questionnaire
    ? { close_at: input.questionnaire.close_at, questions: input.questionnaire.questions.length }
    : null,
  previous: { title: notice.title, text: notice.text },
});

/**
 * The one writer of a new notice (the staff's POST, the demo seed and the tests' factory): the
 * notice, its questionnaire, its targets and pushes when published, the audit entry, in the caller's
 * transaction. The caller has checked the author's right and the times.
 */
export async function composeNotice(
  db: Db,
  author: StaffViewer,
  facility: { companyId: number; facilityId: number },
  input: NoticeInput,
  now: Date,
): Promise<NoticeRow> {
  const [notice] = await db
    .insert(notices)
    .values({
      companyId: facility.companyId,
      facilityId: facility.facilityId,
      title: input.title,
      text: input.text,
      releasedAt: releaseInstant(input, now),
      state: input.release === 'draft' ? 'draft' : 'published',
      audience: input.audience,
      createdBy: author.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.questionnaire) await writeQuestionnaire(db, facility.companyId, notice!.id, input.questionnaire);
  if (input.release !== 'draft') {
    const childIds = await writeTargets(db, notice!, input.audience, author.today);
    await enqueueNoticePushes(db, notice!, childIds, true);
  }
  await auditNotice(db, author, now, notice!, 'notice.create', audited({ title: '', text: '' }, input));
  return notice!;
}

/** POST: a new notice (draft, released now or scheduled). */
export async function createStaffNotice(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: NoticeInput,
  now: Date,
): Promise<StaffNotice> {
  if (!mayAddressAll(grant, await audienceClasses(ctx.db, grant, input.audience, staff.today))) throw forbidden();
  checkTimes(input, now, releaseInstant(input, now), true);
  const notice = await ctx.db.transaction((tx) => composeNotice(tx, staff, grant, input, now));
  return readStaffNotice(ctx, ctx.db, grant, notice.id, staff.today, now);
}

/** An audience as compared after release (jsonb keeps keys in its own order). */
const audienceKey = (a: NoticeAudience) =>
  a.kind === 'facility' ? 'facility' : `${a.kind}:${[...a.ids].sort((x, y) => x - y).join(',')}`;

/** The questionnaire as compared after release (its questions cannot change once guardians answer). */
const questionShape = (questions: { text: string; answer_format: string; is_required: boolean; choices: string[] }[]) =>
  JSON.stringify(
    questions.map((q) => [q.text, q.answer_format, q.is_required, q.answer_format === 'free_text' ? [] : q.choices]),
  );

/**
 * PUT: before release (draft or scheduled) everything is replaced, the targets with it; after
 * release title, text and the closing time only (the audience and the questions are locked: 422),
 * and the audit entry keeps the previous content.
 */
export async function updateStaffNotice(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  row: NoticeRow,
  input: NoticeInput,
  now: Date,
): Promise<StaffNotice> {
  if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
  const status = noticeStatus(row, now);
  if (status === 'withdrawn') throw invalid('status', noticeMessages.withdrawnLocked);
  const current = await readStaffNotice(ctx, ctx.db, grant, row.id, staff.today, now);
  if (status === 'released') {
    const sameAudience = !row.audience || audienceKey(input.audience) === audienceKey(row.audience);
    const sameQuestions =
      !!input.questionnaire === !!current.questionnaire &&
      (!input.questionnaire ||
        questionShape(input.questionnaire.questions) ===
          questionShape(current.questionnaire!.questions.map((q) => ({ ...q, choices: q.choices.map((c) => c.text) }))));
    if (!sameAudience || !sameQuestions) throw invalid('audience', noticeMessages.releasedLocked);
    const closeAt = input.questionnaire?.close_at;
    if (closeAt && closeAt !== current.questionnaire?.close_at && new Date(closeAt).getTime() <= now.getTime())
      throw invalid('questionnaire.close_at', noticeMessages.closeAtInPast);
    await ctx.db.transaction(async (tx) => {
      const t: Db = tx;
      await t.update(notices).set({ title: input.title, text: input.text, updatedAt: now }).where(eq(notices.id, row.id));
      if (closeAt && current.questionnaire) {
        await t
          .update(questionnaires)
          .set({ closeAt: new Date(closeAt) })
          .where(eq(questionnaires.id, current.questionnaire.id));
      }
      await auditNotice(t, staff, now, row, 'notice.update_released', {
        previous: { title: current.title, text: current.text, close_at: current.questionnaire?.close_at ?? null },
        title: input.title,
        text: input.text,
        close_at: closeAt ?? null,
      });
    });
    return readStaffNotice(ctx, ctx.db, grant, row.id, staff.today, now);
  }
  if (!mayAddressAll(grant, await audienceClasses(ctx.db, grant, input.audience, staff.today))) throw forbidden();
  const releasedAt = releaseInstant(input, now);
  checkTimes(input, now, releasedAt, true);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [updated] = await t
      .update(notices)
      .set({
        title: input.title,
        text: input.text,
        releasedAt,
        state: input.release === 'draft' ? 'draft' : 'published',
        audience: input.audience,
        updatedAt: now,
      })
      .where(eq(notices.id, row.id))
      .returning();
    await dropTargets(t, row.id);
    await t.delete(questionnaires).where(eq(questionnaires.noticeId, row.id));
    if (input.questionnaire) await writeQuestionnaire(t, row.companyId, row.id, input.questionnaire);
    const childIds = input.release !== 'draft' ? await writeTargets(t, updated!, input.audience, staff.today) : [];
    await enqueueNoticePushes(t, updated!, childIds);
    await auditNotice(t, staff, now, row, 'notice.update', audited(current, input));
  });
  return readStaffNotice(ctx, ctx.db, grant, row.id, staff.today, now);
}

/** Withdraws a draft or scheduled notice: its targets go, so no guardian ever sees it. */
export async function withdrawStaffNotice(db: Db, staff: StaffViewer, grant: FacilityGrant, row: NoticeRow, now: Date) {
  if (!(await mayAddressNotice(db, grant, row, staff.today))) throw forbidden();
  const status = noticeStatus(row, now);
  if (status === 'released') throw invalid('status', noticeMessages.notWithdrawable);
  if (status === 'withdrawn') return { message: noticeMessages.withdrawn };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.update(notices).set({ state: 'withdrawn', updatedAt: now }).where(eq(notices.id, row.id));
    await dropTargets(t, row.id);
    await dropPendingPushes(t, 'notice', `${row.id}:`);
    await auditNotice(t, staff, now, row, 'notice.withdraw', { title: row.title, previous_status: status });
  });
  return { message: noticeMessages.withdrawn };
}
