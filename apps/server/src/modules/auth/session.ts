import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export const SESSION_COOKIE = 'renraku_session';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session login still ends on the server after a day without use. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect & { sessionId: string };

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
  const lifetime = sessionLifetimeMs(row.remember);
  if (row.expiresAt.getTime() - now.getTime() < lifetime - TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + lifetime) })
      .where(eq(sessions.id, id));
  }
  return { ...row.user, sessionId: id };
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

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string, remember: boolean, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    // Without remember-me the cookie ends with the browser.
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
