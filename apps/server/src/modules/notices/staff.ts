import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  noticeMessages,
  tokyoDate,
  type NoticeAudience,
  type NoticeStatus,
  type StaffNotice,
  type StaffNoticeSummary,
  type StaffNoticeTracking,
  staffNoticeBody,
} from '@renraku/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  childUser,
  children,
  classes,
  noteChildren,
  noticeFiles,
  noticeTargets,
  notices,
  questionnaireAnswers,
  questionnaireChoices,
  questionnaireQuestions,
  questionnaireRespondents,
  questionnaires,
  users,
} from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { isReadablePdf } from '../../lib/documents';
import { enqueueMail } from '../../lib/mail';
import { dropPendingPushes, enqueueGuardianPush } from '../../lib/push';
import { enrolmentCovers, mayAddressAudience, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/*
 * お知らせ written by staff (staff.md §5; docs/decisions/notices-staff-authoring.md). A notice is a
 * draft, published (scheduled while its release time is ahead) or withdrawn; only a published one
 * has notice_targets rows, so the guardians' read model (targets, release days, body versions, all
 * kept by the database) follows every staff action without code of its own.
 */

export type NoticeInput = z.output<typeof staffNoticeBody>;
type NoticeRow = typeof notices.$inferSelect;

export const NOTICE_FILES_MAX = 10;

/** What the screen calls the notice's state at `now`. */
export const noticeStatus = (row: Pick<NoticeRow, 'state' | 'releasedAt'>, now: Date): NoticeStatus =>
  row.state === 'draft'
    ? 'draft'
    : row.state === 'withdrawn'
      ? 'withdrawn'
      : row.releasedAt.getTime() > now.getTime()
        ? 'scheduled'
        : 'released';

/** The notice and its facility (404 when there is none). */
export async function loadNotice(db: Db, noticeId: number): Promise<NoticeRow> {
  const [row] = await db.select().from(notices).where(eq(notices.id, noticeId));
  if (!row) throw notFound();
  return row;
}

/**
 * The classes an audience reaches, checked against the facility (422 for a class or child not of it):
 * null stands for the whole facility. Children count by the class of their enrolment covering today.
 */
async function audienceClasses(db: Db, grant: FacilityGrant, audience: NoticeAudience | null, today: string) {
  if (!audience || audience.kind === 'facility') return [null];
  const ids = [...new Set(audience.ids)];
  if (audience.kind === 'classes') {
    const found = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(inArray(classes.id, ids), eq(classes.facilityId, grant.facilityId)));
    if (found.length !== ids.length) throw invalid('audience', noticeMessages.classNotOfFacility);
    return ids;
  }
  const found = await db
    .select({ childId: noteChildren.childId, classId: noteChildren.classId })
    .from(noteChildren)
    .where(
      and(
        inArray(noteChildren.childId, ids),
        eq(noteChildren.facilityId, grant.facilityId),
        enrolmentCovers(noteChildren, today),
      ),
    );
  if (new Set(found.map((f) => f.childId)).size !== ids.length) throw invalid('audience', noticeMessages.childNotOfFacility);
  return [...new Set(found.map((f) => f.classId))];
}

/** Whether the caller may address every class the audience reaches (staff.md §1: class staff their own). */
const mayAddressAll = (grant: FacilityGrant, classIds: (number | null)[]) =>
  classIds.every((classId) => mayAddressAudience(grant, classId));

/** The audience in words for the list. */
async function audienceLabels(db: Db, rows: { id: number; audience: NoticeAudience | null }[]) {
  const classIds = rows.flatMap((r) => (r.audience?.kind === 'classes' ? r.audience.ids : []));
  const names = classIds.length
    ? new Map(
        (await db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, classIds))).map((c) => [
          c.id,
          c.name,
        ]),
      )
    : new Map<number, string>();
  return new Map(
    rows.map((r) => [
      r.id,
      !r.audience || r.audience.kind === 'facility'
        ? r.audience
          ? '施設全体'
          : '在籍のお子さま'
        : r.audience.kind === 'classes'
          ? r.audience.ids.map((id) => names.get(id) ?? '').join('・')
          : `${r.audience.ids.length}人のお子さま`,
    ]),
  );
}

/** May the caller edit, track and remind this notice? */
export async function mayAddressNotice(db: Db, grant: FacilityGrant, row: NoticeRow, today: string) {
  try {
    return mayAddressAll(grant, await audienceClasses(db, grant, row.audience, today));
  } catch {
    // A child who has left since: the class staff can no longer be told apart; only the facility's roles.
    return grant.role !== 'class_staff';
  }
}

/**
 * `editable` of many notices at once (the list): the facility's roles may address every notice;
 * class staff their classes, and children whose enrolment today is in one of them (one statement).
 */
async function editableOf(db: Db, grant: FacilityGrant, rows: NoticeRow[], today: string): Promise<Map<number, boolean>> {
  if (grant.role !== 'class_staff') return new Map(rows.map((r) => [r.id, true]));
  const childIds = [...new Set(rows.flatMap((r) => (r.audience?.kind === 'children' ? r.audience.ids : [])))];
  const classOf = new Map(
    childIds.length
      ? (
          await db
            .select({ childId: noteChildren.childId, classId: noteChildren.classId })
            .from(noteChildren)
            .where(
              and(
                inArray(noteChildren.childId, childIds),
                eq(noteChildren.facilityId, grant.facilityId),
                enrolmentCovers(noteChildren, today),
              ),
            )
        ).map((c) => [c.childId, c.classId])
      : [],
  );
  const mine = (classId: number | null | undefined) => classId != null && grant.classIds.includes(classId);
  return new Map(
    rows.map((r) => [
      r.id,
      r.audience?.kind === 'classes'
        ? r.audience.ids.every(mine)
        : r.audience?.kind === 'children'
          ? r.audience.ids.every((id) => mine(classOf.get(id)))
          : false,
    ]),
  );
}

/** The facility's notices, newest first, with counts (five statements, whatever the number of notices). */
export async function listStaffNotices(db: Db, grant: FacilityGrant, today: string, now: Date): Promise<StaffNoticeSummary[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.facilityId, grant.facilityId))
    .orderBy(desc(notices.releasedAt), desc(notices.id))
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({
      noticeId: noticeTargets.noticeId,
      targets: count(),
      read: sql<number>`count(${noticeTargets.readAt})::int`,
      answered: sql<number>`count(${questionnaireRespondents.id})::int`,
    })
    .from(noticeTargets)
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .leftJoin(questionnaires, eq(questionnaires.noticeId, noticeTargets.noticeId))
    .leftJoin(
      questionnaireRespondents,
      and(
        eq(questionnaireRespondents.questionnaireId, questionnaires.id),
        eq(questionnaireRespondents.childId, noteChildren.childId),
      ),
    )
    .where(inArray(noticeTargets.noticeId, ids))
    .groupBy(noticeTargets.noticeId);
  // (Two grouped reads: a correlated subquery would lose its table name in a one-table select.)
  const fileCounts = await db
    .select({ noticeId: noticeFiles.noticeId, n: count() })
    .from(noticeFiles)
    .where(inArray(noticeFiles.noticeId, ids))
    .groupBy(noticeFiles.noticeId);
  const withQuestionnaire = new Set(
    (
      await db.select({ noticeId: questionnaires.noticeId }).from(questionnaires).where(inArray(questionnaires.noticeId, ids))
    ).map((q) => q.noticeId),
  );
  const countOf = new Map(counts.map((c) => [c.noticeId, c]));
  const filesOf = new Map(fileCounts.map((f) => [f.noticeId, Number(f.n)]));
  const labels = await audienceLabels(db, rows);
  const editable = await editableOf(db, grant, rows, today);
  const out: StaffNoticeSummary[] = [];
  for (const row of rows) {
    const c = countOf.get(row.id);
    out.push({
      id: row.id,
      title: row.title,
      status: noticeStatus(row, now),
      released_at: row.state === 'published' ? row.releasedAt.toISOString() : null,
      audience_label: labels.get(row.id) ?? '',
      has_questionnaire: withQuestionnaire.has(row.id),
      file_count: filesOf.get(row.id) ?? 0,
      counts: { targets: Number(c?.targets ?? 0), read: Number(c?.read ?? 0), answered: Number(c?.answered ?? 0) },
      editable: editable.get(row.id) ?? false,
    });
  }
  return out;
}

/** One notice for the compose screen. */
export async function readStaffNotice(ctx: AppContext, db: Db, grant: FacilityGrant, noticeId: number, today: string, now: Date) {
  const row = await loadNotice(db, noticeId);
  const files = await db
    .select()
    .from(noticeFiles)
    .where(eq(noticeFiles.noticeId, noticeId))
    .orderBy(asc(noticeFiles.sortOrder), asc(noticeFiles.id));
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.noticeId, noticeId));
  let questionnaire: StaffNotice['questionnaire'] = null;
  if (q) {
    const questions = await db
      .select()
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.questionnaireId, q.id))
      .orderBy(asc(questionnaireQuestions.sortOrder), asc(questionnaireQuestions.id));
    const choices = questions.length
      ? await db
          .select()
          .from(questionnaireChoices)
          .where(
            inArray(
              questionnaireChoices.questionId,
              questions.map((x) => x.id),
            ),
          )
          .orderBy(asc(questionnaireChoices.sortOrder), asc(questionnaireChoices.id))
      : [];
    questionnaire = {
      id: q.id,
      close_at: q.closeAt.toISOString(),
      questions: questions.map((x) => ({
        id: x.id,
        text: x.text,
        answer_format: x.answerFormat as 'single_choice' | 'multi_choice' | 'free_text',
        is_required: x.isRequired,
        choices: choices.filter((c) => c.questionId === x.id).map((c) => ({ id: c.id, text: c.text })),
      })),
    };
  }
  const labels = await audienceLabels(db, [row]);
  return {
    id: row.id,
    facility_id: row.facilityId,
    title: row.title,
    text: row.text,
    status: noticeStatus(row, now),
    released_at: row.state === 'draft' ? null : row.releasedAt.toISOString(),
    audience: row.audience ?? null,
    audience_label: labels.get(row.id) ?? '',
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      is_document: f.isDocument,
      byte_size: f.byteSize,
      url: ctx.files.url(f.storageKey, f.isDocument ? { ttlSec: 300 } : { variant: 'medium' }) ?? null,
    })),
    questionnaire,
    editable: await mayAddressNotice(db, grant, row, today),
    version: row.version,
  } satisfies StaffNotice;
}

/** Checks of the input against the clock (422 in Japanese, before anything is written). */
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

/** The enrolments a published notice addresses: enrolled at its facility today or from its release day on. */
async function writeTargets(db: Db, notice: NoticeRow, audience: NoticeAudience, today: string) {
  const releaseDay = tokyoDate(notice.releasedAt);
  const firstDay = releaseDay > today ? releaseDay : today;
  const enrolled = and(
    eq(noteChildren.facilityId, notice.facilityId),
    sql`${noteChildren.admittedOn} <= ${firstDay}`,
    or(isNull(noteChildren.leftOn), sql`${noteChildren.leftOn} >= ${today}`),
  );
  const where =
    audience.kind === 'facility'
      ? enrolled
      : audience.kind === 'classes'
        ? and(enrolled, inArray(noteChildren.classId, audience.ids))
        : and(enrolled, inArray(noteChildren.childId, audience.ids));
  const rows = await db.select({ id: noteChildren.id }).from(noteChildren).where(where);
  if (rows.length === 0) return 0;
  await db
    .insert(noticeTargets)
    .values(
      rows.map((r) => ({
        companyId: notice.companyId,
        noticeId: notice.id,
        noteChildId: r.id,
        releasedAt: notice.releasedAt,
        facilityId: notice.facilityId,
      })),
    )
    .onConflictDoNothing();
  return rows.length;
}

/**
 * The push of a published notice to its guardians (docs/decisions/push-web-push.md): written with its
 * targets and held until the release instant (`next_attempt_at`), so a scheduled notice pushes when it
 * becomes visible; a scheduled notice changed or withdrawn drops its pending pushes first.
 */
async function enqueueNoticePushes(db: Db, notice: NoticeRow) {
  await dropPendingPushes(db, 'notice', `${notice.id}:`);
  if (notice.state !== 'published') return;
  const targets = await db
    .selectDistinct({ childId: noteChildren.childId })
    .from(noticeTargets)
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .where(eq(noticeTargets.noticeId, notice.id));
  if (targets.length === 0) return;
  await enqueueGuardianPush(db, {
    childIds: targets.map((t) => t.childId),
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

/** POST: a new notice (draft, released now or scheduled). */
export async function createStaffNotice(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: NoticeInput,
  now: Date,
): Promise<StaffNotice> {
  if (!mayAddressAll(grant, await audienceClasses(ctx.db, grant, input.audience, staff.today))) throw forbidden();
  const releasedAt = releaseInstant(input, now);
  checkTimes(input, now, releasedAt, true);
  const id = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [notice] = await t
      .insert(notices)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        title: input.title,
        text: input.text,
        releasedAt,
        state: input.release === 'draft' ? 'draft' : 'published',
        audience: input.audience,
        createdBy: staff.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (input.questionnaire) await writeQuestionnaire(t, grant.companyId, notice!.id, input.questionnaire);
    if (input.release !== 'draft') {
      await writeTargets(t, notice!, input.audience, staff.today);
      await enqueueNoticePushes(t, notice!);
    }
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'notice.create',
      targetType: 'notice',
      targetId: notice!.id,
      details: audited({ title: '', text: '' }, input),
    });
    return notice!.id;
  });
  return readStaffNotice(ctx, ctx.db, grant, id, staff.today, now);
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
      const t = tx as unknown as Db;
      await t.update(notices).set({ title: input.title, text: input.text, updatedAt: now }).where(eq(notices.id, row.id));
      if (closeAt && current.questionnaire) {
        await t
          .update(questionnaires)
          .set({ closeAt: new Date(closeAt) })
          .where(eq(questionnaires.id, current.questionnaire.id));
      }
      await recordAudit(t, staff, now, {
        companyId: row.companyId,
        facilityId: row.facilityId,
        action: 'notice.update_released',
        targetType: 'notice',
        targetId: row.id,
        details: {
          previous: { title: current.title, text: current.text, close_at: current.questionnaire?.close_at ?? null },
          title: input.title,
          text: input.text,
          close_at: closeAt ?? null,
        },
      });
    });
    return readStaffNotice(ctx, ctx.db, grant, row.id, staff.today, now);
  }
  if (!mayAddressAll(grant, await audienceClasses(ctx.db, grant, input.audience, staff.today))) throw forbidden();
  const releasedAt = releaseInstant(input, now);
  checkTimes(input, now, releasedAt, true);
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
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
    await t.delete(noticeTargets).where(eq(noticeTargets.noticeId, row.id));
    await t.delete(questionnaires).where(eq(questionnaires.noticeId, row.id));
    if (input.questionnaire) await writeQuestionnaire(t, row.companyId, row.id, input.questionnaire);
    if (input.release !== 'draft') await writeTargets(t, updated!, input.audience, staff.today);
    await enqueueNoticePushes(t, updated!);
    await recordAudit(t, staff, now, {
      companyId: row.companyId,
      facilityId: row.facilityId,
      action: 'notice.update',
      targetType: 'notice',
      targetId: row.id,
      details: audited(current, input),
    });
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
    const t = tx as unknown as Db;
    await t.update(notices).set({ state: 'withdrawn', updatedAt: now }).where(eq(notices.id, row.id));
    await t.delete(noticeTargets).where(eq(noticeTargets.noticeId, row.id));
    await dropPendingPushes(t, 'notice', `${row.id}:`);
    await recordAudit(t, staff, now, {
      companyId: row.companyId,
      facilityId: row.facilityId,
      action: 'notice.withdraw',
      targetType: 'notice',
      targetId: row.id,
      details: { title: row.title, previous_status: status },
    });
  });
  return { message: noticeMessages.withdrawn };
}

/** What a file's first bytes say it is: JPEG, PNG, PDF, or nothing we attach. */
export function sniffFile(bytes: Buffer): 'image' | 'pdf' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

/** Attaches a file (the contents decide: JPEG/PNG stored with variants, PDF as is); audited. */
export async function addStaffNoticeFile(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  row: NoticeRow,
  file: { name: string; bytes: Buffer },
  now: Date,
) {
  if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
  if (row.state === 'withdrawn') throw invalid('status', noticeMessages.withdrawnLocked);
  const kind = sniffFile(file.bytes);
  if (!kind || (kind === 'pdf' && !(await isReadablePdf(file.bytes)))) throw invalid('upload_file', noticeMessages.fileType);
  const [{ n }] = (await ctx.db.select({ n: count() }).from(noticeFiles).where(eq(noticeFiles.noticeId, row.id))) as [
    { n: number },
  ];
  if (n >= NOTICE_FILES_MAX) throw invalid('upload_file', noticeMessages.tooManyFiles);
  let key: string;
  if (kind === 'pdf') {
    key = `notices/${randomToken(16)}.pdf`;
    await ctx.storage.put(key, file.bytes);
  } else {
    key = await storeImage(ctx.storage, 'notices', file.bytes);
  }
  const name =
    [...file.name]
      .filter((c) => c >= ' ' && c !== '/' && c !== '\\')
      .join('')
      .slice(0, 200) || (kind === 'pdf' ? 'file.pdf' : 'image.jpg');
  const [created] = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const inserted = await t
      .insert(noticeFiles)
      .values({
        companyId: row.companyId,
        noticeId: row.id,
        name,
        storageKey: key,
        isDocument: kind === 'pdf',
        byteSize: file.bytes.length,
        sortOrder: Number(n),
      })
      .returning();
    await recordAudit(t, staff, now, {
      companyId: row.companyId,
      facilityId: row.facilityId,
      action: 'notice.file_add',
      targetType: 'notice',
      targetId: row.id,
      details: { name, released: noticeStatus(row, now) === 'released' },
    });
    return inserted;
  });
  return {
    id: created!.id,
    name: created!.name,
    is_document: created!.isDocument,
    byte_size: created!.byteSize,
    url: ctx.files.url(key, kind === 'pdf' ? { ttlSec: 300 } : { variant: 'medium' }) ?? null,
  };
}

export async function deleteStaffNoticeFile(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  row: NoticeRow,
  fileId: number,
  now: Date,
) {
  if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
  if (row.state === 'withdrawn') throw invalid('status', noticeMessages.withdrawnLocked);
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [gone] = await t
      .delete(noticeFiles)
      .where(and(eq(noticeFiles.id, fileId), eq(noticeFiles.noticeId, row.id)))
      .returning({ name: noticeFiles.name });
    if (!gone) throw notFound();
    await recordAudit(t, staff, now, {
      companyId: row.companyId,
      facilityId: row.facilityId,
      action: 'notice.file_delete',
      targetType: 'notice',
      targetId: row.id,
      details: { name: gone.name },
    });
  });
  return { message: noticeMessages.fileDeleted };
}

const fullName = (c: { lastName: string; firstName: string }) => `${c.lastName} ${c.firstName}`;

/** Tracking: every target child with read and answer times, their guardians, and the answers aggregated. */
export async function noticeTracking(db: Db, row: NoticeRow, now: Date) {
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.noticeId, row.id));
  const targets = await db
    .select({
      childId: children.id,
      lastName: children.lastName,
      firstName: children.firstName,
      className: classes.name,
      readAt: noticeTargets.readAt,
      respondentId: questionnaireRespondents.id,
      answeredAt: questionnaireRespondents.answeredAt,
    })
    .from(noticeTargets)
    .innerJoin(noteChildren, eq(noteChildren.id, noticeTargets.noteChildId))
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .leftJoin(
      questionnaireRespondents,
      and(eq(questionnaireRespondents.questionnaireId, q?.id ?? -1), eq(questionnaireRespondents.childId, children.id)),
    )
    .where(eq(noticeTargets.noticeId, row.id))
    .orderBy(asc(classes.name), asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
  const childIds = targets.map((t) => t.childId);
  const guardians = childIds.length
    ? await db
        .select({ childId: childUser.childId, userId: users.id, name: users.name, email: users.email })
        .from(childUser)
        .innerJoin(users, eq(users.id, childUser.userId))
        .where(and(inArray(childUser.childId, childIds), eq(childUser.activated, true)))
        .orderBy(desc(childUser.main), asc(users.id))
    : [];
  const guardiansOf = (childId: number) => guardians.filter((g) => g.childId === childId);
  const ref = (g: { userId: number; name: string | null; email: string }) => ({ user_id: g.userId, name: g.name ?? g.email });
  const uniqueGuardians = (ids: number[]) => {
    const seen = new Map<number, (typeof guardians)[number]>();
    for (const g of guardians) if (ids.includes(g.childId) && !seen.has(g.userId)) seen.set(g.userId, g);
    return [...seen.values()];
  };
  const unreadChildren = targets.filter((t) => t.readAt === null).map((t) => t.childId);
  const unansweredChildren = q ? targets.filter((t) => t.respondentId === null).map((t) => t.childId) : [];

  const questions: StaffNoticeTracking['questions'] = [];
  const answersByChild = new Map<number, Map<number, string[]>>();
  if (q) {
    const qs = await db
      .select()
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.questionnaireId, q.id))
      .orderBy(asc(questionnaireQuestions.sortOrder), asc(questionnaireQuestions.id));
    const choices = qs.length
      ? await db
          .select()
          .from(questionnaireChoices)
          .where(
            inArray(
              questionnaireChoices.questionId,
              qs.map((x) => x.id),
            ),
          )
          .orderBy(asc(questionnaireChoices.sortOrder), asc(questionnaireChoices.id))
      : [];
    const answers = await db
      .select({
        childId: questionnaireRespondents.childId,
        questionId: questionnaireAnswers.questionId,
        choiceId: questionnaireAnswers.choiceId,
        text: questionnaireAnswers.text,
      })
      .from(questionnaireAnswers)
      .innerJoin(questionnaireRespondents, eq(questionnaireRespondents.id, questionnaireAnswers.respondentId))
      .where(eq(questionnaireRespondents.questionnaireId, q.id))
      .orderBy(asc(questionnaireAnswers.id));
    const nameOf = new Map(targets.map((t) => [t.childId, fullName(t)]));
    const choiceText = new Map(choices.map((c) => [c.id, c.text]));
    for (const a of answers) {
      const perChild = answersByChild.get(a.childId) ?? new Map<number, string[]>();
      answersByChild.set(a.childId, perChild);
      const value = a.choiceId !== null ? (choiceText.get(a.choiceId) ?? '') : (a.text ?? '');
      perChild.set(a.questionId, [...(perChild.get(a.questionId) ?? []), value]);
    }
    for (const x of qs) {
      questions.push({
        id: x.id,
        text: x.text,
        answer_format: x.answerFormat as 'single_choice' | 'multi_choice' | 'free_text',
        choices: choices
          .filter((c) => c.questionId === x.id)
          .map((c) => ({ id: c.id, text: c.text, count: answers.filter((a) => a.choiceId === c.id).length })),
        texts: answers
          .filter((a) => a.questionId === x.id && a.choiceId === null && a.text)
          .map((a) => ({ child_name: nameOf.get(a.childId) ?? '', text: a.text! })),
      });
    }
  }
  const tracking: StaffNoticeTracking = {
    notice_id: row.id,
    title: row.title,
    status: noticeStatus(row, now),
    has_questionnaire: !!q,
    counts: {
      targets: targets.length,
      read: targets.filter((t) => t.readAt !== null).length,
      answered: targets.filter((t) => t.respondentId !== null).length,
    },
    children: targets.map((t) => ({
      child_id: t.childId,
      name: fullName(t),
      class_name: t.className,
      read_at: t.readAt?.toISOString() ?? null,
      answered_at: t.answeredAt?.toISOString() ?? null,
      guardians: guardiansOf(t.childId).map(ref),
    })),
    unread_guardians: uniqueGuardians(unreadChildren).map(ref),
    unanswered_guardians: uniqueGuardians(unansweredChildren).map(ref),
    questions,
  };
  return {
    tracking,
    answersByChild,
    recipients: { unread: uniqueGuardians(unreadChildren), unanswered: uniqueGuardians(unansweredChildren) },
  };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // Quote every cell; a leading = + - @ is defused so Excel never runs it as a formula.
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};
const tokyoLabel = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }) : '');

/** The tracking as CSV: UTF-8 with BOM and CRLF, so that Excel opens it in Japanese. */
export async function trackingCsv(db: Db, row: NoticeRow, now: Date): Promise<string> {
  const { tracking, answersByChild } = await noticeTracking(db, row, now);
  const header = ['園児', 'クラス', '保護者', '既読', '既読日時', '回答', '回答日時', ...tracking.questions.map((q) => q.text)];
  const lines = tracking.children.map((c) =>
    [
      c.name,
      c.class_name ?? '',
      c.guardians.map((g) => g.name).join('、'),
      c.read_at ? '既読' : '未読',
      tokyoLabel(c.read_at),
      tracking.has_questionnaire ? (c.answered_at ? '回答済み' : '未回答') : '',
      tokyoLabel(c.answered_at),
      ...tracking.questions.map((q) => (answersByChild.get(c.child_id)?.get(q.id) ?? []).join('、')),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * A reminder to the guardians who have not read (or not answered): one mail each through the outbox
 * (their notification setting applies), a push where they registered a device. The dedupe key (notice,
 * Tokyo day, person) makes a second press the same day write nothing (docs/decisions/platform-outbox-delivery.md).
 */
export async function remindNotice(ctx: AppContext, staff: StaffViewer, row: NoticeRow, to: 'unread' | 'unanswered', now: Date) {
  const status = noticeStatus(row, now);
  if (status !== 'released') throw invalid('status', noticeMessages.nobodyToRemind);
  const { tracking, recipients } = await noticeTracking(ctx.db, row, now);
  if (to === 'unanswered' && !tracking.has_questionnaire) throw invalid('to', 'このお知らせにはアンケートがありません');
  const people = recipients[to];
  const appName = ctx.config.operator.app_name;
  const day = tokyoDate(now);
  const subject = `【${appName}】${to === 'unread' ? '未読' : '未回答'}のお知らせ「${row.title}」`;
  const text = (name: string) =>
    [
      `${name} 様`,
      '',
      to === 'unread'
        ? `「${row.title}」のお知らせがまだ確認されていません。アプリからご確認ください。`
        : `「${row.title}」のアンケートへのご回答がまだです。アプリからご回答ください。`,
      '',
      new URL('/notices', ctx.config.appUrl).toString(),
    ].join('\n');
  let mailed = 0;
  let pushed = 0;
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const person of people) {
      const dedupeKey = `${row.id}:${day}:${person.userId}`;
      const id = await enqueueMail(t, {
        to: person.email,
        userId: person.userId,
        kind: 'notice_reminder',
        subject,
        text: text(person.name ?? person.email),
        dedupeKey,
      });
      if (id !== null) mailed += 1;
    }
    // A push where they have a device (a browser subscription or the wrapper's token) and notices on.
    pushed = await enqueueGuardianPush(t, {
      userIds: people.map((p) => p.userId),
      category: 'notice',
      kind: 'notice_reminder',
      title: subject,
      body: to === 'unread' ? 'お知らせをご確認ください' : 'アンケートにご回答ください',
      link: '/notices',
      dedupeKey: `${row.id}:${day}`,
    });
    await recordAudit(t, staff, now, {
      companyId: row.companyId,
      facilityId: row.facilityId,
      action: 'notice.remind',
      targetType: 'notice',
      targetId: row.id,
      details: { to, people: people.length, mailed, pushed },
    });
  });
  return {
    message: mailed + pushed > 0 || people.length > 0 ? noticeMessages.reminded(mailed) : noticeMessages.nobodyToRemind,
    mailed,
    pushed,
  };
}
