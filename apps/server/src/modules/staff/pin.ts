import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { staffPins, staffSessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { invalid, notFound, tooMany } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  clearStaffSessionCookie,
  createStaffSession,
  deleteStaffSession,
  setStaffSessionCookie,
  STAFF_SESSION_COOKIE,
} from '../../lib/staff-sessions';
import { authorizeFacility, type StaffViewer } from '../access';
import { recordAudit } from './audit';
import type { PairedDevice } from './devices';
import { worksAt } from './memberships';

/** 5 wrong PINs in a row lock the PIN for 15 minutes (staff.md §1). */
export const PIN_LOCK = { attempts: 5, lockMs: 15 * 60 * 1000 };

/** Sets (or replaces) a PIN and clears its lock. */
export async function setPin(db: Db, userId: number, pin: string): Promise<void> {
  const pinHash = await hashPassword(pin);
  await db
    .insert(staffPins)
    .values({ userId, pinHash })
    .onConflictDoUpdate({ target: staffPins.userId, set: { pinHash, failedCount: 0, lockedUntil: null } });
}

export async function hasPin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: staffPins.userId }).from(staffPins).where(eq(staffPins.userId, userId));
  return !!row;
}

export type PinCheck = { result: 'ok' | 'wrong' | 'unset' } | { result: 'locked'; lockedUntil: Date };

/**
 * Checks a PIN under its lock, the row held for the check so that parallel guesses count one by
 * one. The fifth wrong PIN in a row locks it (and starts the count again for after the lock).
 * `deviceId`: the tablet or gate kiosk it is typed on (the per-device count is another change's).
 */
export async function checkPin(
  db: Db,
  { userId, pin, now }: { userId: number; deviceId: number; pin: string; now: Date },
): Promise<PinCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffPins).where(eq(staffPins.userId, userId)).for('update');
    if (!row) return { result: 'unset' };
    if (row.lockedUntil && row.lockedUntil > now) return { result: 'locked', lockedUntil: row.lockedUntil };
    if (await verifyPassword(row.pinHash, pin)) {
      if (row.failedCount || row.lockedUntil) {
        await tx.update(staffPins).set({ failedCount: 0, lockedUntil: null }).where(eq(staffPins.userId, userId));
      }
      return { result: 'ok' };
    }
    const failed = row.failedCount + 1;
    const lockedUntil = failed >= PIN_LOCK.attempts ? new Date(now.getTime() + PIN_LOCK.lockMs) : null;
    await tx
      .update(staffPins)
      .set({ failedCount: lockedUntil ? 0 : failed, lockedUntil })
      .where(eq(staffPins.userId, userId));
    return lockedUntil ? { result: 'locked', lockedUntil } : { result: 'wrong' };
  });
}

/**
 * On a paired tablet: a person working at its facility today opens a PIN session with their PIN
 * (5 idle minutes; the session names the device). Whatever session the tablet held ends.
 */
export async function unlockDevice(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  device: PairedDevice,
  input: { userId: number; pin: string; now: Date; today: string },
): Promise<void> {
  const { now, today } = input;
  const facility = { facilityId: device.facilityId, companyId: device.companyId };
  if (!(await worksAt(ctx.db, input.userId, facility, today))) throw notFound();
  const check = await checkPin(ctx.db, { userId: input.userId, deviceId: device.id, pin: input.pin, now });
  if (check.result === 'unset') throw invalid('pin', staffMessages.pinNotSet);
  if (check.result === 'locked') {
    req.log.warn({ userId: input.userId, deviceId: device.id }, 'PIN locked');
    throw tooMany(staffMessages.pinLocked, Math.max(1, Math.ceil((check.lockedUntil.getTime() - now.getTime()) / 1000)));
  }
  if (check.result === 'wrong') throw invalid('pin', staffMessages.pinInvalid);
  const previous = req.cookies[STAFF_SESSION_COOKIE];
  const token = await ctx.db.transaction(async (tx) => {
    if (previous) await deleteStaffSession(tx, sha256(previous));
    const created = await createStaffSession(tx, {
      userId: input.userId,
      deviceId: device.id,
      pending: null,
      now,
      userAgent: req.headers['user-agent'],
    });
    const viewer = { userId: input.userId, today, deviceId: device.id, ip: req.ip };
    await recordAudit(tx, viewer, now, {
      ...facility,
      action: 'staff.unlock',
      targetType: 'device',
      targetId: device.id,
    });
    return created;
  });
  setStaffSessionCookie(reply, req, token);
}

/** The tablet back at the PIN pad: the session it holds ends (a desktop sign-in on it too). */
export async function lockDevice(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[STAFF_SESSION_COOKIE];
  if (token) await deleteStaffSession(ctx.db, sha256(token));
  clearStaffSessionCookie(reply);
}

/**
 * Resets a staff member's PIN (director, company admin of the facility; the person must work there
 * today, else 404): they set a new one on the desktop; their PIN sessions on tablets end.
 */
export async function resetPin(ctx: AppContext, staff: StaffViewer, facilityId: number, userId: number, now: Date) {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.setup');
  if (!(await worksAt(ctx.db, userId, grant, staff.today))) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(staffPins).where(eq(staffPins.userId, userId)).returning({ userId: staffPins.userId });
    await tx.delete(staffSessions).where(and(eq(staffSessions.userId, userId), isNotNull(staffSessions.deviceId)));
    if (!deleted.length) return;
    await recordAudit(tx, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staff.pin.reset',
      targetType: 'user',
      targetId: userId,
    });
  });
}
