import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { devicePinAttempts, staffPins, staffSessions } from '../../db/schema';
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
import { authorizeDevice, authorizeFacility, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { PairedDevice } from './devices';
import { worksAt } from './memberships';
import { clearPinAttempts, countWrongPin, lockPinDevice, pinAttemptOf } from './pin-lock';

export { DEVICE_PIN_LOCK, PIN_LOCK } from './pin-lock';

/** Sets (or replaces) a PIN; the person's wrong-PIN counts on every device start again. */
export async function setPin(db: Db, userId: number, pin: string): Promise<void> {
  const pinHash = await hashPassword(pin);
  await db
    .insert(staffPins)
    .values({ userId, pinHash })
    .onConflictDoUpdate({ target: staffPins.userId, set: { pinHash, failedCount: 0, lockedUntil: null } });
  await db.delete(devicePinAttempts).where(eq(devicePinAttempts.userId, userId));
}

export async function hasPin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: staffPins.userId }).from(staffPins).where(eq(staffPins.userId, userId));
  return !!row;
}

export type PinCheck = { result: 'ok' | 'wrong' | 'unset' } | { result: 'locked'; lockedUntil: Date; scope: 'person' | 'device' };

/**
 * Checks a person's PIN typed on a paired device (a class tablet's unlock; the gate kiosk names who
 * confirmed with it). Wrong PINs count per device and person and per device (pin-lock.ts), under the
 * device row's lock so that parallel guesses count one by one. The caller decides whether the person
 * may use the device at all; `ip` only goes into the audit entry of a lock.
 */
export async function checkPin(
  db: Db,
  input: { userId: number; deviceId: number; pin: string; now: Date; ip?: string },
): Promise<PinCheck> {
  const { userId, deviceId, now } = input;
  return db.transaction(async (tx) => {
    const device = await lockPinDevice(tx, deviceId);
    if (!device) throw new Error(`checkPin: no device ${deviceId}`);
    if (device.pinLockedUntil && device.pinLockedUntil > now) {
      return { result: 'locked', lockedUntil: device.pinLockedUntil, scope: 'device' };
    }
    const [row] = await tx.select({ pinHash: staffPins.pinHash }).from(staffPins).where(eq(staffPins.userId, userId));
    if (!row) return { result: 'unset' };
    const attempt = await pinAttemptOf(tx, deviceId, userId);
    if (attempt?.lockedUntil && attempt.lockedUntil > now)
      return { result: 'locked', lockedUntil: attempt.lockedUntil, scope: 'person' };
    if (await verifyPassword(row.pinHash, input.pin)) {
      if (attempt) await clearPinAttempts(tx, deviceId, userId);
      return { result: 'ok' };
    }
    const lock = await countWrongPin(tx, device, input, attempt?.failedCount ?? 0);
    return lock ? { result: 'locked', ...lock } : { result: 'wrong' };
  });
}

/**
 * On a paired class tablet: a person working at its facility today opens a PIN session with their
 * PIN (5 idle minutes; the session names the device and is bound to it by the access kernel).
 * Whatever session the tablet held ends. A gate kiosk: 403.
 */
export async function unlockDevice(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  device: PairedDevice,
  input: { userId: number; pin: string; now: Date; today: string },
): Promise<void> {
  const { now, today } = input;
  // A gate kiosk opens no staff session: a PIN there only names who confirmed (kiosk area).
  authorizeDevice(device, 'device.unlock');
  const facility = { facilityId: device.facilityId, companyId: device.companyId };
  if (!(await worksAt(ctx.db, input.userId, facility, today))) throw notFound();
  const check = await checkPin(ctx.db, { userId: input.userId, deviceId: device.id, pin: input.pin, now, ip: req.ip });
  if (check.result === 'unset') throw invalid('pin', staffMessages.pinNotSet);
  if (check.result === 'locked') {
    req.log.warn({ userId: input.userId, deviceId: device.id, scope: check.scope }, 'PIN locked');
    const message = check.scope === 'device' ? staffMessages.devicePinLocked : staffMessages.pinLocked;
    throw tooMany(message, Math.max(1, Math.ceil((check.lockedUntil.getTime() - now.getTime()) / 1000)));
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
 * today, else 404): they set a new one on the desktop; their PIN sessions on tablets end. Audited
 * whether or not they had a PIN (the reset is the director's act either way).
 */
export async function resetPin(ctx: AppContext, staff: StaffViewer, facilityId: number, userId: number, now: Date) {
  await ctx.db.transaction(async (t) => {
    const tx: Db = t;
    // Checked in the reset's transaction (access/transactions.ts).
    const grant = await authorizeFacility(ctx, staff, facilityId, 'facility.setup', tx);
    if (!(await worksAt(tx, userId, grant, staff.today))) throw notFound();
    const deleted = await tx.delete(staffPins).where(eq(staffPins.userId, userId)).returning({ userId: staffPins.userId });
    await tx.delete(devicePinAttempts).where(eq(devicePinAttempts.userId, userId));
    await tx.delete(staffSessions).where(and(eq(staffSessions.userId, userId), isNotNull(staffSessions.deviceId)));
    await recordAudit(tx, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staff.pin.reset',
      targetType: 'user',
      targetId: userId,
      details: { had_pin: deleted.length > 0 },
    });
  });
}
