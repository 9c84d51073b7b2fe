import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from './crypto';
import { unauthenticated } from './errors';

export const SESSION_COOKIE = 'renraku_session';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session login still ends on the server after a day without use. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect & { sessionId: string };

/** Who asks: the signed-in user on the request's Tokyo day (what the access kernel decides on). */
export interface Viewer {
  userId: number;
  today: string;
}

export function sessionLifetimeMs(remember: boolean): number {
  return remember ? REMEMBER_MS : BROWSER_SESSION_MS;
}

const sessionUserStatement = prepared('session_user', (db, name) =>
  db
    .select({ user: users, remember: sessions.remember, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(name),
);

/** One indexed query per request (a prepared statement: every call pays it): the session and its user. */
export async function loadSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const id = sha256(token);
  const [row] = await sessionUserStatement(db).execute({ id, now });
  if (!row) return null;
  await touchSessionIfDue(db, id, row, now);
  return { ...row.user, sessionId: id };
}

/** The sliding expiry: written at most once an hour, not on every request. */
async function touchSessionIfDue(db: Db, id: string, state: SessionState, now: Date) {
  const lifetime = sessionLifetimeMs(state.remember);
  if (state.expiresAt.getTime() - now.getTime() < lifetime - TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + lifetime) })
      .where(eq(sessions.id, id));
  }
}

interface SessionState {
  remember: boolean;
  expiresAt: Date;
}

/**
 * The caller of a hot call, whose own statement looks the session up (docs/decisions/auth-session-in-statement.md):
 * the SHA-256 of the cookie's token and the request's clock. Such a call costs one round trip to
 * PostgreSQL, not two.
 */
export interface Caller {
  sessionId: string;
  now: Date;
  /** The request's Tokyo day (`req.today`). */
  today: string;
}

/** The caller's values of the placeholders of `sessionUserId` and `sessionStateOfCaller`. */
export const callerValues = (caller: Caller) => ({ sessionId: caller.sessionId, now: caller.now.toISOString() });

const liveSession = sql`from sessions s where s.id = ${sql.placeholder('sessionId')} and s.expires_at > ${sql.placeholder('now')}::timestamptz`;

/**
 * The user id of the caller's live session, null without one (placeholders `sessionId`, `now`). An
 * uncorrelated scalar subquery: PostgreSQL evaluates it once per statement, by the primary key.
 */
export const sessionUserId = sql`(select s.user_id ${liveSession})`;

/** `sessionStateOfCaller` as the driver answers it. */
export type SessionStateJson = { remember: boolean; expiresAt: string } | null;

/** The live session's `{remember, expiresAt}` as JSON (null without one), for the sliding expiry. */
export const sessionStateOfCaller = sql<SessionStateJson>`(select json_build_object('remember', s.remember, 'expiresAt', s.expires_at) ${liveSession})`;

const sessionStateStatement = prepared('session_state', (db, name) =>
  db
    .select({ remember: sessions.remember, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare(name),
);

/**
 * After a hot call's statement: 401 when it found no live session, else the sliding expiry as for
 * every other call. `state` undefined = the statement answered no row, so it could not tell (an
 * empty list): the session is then looked up on its own.
 */
export async function confirmCaller(db: Db, caller: Caller, state: SessionStateJson | undefined): Promise<void> {
  let live: SessionState | undefined;
  if (state === undefined) [live] = await sessionStateStatement(db).execute({ id: caller.sessionId, now: caller.now });
  else if (state) live = { remember: state.remember, expiresAt: new Date(state.expiresAt) };
  if (!live) throw unauthenticated();
  await touchSessionIfDue(db, caller.sessionId, live, caller.now);
}

/** Creates a new session (a new id: the old one, if any, is deleted by the caller = rotation). */
export async function createSession(
  db: Db,
  userId: number,
  remember: boolean,
  now: Date,
  userAgent: string | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(remember));
  await db.insert(sessions).values({ id: sha256(token), userId, remember, expiresAt, userAgent: userAgent?.slice(0, 255) });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteOtherSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId),
    );
}

/**
 * Whether a cookie gets `Secure`: always in production (a proxy that forgets X-Forwarded-Proto must
 * not downgrade it; docs/decisions/auth-secure-cookies.md), else when the request came over https.
 */
export function secureCookie(req: FastifyRequest): boolean {
  return req.server.ctx.config.env === 'production' || req.protocol === 'https';
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string, remember: boolean, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(req),
    // Without remember-me the cookie ends with the browser.
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
