import path from 'node:path';
import type { AnswerFormatType } from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  noticeFiles,
  noticeTargets,
  notices,
  questionnaireChoices,
  questionnaireQuestions,
  questionnaires,
} from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';
import type { Storage } from '../../lib/files';
import { storeImage } from '../../lib/images';

/* Writing notices: the demo seed and tests today, the staff side next (staff.md §5). */

export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt'] as const;

export interface NewNotice {
  companyId: number;
  facilityId: number;
  title: string;
  text: string;
  releasedAt: Date;
  noteChildIds: number[];
  /** Whom staff addressed (the staff screens show it); absent: none recorded. */
  audience?: { kind: 'facility' } | { kind: 'classes' | 'children'; ids: number[] };
  /** A draft has no targets: no guardian sees it (docs/decisions/notices-staff-authoring.md). */
  draft?: boolean;
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
    .values({
      companyId,
      facilityId: input.facilityId,
      title: input.title,
      text: input.text,
      releasedAt: input.releasedAt,
      audience: input.audience ?? null,
      state: input.draft ? 'draft' : 'published',
    })
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
  if (input.noteChildIds.length && !input.draft) {
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
