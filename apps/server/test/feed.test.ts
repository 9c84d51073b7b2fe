import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChildrenContent, getMicrocms, getNoticesNotifications, messages } from '@renraku/contract';
import { feedBanners, manualBanners } from '../src/db/schema';
import type { AppContext } from '../src/context';
import { addDaysToDate } from '../src/lib/clock';
import { Agent, createTestApp, type TestApp } from './helpers';
import {
  buildBroadcast,
  buildChild,
  buildClassFor,
  buildDailyNote,
  buildFamily,
  buildFamilyInformation,
  buildNoteFile,
  buildUser,
  linkGuardian,
  storeBigPhoto,
  TEST_PASSWORD,
} from './factories';

let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = (t.app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => t.close());

// 2026-11-22 12:00 in Tokyo.
const NOW = '2026-11-22T03:00:00.000Z';
const TODAY = '2026-11-22';
const day = (offset: number) => addDaysToDate(TODAY, offset);

const agentFor = (user: { email: string }) => new Agent(t.app, { 'x-test-now': NOW }).login(user.email, TEST_PASSWORD);
const contentUrl = (ids: number[], date?: string) =>
  `/api/children/content?${ids.map((id) => `children[]=${id}`).join('&')}${date ? `&date=${date}` : ''}`;

describe('GET /api/children/content', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: contentUrl([1]) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthenticated });
  });

  it('answers the newest day of one child with every field, today by default', async () => {
    const family = await buildFamily(t.database.db);
    const note = await buildDailyNote(t.database.db, family.noteChild, TODAY, { text: 'あ'.repeat(300) });
    const key = await storeBigPhoto(ctx.storage);
    await buildNoteFile(t.database.db, note, { key, name: '砂場.jpg', size: 1_500_000 });
    await buildNoteFile(t.database.db, note, { key: 'feed/docs/menu.pdf', name: '献立表.pdf', isDocument: true, size: 2048 });
    await buildFamilyInformation(t.database.db, family.noteChild, TODAY);
    await buildDailyNote(t.database.db, family.noteChild, day(-3));

    const agent = await agentFor(family.main);
    const res = await agent.get(contentUrl([family.child.id]));
    expect(res.statusCode).toBe(200);
    const body = getChildrenContent.response.parse(res.json());
    expect(Object.keys(body.data)).toEqual([TODAY]);
    expect(body.has_more).toBe(true);
    expect(body.message_minimize_threshold_length).toBe(t.config.messageMinimizeThresholdLength);
    const [message] = body.data[TODAY]!;
    expect(message).toMatchObject({
      note_child_id: family.noteChild.id,
      child_id: family.child.id,
      date: TODAY,
      attendances: { attendanceTime: '08:30', leavingTime: '17:45' },
      message: {
        employeeInfo: {
          text: 'あ'.repeat(300),
          name: '佐々木 先生',
          broadcastMessageFiles: [],
          thermometries: [{ time: '09:00', thermometry: 36.5 }],
          sleeps: [{ start: '12:30', end: '14:30' }],
          defecations: [{ time: '10:15', category: 'うんち', status: '普通' }],
          schoolMeal: '鮭の塩焼き、ひじき煮',
          meals: {
            lunch: { items: [{ categoryLabel: '主食', amountLabel: '完食' }], note: 'よく食べました' },
            snackSet: { morning: '牛乳', afternoon: 'おにぎり', contactToParents: 'おかわりしました' },
            milks: [{ id: 1, time: '10:00', amount: 120, contactToParents: null }],
          },
        },
      },
      familyInformation: {
        thermometry: { doneAt: '07:10', temperature: 36.8 },
        sleep: { startedAt: '21:00', endedAt: '07:00' },
        defecation: { doneAt: '07:20', category: 'うんち', status: '普通' },
        meals: [
          { category: '前日の夕食', comment: 'カレーライス' },
          { category: '朝食', comment: 'パンと牛乳' },
        ],
        poolAttendance: { isParticipate: true },
        text: '元気です',
      },
    });
    const [photo, doc] = message!.message!.employeeInfo.employeeMessageFiles;
    expect(photo).toMatchObject({ name: '砂場.jpg', isDocumentFile: false, displaySize: '1.4MB' });
    expect(doc).toMatchObject({ name: '献立表.pdf', isDocumentFile: true, displaySize: '2KB', mediumUrl: null });
    expect(doc!.fileUrl).toBe(doc!.url);

    // The tile is the signed 320-px variant, at most 100 kB; the original is much larger.
    expect(photo!.fileUrl).toMatch(/^\/files\/feed\/.+\?exp=\d+&sig=.+&v=thumb$/);
    const thumb = await t.app.inject({ method: 'GET', url: photo!.fileUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.length).toBeLessThanOrEqual(100_000);
    const full = await t.app.inject({ method: 'GET', url: photo!.url });
    expect(full.rawPayload.length).toBeGreaterThan(thumb.rawPayload.length);
    // A tampered signature is refused.
    expect((await t.app.inject({ method: 'GET', url: photo!.fileUrl.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
  });

  it('shows the same content to writable and read-only co-guardians', async () => {
    const family = await buildFamily(t.database.db);
    await buildDailyNote(t.database.db, family.noteChild, day(-1));
    for (const viewer of [family.writable, family.readOnly]) {
      const res = await (await agentFor(viewer)).get(contentUrl([family.child.id]));
      expect(res.statusCode).toBe(200);
      const body = getChildrenContent.response.parse(res.json());
      expect(Object.keys(body.data)).toEqual([day(-1)]);
      expect(body.has_more).toBe(false);
    }
  });

  it('answers 404 for a child of another family, a pending invitation, or a mix with one', async () => {
    const family = await buildFamily(t.database.db);
    await buildDailyNote(t.database.db, family.noteChild, TODAY);
    const invited = await buildUser(t.database.db);
    await linkGuardian(t.database.db, family.child.id, invited.id, { activated: null });
    const unrelated = await agentFor(family.unrelated);
    for (const url of [
      contentUrl([family.child.id]),
      contentUrl([family.otherChild.id, family.child.id]),
      contentUrl([999_999]),
    ]) {
      const res = await unrelated.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
    expect((await (await agentFor(invited)).get(contentUrl([family.child.id]))).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and the Japanese message', async () => {
    const family = await buildFamily(t.database.db);
    const agent = await agentFor(family.main);
    const cases: [string, string][] = [
      ['/api/children/content', 'お子さまを選択してください'],
      [`/api/children/content?children[]=abc`, 'お子さまの指定が正しくありません'],
      [`${contentUrl([family.child.id])}&date=2026-1-1`, '日付の形式が正しくありません'],
      [
        `/api/children/content?${Array.from({ length: 21 }, (_, i) => `children[]=${i + 1}`).join('&')}`,
        'お子さまは20人まで指定できます',
      ],
    ];
    for (const [url, message] of cases) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });

  it('pages back one day at a time across empty days, each day once, until the first note', async () => {
    const family = await buildFamily(t.database.db);
    const klass = await buildClassFor(t.database.db, { ...family.noteChild });
    const key = await storeBigPhoto(ctx.storage);
    // Notes on some days, a broadcast alone on one, family information alone on another, a draft and an unpublished note (not shown).
    const noteDays = [0, -1, -4, -5, -11, -30].map(day);
    for (const d of noteDays) await buildDailyNote(t.database.db, family.noteChild, d);
    await buildBroadcast(t.database.db, klass, day(-7), [{ key }, { key }]);
    await buildFamilyInformation(t.database.db, family.noteChild, day(-9));
    await buildFamilyInformation(t.database.db, family.noteChild, day(-13), { isSent: false });
    await buildDailyNote(t.database.db, family.noteChild, day(-15), { publishedAt: null });
    // Content after today (a clock skew) is never shown.
    await buildDailyNote(t.database.db, family.noteChild, day(2));

    const agent = await agentFor(family.main);
    const visited: string[] = [];
    let date: string | undefined;
    for (let i = 0; i < 20; i++) {
      const body = getChildrenContent.response.parse((await agent.get(contentUrl([family.child.id], date))).json());
      const [loaded] = Object.keys(body.data);
      if (!loaded) break;
      visited.push(loaded);
      if (loaded === day(-7)) expect(body.data[loaded]![0]!.message!.employeeInfo.broadcastMessageFiles).toHaveLength(2);
      if (loaded === day(-9))
        expect(body.data[loaded]![0]).toMatchObject({ message: null, familyInformation: { text: '元気です' } });
      if (!body.has_more) break;
      date = addDaysToDate(loaded, -1);
    }
    expect(visited).toEqual([0, -1, -4, -5, -7, -9, -11, -30].map(day));
    // A date in the future counts as today.
    const future = getChildrenContent.response.parse((await agent.get(contentUrl([family.child.id], day(5)))).json());
    expect(Object.keys(future.data)).toEqual([TODAY]);
    // Before the first note: nothing.
    const none = getChildrenContent.response.parse((await agent.get(contentUrl([family.child.id], day(-31)))).json());
    expect(none).toMatchObject({ data: {}, has_more: false });
  });

  it('merges several children by day in the order asked, with a bounded query count', async () => {
    const family = await buildFamily(t.database.db);
    const siblings = await Promise.all([buildChild(t.database.db, { facilityId: family.facilityId }), buildChild(t.database.db)]);
    for (const s of siblings) await linkGuardian(t.database.db, s.child.id, family.main.id, { main: true });
    const all = [family, ...siblings];
    const klass = await buildClassFor(t.database.db, { ...siblings[0]!.noteChild });
    const key = await storeBigPhoto(ctx.storage);
    for (const [i, member] of all.entries()) {
      for (let d = 0; d > -10; d--) {
        const note = await buildDailyNote(t.database.db, member.noteChild, day(d), { text: `子${i} ${d}` });
        await buildNoteFile(t.database.db, note, { key });
      }
      await buildFamilyInformation(t.database.db, member.noteChild, day(-1));
    }
    await buildBroadcast(t.database.db, klass, day(-1), [{ key }]);
    await buildDailyNote(t.database.db, family.noteChild, day(-12), { text: 'ひとりだけ' });

    const agent = await agentFor(family.main);
    const ids = [siblings[1]!.child.id, family.child.id, siblings[0]!.child.id];
    const body = getChildrenContent.response.parse((await agent.get(contentUrl(ids, day(-1)))).json());
    expect(body.data[day(-1)]!.map((m) => m.child_id)).toEqual(ids);
    expect(body.data[day(-1)]!.map((m) => m.message!.employeeInfo.broadcastMessageFiles.length)).toEqual([0, 0, 1]);
    // Walking back with all three children: every day once, across the shared days, down to the lone note.
    const visited: string[] = [];
    let date: string | undefined;
    for (let i = 0; i < 15; i++) {
      const page = getChildrenContent.response.parse((await agent.get(contentUrl(ids, date))).json());
      const [loaded] = Object.keys(page.data);
      if (!loaded) break;
      visited.push(loaded);
      if (!page.has_more) break;
      date = addDaysToDate(loaded, -1);
    }
    expect(visited).toEqual([...Array.from({ length: 10 }, (_, i) => day(-i)), day(-12)]);
    const single = getChildrenContent.response.parse((await agent.get(contentUrl(ids, day(-10)))).json());
    expect(single.data).toEqual({ [day(-12)]: [expect.objectContaining({ child_id: family.child.id })] });

    const countFor = async (url: string) => {
      const before = t.database.queryCount();
      expect((await agent.get(url)).statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    const one = await countFor(contentUrl([family.child.id]));
    const three = await countFor(contentUrl(ids));
    const older = await countFor(contentUrl(ids, day(-5)));
    expect(three).toBe(one);
    expect(older).toBe(one);
    console.log(`feed call statements (session included): ${one}`);
    // one statement: session, authorisation, days, notes, family information and files
    expect(one).toBe(1);
  });

  it('does not show an enrolment’s class broadcasts from before admission', async () => {
    const { child, noteChild, facilityId, companyId } = await buildChild(t.database.db, { admittedOn: day(-2) });
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, child.id, user.id, { main: true });
    const klass = await buildClassFor(t.database.db, { ...noteChild, facilityId, companyId });
    await buildBroadcast(t.database.db, klass, day(-5), [{ key: 'feed/x.jpg' }]);
    const body = getChildrenContent.response.parse((await (await agentFor(user)).get(contentUrl([child.id]))).json());
    expect(body).toMatchObject({ data: {}, has_more: false });
  });
});

describe('GET /api/notices/notifications', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notices/notifications' })).statusCode).toBe(401);
  });

  it('answers current operator-wide banners and those of the caller’s companies only', async () => {
    const family = await buildFamily(t.database.db);
    const past = new Date('2026-11-01T00:00:00Z');
    await t.database.db.insert(feedBanners).values([
      { level: 'alert', label: '重要', message: '全体へのお知らせ', startsAt: past, sortOrder: 0 },
      { companyId: family.companyId, level: 'info', label: 'お知らせ', message: '自社のお知らせ', startsAt: past, sortOrder: 1 },
      { companyId: family.otherChild.companyId, level: 'info', label: 'お知らせ', message: '他社のお知らせ', startsAt: past },
      { level: 'info', label: '終了', message: '終わったお知らせ', startsAt: past, endsAt: new Date('2026-11-10T00:00:00Z') },
      { level: 'info', label: '予定', message: 'これからのお知らせ', startsAt: new Date('2026-12-01T00:00:00Z') },
    ]);
    for (const viewer of [family.main, family.readOnly]) {
      const res = await (await agentFor(viewer)).get('/api/notices/notifications');
      expect(res.statusCode).toBe(200);
      expect(getNoticesNotifications.response.parse(res.json())).toEqual([
        { level: 'alert', label: '重要', message: '全体へのお知らせ' },
        { level: 'info', label: 'お知らせ', message: '自社のお知らせ' },
      ]);
    }
    const unrelated = getNoticesNotifications.response.parse(
      (await (await agentFor(family.unrelated)).get('/api/notices/notifications')).json(),
    );
    expect(unrelated.map((b) => b.message)).toEqual(['全体へのお知らせ', '他社のお知らせ']);
  });
});

describe('GET /api/microcms', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/microcms' })).statusCode).toBe(401);
  });

  it('answers the newest published manual banner as data.title and its link', async () => {
    const user = await buildUser(t.database.db);
    const agent = await agentFor(user);
    expect(getMicrocms.response.parse((await agent.get('/api/microcms')).json())).toEqual({ data: null });
    await t.database.db.insert(manualBanners).values([
      { title: '古い説明書', url: 'https://example.com/old', publishedAt: new Date('2026-10-01T00:00:00Z') },
      { title: 'アプリの使い方ガイド', url: 'https://example.com/guide', publishedAt: new Date('2026-11-01T00:00:00Z') },
      { title: '未公開', url: 'https://example.com/next', publishedAt: new Date('2026-12-01T00:00:00Z') },
    ]);
    const res = await agent.get('/api/microcms');
    expect(res.statusCode).toBe(200);
    expect(getMicrocms.response.parse(res.json())).toEqual({
      data: { title: 'アプリの使い方ガイド', url: 'https://example.com/guide' },
    });
  });
});
