import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
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
import { TIME_ZONE, tokyoDate } from '../../lib/clock';
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

interface NoticeFileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  byteSize: number;
}

/**
 * What a notice shows to every family it addresses, as the bodies statement answers it (JSON:
 * instants as text), cached by id and version (notices.version, bumped by the database).
 */
interface NoticeBody {
  id: number;
  version: number;
  title: string;
  text: string;
  releasedAt: string;
  companyId: number;
  facilityId: number;
  files: NoticeFileRow[] | null;
  questionnaire: { id: number; closeAt: string } | null;
}

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

const isoInstant = (text: string) => new Date(text).toISOString();

/**
 * GET /api/notices: a page of NOTICE_DATES_PER_PAGE release dates, older than `before` (one prepared
 * statement, the session lookup included; a second for the bodies of notices not cached).
 */
export async function listNotices(ctx: AppContext, caller: Caller, before?: string): Promise<NoticesPage> {
  const values = {
    ...callerValues(caller),
    today: tokyoDate(caller.now),
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

/** A notice of the list without its children (the caller's addressed children are added to it). */
function presentNotice(ctx: AppContext, body: NoticeBody, nurseryName: string): Notice {
  return {
    id: body.id,
    title: body.title,
    text: body.text,
    released_at: isoInstant(body.releasedAt),
    company_id: body.companyId,
    nursery: { nursery_id: body.facilityId, name: nurseryName },
    files: (body.files ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      url: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'thumb' }),
      fileUrl: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'medium' }),
      isDocumentFile: f.isDocument,
      displaySize: displaySize(f.byteSize),
    })),
    children: [],
    childNotices: [],
    questionnaire: body.questionnaire ? { id: body.questionnaire.id, closeAt: isoInstant(body.questionnaire.closeAt) } : null,
  };
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
    await db.insert(noticeTargets).values(
      input.noteChildIds.map((noteChildId) => ({
        companyId,
        noticeId: notice!.id,
        noteChildId,
        // Copies of the notice's; the database sets them anyway (migration 0009).
        releasedAt: input.releasedAt,
        facilityId: input.facilityId,
      })),
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
