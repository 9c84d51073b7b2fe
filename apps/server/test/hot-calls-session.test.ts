import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  getChildren,
  getChildrenContent,
  getChildSchedules,
  getFamiliesInformation,
  getNotices,
  messages,
} from '@renraku/contract';
import { sessions } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { SESSION_COOKIE } from '../src/lib/sessions';
import { buildFamily, buildNotice, buildUser } from './factories';
import { type Agent, call, callRaw, setupApp } from './harness';

/**
 * The hot calls look the session up inside their own statement (docs/decisions/auth-session-in-statement.md).
 * They must keep every rule of the ordinary session lookup: 401 without a cookie, with an unknown
 * or an expired session; the sliding expiry; and the callers with nothing to show (an empty answer
 * cannot say whether the session was live, so a second statement asks).
 */
const t = setupApp();
let family: Awaited<ReturnType<typeof buildFamily>>;
const db = () => t.db;

beforeAll(async () => {
  family = await buildFamily(db());
  const { facilityId, noteChild } = family;
  await buildNotice(db(), t.storage, { facilityId, noteChildIds: [noteChild.id] });
});

type Send = (agent: Agent) => Promise<LightMyRequestResponse>;
const hotCalls = (): Record<string, Send> => ({
  feed: (agent) => call(agent, getChildrenContent, { query: { children: [family.child.id] } }),
  children: (agent) => call(agent, getChildren),
  notices: (agent) => call(agent, getNotices),
  schedulesMonth: (agent) => call(agent, getChildSchedules, { params: { id: family.child.id }, query: { month: '0' } }),
  familyInformation: (agent) => call(agent, getFamiliesInformation),
});

async function statementsOf(agent: Agent, send: Send) {
  const before = t.database.queryCount();
  const res = await send(agent);
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
    const anonymous = t.agent();
    const forged = t.agent();
    forged.setCookie(SESSION_COOKIE, 'not-a-session-token');
    for (const [name, send] of Object.entries(hotCalls())) {
      const none = await statementsOf(anonymous, send);
      expect([name, none.res.statusCode, none.res.json().message, none.statements]).toEqual([
        name,
        401,
        messages.unauthenticated,
        0,
      ]);
      const unknown = await send(forged);
      expect([name, unknown.statusCode, unknown.json().message]).toEqual([name, 401, messages.unauthenticated]);
    }
  });

  it('answer 401 once the session has expired, and 200 in one statement while it lives', async () => {
    const agent = await t.signIn(family.main);
    for (const [name, send] of Object.entries(hotCalls())) {
      const first = await statementsOf(agent, send);
      // The notices list reads the bodies of notices it has not cached yet in a second statement.
      expect([name, first.res.statusCode, first.statements]).toEqual([name, 200, name === 'notices' ? 2 : 1]);
      const live = await statementsOf(agent, send);
      expect([name, live.res.statusCode, live.statements]).toEqual([name, 200, 1]);
    }
    const id = (await sessionOf(agent)).id;
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    for (const [name, send] of Object.entries(hotCalls())) {
      const res = await send(agent);
      expect([name, res.statusCode, res.json().message]).toEqual([name, 401, messages.unauthenticated]);
    }
  });

  it('slide the expiry as every call does (written at most once an hour)', async () => {
    for (const send of Object.values(hotCalls())) {
      const agent = await t.signIn(family.readOnly);
      const id = (await sessionOf(agent)).id;
      // A browser-session login (24 h) last used five hours ago.
      const soon = new Date(Date.now() + 19 * 3600 * 1000);
      await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));
      expect((await send(agent)).statusCode).toBe(200);
      const slid = (await sessionOf(agent)).expiresAt.getTime();
      expect(slid).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
      // Used again at once: nothing more is written.
      const { statements } = await statementsOf(agent, send);
      expect(statements).toBe(1);
      expect((await sessionOf(agent)).expiresAt.getTime()).toBe(slid);
    }
  });

  it('answer a caller with nothing to show with an empty answer, and 401 once the session has expired', async () => {
    const lonely = await buildUser(db());
    const agent = await t.signIn(lonely);
    const { children: listChildren, notices: listNotices, familyInformation } = hotCalls();
    // Lists of rows cannot tell an empty list from a dead session: the session is then asked on its own.
    const children = await statementsOf(agent, listChildren!);
    expect([children.res.statusCode, children.res.json(), children.statements]).toEqual([200, [], 2]);
    const notices = await statementsOf(agent, listNotices!);
    expect([notices.res.statusCode, notices.res.json(), notices.statements]).toEqual([200, {}, 1]);
    const information = await statementsOf(agent, familyInformation!);
    expect([information.res.statusCode, information.res.json(), information.statements]).toEqual([
      200,
      { familyInfo: [], const: [] },
      2,
    ]);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(agent)).id));
    for (const send of [listChildren!, listNotices!, familyInformation!]) {
      expect((await send(agent)).statusCode).toBe(401);
    }
  });

  it('answer 404 to a live session for a child that is not the caller’s, 401 to an expired one', async () => {
    const agent = await t.signIn(family.unrelated);
    for (const name of ['feed', 'schedulesMonth']) {
      const res = await hotCalls()[name]!(agent);
      expect([name, res.statusCode, res.json().message]).toEqual([name, 404, messages.notFound]);
    }
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(agent)).id));
    for (const name of ['feed', 'schedulesMonth']) expect((await hotCalls()[name]!(agent)).statusCode).toBe(401);
  });

  it('refuse bad input with 422 and a Japanese message before any statement, signed in or not', async () => {
    const signedIn = await t.signIn(family.main);
    const bad: [string, Send][] = [
      ['children[]=abc', (agent) => callRaw(agent, getChildrenContent, { query: { children: ['abc'] } })],
      ['no children', (agent) => callRaw(agent, getChildrenContent)],
      ['month=2', (agent) => callRaw(agent, getChildSchedules, { params: { id: family.child.id }, query: { month: '2' } })],
      ['child x', (agent) => callRaw(agent, getChildSchedules, { params: { id: 'x' }, query: { month: '0' } })],
      ['notices date=2026-1-1', (agent) => callRaw(agent, getNotices, { query: { date: '2026-1-1' } })],
      ['information date=tomorrow', (agent) => callRaw(agent, getFamiliesInformation, { query: { date: 'tomorrow' } })],
    ];
    for (const agent of [signedIn, t.agent()])
      for (const [name, send] of bad) {
        const { res, statements } = await statementsOf(agent, send);
        expect([name, res.statusCode, statements]).toEqual([name, 422, 0]);
        expect([name, res.json().message]).toEqual([name, expect.stringMatching(/[ぁ-んァ-ヶ一-龠]/)]);
      }
  });
});
