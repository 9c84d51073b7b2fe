import path from 'node:path';
import sharp from 'sharp';
import type { AnswerFormatType } from '@renraku/contract';
import type { Db } from '../../src/db/client';
import {
  noticeFiles,
  notices,
  noticeTargets,
  questionnaireChoices,
  questionnaireQuestions,
  questionnaires,
} from '../../src/db/schema';
import { randomToken } from '../../src/lib/crypto';
import type { Storage } from '../../src/lib/files';
import { storeImage } from '../../src/lib/images';
import { facilityOf } from './core';

export const tinyJpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffcc00' } })
    .jpeg()
    .toBuffer();
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export interface NoticeInput {
  /** Default: a new facility in a new company. */
  facilityId?: number;
  title?: string;
  text?: string;
  releasedAt?: Date;
  /** The enrolments it is addressed to. */
  noteChildIds?: number[];
  /** Images are stored with their variants as staff uploads are; documents as they are. */
  files?: { name: string; data: Buffer; document?: boolean }[];
  questionnaire?: {
    closeAt: Date;
    questions: { text: string; isRequired: boolean; answerFormat: AnswerFormatType; choices?: string[] }[];
  };
}

/**
 * A notice addressed to the given enrolments (defaults: released an hour ago, no files), with its
 * files and questionnaire; answers the rows and ids a test needs.
 */
export async function buildNotice(db: Db, storage: Storage, input: NoticeInput = {}) {
  const facility = await facilityOf(db, input.facilityId);
  const companyId = facility.companyId;
  const releasedAt = input.releasedAt ?? new Date(Date.now() - 60 * 60 * 1000);
  const stored: { name: string; key: string; isDocument: boolean; size: number }[] = [];
  for (const file of input.files ?? []) {
    const key = file.document
      ? `notices/${randomToken(16)}.${path.extname(file.name).slice(1).toLowerCase()}`
      : await storeImage(storage, 'notices', file.data);
    if (file.document) await storage.put(key, file.data);
    stored.push({ name: file.name, key, isDocument: file.document ?? false, size: file.data.length });
  }
  const [notice] = await db
    .insert(notices)
    .values({
      companyId,
      facilityId: facility.id,
      title: input.title ?? 'テストのお知らせ',
      text: input.text ?? '本文です https://example.com/info をご覧ください',
      releasedAt,
    })
    .returning();
  const files = stored.length
    ? await db
        .insert(noticeFiles)
        .values(
          stored.map((f, i) => ({
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
  const noteChildIds = input.noteChildIds ?? [];
  if (noteChildIds.length) {
    // released_at and facility_id are the notice's copies; the database sets them anyway (migration 0009).
    await db.insert(noticeTargets).values(
      noteChildIds.map((noteChildId) => ({
        companyId,
        noticeId: notice!.id,
        noteChildId,
        releasedAt,
        facilityId: facility.id,
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
    const choices = input.questionnaire.questions.flatMap((question, qi) =>
      (question.choices ?? []).map((text, ci) => ({ companyId, questionId: questionRows[qi]!.id, text, sortOrder: ci })),
    );
    const choiceRows = choices.length
      ? await db
          .insert(questionnaireChoices)
          .values(choices)
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

/** A questionnaire with one question of each answer format; the free text is optional. */
export const threeQuestions = (closeAt: Date): NonNullable<NoticeInput['questionnaire']> => ({
  closeAt,
  questions: [
    { text: '参加しますか', isRequired: true, answerFormat: 'single_choice', choices: ['参加する', '参加しない'] },
    { text: '希望する内容', isRequired: true, answerFormat: 'multi_choice', choices: ['A', 'B', 'C'] },
    { text: 'ご意見', isRequired: false, answerFormat: 'free_text' },
  ],
});
