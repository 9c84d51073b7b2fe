import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@renraku/contract';
import { sessions } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { SESSION_COOKIE } from '../src/modules/auth/session';
import { Agent, createTestApp, signIn, type TestApp } from './helpers';
import { buildFamily, buildNotice, buildUser } from './factories';

/**
 * The hot calls look the session up inside their own statement (docs/decisions/session-in-statement.md).
 * They must keep every rule of the ordinary session lookup: 401 without a cookie, with an unknown
 * or an expired session; the sliding expiry; and the callers with nothing to show (an empty answer
 * cannot say whether the session was live, so a second statement asks).
 */
let t: TestApp;
let family: Awaited<ReturnType<typeof buildFamily>>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  family = await buildFamily(db());
  const { facilityId, noteChild } = family;
  await buildNotice(db(), t.app.ctx.storage, { facilityId, noteChildIds: [noteChild.id] });
});
afterAll(() => t.close());

const hotCalls = () => ({
  feed: `/api/children/content?children[]=${family.child.id}`,
  children: '/api/children',
  notices: '/api/notices',
  schedulesMonth: `/api/children/${family.child.id}/schedules?month=0`,
  familyInformation: '/api/families/information',
});

async function statementsOf(agent: Agent, url: string) {
  const before = t.database.queryCount();
  const res = await agent.get(url);
  return { res, statements: t.database.queryCount() - before };
}

const sessionOf = async (agent: Agent) => {
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256(agent.cookie(SESSION_COOKIE)!)));
  return row!;
};

describe('hot calls: the session checked inside the call’s statement', () => {
  it('answer 401 with the Japanese message without a cookie and with an unknown session, in at most one statement', async () => {
    const anonymous = new Agent(t.app);
    const forged = new Agent(t.app);
    forged.setCookie(SESSION_COOKIE, 'not-a-session-token');
    for (const [name, url] of Object.entries(hotCalls())) {
      const none = await statementsOf(anonymous, url);
      expect([name, none.res.statusCode, none.res.json().message, none.statements]).toEqual([
        name,
        401,
        messages.unauthenticated,
        0,
      ]);
      const unknown = await forged.get(url);
      expect([name, unknown.statusCode, unknown.json().message]).toEqual([name, 401, messages.unauthenticated]);
    }
  });

  it('answer 401 once the session has expired, and 200 in one statement while it lives', async () => {
    const agent = await signIn(t.app, family.main);
    for (const [name, url] of Object.entries(hotCalls())) {
      const first = await statementsOf(agent, url);
      // The notices list reads the bodies of notices it has not cached yet in a second statement.
      expect([name, first.res.statusCode, first.statements]).toEqual([name, 200, name === 'notices' ? 2 : 1]);
      const live = await statementsOf(agent, url);
      expect([name, live.res.statusCode, live.statements]).toEqual([name, 200, 1]);
    }
    const id = (await sessionOf(agent)).id;
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    for (const [name, url] of Object.entries(hotCalls())) {
      const res = await agent.get(url);
      expect([name, res.statusCode, res.json().message]).toEqual([name, 401, messages.unauthenticated]);
    }
  });

  it('slide the expiry as every call does (written at most once an hour)', async () => {
    for (const url of Object.values(hotCalls())) {
      const agent = await signIn(t.app, family.readOnly);
      const id = (await sessionOf(agent)).id;
      // A browser-session login (24 h) last used five hours ago.
      const soon = new Date(Date.now() + 19 * 3600 * 1000);
      await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));
      expect((await agent.get(url)).statusCode).toBe(200);
      const slid = (await sessionOf(agent)).expiresAt.getTime();
      expect(slid).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
      // Used again at once: nothing more is written.
      const { statements } = await statementsOf(agent, url);
      expect(statements).toBe(1);
      expect((await sessionOf(agent)).expiresAt.getTime()).toBe(slid);
    }
  });

  it('answer a caller with nothing to show with an empty answer, and 401 once the session has expired', async () => {
    const lonely = await buildUser(db());
    const agent = await signIn(t.app, lonely);
    // Lists of rows cannot tell an empty list from a dead session: the session is then asked on its own.
    const children = await statementsOf(agent, '/api/children');
    expect([children.res.statusCode, children.res.json(), children.statements]).toEqual([200, [], 2]);
    const notices = await statementsOf(agent, '/api/notices');
    expect([notices.res.statusCode, notices.res.json(), notices.statements]).toEqual([200, {}, 1]);
    const information = await statementsOf(agent, '/api/families/information');
    expect([information.res.statusCode, information.res.json(), information.statements]).toEqual([
      200,
      { familyInfo: [], const: [] },
      2,
    ]);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(agent)).id));
    for (const url of ['/api/children', '/api/notices', '/api/families/information']) {
      expect((await agent.get(url)).statusCode).toBe(401);
    }
  });

  it('answer 404 to a live session for a child that is not the caller’s, 401 to an expired one', async () => {
    const agent = await signIn(t.app, family.unrelated);
    for (const url of [hotCalls().feed, hotCalls().schedulesMonth]) {
      const res = await agent.get(url);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, messages.notFound]);
    }
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(agent)).id));
    for (const url of [hotCalls().feed, hotCalls().schedulesMonth]) expect((await agent.get(url)).statusCode).toBe(401);
  });

  it('refuse bad input with 422 and a Japanese message before any statement, signed in or not', async () => {
    const signedIn = await signIn(t.app, family.main);
    const bad = [
      '/api/children/content?children[]=abc',
      '/api/children/content',
      `/api/children/${family.child.id}/schedules?month=2`,
      '/api/children/x/schedules?month=0',
      '/api/notices?date=2026-1-1',
      '/api/families/information?date=tomorrow',
    ];
    for (const agent of [signedIn, new Agent(t.app)])
      for (const url of bad) {
        const { res, statements } = await statementsOf(agent, url);
        expect([url, res.statusCode, statements]).toEqual([url, 422, 0]);
        expect([url, res.json().message]).toEqual([url, expect.stringMatching(/[ぁ-んァ-ヶ一-龠]/)]);
      }
  });
});
