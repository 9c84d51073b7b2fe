import { and, asc, eq } from 'drizzle-orm';
import {
  noticeTexts,
  type AnswerValue,
  type BodyOf,
  type Question,
  type QuestionnaireRespondent,
  type putQuestionnaireAnswers,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  children,
  facilities,
  noteChildren,
  noticeTargets,
  notices,
  questionnaireAnswers,
  questionnaireRespondents,
  questionnaires,
} from '../../db/schema';
import { invalid, invalidMany, notFound } from '../../lib/errors';
import { authorizeLink, isMainGuardianOf, viewableEnrolments, type Viewer } from '../access';
import { questionsOf } from './questions';
import { visibleTarget } from './targets';

/** The child's link and the questionnaire as that child's guardian may see it, or 404. */
async function loadQuestionnaire(db: Db, viewer: Viewer, now: Date, noticeId: number, questionnaireId: number, childId: number) {
  const enrolments = await viewableEnrolments(db, viewer, [childId]);
  const link = enrolments[0]?.link;
  if (!link) throw notFound();
  const [row] = await db
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
          enrolments.map((e) => e.enrolment.id),
          now,
        ),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return { link, ...row };
}

/** GET …/respondents/{childId} (4 queries). */
export async function getRespondent(
  db: Db,
  viewer: Viewer,
  now: Date,
  noticeId: number,
  questionnaireId: number,
  childId: number,
): Promise<QuestionnaireRespondent> {
  const { link, notice, questionnaire, facilityName, child } = await loadQuestionnaire(
    db,
    viewer,
    now,
    noticeId,
    questionnaireId,
    childId,
  );
  const questions = await questionsOf(db, questionnaire.id);
  const answers = await db
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
      canAnswer: isMainGuardianOf(link),
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
  db: Db,
  viewer: Viewer,
  now: Date,
  noticeId: number,
  questionnaireId: number,
  body: BodyOf<typeof putQuestionnaireAnswers>,
): Promise<void> {
  const { userId } = viewer;
  const { link, questionnaire } = await loadQuestionnaire(db, viewer, now, noticeId, questionnaireId, body.childId);
  // Answering is the main guardian's (F §6); read-only and writable co-guardians read only.
  authorizeLink(link, 'manage', noticeTexts.noPermission);
  if (now >= questionnaire.closeAt) throw invalid('questionnaire', noticeTexts.closed);

  const questions = await questionsOf(db, questionnaire.id);
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

  await db.transaction(async (tx) => {
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
