import { countAttempt } from '../../lib/rate-limit';
import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceMessages, PAIRING_CODE_MINUTES, staffMessages, type StaffDevice } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  classes,
  devicePairingCodes,
  devices,
  facilities,
  staffMembershipClasses,
  staffMemberships,
  staffPins,
  users,
} from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { DEVICE_COOKIE, deleteDeviceSessions, setDeviceCookie } from '../../lib/staff-sessions';
import { authorizeFacility, membershipCovers, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { worksAtFacility } from './memberships';

/** Paired tablets (staff.md §1): registered on the desktop, paired with a one-time code, revocable. */

const PAIRING_CODE_MS = PAIRING_CODE_MINUTES * 60 * 1000;
/** Wrong pairing codes allowed per IP in a window before 429 (8 digits must not be guessable). */
export const PAIRING_LIMIT = { attempts: 10, windowSec: 15 * 60 };
export const pairingFailKey = (ip: string) => `device-pair:ip:${ip}`;
/** `last_seen_at` is written at most this often. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;

/** 8 digits, uniformly from a CSPRNG. */
export const newPairingCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** How long the 端末 page flags a device where a PIN was locked. */
const PIN_ALERT_MS = 7 * 24 * 60 * 60 * 1000;

const presentDevice = (row: typeof devices.$inferSelect, pairingExpiresAt: Date | null, now: Date): StaffDevice => ({
  id: row.id,
  name: row.name,
  class_id: row.classId,
  paired_at: row.pairedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
  last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  pairing_expires_at: pairingExpiresAt?.toISOString() ?? null,
  purpose: row.purpose === 'kiosk' ? 'kiosk' : 'class',
  clock_skew_ms: row.clockSkewMs,
  last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
  pin_locked_until: row.pinLockedUntil && row.pinLockedUntil > now ? row.pinLockedUntil.toISOString() : null,
  pin_alert_at: row.pinAlertAt && now.getTime() - row.pinAlertAt.getTime() < PIN_ALERT_MS ? row.pinAlertAt.toISOString() : null,
});

/**
 * The facility's devices: in use first, revoked last; an unpaired one with the expiry of its live code.
 * The code's lookup is a query builder, not a hand-written fragment: drizzle writes a single-table
 * select list's columns unqualified, so `devices.id` there was the code's own `id`
 * (docs/decisions/database-sql-fragments-in-select-lists.md); the builder's where clause is qualified.
 */
export async function listDevices(db: Db, facilityId: number, now: Date): Promise<StaffDevice[]> {
  const liveCodeExpiry = db
    .select({ expiresAt: max(devicePairingCodes.expiresAt) })
    .from(devicePairingCodes)
    .where(
      and(eq(devicePairingCodes.deviceId, devices.id), isNull(devicePairingCodes.usedAt), gt(devicePairingCodes.expiresAt, now)),
    );
  const rows = await db
    .select({
      device: devices,
      pairingExpiresAt: sql<Date | null>`${liveCodeExpiry}`.mapWith(devicePairingCodes.expiresAt),
    })
    .from(devices)
    .where(eq(devices.facilityId, facilityId))
    .orderBy(sql`${devices.revokedAt} is not null`, asc(devices.id));
  return rows.map((r) => presentDevice(r.device, !r.device.pairedAt && !r.device.revokedAt ? r.pairingExpiresAt : null, now));
}

/**
 * Registers a tablet of the facility (optionally of one of its classes) and issues its one-time
 * pairing code, answered once: only its SHA-256 is kept. The person registering it is its
 * `paired_by` (the tablet itself has no person when it redeems the code).
 */
export async function registerDevice(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: { name: string; classId: number | null; purpose: 'class' | 'kiosk' },
  now: Date,
) {
  if (input.classId !== null) {
    const [klass] = await ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, input.classId), eq(classes.facilityId, grant.facilityId)));
    if (!klass) throw invalid('class_id', deviceMessages.classNotFound);
  }
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_MS);
  return ctx.db.transaction(async (tx) => {
    const [device] = await tx
      .insert(devices)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        // The gate kiosk serves the whole facility: no class.
        classId: input.purpose === 'kiosk' ? null : input.classId,
        name: input.name,
        purpose: input.purpose,
        pairedBy: staff.userId,
      })
      .returning();
    // Codes a day past their expiry are of no use to anyone: the table stays small.
    await tx.delete(devicePairingCodes).where(lt(devicePairingCodes.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
    const code = await insertPairingCode(tx, device!.id, expiresAt);
    await recordAudit(tx, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'device.pairing.issue',
      targetType: 'device',
      targetId: device!.id,
      details: { name: input.name, class_id: input.classId, purpose: input.purpose },
    });
    return { device: presentDevice(device!, expiresAt, now), code, expires_at: expiresAt.toISOString() };
  });
}

/** A fresh code; one that collides with a stored one (unique hash) is drawn again. */
export async function insertPairingCode(db: Db, deviceId: number, expiresAt: Date, fixed?: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = fixed ?? newPairingCode();
    const inserted = await db
      .insert(devicePairingCodes)
      .values({ deviceId, codeHash: sha256(code), expiresAt })
      .onConflictDoNothing()
      .returning({ id: devicePairingCodes.id });
    if (inserted.length) return code;
  }
  throw new Error('no free pairing code');
}

/**
 * On the tablet: a live code of a device not paired and not revoked gives it a new credential (the
 * HttpOnly device cookie; the table keeps its SHA-256) and is used up. Wrong codes count per IP.
 */
export async function pairDevice(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { code: string; now: Date; today: string },
) {
  const key = pairingFailKey(req.ip);
  // Counted before the code is tried (atomic), taken back when it pairs.
  await countAttempt(ctx.counter, key, PAIRING_LIMIT.attempts, PAIRING_LIMIT.windowSec);
  const { now } = input;
  const token = randomToken();
  const paired = await ctx.db.transaction(async (tx) => {
    const [code] = await tx
      .update(devicePairingCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(devicePairingCodes.codeHash, sha256(input.code)),
          isNull(devicePairingCodes.usedAt),
          gt(devicePairingCodes.expiresAt, now),
        ),
      )
      .returning({ deviceId: devicePairingCodes.deviceId });
    if (!code) return null;
    const [device] = await tx
      .update(devices)
      .set({ credentialHash: sha256(token), pairedAt: now, lastSeenAt: now })
      .where(
        and(
          eq(devices.id, code.deviceId),
          isNull(devices.revokedAt),
          isNull(devices.credentialHash),
          isNotNull(devices.pairedBy),
        ),
      )
      .returning();
    if (!device) return null;
    const [facility] = await tx.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, device.facilityId));
    // The tablet acts for no one yet: the entry names the person who registered it and issued the code.
    const viewer = { userId: device.pairedBy!, today: input.today, deviceId: device.id, ip: req.ip };
    await recordAudit(tx, viewer, now, {
      companyId: device.companyId,
      facilityId: device.facilityId,
      action: 'device.pair',
      targetType: 'device',
      targetId: device.id,
    });
    return { id: device.id, name: device.name, facility_name: facility!.name };
  });
  if (!paired) throw invalid('code', staffMessages.pairingCodeInvalid);
  await ctx.counter.release(key);
  setDeviceCookie(reply, req, token, now);
  req.log.info({ deviceId: paired.id }, 'device paired');
  return { device: paired };
}

export type PairedDevice = typeof devices.$inferSelect & { facilityName: string };

/** The device of a credential (prepared: the gate kiosk looks it up on every scan, docs/performance.md). */
const deviceByCredential = prepared('device_by_credential', (db, name) =>
  db
    .select({ device: devices, facilityName: facilities.name })
    .from(devices)
    .innerJoin(facilities, eq(facilities.id, devices.facilityId))
    .where(and(eq(devices.credentialHash, sql.placeholder('hash')), isNull(devices.revokedAt)))
    .limit(1)
    .prepare(name),
);

/** The paired, unrevoked device of the request's device cookie, or null; notes when it was last seen. */
export async function findDevice(db: Db, req: FastifyRequest, now: Date): Promise<PairedDevice | null> {
  const token = req.cookies[DEVICE_COOKIE];
  return token ? findDeviceByCredential(db, sha256(token), now) : null;
}

/** The paired, unrevoked device of a credential's SHA-256, or null; notes when it was last seen. */
export async function findDeviceByCredential(db: Db, hash: string, now: Date): Promise<PairedDevice | null> {
  const [row] = await deviceByCredential(db).execute({ hash });
  if (!row) return null;
  const { device } = row;
  if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, device.id));
  }
  return { ...device, facilityName: row.facilityName };
}

/** 401 with the pairing screen's reason when the request comes from no paired tablet. */
export async function requireDevice(db: Db, req: FastifyRequest, now: Date): Promise<PairedDevice> {
  const device = await findDevice(db, req, now);
  if (!device) throw new HttpError(401, staffMessages.deviceRequired);
  return device;
}

/**
 * Who may unlock the tablet (its PIN pad): the people working at its facility today who have set a
 * PIN, names only; staff of the tablet's class first.
 */
export async function deviceStaff(db: Db, device: PairedDevice, today: string) {
  // Postgres refuses a constant in ORDER BY: the class's staff come first only on a class's tablet.
  const classFirst = device.classId
    ? [
        sql`exists (select 1 from ${staffMembershipClasses}
          join ${staffMemberships} on ${staffMemberships.id} = ${staffMembershipClasses.membershipId}
          where ${staffMemberships.userId} = ${users.id} and ${staffMembershipClasses.classId} = ${device.classId}
            and ${membershipCovers(staffMemberships, today)}) desc`,
      ]
    : [];
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(staffPins, eq(staffPins.userId, users.id))
    .where(worksAtFacility(users.id, { facilityId: device.facilityId, companyId: device.companyId }, today))
    .orderBy(...classFirst, asc(users.name), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: r.name ?? '（名前未設定）' }));
}

/**
 * Revokes a device (director, company admin of its facility; another facility's device reads as
 * 404): its credential goes, its unused codes and its PIN sessions end at once. Revoking it again
 * changes nothing.
 */
export async function revokeDevice(ctx: AppContext, staff: StaffViewer, deviceId: number, now: Date): Promise<void> {
  const [device] = await ctx.db.select().from(devices).where(eq(devices.id, deviceId));
  if (!device) throw notFound();
  await authorizeFacility(ctx, staff, device.facilityId, 'facility.setup');
  if (device.revokedAt) return;
  await ctx.db.transaction(async (tx) => {
    await tx.update(devices).set({ revokedAt: now, credentialHash: null }).where(eq(devices.id, device.id));
    await tx.delete(devicePairingCodes).where(and(eq(devicePairingCodes.deviceId, device.id), isNull(devicePairingCodes.usedAt)));
    await deleteDeviceSessions(tx, device.id);
    await recordAudit(tx, staff, now, {
      companyId: device.companyId,
      facilityId: device.facilityId,
      action: 'device.revoke',
      targetType: 'device',
      targetId: device.id,
    });
  });
}
