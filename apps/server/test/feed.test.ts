import { describe, expect, it } from 'vitest';
import { addDays, getChildrenContent, getMicrocms, getNoticesNotifications, messages } from '@renraku/contract';
import { feedBanners, manualBanners } from '../src/db/schema';
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
} from './factories';
import { type Agent, call, callRaw, setupApp } from './harness';

const t = setupApp();

// 2026-11-22 12:00 in Tokyo.
const NOW = '2026-11-22T03:00:00.000Z';
const TODAY = '2026-11-22';
const day = (offset: number) => addDays(TODAY, offset);

const agentFor = (user: { email: string }) => t.signIn(user, { 'x-test-now': NOW });
const content = (agent: Agent, ids: number[], date?: string) =>
  call(agent, getChildrenContent, { query: { children: ids, date } });

describe('GET /api/children/content', () => {
  it('answers 401 without a session', async () => {
    const res = await content(t.agent(), [1]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.unauthenticated });
  });

  it('answers the newest day of one child with every field, today by default', async () => {
    const family = await buildFamily(t.db);
    const note = await buildDailyNote(t.db, family.noteChild, TODAY, { text: 'あ'.repeat(300) });
    const key = await storeBigPhoto(t.storage);
    await buildNoteFile(t.db, note, { key, name: '砂場.jpg', size: 1_500_000 });
    await buildNoteFile(t.db, note, { key: 'feed/docs/menu.pdf', name: '献立表.pdf', isDocument: true, size: 2048 });
    await buildFamilyInformation(t.db, family.noteChild, TODAY);
    await buildDailyNote(t.db, family.noteChild, day(-3));

    const agent = await agentFor(family.main);
    const res = await content(agent, [family.child.id]);
    expect(res.statusCode).toBe(200);
    const body = res.data;
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
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, day(-1));
    for (const viewer of [family.writable, family.readOnly]) {
      const res = await content(await agentFor(viewer), [family.child.id]);
      expect(res.statusCode).toBe(200);
      const body = res.data;
      expect(Object.keys(body.data)).toEqual([day(-1)]);
      expect(body.has_more).toBe(false);
    }
  });

  it('answers 404 for a child of another family, a pending invitation, or a mix with one', async () => {
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, TODAY);
    const invited = await buildUser(t.db);
    await linkGuardian(t.db, family.child.id, invited.id, { activated: null });
    const unrelated = await agentFor(family.unrelated);
    for (const ids of [[family.child.id], [family.otherChild.id, family.child.id], [999_999]]) {
      const res = await content(unrelated, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
    expect((await content(await agentFor(invited), [family.child.id])).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and the Japanese message', async () => {
    const family = await buildFamily(t.db);
    const agent = await agentFor(family.main);
    const cases: [Record<string, unknown> | undefined, string][] = [
      [undefined, 'お子さまを選択してください'],
      [{ children: ['abc'] }, 'お子さまの指定が正しくありません'],
      [{ children: [family.child.id], date: '2026-1-1' }, '日付の形式が正しくありません'],
      [{ children: Array.from({ length: 21 }, (_, i) => i + 1) }, 'お子さまは20人まで指定できます'],
    ];
    for (const [query, message] of cases) {
      const res = await callRaw(agent, getChildrenContent, { query });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });

  it('pages back one day at a time across empty days, each day once, until the first note', async () => {
    const family = await buildFamily(t.db);
    const klass = await buildClassFor(t.db, { ...family.noteChild });
    const key = await storeBigPhoto(t.storage);
    // Notes on some days, a broadcast alone on one, family information alone on another, a draft and an unpublished note (not shown).
    const noteDays = [0, -1, -4, -5, -11, -30].map(day);
    for (const d of noteDays) await buildDailyNote(t.db, family.noteChild, d);
    await buildBroadcast(t.db, klass, day(-7), [{ key }, { key }]);
    await buildFamilyInformation(t.db, family.noteChild, day(-9));
    await buildFamilyInformation(t.db, family.noteChild, day(-13), { isSent: false });
    await buildDailyNote(t.db, family.noteChild, day(-15), { publishedAt: null });
    // Content after today (a clock skew) is never shown.
    await buildDailyNote(t.db, family.noteChild, day(2));

    const agent = await agentFor(family.main);
    const visited: string[] = [];
    let date: string | undefined;
    for (let i = 0; i < 20; i++) {
      const body = (await content(agent, [family.child.id], date)).data;
      const [loaded] = Object.keys(body.data);
      if (!loaded) break;
      visited.push(loaded);
      if (loaded === day(-7)) expect(body.data[loaded]![0]!.message!.employeeInfo.broadcastMessageFiles).toHaveLength(2);
      if (loaded === day(-9))
        expect(body.data[loaded]![0]).toMatchObject({ message: null, familyInformation: { text: '元気です' } });
      if (!body.has_more) break;
      date = addDays(loaded, -1);
    }
    expect(visited).toEqual([0, -1, -4, -5, -7, -9, -11, -30].map(day));
    // A date in the future counts as today.
    const future = (await content(agent, [family.child.id], day(5))).data;
    expect(Object.keys(future.data)).toEqual([TODAY]);
    // Before the first note: nothing.
    const none = (await content(agent, [family.child.id], day(-31))).data;
    expect(none).toMatchObject({ data: {}, has_more: false });
  });

  it('merges several children by day in the order asked, with a bounded query count', async () => {
    const family = await buildFamily(t.db);
    const siblings = await Promise.all([buildChild(t.db, { facilityId: family.facilityId }), buildChild(t.db)]);
    for (const s of siblings) await linkGuardian(t.db, s.child.id, family.main.id, { main: true });
    const all = [family, ...siblings];
    const klass = await buildClassFor(t.db, { ...siblings[0]!.noteChild });
    const key = await storeBigPhoto(t.storage);
    for (const [i, member] of all.entries()) {
      for (let d = 0; d > -10; d--) {
        const note = await buildDailyNote(t.db, member.noteChild, day(d), { text: `子${i} ${d}` });
        await buildNoteFile(t.db, note, { key });
      }
      await buildFamilyInformation(t.db, member.noteChild, day(-1));
    }
    await buildBroadcast(t.db, klass, day(-1), [{ key }]);
    await buildDailyNote(t.db, family.noteChild, day(-12), { text: 'ひとりだけ' });

    const agent = await agentFor(family.main);
    const ids = [siblings[1]!.child.id, family.child.id, siblings[0]!.child.id];
    const body = (await content(agent, ids, day(-1))).data;
    expect(body.data[day(-1)]!.map((m) => m.child_id)).toEqual(ids);
    expect(body.data[day(-1)]!.map((m) => m.message!.employeeInfo.broadcastMessageFiles.length)).toEqual([0, 0, 1]);
    // Walking back with all three children: every day once, across the shared days, down to the lone note.
    const visited: string[] = [];
    let date: string | undefined;
    for (let i = 0; i < 15; i++) {
      const page = (await content(agent, ids, date)).data;
      const [loaded] = Object.keys(page.data);
      if (!loaded) break;
      visited.push(loaded);
      if (!page.has_more) break;
      date = addDays(loaded, -1);
    }
    expect(visited).toEqual([...Array.from({ length: 10 }, (_, i) => day(-i)), day(-12)]);
    const single = (await content(agent, ids, day(-10))).data;
    expect(single.data).toEqual({ [day(-12)]: [expect.objectContaining({ child_id: family.child.id })] });

    const countFor = async (ids: number[], date?: string) => {
      const before = t.database.queryCount();
      expect((await content(agent, ids, date)).statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    const one = await countFor([family.child.id]);
    const three = await countFor(ids);
    const older = await countFor(ids, day(-5));
    expect(three).toBe(one);
    expect(older).toBe(one);
    console.log(`feed call statements (session included): ${one}`);
    // one statement: session, authorisation, days, notes, family information and files
    expect(one).toBe(1);
  });

  it('does not show an enrolment’s class broadcasts from before admission', async () => {
    const { child, noteChild, facilityId, companyId } = await buildChild(t.db, { admittedOn: day(-2) });
    const user = await buildUser(t.db);
    await linkGuardian(t.db, child.id, user.id, { main: true });
    const klass = await buildClassFor(t.db, { ...noteChild, facilityId, companyId });
    await buildBroadcast(t.db, klass, day(-5), [{ key: 'feed/x.jpg' }]);
    const body = (await content(await agentFor(user), [child.id])).data;
    expect(body).toMatchObject({ data: {}, has_more: false });
  });
});

describe('GET /api/notices/notifications', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t.agent(), getNoticesNotifications)).statusCode).toBe(401);
  });

  it('answers current operator-wide banners and those of the caller’s companies only', async () => {
    const family = await buildFamily(t.db);
    const past = new Date('2026-11-01T00:00:00Z');
    await t.db.insert(feedBanners).values([
      { level: 'alert', label: '重要', message: '全体へのお知らせ', startsAt: past, sortOrder: 0 },
      { companyId: family.companyId, level: 'info', label: 'お知らせ', message: '自社のお知らせ', startsAt: past, sortOrder: 1 },
      { companyId: family.otherChild.companyId, level: 'info', label: 'お知らせ', message: '他社のお知らせ', startsAt: past },
      { level: 'info', label: '終了', message: '終わったお知らせ', startsAt: past, endsAt: new Date('2026-11-10T00:00:00Z') },
      { level: 'info', label: '予定', message: 'これからのお知らせ', startsAt: new Date('2026-12-01T00:00:00Z') },
    ]);
    for (const viewer of [family.main, family.readOnly]) {
      const res = await call(await agentFor(viewer), getNoticesNotifications);
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual([
        { level: 'alert', label: '重要', message: '全体へのお知らせ' },
        { level: 'info', label: 'お知らせ', message: '自社のお知らせ' },
      ]);
    }
    const unrelated = (await call(await agentFor(family.unrelated), getNoticesNotifications)).data;
    expect(unrelated.map((b) => b.message)).toEqual(['全体へのお知らせ', '他社のお知らせ']);
  });
});

describe('GET /api/microcms', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t.agent(), getMicrocms)).statusCode).toBe(401);
  });

  it('answers the newest published manual banner as data.title and its link', async () => {
    const user = await buildUser(t.db);
    const agent = await agentFor(user);
    expect((await call(agent, getMicrocms)).data).toEqual({ data: null });
    await t.db.insert(manualBanners).values([
      { title: '古い説明書', url: 'https://example.com/old', publishedAt: new Date('2026-10-01T00:00:00Z') },
      { title: 'アプリの使い方ガイド', url: 'https://example.com/guide', publishedAt: new Date('2026-11-01T00:00:00Z') },
      { title: '未公開', url: 'https://example.com/next', publishedAt: new Date('2026-12-01T00:00:00Z') },
    ]);
    const res = await call(agent, getMicrocms);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      data: { title: 'アプリの使い方ガイド', url: 'https://example.com/guide' },
    });
  });
});
