import sharp from 'sharp';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { tokyoDate, type AnswerFormatType } from '@renraku/contract';
import type { Db } from '../../src/db/client';
import { noteChildren, noticeTargets, notices, questionnaires, staffMemberships } from '../../src/db/schema';
import type { Storage } from '../../src/lib/files';
import type { StaffViewer } from '../../src/modules/access';
import { attachFile, composeNotice, questionsOf } from '../../src/modules/notices/service';
import { facilityOf } from './core';
import { buildStaff } from './staff';

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
  /** Uploaded as staff upload them: the bytes decide (JPEG/PNG with variants, a readable PDF); `document` is a reader's hint. */
  files?: { name: string; data: Buffer; document?: boolean }[];
  questionnaire?: {
    closeAt: Date;
    questions: { text: string; isRequired: boolean; answerFormat: AnswerFormatType; choices?: string[] }[];
  };
}

/** The notice's author: a current director of the facility (one is built when there is none). */
async function authorOf(db: Db, facilityId: number, today: string): Promise<StaffViewer> {
  const [director] = await db
    .select({ userId: staffMemberships.userId })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.facilityId, facilityId),
        eq(staffMemberships.role, 'director'),
        isNull(staffMemberships.validUntil),
      ),
    )
    .orderBy(staffMemberships.id)
    .limit(1);
  const userId = director?.userId ?? (await buildStaff(db, { role: 'director', facilityId })).user.id;
  return { userId, today, deviceId: null, ip: '127.0.0.1' };
}

/**
 * A notice addressed to the given enrolments (defaults: released an hour ago, no files), with its
 * files and questionnaire; answers the rows and ids a test needs. Written by the app's one writer of
 * each table, as the facility's director would (compose.ts, attachments.ts): released "now" at its
 * release time, or scheduled when that is ahead.
 */
export async function buildNotice(db: Db, storage: Storage, input: NoticeInput = {}) {
  const facility = await facilityOf(db, input.facilityId);
  const releasedAt = input.releasedAt ?? new Date(Date.now() - 60 * 60 * 1000);
  const scheduled = releasedAt.getTime() > Date.now();
  const now = scheduled ? new Date() : releasedAt;
  const author = await authorOf(db, facility.id, tokyoDate(now));
  const noteChildIds = input.noteChildIds ?? [];
  const enrolments = noteChildIds.length
    ? await db.select().from(noteChildren).where(inArray(noteChildren.id, noteChildIds))
    : [];
  const q = input.questionnaire;
  const notice = await db.transaction((tx) =>
    composeNotice(
      tx,
      author,
      { companyId: facility.companyId, facilityId: facility.id },
      {
        title: input.title ?? 'テストのお知らせ',
        text: input.text ?? '本文です https://example.com/info をご覧ください',
        audience: { kind: 'children', ids: [...new Set(enrolments.map((e) => e.childId))] },
        release: scheduled ? 'scheduled' : 'now',
        release_at: scheduled ? releasedAt.toISOString() : null,
        questionnaire: q
          ? {
              close_at: q.closeAt.toISOString(),
              questions: q.questions.map((x) => ({
                text: x.text,
                answer_format: x.answerFormat,
                is_required: x.isRequired,
                choices: x.choices ?? [],
              })),
            }
          : null,
      },
      now,
    ),
  );
  // What the writer never addresses — another facility's enrolment, one that has left — written as
  // such a row would be found, for the tests of the guardians' side that must never show it.
  const addressed = new Set(
    (await db.select().from(noticeTargets).where(eq(noticeTargets.noticeId, notice.id))).map((r) => r.noteChildId),
  );
  const misaddressed = noteChildIds.filter((id) => !addressed.has(id));
  if (misaddressed.length) {
    await db.insert(noticeTargets).values(
      misaddressed.map((noteChildId) => ({
        companyId: facility.companyId,
        noticeId: notice.id,
        noteChildId,
        releasedAt,
        facilityId: facility.id,
      })),
    );
  }
  const files = [];
  for (const file of input.files ?? [])
    files.push(await attachFile(db, storage, author, notice, { name: file.name, bytes: file.data }, now));
  const [questionnaire] = await db.select().from(questionnaires).where(eq(questionnaires.noticeId, notice.id));
  const questions = questionnaire ? await questionsOf(db, questionnaire.id) : [];
  return {
    notice: (await db.select().from(notices).where(eq(notices.id, notice.id)))[0]!,
    files,
    questionnaire: questionnaire
      ? { id: questionnaire.id, questions: questions.map((x) => ({ id: x.id, choiceIds: x.choices.map((c) => c.id) })) }
      : null,
  };
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
