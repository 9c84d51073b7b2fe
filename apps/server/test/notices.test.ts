import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  getNoticeFileReload,
  type BodyInputOf,
  type Notice,
  getNotices,
  getQuestionnaireRespondent,
  NOTICE_DATES_PER_PAGE,
  noticeTexts,
  putNoticesRead,
  putQuestionnaireAnswers,
} from '@renraku/contract';
import {
  noticeFiles,
  noticeReleaseDays,
  notices,
  noticeTargets,
  questionnaireAnswers,
  questionnaireRespondents,
  questionnaires,
} from '../src/db/schema';
import { tokyoDate } from '@renraku/contract';
import { fileUrls } from '../src/lib/files';
import { call, callRaw, setupApp } from './harness';
import { buildChild, buildFamily, buildNotice, buildUser, linkGuardian, threeQuestions, tinyJpeg, tinyPdf } from './factories';

const t = setupApp();
const db = () => t.db;
const storage = () => t.storage;
const HOUR = 60 * 60 * 1000;
const as = (user: { email: string }, headers: Record<string, string> = {}) => t.signIn(user, headers);

async function familyWithNotice(extra: Partial<Parameters<typeof buildNotice>[2]> = {}) {
  const family = await buildFamily(db());
  const built = await buildNotice(db(), storage(), {
    facilityId: family.facilityId,
    noteChildIds: [family.noteChild.id],
    ...extra,
  });
  return { ...family, ...built };
}

const allNotices = (page: Record<string, { id: number }[]>) => Object.values(page).flat();

describe('GET /api/notices', () => {
  it('answers released notices of the caller’s children keyed by Tokyo date, with per-child entries', async () => {
    const f = await familyWithNotice({
      releasedAt: new Date('2026-11-20T01:00:00Z'),
      files: [
        { name: '写真.jpg', data: await tinyJpeg() },
        { name: '献立表.pdf', data: tinyPdf(), document: true },
      ],
      questionnaire: threeQuestions(new Date('2026-12-31T00:00:00Z')),
    });
    const res = await call(await as(f.main), getNotices);
    expect(res.statusCode).toBe(200);
    const page = res.data;
    const notice = page['2026-11-20']!.find((n) => n.id === f.notice.id)!;
    expect(notice).toMatchObject({
      title: 'テストのお知らせ',
      company_id: f.companyId,
      nursery: { nursery_id: f.facilityId },
      children: [{ note_child_id: f.noteChild.id, child_id: f.child.id, unRead: true, isAnswered: false }],
      questionnaire: { id: f.questionnaire!.id, closeAt: '2026-12-31T00:00:00.000Z' },
    });
    expect(notice.files).toHaveLength(2);
    const [image, pdf] = notice.files;
    expect(image).toMatchObject({ name: '写真.jpg', isDocumentFile: false });
    expect(image!.url).toMatch(/^\/files\/notices\/.+\.jpg\?.*v=thumb/);
    expect(pdf).toMatchObject({ name: '献立表.pdf', isDocumentFile: true, url: null, fileUrl: null });
    // The thumbnail URL serves the image.
    const thumb = await t.app.inject({ method: 'GET', url: image!.url! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('shows the notice to every activated guardian and to nobody else', async () => {
    const f = await familyWithNotice();
    for (const viewer of [f.writable, f.readOnly]) {
      const page = (await call(await as(viewer), getNotices)).data;
      expect(allNotices(page).map((n) => n.id)).toContain(f.notice.id);
    }
    const unrelated = (await call(await as(f.unrelated), getNotices)).data;
    expect(allNotices(unrelated).map((n) => n.id)).not.toContain(f.notice.id);
    const invited = await buildUser(db());
    await linkGuardian(db(), f.child.id, invited.id, { activated: null });
    expect((await call(await as(invited), getNotices)).json()).toEqual({});
  });

  it('never shows a notice of another facility, nor one released in the future', async () => {
    const f = await familyWithNotice();
    const elsewhere = await buildChild(db());
    // Wrongly addressed: another facility's notice targeting this enrolment.
    const foreign = await buildNotice(db(), storage(), {
      facilityId: elsewhere.facilityId,
      noteChildIds: [f.noteChild.id],
    });
    const future = await buildNotice(db(), storage(), {
      facilityId: f.facilityId,
      noteChildIds: [f.noteChild.id],
      releasedAt: new Date(Date.now() + 2 * HOUR),
    });
    const ids = allNotices((await call(await as(f.main), getNotices)).data).map((n) => n.id);
    expect(ids).toContain(f.notice.id);
    expect(ids).not.toContain(foreign.notice.id);
    expect(ids).not.toContain(future.notice.id);
    // Once its release time has come, it shows.
    const later = await as(f.main, { 'x-test-now': new Date(Date.now() + 3 * HOUR).toISOString() });
    const laterIds = allNotices((await call(later, getNotices)).data).map((n) => n.id);
    expect(laterIds).toContain(future.notice.id);
    expect(laterIds).not.toContain(foreign.notice.id);
  });

  it('hides notices of a child who has left the facility', async () => {
    const user = await buildUser(db());
    const left = await buildChild(db(), { leftOn: '2021-03-31' });
    await linkGuardian(db(), left.child.id, user.id, { main: true });
    await buildNotice(db(), storage(), {
      facilityId: left.facilityId,
      noteChildIds: [left.noteChild.id],
    });
    expect((await call(await as(user), getNotices)).json()).toEqual({});
  });

  it(`pages by ${NOTICE_DATES_PER_PAGE} release dates, older than the date given, in a bounded number of queries`, async () => {
    const f = await familyWithNotice({ releasedAt: new Date('2026-01-31T03:00:00Z') });
    // 12 dates, two notices on the newest (Tokyo) date.
    for (let day = 1; day <= 12; day++) {
      const releasedAt = new Date(Date.UTC(2026, 0, day, 1));
      await buildNotice(db(), storage(), {
        facilityId: f.facilityId,
        noteChildIds: [f.noteChild.id],
        releasedAt,
        title: `お知らせ${day}`,
      });
    }
    const agent = await as(f.main);
    let before = t.database.queryCount();
    const first = (await call(agent, getNotices)).data;
    // one statement for the session, the page's days and targets; one for the bodies not cached yet
    expect(t.database.queryCount() - before).toBe(2);
    before = t.database.queryCount();
    expect((await call(agent, getNotices)).data).toEqual(first);
    expect(t.database.queryCount() - before).toBe(1);
    const firstDates = Object.keys(first);
    expect(firstDates).toHaveLength(NOTICE_DATES_PER_PAGE);
    expect(firstDates[0]).toBe('2026-01-31');
    expect(first['2026-01-31']).toHaveLength(1);
    expect([...firstDates].sort().reverse()).toEqual(firstDates);
    const second = (await call(agent, getNotices, { query: { date: firstDates.at(-1) } })).data;
    expect(Object.keys(second)).toEqual(['2026-01-03', '2026-01-02', '2026-01-01']);
    expect((await call(agent, getNotices, { query: { date: '2026-01-01' } })).json()).toEqual({});
  });

  it('follows a postponed, deleted or wrongly written notice: the days a page counts are kept by the database', async () => {
    const f = await familyWithNotice({ releasedAt: new Date('2025-06-30T03:00:00Z') });
    const built = [];
    for (let day = 1; day <= 11; day++) {
      built.push(
        await buildNotice(db(), storage(), {
          facilityId: f.facilityId,
          noteChildIds: [f.noteChild.id],
          releasedAt: new Date(Date.UTC(2025, 5, day, 1)),
        }),
      );
    }
    const agent = await as(f.main);
    const datesOf = async () => Object.keys((await call(agent, getNotices)).data);
    expect(await datesOf()).toEqual([
      '2025-06-30',
      ...Array.from({ length: 9 }, (_, i) => `2025-06-${String(11 - i).padStart(2, '0')}`),
    ]);

    // Postponed into the future: its day leaves the page and an older day takes its place.
    const future = new Date(Date.now() + 2 * HOUR);
    await db().update(notices).set({ releasedAt: future }).where(eq(notices.id, built[10]!.notice.id));
    expect(await datesOf()).toEqual([
      '2025-06-30',
      ...Array.from({ length: 9 }, (_, i) => `2025-06-${String(10 - i).padStart(2, '0')}`),
    ]);
    const [moved] = await db().select().from(noticeTargets).where(eq(noticeTargets.noticeId, built[10]!.notice.id));
    expect(moved!.releasedAt).toEqual(future);

    // Deleted: its day goes too.
    await db().delete(notices).where(eq(notices.id, built[9]!.notice.id));
    const dates = await datesOf();
    expect(dates).not.toContain('2025-06-10');
    expect(dates).toHaveLength(NOTICE_DATES_PER_PAGE);
    expect(dates.at(-1)).toBe('2025-06-01');

    // A target written with another release time or facility takes its notice's.
    const [target] = await db()
      .update(noticeTargets)
      .set({ releasedAt: new Date('2020-01-01T00:00:00Z'), facilityId: (await buildChild(db())).facilityId })
      .where(eq(noticeTargets.noticeId, built[0]!.notice.id))
      .returning();
    expect(target).toMatchObject({ releasedAt: new Date(Date.UTC(2025, 5, 1, 1)), facilityId: f.facilityId });
    const days = await db()
      .select({ day: noticeReleaseDays.day })
      .from(noticeReleaseDays)
      .where(eq(noticeReleaseDays.noteChildId, f.noteChild.id))
      .orderBy(noticeReleaseDays.day);
    expect(days.map((d) => d.day)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`),
      `2025-06-30`,
      tokyoDate(future),
    ]);
  });

  it('shows a notice as it is now after a change of its text, files or questionnaire (bodies cached by version)', async () => {
    const f = await familyWithNotice({ questionnaire: threeQuestions(new Date('2026-12-31T00:00:00Z')) });
    const agent = await as(f.main);
    const shown = async () => allNotices((await call(agent, getNotices)).data).find((n) => n.id === f.notice.id) as Notice;
    expect((await shown()).title).toBe('テストのお知らせ');
    await db().update(notices).set({ title: '訂正: 遠足の日程' }).where(eq(notices.id, f.notice.id));
    expect((await shown()).title).toBe('訂正: 遠足の日程');
    await db().insert(noticeFiles).values({
      companyId: f.companyId,
      noticeId: f.notice.id,
      name: '日程表.pdf',
      storageKey: 'notices/x.pdf',
      isDocument: true,
      byteSize: 2048,
      sortOrder: 0,
    });
    expect((await shown()).files).toEqual([
      expect.objectContaining({ name: '日程表.pdf', isDocumentFile: true, displaySize: '2KB' }),
    ]);
    await db()
      .update(questionnaires)
      .set({ closeAt: new Date('2026-12-01T00:00:00Z') })
      .where(eq(questionnaires.noticeId, f.notice.id));
    expect((await shown()).questionnaire?.closeAt).toBe('2026-12-01T00:00:00.000Z');
    await db().delete(noticeFiles).where(eq(noticeFiles.noticeId, f.notice.id));
    expect((await shown()).files).toEqual([]);
  });

  it('refuses anonymous callers and a malformed date', async () => {
    expect((await call(t.agent(), getNotices)).statusCode).toBe(401);
    const f = await buildFamily(db());
    const res = await call(await as(f.main), getNotices, { query: { date: '2026-1-1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('日付の形式が正しくありません');
  });
});

describe('PUT /api/notices/read', () => {
  const readAt = async (noticeId: number, noteChildId: number) =>
    (
      await db()
        .select()
        .from(noticeTargets)
        .where(and(eq(noticeTargets.noticeId, noticeId), eq(noticeTargets.noteChildId, noteChildId)))
    )[0]!.readAt;

  it('marks the notice read for those children only, idempotently, with the spec text', async () => {
    const f = await familyWithNotice();
    const sibling = await buildChild(db(), { facilityId: f.facilityId });
    await linkGuardian(db(), sibling.child.id, f.main.id, { main: true });
    const both = await buildNotice(db(), storage(), {
      facilityId: f.facilityId,
      noteChildIds: [f.noteChild.id, sibling.noteChild.id],
    });
    const agent = await as(f.main);
    const res = await call(agent, putNoticesRead, { body: { noticeId: both.notice.id, childIds: [f.child.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'お知らせ1件を既読にしました' });
    const first = await readAt(both.notice.id, f.noteChild.id);
    expect(first).not.toBeNull();
    expect(await readAt(both.notice.id, sibling.noteChild.id)).toBeNull();
    const page = (await call(agent, getNotices)).data;
    const entry = allNotices(page).find((n) => n.id === both.notice.id) as unknown as {
      children: { child_id: number; unRead: boolean }[];
    };
    expect(entry.children).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ child_id: f.child.id, unRead: false }),
        expect.objectContaining({ child_id: sibling.child.id, unRead: true }),
      ]),
    );
    // Again: still 200, the first read time stays.
    expect((await call(agent, putNoticesRead, { body: { noticeId: both.notice.id, childIds: [f.child.id] } })).statusCode).toBe(
      200,
    );
    expect(await readAt(both.notice.id, f.noteChild.id)).toEqual(first);
  });

  it('lets a read-only or writable co-guardian mark it read', async () => {
    for (const viewer of ['readOnly', 'writable'] as const) {
      const f = await familyWithNotice();
      expect(
        (await call(await as(f[viewer]), putNoticesRead, { body: { noticeId: f.notice.id, childIds: [f.child.id] } })).statusCode,
      ).toBe(200);
      expect(await readAt(f.notice.id, f.noteChild.id)).not.toBeNull();
    }
  });

  it('answers 404 for someone else’s child or an unreleased notice, 401 anonymous, and writes nothing', async () => {
    const f = await familyWithNotice();
    const unrelated = await as(f.unrelated);
    const res = await call(unrelated, putNoticesRead, { body: { noticeId: f.notice.id, childIds: [f.child.id] } });
    expect(res.statusCode).toBe(404);
    expect(
      (await call(unrelated, putNoticesRead, { body: { noticeId: f.notice.id, childIds: [f.otherChild.id] } })).statusCode,
    ).toBe(404);
    const future = await buildNotice(db(), storage(), {
      facilityId: f.facilityId,
      noteChildIds: [f.noteChild.id],
      releasedAt: new Date(Date.now() + HOUR),
    });
    expect(
      (await call(await as(f.main), putNoticesRead, { body: { noticeId: future.notice.id, childIds: [f.child.id] } })).statusCode,
    ).toBe(404);
    expect((await call(t.agent(), putNoticesRead, { body: { noticeId: f.notice.id, childIds: [f.child.id] } })).statusCode).toBe(
      401,
    );
    expect(await readAt(f.notice.id, f.noteChild.id)).toBeNull();
    expect(await readAt(future.notice.id, f.noteChild.id)).toBeNull();
  });

  it('refuses a body without children with 422', async () => {
    const f = await familyWithNotice();
    const res = await call(await as(f.main), putNoticesRead, { body: { noticeId: f.notice.id, childIds: [] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('お子さまを指定してください');
    expect(await readAt(f.notice.id, f.noteChild.id)).toBeNull();
  });
});

describe('GET /api/notices/{id}/files/{fileId}/reload', () => {
  async function withPdf() {
    const f = await familyWithNotice({ files: [{ name: 'お便り.pdf', data: tinyPdf(), document: true }] });
    return { ...f, file: f.files[0]! };
  }

  it('answers a short-lived signed URL that serves the PDF', async () => {
    const f = await withPdf();
    for (const viewer of [f.main, f.writable, f.readOnly]) {
      const res = await call(await as(viewer), getNoticeFileReload, {
        params: { id: f.notice.id, fileId: f.file.id },
        query: { childIds: [f.child.id] },
      });
      expect(res.statusCode).toBe(200);
      const { url } = res.data;
      const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.body).toContain('%PDF');
    }
  });

  it('refuses a tampered or expired URL with 403 and no bytes', async () => {
    const f = await withPdf();
    const { url } = (
      await call(await as(f.main), getNoticeFileReload, {
        params: { id: f.notice.id, fileId: f.file.id },
        query: { childIds: [f.child.id] },
      })
    ).json();
    const tampered = new URL(url, 'http://x');
    tampered.searchParams.set('sig', `${tampered.searchParams.get('sig')!.slice(0, -2)}AA`);
    const otherKey = url.replace(f.file.storageKey, 'notices/someone-else.pdf');
    const expired = fileUrls(t.config.sessionSecret, () => new Date(Date.now() - 10 * 60 * 1000)).url(f.file.storageKey, {
      ttlSec: 300,
    })!;
    for (const bad of [tampered.pathname + tampered.search, otherKey, expired]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('%PDF');
    }
  });

  it('answers 404 unless one of the children is the caller’s and addressed, 401 anonymous, 422 without children', async () => {
    const f = await withPdf();
    const unrelated = await as(f.unrelated);
    const params = { id: f.notice.id, fileId: f.file.id };
    expect((await call(unrelated, getNoticeFileReload, { params, query: { childIds: [f.child.id] } })).statusCode).toBe(404);
    expect((await call(unrelated, getNoticeFileReload, { params, query: { childIds: [f.otherChild.id] } })).statusCode).toBe(404);
    const other = await familyWithNotice({ files: [{ name: 'x.pdf', data: tinyPdf(), document: true }] });
    // A file of another notice through this notice's id.
    expect(
      (
        await call(await as(f.main), getNoticeFileReload, {
          params: { id: f.notice.id, fileId: other.files[0]!.id },
          query: { childIds: [f.child.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t.agent(), getNoticeFileReload, { params, query: { childIds: [f.child.id] } })).statusCode).toBe(401);
    const res = await callRaw(await as(f.main), getNoticeFileReload, { params });
    expect(res.statusCode).toBe(422);
  });
});

describe('questionnaires', () => {
  const future = () => new Date(Date.now() + 24 * HOUR);
  async function withQuestionnaire(closeAt = future()) {
    const f = await familyWithNotice({ questionnaire: threeQuestions(closeAt) });
    const q = f.questionnaire!;
    const [single, multi, free] = q.questions;
    return {
      ...f,
      q,
      single: single!,
      multi: multi!,
      free: free!,
      /** The params of GET …/respondents/{childId} */
      respondent: { noticeId: f.notice.id, questionnaireId: q.id, childId: f.child.id },
      /** The params of PUT …/questionnaires/{questionnaireId} */
      answers: { id: f.notice.id, questionnaireId: q.id },
    };
  }
  type Q = Awaited<ReturnType<typeof withQuestionnaire>>;
  type Answer = BodyInputOf<typeof putQuestionnaireAnswers>['answers'][number];
  const goodAnswers = (f: Q, childId = f.child.id) => ({
    childId,
    answers: [
      { questionId: f.single.id, text: f.single.choiceIds[0]!, isRequired: true },
      { questionId: f.multi.id, text: [f.multi.choiceIds[0]!, f.multi.choiceIds[2]!], isRequired: true },
      { questionId: f.free.id, text: 'よろしくお願いします', isRequired: false },
    ] as [Answer, Answer, Answer],
  });
  const answerRows = async (f: Q, childId = f.child.id) =>
    db()
      .select({
        questionId: questionnaireAnswers.questionId,
        choiceId: questionnaireAnswers.choiceId,
        text: questionnaireAnswers.text,
      })
      .from(questionnaireAnswers)
      .innerJoin(questionnaireRespondents, eq(questionnaireRespondents.id, questionnaireAnswers.respondentId))
      .where(and(eq(questionnaireRespondents.questionnaireId, f.q.id), eq(questionnaireRespondents.childId, childId)));
  const respondentCount = async (f: Q) =>
    (
      await db().select({ n: count() }).from(questionnaireRespondents).where(eq(questionnaireRespondents.questionnaireId, f.q.id))
    )[0]!.n;

  describe('GET …/respondents/{childId}', () => {
    it('answers the questionnaire with its questions; only the main guardian may answer', async () => {
      const f = await withQuestionnaire();
      const res = await call(await as(f.main), getQuestionnaireRespondent, { params: f.respondent });
      expect(res.statusCode).toBe(200);
      const body = res.data;
      expect(body).toMatchObject({
        title: 'テストのお知らせ',
        child: { id: f.child.id },
        questionnaire: { id: f.q.id, isClosed: false, isAnswered: false, canAnswer: true },
      });
      expect(
        body.questionnaire.questions.map((q) => [
          q.text,
          q.isRequired,
          q.answerFormat.type,
          q.answerFormat.choices.length,
          q.answer,
        ]),
      ).toEqual([
        ['参加しますか', true, 'single_choice', 2, null],
        ['希望する内容', true, 'multi_choice', 3, null],
        ['ご意見', false, 'free_text', 0, null],
      ]);
      for (const viewer of [f.writable, f.readOnly]) {
        const other = (await call(await as(viewer), getQuestionnaireRespondent, { params: f.respondent })).data;
        expect(other.questionnaire.canAnswer).toBe(false);
      }
    });

    it('answers 404 to an unrelated guardian, for a mismatched notice, and 401 anonymous', async () => {
      const f = await withQuestionnaire();
      expect((await call(await as(f.unrelated), getQuestionnaireRespondent, { params: f.respondent })).statusCode).toBe(404);
      const other = await familyWithNotice();
      expect(
        (
          await call(await as(f.main), getQuestionnaireRespondent, {
            params: { noticeId: other.notice.id, questionnaireId: f.q.id, childId: f.child.id },
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(t.agent(), getQuestionnaireRespondent, { params: f.respondent })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/notices/{id}/questionnaires/{questionnaireId}', () => {
    it('stores the main guardian’s answers; the list and the screen show them', async () => {
      const f = await withQuestionnaire();
      const agent = await as(f.main);
      const res = await call(agent, putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) });
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual({ message: '回答を送信しました' });
      expect(await answerRows(f)).toHaveLength(4);
      const view = (await call(agent, getQuestionnaireRespondent, { params: f.respondent })).data;
      expect(view.questionnaire.isAnswered).toBe(true);
      expect(view.questionnaire.questions.map((q) => q.answer)).toEqual([
        f.single.choiceIds[0],
        [f.multi.choiceIds[0], f.multi.choiceIds[2]],
        'よろしくお願いします',
      ]);
      const page = (await call(agent, getNotices)).data;
      expect(allNotices(page).find((n) => n.id === f.notice.id)).toMatchObject({ children: [{ isAnswered: true }] });
    });

    it('refuses co-guardians with 403 「回答する権限がありません」 and unrelated ones with 404, writing nothing', async () => {
      const f = await withQuestionnaire();
      for (const viewer of [f.writable, f.readOnly]) {
        const res = await call(await as(viewer), putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('回答する権限がありません');
      }
      expect(
        (await call(await as(f.unrelated), putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) })).statusCode,
      ).toBe(404);
      expect((await call(t.agent(), putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) })).statusCode).toBe(401);
      expect(await respondentCount(f)).toBe(0);
    });

    it('refuses an answer after closeAt with 422 and writes nothing', async () => {
      const f = await withQuestionnaire(new Date(Date.now() + HOUR));
      const late = await as(f.main, { 'x-test-now': new Date(Date.now() + 2 * HOUR).toISOString() });
      const res = await call(late, putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(noticeTexts.closed);
      expect(await respondentCount(f)).toBe(0);
      const view = (await call(late, getQuestionnaireRespondent, { params: f.respondent })).data;
      expect(view.questionnaire.isClosed).toBe(true);
    });

    it('checks required questions on the server, whatever the client says', async () => {
      const f = await withQuestionnaire();
      const res = await call(await as(f.main), putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          childId: f.child.id,
          answers: [
            { questionId: f.single.id, text: null, isRequired: false },
            { questionId: f.multi.id, text: [], isRequired: false },
          ],
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        [`questions.${f.single.id}`]: ['「参加しますか」は回答必須です'],
        [`questions.${f.multi.id}`]: ['「希望する内容」は回答必須です'],
      });
      expect(await respondentCount(f)).toBe(0);
    });

    it('refuses a choice of another question, a wrong value type and an unknown question', async () => {
      const f = await withQuestionnaire();
      const agent = await as(f.main);
      const base = goodAnswers(f);
      const foreign = await callRaw(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          ...base,
          answers: [{ ...base.answers[0], text: f.multi.choiceIds[0] }, base.answers[1], base.answers[2]],
        },
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual({ [`questions.${f.single.id}`]: [noticeTexts.badChoice] });
      const foreignMulti = await callRaw(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          ...base,
          answers: [base.answers[0], { ...base.answers[1], text: [f.single.choiceIds[1]] }],
        },
      });
      expect(foreignMulti.json().errors).toEqual({ [`questions.${f.multi.id}`]: [noticeTexts.badChoice] });
      const wrongType = await callRaw(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: { ...base, answers: [{ ...base.answers[0], text: 'はい' }, base.answers[1]] },
      });
      expect(wrongType.json().errors).toEqual({ [`questions.${f.single.id}`]: [noticeTexts.badAnswer] });
      const unknown = await callRaw(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: { ...base, answers: [...base.answers, { questionId: 999999, text: 'x' }] },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ 'answers.3.questionId': [noticeTexts.unknownQuestion] });
      expect(await respondentCount(f)).toBe(0);
    });

    it('accepts 1000 characters of free text and refuses 1001', async () => {
      const f = await withQuestionnaire();
      const agent = await as(f.main);
      const base = goodAnswers(f);
      const tooLong = await call(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          ...base,
          answers: [base.answers[0], base.answers[1], { ...base.answers[2], text: 'あ'.repeat(1001) }],
        },
      });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().message).toBe('自由記述は1000文字以内で入力してください');
      expect(await respondentCount(f)).toBe(0);
      const ok = await call(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          ...base,
          answers: [base.answers[0], base.answers[1], { ...base.answers[2], text: 'あ'.repeat(1000) }],
        },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('replaces the previous answers as a whole when answering again', async () => {
      const f = await withQuestionnaire();
      const agent = await as(f.main);
      await call(agent, putQuestionnaireAnswers, { params: f.answers, body: goodAnswers(f) });
      const res = await call(agent, putQuestionnaireAnswers, {
        params: f.answers,
        body: {
          childId: f.child.id,
          answers: [
            { questionId: f.single.id, text: f.single.choiceIds[1]! },
            { questionId: f.multi.id, text: [f.multi.choiceIds[1]!] },
            { questionId: f.free.id, text: null },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const rows = await answerRows(f);
      expect(rows.map((r) => r.choiceId ?? r.text).sort()).toEqual([f.single.choiceIds[1], f.multi.choiceIds[1]].sort());
      expect(await respondentCount(f)).toBe(1);
      // A refused re-answer leaves the stored answers as they were.
      await call(agent, putQuestionnaireAnswers, { params: f.answers, body: { childId: f.child.id, answers: [] } });
      expect(await answerRows(f)).toHaveLength(2);
    });

    it('keeps answers per child', async () => {
      const f = await withQuestionnaire();
      const sibling = await buildChild(db(), { facilityId: f.facilityId });
      await linkGuardian(db(), sibling.child.id, f.main.id, { main: true });
      const both = await buildNotice(db(), storage(), {
        facilityId: f.facilityId,
        noteChildIds: [f.noteChild.id, sibling.noteChild.id],
        questionnaire: threeQuestions(future()),
      });
      const q = both.questionnaire!;
      const agent = await as(f.main);
      const res = await call(agent, putQuestionnaireAnswers, {
        params: { id: both.notice.id, questionnaireId: q.id },
        body: {
          childId: sibling.child.id,
          answers: [
            { questionId: q.questions[0]!.id, text: q.questions[0]!.choiceIds[0]! },
            { questionId: q.questions[1]!.id, text: [q.questions[1]!.choiceIds[0]!] },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const page = (await call(agent, getNotices)).data;
      const entry = allNotices(page).find((n) => n.id === both.notice.id) as unknown as {
        children: { child_id: number; isAnswered: boolean }[];
      };
      expect(entry.children.find((c) => c.child_id === sibling.child.id)!.isAnswered).toBe(true);
      expect(entry.children.find((c) => c.child_id === f.child.id)!.isAnswered).toBe(false);
    });
  });
});
