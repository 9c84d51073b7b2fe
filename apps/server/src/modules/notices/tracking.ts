import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { noticeMessages, tokyoDate, type StaffNoticeTracking } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  childUser,
  children,
  classes,
  noteChildren,
  noticeTargets,
  questionnaireAnswers,
  questionnaireRespondents,
  questionnaires,
  users,
} from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { enqueueGuardianPush } from '../../lib/push';
import { activeLinks, type StaffViewer } from '../access';
import { auditNotice } from './notice-audit';
import { type NoticeRow, noticeStatus } from './audience';
import { questionsOf } from './questions';

/* Who read and answered a notice, its CSV and the reminders (staff.md §5). */

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
        .where(and(inArray(childUser.childId, childIds), activeLinks(childUser)))
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
    const qs = await questionsOf(db, q.id);
    const choices = qs.flatMap((x) => x.choices);
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
        answer_format: x.type,
        choices: x.choices.map((c) => ({ id: c.id, text: c.text, count: answers.filter((a) => a.choiceId === c.id).length })),
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
    const t: Db = tx;
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
    await auditNotice(t, staff, now, row, 'notice.remind', { to, people: people.length, mailed, pushed });
  });
  return {
    message: mailed + pushed > 0 || people.length > 0 ? noticeMessages.reminded(mailed) : noticeMessages.nobodyToRemind,
    mailed,
    pushed,
  };
}
