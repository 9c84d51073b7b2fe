import sharp from 'sharp';
import type { AnswerFormatType } from '@renraku/contract';
import type { Db } from '../../src/db/client';
import type { Storage } from '../../src/lib/files';
import { createNotice } from '../../src/modules/notices/service';
import { facilityOf } from './core';

export const tinyJpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffcc00' } })
    .jpeg()
    .toBuffer();
/** The smallest PDF a parser reads: a catalog, a page tree, one empty page (uploads must parse, issue 30). */
export const tinyPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

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
  // Written as the app writes notices (the seed and, next, the staff side), defaults filled in.
  return createNotice(db, storage, {
    companyId: facility.companyId,
    facilityId: facility.id,
    title: input.title ?? 'テストのお知らせ',
    text: input.text ?? '本文です https://example.com/info をご覧ください',
    releasedAt: input.releasedAt ?? new Date(Date.now() - 60 * 60 * 1000),
    noteChildIds: input.noteChildIds ?? [],
    files: input.files,
    questionnaire: input.questionnaire,
  });
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
