import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  bannerMessages,
  deleteStaffBanner,
  deleteStaffManualBanner,
  getMicrocms,
  getNoticesNotifications,
  getStaffFacilityBanners,
  getStaffManualBanner,
  postStaffFacilityBanner,
  putStaffManualBanner,
} from '@renraku/contract';
import { auditLog, feedBanners, manualBanners } from '../src/db/schema';
import { buildChild, buildFacility, buildUser, linkGuardian } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll, setupOnly } from './staff-persona-matrix';

const { t, db, w, as } = setupStaffWorld();

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const params = () => ({ facilityId: w.facilityId });
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const bannerCount = async () => (await db().select({ n: count() }).from(feedBanners))[0]!.n;
const auditOf = (action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.facilityId, w.facilityId)));

/** The banners the guardian app shows `agent` at `instant` (the test clock header). */
const feedBannersAt = async (agent: Agent, instant: string) =>
  (await call(agent, getNoticesNotifications, { headers: { 'x-test-now': instant } })).data.map((b) => b.message);

describe('facility banners', () => {
  it('GET: every member; newest first with where each stands', async () => {
    await db()
      .insert(feedBanners)
      .values([
        {
          companyId: w.companyId,
          facilityId: w.facilityId,
          level: 'info',
          label: '済',
          message: '終わった',
          startsAt: new Date(Date.now() - 3 * HOUR),
          endsAt: new Date(Date.now() - HOUR),
        },
        {
          companyId: w.companyId,
          facilityId: w.facilityId,
          level: 'alert',
          label: '今',
          message: '表示中',
          startsAt: new Date(Date.now() - 2 * HOUR),
        },
        {
          companyId: w.companyId,
          facilityId: w.facilityId,
          level: 'info',
          label: '次',
          message: '予定',
          startsAt: new Date(Date.now() + HOUR),
        },
        { companyId: w.companyId, level: 'info', label: '全社', message: '会社のバナー', startsAt: new Date(Date.now() - HOUR) },
      ]);
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffFacilityBanners, { params: params() }));
    const res = await call(as.classStaffA, getStaffFacilityBanners, { params: params() });
    expect(res.data.map((b) => [b.message, b.status])).toEqual([
      ['予定', 'scheduled'],
      ['表示中', 'showing'],
      ['終わった', 'ended'],
    ]);
  });

  it('POST: director and company admin; audited; shown on the guardians’ feed during its period only', async () => {
    await expectMatrix(as, setupOnly(201), (agent, persona) =>
      call(agent, postStaffFacilityBanner, {
        params: params(),
        body: { level: 'info', label: 'お知らせ', message: `${persona}から`, starts_at: at(-HOUR), ends_at: at(HOUR) },
      }),
    );
    expect((await auditOf('facility.banner.create')).map((e) => (e.details as { message: string }).message).sort()).toEqual(
      ['companyAdminから', 'directorから'].sort(),
    );

    const res = await call(as.director, postStaffFacilityBanner, {
      params: params(),
      body: { level: 'alert', label: '重要', message: '明日は避難訓練です', starts_at: at(HOUR), ends_at: at(3 * HOUR) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ level: 'alert', label: '重要', status: 'scheduled', ends_at: expect.any(String) });

    // The family of the world's child (enrolled at the facility today).
    expect(await feedBannersAt(as.guardian, at(0))).not.toContain('明日は避難訓練です');
    expect(await feedBannersAt(as.guardian, at(2 * HOUR))).toContain('明日は避難訓練です');
    expect(await feedBannersAt(as.guardian, at(4 * HOUR))).not.toContain('明日は避難訓練です');
    const guardianNow = await call(as.guardian, getNoticesNotifications);
    expect(guardianNow.data).toEqual(expect.arrayContaining([{ level: 'info', label: 'お知らせ', message: 'directorから' }]));

    // A family of another facility of the same company sees the company's banners, not this facility's.
    const sibling = await buildFacility(db(), { companyId: w.companyId });
    const { child } = await buildChild(db(), { facilityId: sibling.id });
    const parent = await buildUser(db());
    await linkGuardian(db(), child.id, parent.id, { main: true });
    const neighbour = await t.signIn(parent);
    const seen = await feedBannersAt(neighbour, at(2 * HOUR));
    expect(seen).toContain('会社のバナー');
    expect(seen).not.toContain('明日は避難訓練です');
    // A family whose child has left the facility no longer sees them.
    const former = await buildChild(db(), { facilityId: w.facilityId, leftOn: '2024-03-31' });
    const formerParent = await buildUser(db());
    await linkGuardian(db(), former.child.id, formerParent.id, { main: true });
    expect(await feedBannersAt(await t.signIn(formerParent), at(2 * HOUR))).not.toContain('明日は避難訓練です');
  });

  it('bad input: 422 in Japanese; nothing written, no audit entry', async () => {
    const [banners, audits] = [await bannerCount(), await auditCount()];
    const ok = { level: 'info', label: 'お知らせ', message: '本文', starts_at: at(0), ends_at: at(HOUR) };
    const send = (body: Record<string, unknown>) => callRaw(as.director, postStaffFacilityBanner, { params: params(), body });
    expectInvalid(await send({ ...ok, level: 'danger' }), 'level', '種類を選択してください');
    expectInvalid(await send({ ...ok, label: '' }), 'label', '見出しを入力してください');
    expectInvalid(await send({ ...ok, label: 'あ'.repeat(11) }), 'label', '見出しは10文字以内で入力してください');
    expectInvalid(await send({ ...ok, message: 'あ'.repeat(201) }), 'message', '本文は200文字以内で入力してください');
    expectInvalid(await send({ ...ok, starts_at: '明日' }), 'starts_at', '表示開始日時を正しい日時で入力してください');
    expectInvalid(await send({ ...ok, ends_at: at(-HOUR) }), 'ends_at', bannerMessages.endsBeforeStart);
    expectInvalid(await send({ ...ok, starts_at: at(-3 * HOUR), ends_at: at(-HOUR) }), 'ends_at', bannerMessages.endsInPast);
    expect(await bannerCount()).toBe(banners);
    expect(await auditCount()).toBe(audits);
  });

  it('DELETE: director and company admin, each their own; 404 for a company’s or another facility’s banner; audited', async () => {
    const mine = await db()
      .insert(feedBanners)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          companyId: w.companyId,
          facilityId: w.facilityId,
          level: 'info',
          label: '削除',
          message: `削除用${i}`,
          startsAt: new Date(),
        })),
      )
      .returning();
    await expectMatrix(as, setupOnly(200), (agent, _persona, i) =>
      call(agent, deleteStaffBanner, { params: { bannerId: mine[i]!.id } }),
    );
    const left = (await db().select().from(feedBanners)).map((b) => b.id);
    expect(left).not.toContain(mine[0]!.id);
    expect(left).not.toContain(mine[1]!.id);
    expect(left).toContain(mine[2]!.id);
    expect((await auditOf('facility.banner.delete')).map((e) => e.targetId).sort()).toEqual([mine[0]!.id, mine[1]!.id].sort());

    const [company, foreign] = await db()
      .insert(feedBanners)
      .values([
        { companyId: w.companyId, level: 'info', label: '全社', message: '会社', startsAt: new Date() },
        {
          companyId: w.otherFacility.companyId,
          facilityId: w.otherFacility.facilityId,
          level: 'info',
          label: '他',
          message: '他園',
          startsAt: new Date(),
        },
      ])
      .returning();
    for (const banner of [company!, foreign!]) {
      expect((await call(as.director, deleteStaffBanner, { params: { bannerId: banner.id } })).statusCode).toBe(404);
      expect((await call(as.companyAdmin, deleteStaffBanner, { params: { bannerId: banner.id } })).statusCode).toBe(404);
    }
    expect((await callRaw(as.director, deleteStaffBanner, { params: { bannerId: 'x' } })).statusCode).toBe(422);
  });
});

describe('the facility’s manual banner', () => {
  const manualParams = () => ({ facilityId: w.facilityId });
  const manualCount = async () => (await db().select({ n: count() }).from(manualBanners))[0]!.n;
  const guide = { title: 'さくら保育園の使い方', url: 'https://example.com/sakura-guide' };
  /** What the guardian app's home feed shows `agent`, and how many statements the call took. */
  const seenBy = async (agent: Agent) => {
    const before = t.database.queryCount();
    const res = await call(agent, getMicrocms);
    expect(res.statusCode).toBe(200);
    return { banner: res.data.data, statements: t.database.queryCount() - before };
  };

  it('GET every member; PUT director and company admin; the facility’s guardians see it, others the operator’s; DELETE falls back', async () => {
    await db()
      .insert(manualBanners)
      .values({ title: 'アプリの使い方', url: 'https://example.com/operator', publishedAt: new Date(Date.now() - HOUR) });
    const operator = { title: 'アプリの使い方', url: 'https://example.com/operator' };
    const unrelated = await t.signIn(w.family.unrelated);
    const withOperatorOnly = await seenBy(as.guardian);
    expect(withOperatorOnly.banner).toEqual(operator);

    await expectMatrix(as, readAll, (agent) => call(agent, getStaffManualBanner, { params: manualParams() }));
    expect((await call(as.classStaffA, getStaffManualBanner, { params: manualParams() })).data).toEqual({ data: null });

    await expectMatrix(as, setupOnly(200), (agent, persona) =>
      call(agent, putStaffManualBanner, { params: manualParams(), body: { ...guide, title: `${persona}の使い方` } }),
    );
    expect(await manualCount()).toBe(2);
    const saved = await call(as.director, putStaffManualBanner, { params: manualParams(), body: guide });
    expect(saved.data.data).toEqual({ ...guide, updated_at: expect.any(String) });
    expect((await call(as.office, getStaffManualBanner, { params: manualParams() })).data.data).toMatchObject(guide);

    // The facility's guardians, read-only ones too: its banner, in as many statements as before.
    const withFacility = await seenBy(as.guardian);
    expect(withFacility.banner).toEqual(guide);
    expect(withFacility.statements).toBe(withOperatorOnly.statements);
    expect((await seenBy(await t.signIn(w.family.readOnly))).banner).toEqual(guide);
    // A guardian whose child is elsewhere: the operator's.
    expect((await seenBy(unrelated)).banner).toEqual(operator);

    const updates = await auditOf('facility.manual_banner.update');
    expect(updates).toHaveLength(3);
    expect(updates.at(-1)!.details).toMatchObject({ before: { title: 'directorの使い方' }, after: guide });

    await expectMatrix(as, setupOnly(200), (agent) => call(agent, deleteStaffManualBanner, { params: manualParams() }));
    expect(await manualCount()).toBe(1);
    expect((await seenBy(as.guardian)).banner).toEqual(operator);
    // Deleting when there is none changes nothing: one entry for the one deletion.
    expect(await auditOf('facility.manual_banner.delete')).toHaveLength(1);
  });

  it('a facility’s banner reaches only the guardians of children enrolled there today', async () => {
    const elsewhere = await buildFacility(db(), { companyId: w.companyId });
    await db()
      .insert(manualBanners)
      .values({
        companyId: w.companyId,
        facilityId: elsewhere.id,
        title: '別の園の使い方',
        url: 'https://example.com/other',
        publishedAt: new Date(Date.now() - HOUR),
      });
    const parent = await buildUser(db());
    const left = await buildChild(db(), { facilityId: elsewhere.id, admittedOn: '2020-04-01', leftOn: '2025-03-31' });
    await linkGuardian(db(), left.child.id, parent.id, { main: true });
    const agent = await t.signIn(parent);
    expect((await seenBy(agent)).banner?.title).not.toBe('別の園の使い方');
    const current = await buildChild(db(), { facilityId: elsewhere.id });
    await linkGuardian(db(), current.child.id, parent.id, { main: true });
    expect((await seenBy(agent)).banner?.title).toBe('別の園の使い方');
  });

  it('bad input: 422 in Japanese; nothing written, no audit entry', async () => {
    const [banners, audits] = [await manualCount(), await auditCount()];
    const send = (body: Record<string, unknown>) => callRaw(as.director, putStaffManualBanner, { params: manualParams(), body });
    expectInvalid(await send({ ...guide, title: '' }), 'title', 'バナーの文言を入力してください');
    expectInvalid(await send({ ...guide, title: '  ' }), 'title', 'バナーの文言を入力してください');
    expectInvalid(await send({ ...guide, title: 'あ'.repeat(41) }), 'title', 'バナーの文言は40文字以内で入力してください');
    expectInvalid(await send({ url: guide.url }), 'title');
    expectInvalid(await send({ ...guide, url: '' }), 'url', 'リンク先のURLを入力してください');
    expectInvalid(
      await send({ ...guide, url: 'javascript:alert(1)' }),
      'url',
      'リンク先のURLは https:// から始まる形で入力してください',
    );
    expectInvalid(
      await send({ ...guide, url: 'example.com/guide' }),
      'url',
      'リンク先のURLは https:// から始まる形で入力してください',
    );
    expectInvalid(
      await send({ ...guide, url: `https://example.com/${'a'.repeat(500)}` }),
      'url',
      'リンク先のURLは500文字以内で入力してください',
    );
    expect(await manualCount()).toBe(banners);
    expect(await auditCount()).toBe(audits);
  });
});
