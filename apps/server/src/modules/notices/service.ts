import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  NOTICE_DATES_PER_PAGE,
  noticeTexts,
  type AnswerFormatType,
  type AnswerValue,
  type BodyOf,
  type Notice,
  type NoticesPage,
  type Question,
  type QuestionnaireRespondent,
  type putQuestionnaireAnswers,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import {
  childUser,
  children,
  facilities,
  noteChildren,
  noticeFiles,
  noticeTargets,
  notices,
  questionnaireAnswers,
  questionnaireChoices,
  questionnaireQuestions,
  questionnaireRespondents,
  questionnaires,
} from '../../db/schema';
import { TIME_ZONE, tokyoDate, tokyoInstant } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { HttpError, invalid, invalidMany, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/files';
import { storeImage } from '../../lib/images';
import { currentEnrolment } from '../children/service';
import {
  callerValues,
  confirmCaller,
  sessionStateOfCaller,
  sessionUserId,
  type Caller,
  type SessionStateJson,
} from '../auth/session';
import { authorizeAnswer, type ChildLink } from './policy';

/** Signed document URLs from the reload call live this long (F §7: the web navigates at once). */
export const FILE_URL_TTL_SEC = 300;

interface Enrolment extends ChildLink {
  noteChildId: number;
  facilityId: number;
}

/**
 * The caller's activated children with their current enrolments (one query). A notice is visible
 * through these only: never through a pending invitation or a past/future enrolment.
 */
async function viewerEnrolments(db: Db, userId: number, now: Date, childIds?: number[]): Promise<Enrolment[]> {
  if (childIds && childIds.length === 0) return [];
  return db
    .select({
      childId: childUser.childId,
      main: childUser.main,
      writable: childUser.writable,
      noteChildId: noteChildren.id,
      facilityId: noteChildren.facilityId,
    })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .where(
      and(
        eq(childUser.userId, userId),
        eq(childUser.activated, true),
        currentEnrolment(tokyoDate(now)),
        childIds ? inArray(childUser.childId, childIds) : undefined,
      ),
    );
}

/**
 * A target row is visible when it addresses one of these enrolments, the notice is released and it
 * comes from the enrolment's own facility (a wrongly addressed notice of another facility never shows).
 */
const visibleTarget = (noteChildIds: number[], now: Date) =>
  and(
    inArray(noticeTargets.noteChildId, noteChildIds),
    lte(noticeTargets.releasedAt, now),
    lte(notices.releasedAt, now),
    eq(notices.facilityId, noteChildren.facilityId),
  );

function displaySize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${bytes}B`;
}

const zone = sql.raw(`'${TIME_ZONE}'`);

/**
 * The current enrolments of the caller's activated children (placeholders `sessionId`, `now`,
 * `today`): a notice is visible through these only, never through a pending invitation or a
 * past/future enrolment. Materialized once per statement: the walk below reads it at every step.
 */
const callerEnrolments = sql`
  select nc.id, nc.facility_id, (select f.name from facilities f where f.id = nc.facility_id) as facility_name, nc.child_id, cu.sort_order
  from child_user cu join note_children nc on nc.child_id = cu.child_id
  where cu.user_id = ${sessionUserId} and cu.activated
    and nc.admitted_on <= ${sql.placeholder('today')} and (nc.left_on is null or nc.left_on >= ${sql.placeholder('today')})`;

/**
 * A visible notice of a target (released, from the enrolment's own facility), as a per-row filter:
 * a correlated subquery is never turned into a join, so the statement walks notice_targets by its
 * (note_child_id, released_at) index and looks each notice up by key. As a join, the generic plan
 * read every notice of the facility instead (4× slower with ten times the notices).
 */
const noticeVisibleFor = (target: SQL, facilityId: SQL) => sql`(
  select n.released_at <= ${sql.placeholder('now')}::timestamptz and n.facility_id = ${facilityId}
  from notices n where n.id = ${target}.notice_id)`;

/** The newest visible release instant, per enrolment, before `cursor`, truncated to its Tokyo day. */
const newestDayBefore = (cursor: SQL) => sql`(
  select date_trunc('day', max(x.released_at) at time zone ${zone}) at time zone ${zone}
  from e cross join lateral (
    select nt.released_at from notice_targets nt
    where nt.note_child_id = e.id and nt.released_at <= ${sql.placeholder('now')}::timestamptz and nt.released_at < ${cursor}
      and ${noticeVisibleFor(sql`nt`, sql`e.facility_id`)}
    order by nt.released_at desc limit 1) x)`;

/**
 * The start (Tokyo midnight) of the oldest of the newest NOTICE_DATES_PER_PAGE release days of
 * visible targets before `upper`, null when there is none. A loose index scan: each step takes,
 * per enrolment, the newest visible target before the previous day through the
 * (note_child_id, released_at) index, so the cost is bounded by the page size, not by the history
 * (docs/performance.md).
 */
const oldestPageDayStart = sql`(
  with recursive walk(day_start, n) as (
    select ${newestDayBefore(sql`${sql.placeholder('upper')}::timestamptz`)}, 1
    union all
    select ${newestDayBefore(sql`w.day_start`)}, w.n + 1 from walk w
    where w.n < ${sql.raw(String(NOTICE_DATES_PER_PAGE))} and w.day_start is not null
  )
  select min(day_start) from walk)`;

interface NoticeFileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  byteSize: number;
}

/** A notice of the page as the statement answers it (JSON: instants as text). */
interface PageNotice {
  id: number;
  title: string;
  text: string;
  releasedAt: string;
  companyId: number;
  facilityId: number;
  nurseryName: string;
  files: NoticeFileRow[] | null;
  questionnaire: { id: number; closeAt: string } | null;
  children: { noteChildId: number; childId: number; readAt: string | null; answered: boolean }[];
}

/**
 * The page in one prepared statement: the caller's session, and the visible notices of the page's
 * days (before `upper`), newest first, each with its files, questionnaire and the caller's
 * addressed children in the guardian's order (child_user.sort_order) with their read and answer state.
 */
const pageStatement = preparedSql<{ session: SessionStateJson; notices: PageNotice[] | null }>(
  'notices_page',
  sql`
    with e as materialized (${callerEnrolments}), targets as materialized (
      select nt.notice_id, nt.note_child_id, nt.read_at, e.child_id, e.sort_order
      from e join notice_targets nt on nt.note_child_id = e.id
      where nt.released_at <= ${sql.placeholder('now')}::timestamptz and nt.released_at < ${sql.placeholder('upper')}::timestamptz
        and nt.released_at >= ${oldestPageDayStart}
        and ${noticeVisibleFor(sql`nt`, sql`e.facility_id`)}
    )
    select ${sessionStateOfCaller} as session, (
      select json_agg(json_build_object(
        'id', n.id, 'title', n.title, 'text', n.text, 'releasedAt', n.released_at, 'companyId', n.company_id,
        'facilityId', n.facility_id, 'nurseryName', (select e.facility_name from e where e.facility_id = n.facility_id limit 1),
        'files', (
          select json_agg(json_build_object('id', nf.id, 'name', nf.name, 'storageKey', nf.storage_key,
            'isDocument', nf.is_document, 'byteSize', nf.byte_size) order by nf.sort_order, nf.id)
          from notice_files nf where nf.notice_id = n.id),
        'questionnaire', (select json_build_object('id', q.id, 'closeAt', q.close_at) from questionnaires q where q.notice_id = n.id),
        'children', (
          select json_agg(json_build_object('noteChildId', t.note_child_id, 'childId', t.child_id, 'readAt', t.read_at,
            'answered', exists(
              select 1 from questionnaires q join questionnaire_respondents r on r.questionnaire_id = q.id
              where q.notice_id = n.id and r.child_id = t.child_id)) order by t.sort_order, t.child_id)
          from targets t where t.notice_id = n.id)
      ) order by n.released_at desc, n.id desc)
      from notices n where n.id in (select notice_id from targets)
    ) as notices`,
);

const isoInstant = (text: string) => new Date(text).toISOString();

/**
 * GET /api/notices: a page of NOTICE_DATES_PER_PAGE release dates, older than `before` (one prepared
 * statement, the session lookup included).
 */
export async function listNotices(ctx: AppContext, caller: Caller, before?: string): Promise<NoticesPage> {
  const values = {
    ...callerValues(caller),
    today: tokyoDate(caller.now),
    upper: before ? tokyoInstant(before).toISOString() : 'infinity',
  };
  const [found] = await pageStatement(ctx.db).rows(values);
  await confirmCaller(ctx.db, caller, found?.session);
  const page: NoticesPage = {};
  for (const row of found?.notices ?? []) {
    const releasedAt = new Date(row.releasedAt);
    const notice: Notice = {
      id: row.id,
      title: row.title,
      text: row.text,
      released_at: releasedAt.toISOString(),
      company_id: row.companyId,
      nursery: { nursery_id: row.facilityId, name: row.nurseryName },
      files: (row.files ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        url: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'thumb' }),
        fileUrl: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'medium' }),
        isDocumentFile: f.isDocument,
        displaySize: displaySize(f.byteSize),
      })),
      children: row.children.map((c) => ({
        note_child_id: c.noteChildId,
        child_id: c.childId,
        unRead: c.readAt === null,
        isAnswered: c.answered,
        nurseryName: row.nurseryName,
      })),
      childNotices: row.children.map((c) => ({ note_child_id: c.noteChildId, read_at: c.readAt && isoInstant(c.readAt) })),
      questionnaire: row.questionnaire ? { id: row.questionnaire.id, closeAt: isoInstant(row.questionnaire.closeAt) } : null,
    };
    (page[tokyoDate(releasedAt)] ??= []).push(notice);
  }
  return page;
}

/** The caller's enrolments among childIds that the notice addresses (visible ones only). */
async function addressedTargets(db: Db, userId: number, now: Date, noticeId: number, childIds: number[]) {
  const enrolments = await viewerEnrolments(db, userId, now, childIds);
  if (enrolments.length === 0) return [];
  return db
    .select({ id: noticeTargets.id, readAt: noticeTargets.readAt, noteChildId: noticeTargets.noteChildId })
    .from(noticeTargets)
    .innerJoin(notices, eq(notices.id, noticeTargets.noticeId))
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .where(
      and(
        eq(noticeTargets.noticeId, noticeId),
        visibleTarget(
          enrolments.map((e) => e.noteChildId),
          now,
        ),
      ),
    );
}

/** PUT /api/notices/read: idempotent (the first read time stays). */
export async function markRead(ctx: AppContext, userId: number, now: Date, noticeId: number, childIds: number[]): Promise<void> {
  const targets = await addressedTargets(ctx.db, userId, now, noticeId, childIds);
  if (targets.length === 0) throw notFound();
  const unread = targets.filter((t) => t.readAt === null).map((t) => t.id);
  if (unread.length === 0) return;
  await ctx.db
    .update(noticeTargets)
    .set({ readAt: now })
    .where(and(inArray(noticeTargets.id, unread), isNull(noticeTargets.readAt)));
}

/** GET …/files/{fileId}/reload: a short-lived signed URL of the original file. */
export async function reloadFileUrl(
  ctx: AppContext,
  userId: number,
  now: Date,
  noticeId: number,
  fileId: number,
  childIds: number[],
): Promise<string> {
  const targets = await addressedTargets(ctx.db, userId, now, noticeId, childIds);
  if (targets.length === 0) throw notFound();
  const [file] = await ctx.db
    .select({ key: noticeFiles.storageKey })
    .from(noticeFiles)
    .where(and(eq(noticeFiles.id, fileId), eq(noticeFiles.noticeId, noticeId)));
  if (!file) throw notFound();
  return ctx.files.url(file.key, { ttlSec: FILE_URL_TTL_SEC })!;
}

/** The child's link and the questionnaire as that child's guardian may see it, or 404. */
async function loadQuestionnaire(
  ctx: AppContext,
  userId: number,
  now: Date,
  noticeId: number,
  questionnaireId: number,
  childId: number,
) {
  const enrolments = await viewerEnrolments(ctx.db, userId, now, [childId]);
  const link = enrolments[0];
  if (!link) throw notFound();
  const [row] = await ctx.db
    .select({
      notice: notices,
      questionnaire: questionnaires,
      facilityName: facilities.name,
      child: { id: children.id, first_name: children.firstName, last_name: children.lastName },
    })
    .from(questionnaires)
    .innerJoin(notices, eq(notices.id, questionnaires.noticeId))
    .innerJoin(noticeTargets, eq(noticeTargets.noticeId, notices.id))
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .innerJoin(facilities, eq(facilities.id, notices.facilityId))
    .where(
      and(
        eq(questionnaires.id, questionnaireId),
        eq(notices.id, noticeId),
        visibleTarget(
          enrolments.map((e) => e.noteChildId),
          now,
        ),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return { link, ...row };
}

async function loadQuestions(db: Db, questionnaireId: number) {
  const rows = await db
    .select({ question: questionnaireQuestions, choice: { id: questionnaireChoices.id, text: questionnaireChoices.text } })
    .from(questionnaireQuestions)
    .leftJoin(questionnaireChoices, eq(questionnaireChoices.questionId, questionnaireQuestions.id))
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId))
    .orderBy(
      asc(questionnaireQuestions.sortOrder),
      asc(questionnaireQuestions.id),
      asc(questionnaireChoices.sortOrder),
      asc(questionnaireChoices.id),
    );
  const questions = new Map<
    number,
    { id: number; text: string; isRequired: boolean; type: AnswerFormatType; choices: { id: number; text: string }[] }
  >();
  for (const { question, choice } of rows) {
    let q = questions.get(question.id);
    if (!q) {
      q = {
        id: question.id,
        text: question.text,
        isRequired: question.isRequired,
        type: question.answerFormat as AnswerFormatType,
        choices: [],
      };
      questions.set(q.id, q);
    }
    if (choice) q.choices.push(choice);
  }
  return [...questions.values()];
}

/** GET …/respondents/{childId} (4 queries). */
export async function getRespondent(
  ctx: AppContext,
  userId: number,
  now: Date,
  noticeId: number,
  questionnaireId: number,
  childId: number,
): Promise<QuestionnaireRespondent> {
  const { link, notice, questionnaire, facilityName, child } = await loadQuestionnaire(
    ctx,
    userId,
    now,
    noticeId,
    questionnaireId,
    childId,
  );
  const questions = await loadQuestions(ctx.db, questionnaire.id);
  const answers = await ctx.db
    .select({
      questionId: questionnaireAnswers.questionId,
      choiceId: questionnaireAnswers.choiceId,
      text: questionnaireAnswers.text,
    })
    .from(questionnaireRespondents)
    .leftJoin(questionnaireAnswers, eq(questionnaireAnswers.respondentId, questionnaireRespondents.id))
    .where(and(eq(questionnaireRespondents.questionnaireId, questionnaire.id), eq(questionnaireRespondents.childId, childId)))
    .orderBy(asc(questionnaireAnswers.id));
  const answerOf = (q: (typeof questions)[number]): AnswerValue => {
    const mine = answers.filter((a) => a.questionId === q.id);
    if (mine.length === 0) return null;
    if (q.type === 'free_text') return mine[0]!.text;
    if (q.type === 'single_choice') return mine[0]!.choiceId;
    return mine.map((a) => a.choiceId!).filter((id) => id !== null);
  };
  return {
    releasedAt: notice.releasedAt.toISOString(),
    title: notice.title,
    text: notice.text,
    child,
    questionnaire: {
      id: questionnaire.id,
      closeAt: questionnaire.closeAt.toISOString(),
      isClosed: now >= questionnaire.closeAt,
      isAnswered: answers.length > 0,
      canAnswer: link.main,
      facilityName,
      questions: questions.map((q): Question => ({
        id: q.id,
        text: q.text,
        isRequired: q.isRequired,
        answerFormat: { type: q.type, choices: q.choices },
        answer: answerOf(q),
      })),
    },
  };
}

const isEmpty = (value: AnswerValue | undefined) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * PUT /api/notices/{id}/questionnaires/{questionnaireId}: main guardian only, before closeAt; the
 * server checks required-ness and choices itself; the child's previous answers are replaced in one
 * transaction.
 */
export async function answerQuestionnaire(
  ctx: AppContext,
  userId: number,
  now: Date,
  noticeId: number,
  questionnaireId: number,
  body: BodyOf<typeof putQuestionnaireAnswers>,
): Promise<void> {
  const { link, questionnaire } = await loadQuestionnaire(ctx, userId, now, noticeId, questionnaireId, body.childId);
  authorizeAnswer(link);
  if (now >= questionnaire.closeAt) throw invalid('questionnaire', noticeTexts.closed);

  const questions = await loadQuestions(ctx.db, questionnaire.id);
  const known = new Map(questions.map((q) => [q.id, q]));
  const errors: Record<string, string[]> = {};
  const given = new Map<number, AnswerValue>();
  body.answers.forEach((answer, i) => {
    if (!known.has(answer.questionId) || given.has(answer.questionId))
      (errors[`answers.${i}.questionId`] ??= []).push(noticeTexts.unknownQuestion);
    else given.set(answer.questionId, answer.text);
  });

  const rows: { questionId: number; choiceId: number | null; text: string | null }[] = [];
  for (const q of questions) {
    const value = given.get(q.id);
    const field = `questions.${q.id}`;
    if (isEmpty(value)) {
      if (q.isRequired) errors[field] = [`「${q.text}」は回答必須です`];
      continue;
    }
    const choiceIds = new Set(q.choices.map((c) => c.id));
    if (q.type === 'free_text') {
      if (typeof value !== 'string') errors[field] = [noticeTexts.badAnswer];
      else rows.push({ questionId: q.id, choiceId: null, text: value });
    } else if (q.type === 'single_choice') {
      if (typeof value !== 'number') errors[field] = [noticeTexts.badAnswer];
      else if (!choiceIds.has(value)) errors[field] = [noticeTexts.badChoice];
      else rows.push({ questionId: q.id, choiceId: value, text: null });
    } else {
      if (!Array.isArray(value)) errors[field] = [noticeTexts.badAnswer];
      else if (value.some((id) => !choiceIds.has(id))) errors[field] = [noticeTexts.badChoice];
      else for (const id of new Set(value)) rows.push({ questionId: q.id, choiceId: id, text: null });
    }
  }
  if (Object.keys(errors).length > 0) throw invalidMany(errors);

  await ctx.db.transaction(async (tx) => {
    // The upsert takes the row lock, so two answers for one child apply one after the other.
    const [respondent] = await tx
      .insert(questionnaireRespondents)
      .values({
        companyId: questionnaire.companyId,
        questionnaireId: questionnaire.id,
        childId: body.childId,
        answeredBy: userId,
        answeredAt: now,
      })
      .onConflictDoUpdate({
        target: [questionnaireRespondents.questionnaireId, questionnaireRespondents.childId],
        set: { answeredBy: userId, answeredAt: now },
      })
      .returning({ id: questionnaireRespondents.id });
    await tx.delete(questionnaireAnswers).where(eq(questionnaireAnswers.respondentId, respondent!.id));
    if (rows.length > 0) {
      await tx
        .insert(questionnaireAnswers)
        .values(rows.map((r) => ({ ...r, companyId: questionnaire.companyId, respondentId: respondent!.id })));
    }
  });
}

// ---- Writing notices (the demo seed and tests today; a staff console later) ----

export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt'] as const;

export interface NewNotice {
  companyId: number;
  facilityId: number;
  title: string;
  text: string;
  releasedAt: Date;
  noteChildIds: number[];
  files?: { name: string; data: Buffer; document?: boolean }[];
  questionnaire?: {
    closeAt: Date;
    questions: { text: string; isRequired: boolean; answerFormat: AnswerFormatType; choices?: string[] }[];
  };
}

/** Creates a notice with its files, targets and questionnaire; answers the ids a caller needs. */
export async function createNotice(db: Db, storage: Storage, input: NewNotice) {
  const storedFiles: { name: string; key: string; isDocument: boolean; size: number }[] = [];
  for (const file of input.files ?? []) {
    if (file.document) {
      const ext = path.extname(file.name).slice(1).toLowerCase();
      if (!(DOCUMENT_TYPES as readonly string[]).includes(ext)) throw new HttpError(422, 'この形式のファイルは添付できません');
      const key = `notices/${randomToken(16)}.${ext}`;
      await storage.put(key, file.data);
      storedFiles.push({ name: file.name, key, isDocument: true, size: file.data.length });
    } else {
      const key = await storeImage(storage, 'notices', file.data);
      storedFiles.push({ name: file.name, key, isDocument: false, size: file.data.length });
    }
  }
  const { companyId } = input;
  const [notice] = await db
    .insert(notices)
    .values({ companyId, facilityId: input.facilityId, title: input.title, text: input.text, releasedAt: input.releasedAt })
    .returning();
  const files = storedFiles.length
    ? await db
        .insert(noticeFiles)
        .values(
          storedFiles.map((f, i) => ({
            companyId,
            noticeId: notice!.id,
            name: f.name,
            storageKey: f.key,
            isDocument: f.isDocument,
            byteSize: f.size,
            sortOrder: i,
          })),
        )
        .returning()
    : [];
  if (input.noteChildIds.length) {
    await db
      .insert(noticeTargets)
      .values(
        input.noteChildIds.map((noteChildId) => ({ companyId, noticeId: notice!.id, noteChildId, releasedAt: input.releasedAt })),
      );
  }
  let questionnaire: { id: number; questions: { id: number; choiceIds: number[] }[] } | null = null;
  if (input.questionnaire) {
    const [q] = await db
      .insert(questionnaires)
      .values({ companyId, noticeId: notice!.id, closeAt: input.questionnaire.closeAt })
      .returning();
    const questionRows = await db
      .insert(questionnaireQuestions)
      .values(
        input.questionnaire.questions.map((question, i) => ({
          companyId,
          questionnaireId: q!.id,
          text: question.text,
          isRequired: question.isRequired,
          answerFormat: question.answerFormat,
          sortOrder: i,
        })),
      )
      .returning({ id: questionnaireQuestions.id });
    const choiceInput = input.questionnaire.questions.flatMap((question, qi) =>
      (question.choices ?? []).map((text, ci) => ({ companyId, questionId: questionRows[qi]!.id, text, sortOrder: ci })),
    );
    const choiceRows = choiceInput.length
      ? await db
          .insert(questionnaireChoices)
          .values(choiceInput)
          .returning({ id: questionnaireChoices.id, questionId: questionnaireChoices.questionId })
      : [];
    questionnaire = {
      id: q!.id,
      questions: questionRows.map((r) => ({
        id: r.id,
        choiceIds: choiceRows.filter((c) => c.questionId === r.id).map((c) => c.id),
      })),
    };
  }
  return { notice: notice!, files, questionnaire };
}
