import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  deleteStaffNoticeFile,
  getNoticeFileReload,
  getNotices,
  getQuestionnaireRespondent,
  getStaffFacilityNotices,
  getStaffNotice,
  getStaffNoticeTracking,
  noticeMessages,
  postStaffFacilityNotice,
  postStaffLogin,
  postStaffNoticeFile,
  postStaffNoticeReminder,
  postStaffNoticeWithdraw,
  putNoticesRead,
  putQuestionnaireAnswers,
  putStaffNotice,
  type Notice,
  type NoticesPage,
  type StaffNoticeBody,
} from '@renraku/contract';
import {
  auditLog,
  childUser,
  mailOutbox,
  noteChildren,
  notices,
  notificationSettings,
  pushOutbox,
  pushTokens,
  users,
} from '../src/db/schema';
import { claimMails, deliverPendingMails, enqueueMail, MAIL_LEASE_MS, type MailSender } from '../src/lib/mail';
import { claimPushes, deliverPendingPushes, type PushSender } from '../src/lib/push';
import { seedDemo } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/accounts';
import { DEMO_STAFF_EMAILS } from '../src/seed/staff';
import { demoPdf } from '../src/seed/notices';
import { buildChild, buildClass, buildUser, linkGuardian } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll, statuses } from './staff-persona-matrix';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;

let jpeg: Buffer;

const HOUR = 60 * 60 * 1000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const allNotices = (page: NoticesPage): Notice[] => Object.values(page).flat();
const noticeCount = async () => (await db().select({ n: count() }).from(notices))[0]!.n;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
/** Facility-wide: directors, office, company admins; class staff may not. */
const facilityWide = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });
/** Addressing class A: also its own class staff. */
const forClassA = (ok: number) => ({ ...facilityWide(ok), classStaffA: ok });

const body = (input: Partial<StaffNoticeBody> = {}): StaffNoticeBody => ({
  title: 'お知らせ',
  text: '本文です',
  audience: { kind: 'classes', ids: [w.classA.id] },
  release: 'now',
  ...input,
});
const addNotice = (agent: Agent, input: Partial<StaffNoticeBody> = {}) =>
  call(agent, postStaffFacilityNotice, { params: facility(), body: body(input) });
const upload = (agent: Agent, noticeId: number, filename: string, data: Buffer) =>
  callRaw(agent, postStaffNoticeFile, { params: { noticeId }, multipart: [{ name: 'upload_file', filename, data }] });
/** What a guardian sees at an instant: the ids of the notices in their list. */
const seenBy = async (user: { email: string }, at?: string) => {
  const agent = await t.signIn(user, at ? { 'x-test-now': at } : {});
  return allNotices((await call(agent, getNotices)).data);
};

const questionnaire = {
  close_at: inHours(24 * 7),
  questions: [
    { text: '参加されますか', answer_format: 'single_choice' as const, is_required: true, choices: ['参加する', '参加しない'] },
    { text: 'ご意見', answer_format: 'free_text' as const, is_required: false },
  ],
};

describe('notices by staff: who may write what', () => {
  it('POST: facility-wide by directors, office and company admins; to class A also by its class staff; audited', async () => {
    await expectMatrix(as, facilityWide(201), (agent, persona) =>
      addNotice(agent, { title: `全体 ${persona}`, audience: { kind: 'facility' }, release: 'draft' }),
    );
    await expectMatrix(as, forClassA(201), (agent, persona) =>
      addNotice(agent, { title: `ひよこ ${persona}`, release: 'draft' }),
    );
    await expectMatrix(as, forClassA(201), (agent, persona) =>
      addNotice(agent, { title: `園児 ${persona}`, audience: { kind: 'children', ids: [w.family.child.id] }, release: 'draft' }),
    );
    const made = await addNotice(as.classStaffA, { title: 'ひよこ組だより' });
    expect(made.data).toMatchObject({ status: 'released', audience_label: 'ひよこ組', editable: true });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notice.create'), eq(auditLog.targetId, made.data.id)));
    expect(entry).toMatchObject({ userId: w.staff.classStaffA.user.id, targetType: 'notice' });
  });

  it('PUT and files: who may address its old and new audience; class staff cannot widen it to the facility', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push((await addNotice(as.director, { title: `直す ${i}`, release: 'draft' })).data.id);
    await expectMatrix(as, forClassA(200), (agent, persona, index) =>
      call(agent, putStaffNotice, {
        params: { noticeId: ids[index]! },
        body: body({ title: `直した ${persona}`, release: 'draft' }),
      }),
    );
    await expectMatrix(as, forClassA(201), (agent, _persona, index) => upload(agent, ids[index]!, 'a.jpg', jpeg));
    const toAll = await call(as.classStaffA, putStaffNotice, {
      params: { noticeId: ids[0]! },
      body: body({ audience: { kind: 'facility' }, release: 'draft' }),
    });
    expect(toAll.statusCode).toBe(403);
    const toB = await call(as.classStaffA, putStaffNotice, {
      params: { noticeId: ids[0]! },
      body: body({ audience: { kind: 'classes', ids: [w.classB.id] }, release: 'draft' }),
    });
    expect(toB.statusCode).toBe(403);
    const wide = await addNotice(as.director, { title: '全体', audience: { kind: 'facility' }, release: 'draft' });
    expect(
      (await call(as.classStaffA, putStaffNotice, { params: { noticeId: wide.data.id }, body: body({ release: 'draft' }) }))
        .statusCode,
    ).toBe(403);
    expect((await upload(as.classStaffA, wide.data.id, 'a.jpg', jpeg)).statusCode).toBe(403);
    expect((await call(as.director, getStaffNotice, { params: { noticeId: 2_000_000_000 } })).statusCode).toBe(404);
  });

  it('GET: every member lists them, with editable by role and class; detail and tracking follow', async () => {
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffFacilityNotices, { params: facility() }));
    const list = (await call(as.classStaffB, getStaffFacilityNotices, { params: facility() })).data;
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((n) => !n.editable)).toBe(true);
    const forA = (await call(as.classStaffA, getStaffFacilityNotices, { params: facility() })).data;
    expect(forA.filter((n) => n.title.startsWith('園児 ')).every((n) => n.editable)).toBe(true);
    expect(forA.filter((n) => n.title.startsWith('全体 ')).some((n) => n.editable)).toBe(false);
    expect((await call(as.office, getStaffFacilityNotices, { params: facility() })).data.every((n) => n.editable)).toBe(true);
    const classA = list.find((n) => n.title === 'ひよこ組だより')!;
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffNotice, { params: { noticeId: classA.id } }));
    await expectMatrix(as, forClassA(200), (agent) => call(agent, getStaffNoticeTracking, { params: { noticeId: classA.id } }));
    const csv = await as.classStaffB.get(`/api/staff/notices/${classA.id}/tracking.csv`);
    expect(csv.statusCode).toBe(403);
  });
});

describe('the guardians’ read model through every staff action', () => {
  it('release now: class A’s guardians see it with its files at once; the file reload and read mark work', async () => {
    const draft = await addNotice(as.director, { title: '遠足のお知らせ', release: 'draft', questionnaire });
    const id = draft.data.id;
    expect((await seenBy(w.family.main)).map((n) => n.id)).not.toContain(id);
    const pdf = await upload(as.director, id, '持ち物.pdf', demoPdf('Things to bring'));
    expect(pdf.statusCode).toBe(201);
    expect((await upload(as.director, id, '写真.jpg', jpeg)).statusCode).toBe(201);
    expect((await seenBy(w.family.main)).map((n) => n.id)).not.toContain(id);
    const released = await call(as.director, putStaffNotice, {
      params: { noticeId: id },
      body: body({ title: '遠足のお知らせ', questionnaire }),
    });
    expect(released.data.status).toBe('released');
    const shown = (await seenBy(w.family.main)).find((n) => n.id === id)!;
    expect(shown.files.map((f) => f.name)).toEqual(['持ち物.pdf', '写真.jpg']);
    expect(shown.questionnaire).not.toBeNull();
    const listed = (await call(as.director, getStaffFacilityNotices, { params: facility() })).data.find((n) => n.id === id)!;
    expect(listed).toMatchObject({ status: 'released', has_questionnaire: true, file_count: 2, counts: { targets: 1 } });
    const guardian = await t.signIn(w.family.main);
    const reload = await call(guardian, getNoticeFileReload, {
      params: { id, fileId: pdf.data.id },
      query: { childIds: [w.family.child.id] },
    });
    expect(reload.statusCode).toBe(200);
  });

  it('scheduled: invisible until its release time (pinned clock), then shown; an edit before release moves it', async () => {
    const made = await addNotice(as.director, { title: '予約のお知らせ', release: 'scheduled', release_at: inHours(2) });
    expect(made.data.status).toBe('scheduled');
    const id = made.data.id;
    expect((await seenBy(w.family.main, inHours(1))).map((n) => n.id)).not.toContain(id);
    expect((await seenBy(w.family.main, inHours(3))).map((n) => n.id)).toContain(id);
    const moved = await call(as.director, putStaffNotice, {
      params: { noticeId: id },
      body: body({ title: '予約（変更）', release: 'scheduled', release_at: inHours(5) }),
    });
    expect(moved.data.status).toBe('scheduled');
    expect((await seenBy(w.family.main, inHours(3))).map((n) => n.id)).not.toContain(id);
    const later = (await seenBy(w.family.main, inHours(6))).find((n) => n.id === id)!;
    expect(later.title).toBe('予約（変更）');
    // Retargeted to class B before release: class A's guardians no longer get it.
    await call(as.director, putStaffNotice, {
      params: { noticeId: id },
      body: body({
        title: '予約（変更）',
        release: 'scheduled',
        release_at: inHours(5),
        audience: { kind: 'classes', ids: [w.classB.id] },
      }),
    });
    expect((await seenBy(w.family.main, inHours(6))).map((n) => n.id)).not.toContain(id);
  });

  it('withdraw before release: never shown; a released notice cannot be withdrawn', async () => {
    const made = await addNotice(as.classStaffA, { title: '取り下げる', release: 'scheduled', release_at: inHours(2) });
    const id = made.data.id;
    // The first allowed caller withdraws it; withdrawing again answers the same (idempotent).
    await expectMatrix(as, forClassA(200), (agent) => call(agent, postStaffNoticeWithdraw, { params: { noticeId: id } }));
    expect((await seenBy(w.family.main, inHours(3))).map((n) => n.id)).not.toContain(id);
    const detail = await call(as.director, getStaffNotice, { params: { noticeId: id } });
    expect(detail.data.status).toBe('withdrawn');
    const edit = await call(as.director, putStaffNotice, { params: { noticeId: id }, body: body({ release: 'now' }) });
    expectInvalid(edit, 'status', noticeMessages.withdrawnLocked);
    const released = await addNotice(as.director, { title: '配信済み' });
    expectInvalid(
      await call(as.director, postStaffNoticeWithdraw, { params: { noticeId: released.data.id } }),
      'status',
      noticeMessages.notWithdrawable,
    );
  });

  it('edit after release: title and text change for guardians (new body version), logged with the previous content; targets and questions locked', async () => {
    const made = await addNotice(as.director, { title: '最初の題', text: '最初の本文', questionnaire });
    const id = made.data.id;
    expect((await seenBy(w.family.main)).find((n) => n.id === id)!.title).toBe('最初の題');
    const edited = await call(as.director, putStaffNotice, {
      params: { noticeId: id },
      body: body({ title: '直した題', text: '直した本文', questionnaire }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.data.version).toBeGreaterThan(made.data.version);
    const shown = (await seenBy(w.family.main)).find((n) => n.id === id)!;
    expect([shown.title, shown.text]).toEqual(['直した題', '直した本文']);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notice.update_released'), eq(auditLog.targetId, id)));
    expect(entry!.details).toMatchObject({ previous: { title: '最初の題', text: '最初の本文' }, title: '直した題' });
    expectInvalid(
      await call(as.director, putStaffNotice, {
        params: { noticeId: id },
        body: body({ title: '直した題', audience: { kind: 'facility' }, questionnaire }),
      }),
      'audience',
      noticeMessages.releasedLocked,
    );
    expectInvalid(
      await call(as.director, putStaffNotice, { params: { noticeId: id }, body: body({ title: '直した題' }) }),
      'audience',
      noticeMessages.releasedLocked,
    );
    // The closing time moves: the guardians' list and questionnaire answer it at once (body version).
    const later = inHours(24 * 10);
    const moved = await call(as.director, putStaffNotice, {
      params: { noticeId: id },
      body: body({ title: '直した題', text: '直した本文', questionnaire: { ...questionnaire, close_at: later } }),
    });
    expect(moved.statusCode).toBe(200);
    expect((await seenBy(w.family.main)).find((n) => n.id === id)!.questionnaire!.closeAt).toBe(later);
    const respondent = await call(await t.signIn(w.family.main), getQuestionnaireRespondent, {
      params: { noticeId: id, questionnaireId: made.data.questionnaire!.id, childId: w.family.child.id },
    });
    expect(respondent.data.questionnaire.closeAt).toBe(later);
    // A file added after release shows at once; removing it too.
    const file = await upload(as.director, id, '追加.jpg', jpeg);
    expect((await seenBy(w.family.main)).find((n) => n.id === id)!.files.map((f) => f.name)).toEqual(['追加.jpg']);
    await call(as.director, deleteStaffNoticeFile, { params: { noticeId: id, fileId: file.data.id } });
    expect((await seenBy(w.family.main)).find((n) => n.id === id)!.files).toEqual([]);
  });

  it('a class B notice never reaches class A’s guardians, nor its file URL', async () => {
    const made = await addNotice(as.classStaffB, { title: 'りす組だけ', audience: { kind: 'classes', ids: [w.classB.id] } });
    const file = await upload(as.classStaffB, made.data.id, 'りす.pdf', demoPdf('B'));
    expect((await seenBy(w.family.main)).map((n) => n.id)).not.toContain(made.data.id);
    const guardian = await t.signIn(w.family.main);
    const reload = await call(guardian, getNoticeFileReload, {
      params: { id: made.data.id, fileId: file.data.id },
      query: { childIds: [w.family.child.id] },
    });
    expect(reload.statusCode).toBe(404);
  });
});

describe('bad input: 422 in Japanese, nothing written', () => {
  it('refuses each with its message', async () => {
    const otherClass = await buildClass(db(), { facilityId: w.otherFacility.facilityId, name: 'よその組' });
    const [rows, audits] = [await noticeCount(), await auditCount()];
    expectInvalid(await addNotice(as.director, { title: '' }), 'title', noticeMessages.titleRequired);
    expectInvalid(await addNotice(as.director, { title: '   ' }), 'title', noticeMessages.titleRequired);
    expectInvalid(
      await addNotice(as.director, { questionnaire: { close_at: inHours(24), questions: [] } }),
      'questionnaire.questions',
      noticeMessages.questionsRequired,
    );
    expectInvalid(
      await addNotice(as.director, {
        questionnaire: {
          close_at: inHours(24),
          questions: [{ text: '質問', answer_format: 'single_choice', is_required: true, choices: [] }],
        },
      }),
      'questionnaire.questions.0.choices',
      noticeMessages.choicesRequired,
    );
    expectInvalid(
      await addNotice(as.director, { questionnaire: { ...questionnaire, close_at: inHours(-1) } }),
      'questionnaire.close_at',
      noticeMessages.closeAtInPast,
    );
    expectInvalid(
      await addNotice(as.director, { release: 'scheduled', release_at: inHours(-1) }),
      'release_at',
      noticeMessages.releaseInPast,
    );
    expectInvalid(await addNotice(as.director, { release: 'scheduled' }), 'release_at', noticeMessages.releaseAtRequired);
    expectInvalid(
      await addNotice(as.director, { audience: { kind: 'classes', ids: [otherClass.id] } }),
      'audience',
      noticeMessages.classNotOfFacility,
    );
    expectInvalid(
      await addNotice(as.director, { audience: { kind: 'children', ids: [w.otherFacility.child.id] } }),
      'audience',
      noticeMessages.childNotOfFacility,
    );
    expectInvalid(await addNotice(as.director, { audience: { kind: 'classes', ids: [] } }), 'audience.ids');
    expect([await noticeCount(), await auditCount()]).toEqual([rows, audits]);
    const draft = await addNotice(as.director, { release: 'draft' });
    const audits2 = await auditCount();
    const text = await upload(as.director, draft.data.id, 'a.txt', Buffer.from('hello'));
    expectInvalid(text, 'upload_file', noticeMessages.fileType);
    const fakePdf = await upload(as.director, draft.data.id, 'a.pdf', Buffer.from('<html>not a pdf</html>'));
    expectInvalid(fakePdf, 'upload_file', noticeMessages.fileType);
    expect(await auditCount()).toBe(audits2);
    expect((await call(as.director, getStaffNotice, { params: { noticeId: draft.data.id } })).data.files).toEqual([]);
  });
});

describe('tracking, CSV and reminders', () => {
  it('counts read and answered per child, aggregates answers, exports CSV for Excel, and reminds each person once', async () => {
    // A second child in class A with its own guardian, who turned mails off but has a phone.
    const second = await buildChild(db(), { facilityId: w.facilityId, firstName: '花' });
    await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, second.noteChild.id));
    const quiet = await buildUser(db(), { name: '静か 保護者' });
    await linkGuardian(db(), second.child.id, quiet.id, { main: true });
    await db().insert(notificationSettings).values({ userId: quiet.id, emailDisabled: true });
    await db()
      .insert(pushTokens)
      .values({ userId: quiet.id, token: `tok-${quiet.id}` });

    const made = await addNotice(as.director, { title: '面談の日程', questionnaire });
    const id = made.data.id;
    const guardian = await t.signIn(w.family.main);
    await call(guardian, putNoticesRead, { body: { noticeId: id, childIds: [w.family.child.id] } });
    const q = made.data.questionnaire!;
    const answered = await call(guardian, putQuestionnaireAnswers, {
      params: { id, questionnaireId: q.id },
      body: {
        childId: w.family.child.id,
        answers: [
          { questionId: q.questions[0]!.id, text: q.questions[0]!.choices[0]!.id },
          { questionId: q.questions[1]!.id, text: '=よろしく,お願いします"' },
        ],
      },
    });
    expect(answered.statusCode).toBe(200);

    const tracking = (await call(as.classStaffA, getStaffNoticeTracking, { params: { noticeId: id } })).data;
    expect(tracking.counts).toEqual({ targets: 2, read: 1, answered: 1 });
    expect(tracking.unread_guardians.map((g) => g.user_id)).toEqual([quiet.id]);
    expect(tracking.unanswered_guardians.map((g) => g.user_id)).toEqual([quiet.id]);
    expect(tracking.questions[0]!.choices.map((c) => [c.text, c.count])).toEqual([
      ['参加する', 1],
      ['参加しない', 0],
    ]);
    expect(tracking.questions[1]!.texts.map((x) => x.text)).toEqual(['=よろしく,お願いします"']);

    const csv = await as.director.get(`/api/staff/notices/${id}/tracking.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('\r\n');
    expect(csv.body.split('\r\n')[0]).toContain('"参加されますか"');
    expect(csv.body).toContain('"参加する"');
    expect(csv.body).toContain(`"'=よろしく,お願いします"""`);

    // Unread: only the second family. Mails off → no mail, a push instead. Twice → nothing more.
    const mailsBefore = (await db().select({ n: count() }).from(mailOutbox))[0]!.n;
    const first = await call(as.director, postStaffNoticeReminder, { params: { noticeId: id }, body: { to: 'unread' } });
    expect(first.data).toMatchObject({ mailed: 0, pushed: 1 });
    await db().delete(notificationSettings).where(eq(notificationSettings.userId, quiet.id));
    // Mails on again: the second press mails once; the push is not repeated.
    const second2 = await call(as.director, postStaffNoticeReminder, { params: { noticeId: id }, body: { to: 'unanswered' } });
    expect(second2.data).toMatchObject({ mailed: 1, pushed: 0 });
    const third = await call(as.director, postStaffNoticeReminder, { params: { noticeId: id }, body: { to: 'unanswered' } });
    expect(third.data).toMatchObject({ mailed: 0, pushed: 0 });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'notice_reminder'));
    expect(mails.map((m) => m.to)).toEqual([quiet.email]);
    expect(mails[0]!.subject).toContain('面談の日程');
    expect((await db().select({ n: count() }).from(mailOutbox))[0]!.n).toBe(mailsBefore + 1);
    // One reminder push (besides the notice's own push at its release, docs/decisions/push-web-push.md).
    expect(
      await db()
        .select()
        .from(pushOutbox)
        .where(and(eq(pushOutbox.userId, quiet.id), eq(pushOutbox.kind, 'notice_reminder'))),
    ).toHaveLength(1);
    // Class B's staff may not remind.
    expect(
      (await call(as.classStaffB, postStaffNoticeReminder, { params: { noticeId: id }, body: { to: 'unread' } })).statusCode,
    ).toBe(403);
  });
});

describe('the outbox worker: retries, lease, no duplicate sends', () => {
  const recorder = () => {
    const sent: string[] = [];
    const sender: MailSender = {
      async send(mail) {
        sent.push(mail.to);
      },
    };
    return { sent, sender };
  };

  it('a worker killed after claiming: nothing is sent during its lease, each mail once after it, never again', async () => {
    await db().update(mailOutbox).set({ status: 'sent' });
    const ids: number[] = [];
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
      ids.push((await enqueueMail(db(), { to, subject: '件名', text: '本文', kind: 'test_lease', dedupeKey: to }))!);
    // Enqueued twice under the same key: written once.
    expect(
      await enqueueMail(db(), {
        to: 'a@example.com',
        subject: '件名',
        text: '本文',
        kind: 'test_lease',
        dedupeKey: 'a@example.com',
      }),
    ).toBeNull();
    // A second on (the rows' `now()` default keeps microseconds a same-millisecond Date would not reach).
    const t0 = new Date(Date.now() + 1000);
    // The first worker claims the rows, then dies before sending or marking.
    const claimed = await claimMails(db(), t0);
    expect(claimed.map((r) => r.id)).toEqual(ids);
    const { sent, sender } = recorder();
    expect(await deliverPendingMails(db(), sender, 'from@example.com', undefined, 20, new Date(t0.getTime() + 60_000))).toBe(0);
    expect(sent).toEqual([]);
    const afterLease = new Date(t0.getTime() + MAIL_LEASE_MS + 1000);
    // Two workers after the lease: each mail goes out once.
    const [n1, n2] = await Promise.all([
      deliverPendingMails(db(), sender, 'from@example.com', undefined, 20, afterLease),
      deliverPendingMails(db(), sender, 'from@example.com', undefined, 20, afterLease),
    ]);
    expect(n1 + n2).toBe(3);
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(
      await deliverPendingMails(
        db(),
        sender,
        'from@example.com',
        undefined,
        20,
        new Date(afterLease.getTime() + MAIL_LEASE_MS * 2),
      ),
    ).toBe(0);
    const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it('pushes go the same way: claimed with a lease, sent once to the devices, never again', async () => {
    const user = await buildUser(db());
    await db()
      .insert(pushTokens)
      .values({ userId: user.id, token: `dev-${user.id}` });
    await db().update(pushOutbox).set({ status: 'sent' });
    await db().insert(pushOutbox).values({ userId: user.id, kind: 'test_push', title: '件名', body: '本文', dedupeKey: 'k' });
    const again = await db()
      .insert(pushOutbox)
      .values({ userId: user.id, kind: 'test_push', title: '件名', body: '本文', dedupeKey: 'k' })
      .onConflictDoNothing()
      .returning();
    expect(again).toEqual([]);
    const pushed: string[][] = [];
    const sender: PushSender = {
      async send(push) {
        pushed.push(push.tokens);
      },
    };
    const t0 = new Date(Date.now() + 1000);
    expect(await claimPushes(db(), t0)).toHaveLength(1);
    expect(await deliverPendingPushes(db(), sender, undefined, new Date(t0.getTime() + 1000))).toBe(0);
    expect(await deliverPendingPushes(db(), sender, undefined, new Date(t0.getTime() + MAIL_LEASE_MS + 1000))).toBe(1);
    expect(await deliverPendingPushes(db(), sender, undefined, new Date(t0.getTime() + 3 * MAIL_LEASE_MS))).toBe(0);
    expect(pushed).toEqual([[`dev-${user.id}`]]);
  });

  it('a failing send is retried with backoff, then marked failed after the last attempt', async () => {
    await db().update(mailOutbox).set({ status: 'sent' });
    const id = (await enqueueMail(db(), { to: 'x@example.com', subject: '件名', text: '本文', kind: 'test_retry' }))!;
    const failing: MailSender = {
      async send() {
        throw new Error('SMTP 451');
      },
    };
    // A second on: the row's `now()` default keeps microseconds a same-millisecond Date would not reach.
    let at = Date.now() + 1000;
    const row = async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    await deliverPendingMails(db(), failing, 'f@example.com', undefined, 20, new Date(at));
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: SMTP 451' });
    // Not before the backoff.
    const { sent, sender } = recorder();
    expect(await deliverPendingMails(db(), sender, 'f@example.com', undefined, 20, new Date(at + 30_000))).toBe(0);
    for (let i = 2; i <= 5; i++) {
      at += 20 * 60_000;
      await deliverPendingMails(db(), failing, 'f@example.com', undefined, 20, new Date(at));
    }
    expect(await row()).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await deliverPendingMails(db(), sender, 'f@example.com', undefined, 20, new Date(at + 10 * HOUR))).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('the demo: a notice to one class is invisible, with its files, to every demo guardian outside it', () => {
  it('over all demo guardians: list, detail (read mark) and file URLs', async () => {
    const ids = await seedDemo(db(), { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) });
    // A second class at さくら保育園 with a child and guardian of its own.
    const risu = await buildClass(db(), { facilityId: ids.facilities.sakura, name: 'りす組' });
    const other = await buildChild(db(), { facilityId: ids.facilities.sakura, firstName: '理子' });
    await db().update(noteChildren).set({ classId: risu.id }).where(eq(noteChildren.id, other.noteChild.id));
    const risuGuardian = await buildUser(db(), { name: 'りす 保護者' });
    await linkGuardian(db(), other.child.id, risuGuardian.id, { main: true });

    const enchou = t.agent();
    const login = await call(enchou, postStaffLogin, { body: { email: DEMO_STAFF_EMAILS.director, password: DEMO_PASSWORD } });
    expect(login.data.stage).toBe('ok');
    const made = await call(enchou, postStaffFacilityNotice, {
      params: { facilityId: ids.facilities.sakura },
      body: { title: 'りす組のお知らせ', text: 'りす組だけ', audience: { kind: 'classes', ids: [risu.id] }, release: 'now' },
    });
    expect(made.statusCode).toBe(201);
    const pdf = await upload(enchou, made.data.id, 'りす組.pdf', demoPdf('risu'));
    const img = await upload(enchou, made.data.id, 'りす組.jpg', jpeg);
    expect([pdf.statusCode, img.statusCode]).toEqual([201, 201]);

    const guardians = await db()
      .selectDistinct({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(childUser, eq(childUser.userId, users.id));
    let checked = 0;
    for (const g of guardians) {
      // Demo guardians have the demo password, the factories' their own.
      const signedIn = await t
        .agent()
        .login(g.email, DEMO_PASSWORD)
        .catch(() => t.signIn(g));
      checked += 1;
      const page = await signedIn.get('/api/notices');
      expect(page.statusCode).toBe(200);
      const shown = allNotices(page.json() as NoticesPage).some((n) => n.id === made.data.id);
      const links = await db().select({ childId: childUser.childId }).from(childUser).where(eq(childUser.userId, g.id));
      const childIds = links.map((l) => l.childId);
      if (g.id === risuGuardian.id) {
        expect(shown).toBe(true);
        continue;
      }
      expect(shown).toBe(false);
      // No file key of the notice appears in anything they are served.
      const fileKeys = [pdf.data.url, img.data.url].map((u) => new URL(u!, 'http://x').pathname.split('/').pop()!.split('.')[0]!);
      for (const key of fileKeys) expect(page.body).not.toContain(key);
      for (const fileId of [pdf.data.id, img.data.id]) {
        const reload = await call(signedIn, getNoticeFileReload, { params: { id: made.data.id, fileId }, query: { childIds } });
        expect(reload.statusCode).toBe(404);
      }
      const read = await call(signedIn, putNoticesRead, { body: { noticeId: made.data.id, childIds } });
      expect(read.statusCode).toBe(404);
    }
    expect(checked).toBeGreaterThan(5);
  }, 120_000);
});
