import { asc, eq } from 'drizzle-orm';
import type { AnswerFormatType } from '@renraku/contract';
import type { Db } from '../../db/client';
import { questionnaireChoices, questionnaireQuestions } from '../../db/schema';

export interface LoadedQuestion {
  id: number;
  text: string;
  isRequired: boolean;
  type: AnswerFormatType;
  choices: { id: number; text: string }[];
}

/**
 * A questionnaire's questions with their choices, in their order (one statement): the one loader of
 * the guardians' answer screen and answer check, the staff's compose screen and the tracking.
 */
export async function questionsOf(db: Db, questionnaireId: number): Promise<LoadedQuestion[]> {
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
  const questions = new Map<number, LoadedQuestion>();
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
