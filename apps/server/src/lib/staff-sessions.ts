import { secureCookie } from './sessions';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokyoDate } from '@renraku/contract';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { devices, staffMemberships, staffSessions, users } from '../db/schema';
import { randomToken, sha256 } from './crypto';
import { membershipCovers } from './membership-period';
import { opensPinSession } from './device-kinds';

/**
 * Staff sessions (DESIGN §3.1): their own table and cookies, scoped to `/api/staff`, so a guardian
 * session never satisfies a staff call and the guardian calls never see a staff cookie.
 */
export const STAFF_SESSION_COOKIE = 'renraku_staff_session';
/** A paired tablet's long-lived credential (staff.md §1). */
export const DEVICE_COOKIE = 'renraku_device';
const COOKIE_PATH = '/api/staff';

/** A desktop sign-in lasts a working day. */
export const DESKTOP_SESSION_MS = 12 * 60 * 60 * 1000;
/** A PIN session on a tablet ends after 5 idle minutes: the tablet is back at the PIN pad. */
export const DEVICE_IDLE_MS = 5 * 60 * 1000;
/** The idle expiry is written at most this often. */
const TOUCH_AFTER_MS = 30 * 1000;
/** Browsers cap cookie lifetimes at 400 days; the device credential is revocable from the desktop. */
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;

export type StaffPending = 'totp' | 'totp_setup' | null;

/** The paired tablet a PIN session runs on: the access kernel binds the session to its facility and class. */
export interface SessionDevice {
  id: number;
  facilityId: number;
  companyId: number;
  /** A class tablet's class; null for a facility-wide tablet. */
  classId: number | null;
  /** The device's kind (`deviceKindOf`, lib/device-kinds.ts): what its PIN session holds is the kernel's. */
  purpose: string;
}

export interface StaffSession {
  id: string;
  user: typeof users.$inferSelect;
  deviceId: number | null;
  device: SessionDevice | null;
  pending: StaffPending;
}

/**
 * Every staff call's first statement, prepared (docs/decisions/database-prepared-statements.md):
 * planning it cost PostgreSQL several times its run (0.34 against 0.05 ms, the bench's 園長 screens'
 * polls, issue 35), and drizzle built its SQL on every request.
 */
const staffSessionStatement = prepared('staff_session', (db, name) =>
  db
    .select({
      session: staffSessions,
      user: users,
      device: {
        id: devices.id,
        facilityId: devices.facilityId,
        companyId: devices.companyId,
        classId: devices.classId,
        purpose: devices.purpose,
      },
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .leftJoin(devices, eq(devices.id, staffSessions.deviceId))
    .where(
      and(
        eq(staffSessions.id, sql.placeholder('id')),
        gt(staffSessions.expiresAt, sql.placeholder('now')),
        or(
          isNull(staffSessions.deviceId),
          and(
            isNull(devices.revokedAt),
            eq(devices.credentialHash, sql.placeholder('credential')),
            opensPinSession(devices.purpose),
          ),
        ),
        sql`exists (select 1 from ${staffMemberships}
          where ${staffMemberships.userId} = ${staffSessions.userId} and ${membershipCovers(staffMemberships, sql.placeholder('today'))}
            and (${staffSessions.deviceId} is null or ${staffMemberships.facilityId} = ${devices.facilityId}
              or (${staffMemberships.facilityId} is null and ${staffMemberships.companyId} = ${devices.companyId})))`,
      ),
    )
    .limit(1)
    .prepare(name),
);

/**
 * The staff session of the request, or null. A tablet's PIN session holds only while the tablet's
 * credential still matches a paired, unrevoked device of a kind that opens PIN sessions (a class
 * tablet, lib/device-kinds.ts; never a gate kiosk): revoking the device
 * ends it at once. Any session holds only while its person has a membership covering today (for a
 * PIN session: at the tablet's facility), so an ended membership's session ends at once
 * (docs/decisions/access-device-sessions.md).
 */
export async function loadStaffSession(
  db: Db,
  req: FastifyRequest,
  now: Date,
  /** false for a screen's background poll: it is not the person's activity, so a tablet's idle expiry is not slid. */
  touch = true,
): Promise<StaffSession | null> {
  const token = req.cookies[STAFF_SESSION_COOKIE];
  if (!token) return null;
  const id = sha256(token);
  const deviceToken = req.cookies[DEVICE_COOKIE];
  const [row] = await staffSessionStatement(db).execute({
    id,
    now,
    credential: deviceToken ? sha256(deviceToken) : '',
    today: tokyoDate(now),
  });
  if (!row) return null;
  const { session } = row;
  if (touch && session.deviceId && session.expiresAt.getTime() - now.getTime() < DEVICE_IDLE_MS - TOUCH_AFTER_MS) {
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(now.getTime() + DEVICE_IDLE_MS) })
      .where(eq(staffSessions.id, id));
  }
  return {
    id,
    user: row.user,
    deviceId: session.deviceId,
    device: session.deviceId && row.device ? row.device : null,
    pending: session.pending as StaffPending,
  };
}

export async function createStaffSession(
  db: Db,
  input: { userId: number; deviceId: number | null; pending: StaffPending; now: Date; userAgent: string | undefined },
): Promise<string> {
  const token = randomToken();
  const lifetime = input.deviceId ? DEVICE_IDLE_MS : DESKTOP_SESSION_MS;
  await db.insert(staffSessions).values({
    id: sha256(token),
    userId: input.userId,
    deviceId: input.deviceId,
    pending: input.pending,
    expiresAt: new Date(input.now.getTime() + lifetime),
    userAgent: input.userAgent?.slice(0, 255),
  });
  return token;
}

/** The second factor passed: the same session (its id was issued at the password step) is now complete. */
export async function completeStaffSession(db: Db, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ pending: null }).where(eq(staffSessions.id, sessionId));
}

export async function deleteStaffSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Ends every PIN session of a device (revocation, or the tablet locked by hand). */
export async function deleteDeviceSessions(db: Db, deviceId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.deviceId, deviceId));
}

/** How long an expired staff session's row is kept before a sign-in prunes it. */
const PRUNE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Expired staff sessions go (called on sign-in: no job needed for a table this small). Only those
 * expired a week ago: an expired row is refused on use anyway, and a sign-in whose clock runs ahead
 * (a test run's X-Test-Now moved past an archive's expiry) must not end everyone else's sessions.
 */
export async function pruneStaffSessions(db: Db, now: Date): Promise<void> {
  await db.delete(staffSessions).where(sql`${staffSessions.expiresAt} < ${new Date(now.getTime() - PRUNE_AFTER_MS)}`);
}

const cookieOptions = (req: FastifyRequest) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: secureCookie(req),
});

/** A browser-session cookie: the staff session also ends when the browser closes. */
export function setStaffSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string) {
  reply.setCookie(STAFF_SESSION_COOKIE, token, cookieOptions(req));
}

export function clearStaffSessionCookie(reply: FastifyReply) {
  reply.clearCookie(STAFF_SESSION_COOKIE, { path: COOKIE_PATH });
}

/**
 * The device credential goes to every API path: the class tablet's calls under /api/staff and the
 * gate kiosk's under /api/kiosk (staff.md §6). Tablets paired before hold it under /api/staff,
 * where it still works for their class calls; clearing removes both.
 */
const DEVICE_COOKIE_PATH = '/api';

export function setDeviceCookie(reply: FastifyReply, req: FastifyRequest, token: string, now: Date) {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...cookieOptions(req),
    path: DEVICE_COOKIE_PATH,
    expires: new Date(now.getTime() + DEVICE_COOKIE_MS),
  });
}

export function clearDeviceCookie(reply: FastifyReply) {
  reply.clearCookie(DEVICE_COOKIE, { path: DEVICE_COOKIE_PATH });
  reply.clearCookie(DEVICE_COOKIE, { path: COOKIE_PATH });
}
