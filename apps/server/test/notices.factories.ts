import sharp from 'sharp';
import type { Db } from '../src/db/client';
import type { Storage } from '../src/lib/files';
import { createNotice, type NewNotice } from '../src/modules/notices/service';

export const tinyJpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffcc00' } })
    .jpeg()
    .toBuffer();
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A released notice addressed to the given enrolments (defaults: released an hour ago, no files). */
export async function buildNotice(
  db: Db,
  storage: Storage,
  input: Partial<NewNotice> & { companyId: number; facilityId: number; noteChildIds: number[] },
) {
  return createNotice(db, storage, {
    title: 'テストのお知らせ',
    text: '本文です https://example.com/info をご覧ください',
    releasedAt: new Date(Date.now() - 60 * 60 * 1000),
    ...input,
  });
}

/** A questionnaire with one question of each answer format; the free text is optional. */
export const threeQuestions = (closeAt: Date): NonNullable<NewNotice['questionnaire']> => ({
  closeAt,
  questions: [
    { text: '参加しますか', isRequired: true, answerFormat: 'single_choice', choices: ['参加する', '参加しない'] },
    { text: '希望する内容', isRequired: true, answerFormat: 'multi_choice', choices: ['A', 'B', 'C'] },
    { text: 'ご意見', isRequired: false, answerFormat: 'free_text' },
  ],
});
