import { and, eq } from 'drizzle-orm';
import { tokyoDate } from '@renraku/contract';
import type { Db } from '../../db/client';
import { devicePinAttempts, devices } from '../../db/schema';
import { recordAudit } from '../audit/service';

/**
 * Wrong PINs are counted per device (docs/decisions/staff-pin-lock-per-device.md), so that a device
 * that keeps guessing is locked, not the person on every tablet:
 * - per device and person: 5 wrong in a row lock that person's PIN on that device for 15 minutes
 *   (staff.md §1's rule, where the guessing happens); their other tablets are untouched;
 * - per device: 15 wrong PINs within an hour, whoever's, lock the device's whole PIN pad for an hour
 *   (someone trying several names). A right PIN does not reset this count (a person who knows
 *   their own PIN cannot use it to keep guessing others').
 * Each lock is entered in the audit log and flagged on the director's 端末 page (`pin_alert_at`).
 */
export const PIN_LOCK = { attempts: 5, lockMs: 15 * 60 * 1000 };
export const DEVICE_PIN_LOCK = { attempts: 15, windowMs: 60 * 60 * 1000, lockMs: 60 * 60 * 1000 };

export type PinDevice = Pick<
  typeof devices.$inferSelect,
  'id' | 'companyId' | 'facilityId' | 'pinFailedCount' | 'pinWindowStartedAt' | 'pinLockedUntil' | 'pinAlertAt'
>;

export type PinLock = { lockedUntil: Date; scope: 'person' | 'device' } | null;

/** The device row, held for the check: the PIN checks of one device run one at a time. */
export async function lockPinDevice(tx: Db, deviceId: number): Promise<PinDevice | undefined> {
  const [device] = await tx
    .select({
      id: devices.id,
      companyId: devices.companyId,
      facilityId: devices.facilityId,
      pinFailedCount: devices.pinFailedCount,
      pinWindowStartedAt: devices.pinWindowStartedAt,
      pinLockedUntil: devices.pinLockedUntil,
      pinAlertAt: devices.pinAlertAt,
    })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .for('update');
  return device;
}

export async function pinAttemptOf(tx: Db, deviceId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(devicePinAttempts)
    .where(and(eq(devicePinAttempts.deviceId, deviceId), eq(devicePinAttempts.userId, userId)));
  return row;
}

/** A right PIN: the person's count on this device starts again (the device's does not). */
export async function clearPinAttempts(tx: Db, deviceId: number, userId: number): Promise<void> {
  await tx.delete(devicePinAttempts).where(and(eq(devicePinAttempts.deviceId, deviceId), eq(devicePinAttempts.userId, userId)));
}

/** A wrong PIN: counted for the person on this device and for the device; a lock reached is audited and flagged. */
export async function countWrongPin(
  tx: Db,
  device: PinDevice,
  input: { userId: number; now: Date; ip?: string },
  previousFailures: number,
): Promise<PinLock> {
  const { userId, now } = input;
  const failed = previousFailures + 1;
  const personUntil = failed >= PIN_LOCK.attempts ? new Date(now.getTime() + PIN_LOCK.lockMs) : null;
  await tx
    .insert(devicePinAttempts)
    .values({ deviceId: device.id, userId, failedCount: personUntil ? 0 : failed, lockedUntil: personUntil })
    .onConflictDoUpdate({
      target: [devicePinAttempts.deviceId, devicePinAttempts.userId],
      set: { failedCount: personUntil ? 0 : failed, lockedUntil: personUntil },
    });

  const windowOpen =
    device.pinWindowStartedAt !== null && now.getTime() - device.pinWindowStartedAt.getTime() < DEVICE_PIN_LOCK.windowMs;
  const deviceFailed = (windowOpen ? device.pinFailedCount : 0) + 1;
  const deviceUntil = deviceFailed >= DEVICE_PIN_LOCK.attempts ? new Date(now.getTime() + DEVICE_PIN_LOCK.lockMs) : null;
  await tx
    .update(devices)
    .set({
      pinFailedCount: deviceUntil ? 0 : deviceFailed,
      pinWindowStartedAt: windowOpen && !deviceUntil ? device.pinWindowStartedAt : now,
      pinLockedUntil: deviceUntil ?? device.pinLockedUntil,
      pinAlertAt: personUntil || deviceUntil ? now : device.pinAlertAt,
    })
    .where(eq(devices.id, device.id));

  // The entry names the person whose name was tapped and the device that typed: no one signed in.
  const who = { userId, today: tokyoDate(now), deviceId: device.id, ip: input.ip ?? '' };
  const place = { companyId: device.companyId, facilityId: device.facilityId };
  if (personUntil) {
    await recordAudit(tx, who, now, {
      ...place,
      action: 'staff.pin.lock',
      targetType: 'user',
      targetId: userId,
      details: { device_id: device.id, failed: PIN_LOCK.attempts, until: personUntil.toISOString() },
    });
  }
  if (deviceUntil) {
    await recordAudit(tx, who, now, {
      ...place,
      action: 'device.pin.lock',
      targetType: 'device',
      targetId: device.id,
      details: { failed: DEVICE_PIN_LOCK.attempts, until: deviceUntil.toISOString() },
    });
  }
  if (deviceUntil) return { lockedUntil: deviceUntil, scope: 'device' };
  return personUntil ? { lockedUntil: personUntil, scope: 'person' } : null;
}
