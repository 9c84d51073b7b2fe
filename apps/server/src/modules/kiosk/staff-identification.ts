import { createHmac } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { KIOSK_STAFF_MINUTES, staffMessages, type KioskStaff, type KioskStaffProof } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { kioskStaffGrants, staffMemberships, staffPins, staffQrTokens, staffTimeEntries, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { invalid, notFound, tooMany } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { checkPin, facilityMembershipOn, worksAt, worksAtFacility, type PairedDevice } from '../staff/service';
import { sha256Hex } from '../../lib/crypto';

/**
 * Who confirmed at the gate (issue 29; docs/decisions/kiosk-staff-identification.md): a staff
 * member names themself with their PIN (online only: it answers a grant the kiosk sends with the
 * scans of the next minutes) or with their own QR (matched offline against the roster's keyed
 * hashes, checked again here when the scan arrives). Neither opens a staff session.
 */

const GRANT_MS = KIOSK_STAFF_MINUTES * 60_000;
/** A scan may be this far outside its grant's minutes (the device clock against the server's). */
const GRANT_SLACK_MS = 60_000;
/** Grants kept as long as a scan may arrive late (`MAX_PAST_MS` of service.ts) and a day more. */
const GRANT_KEPT_MS = 8 * 24 * 3600_000;

/** This device's key for the roster's staff QR hashes (hex): a leaked roster matches on no other tablet. */
export const staffQrKey = (ctx: AppContext, device: PairedDevice) =>
  createHmac('sha256', ctx.config.sessionSecret)
    .update(`kiosk-staff-qr:${device.id}:${device.credentialHash ?? ''}`)
    .digest('hex');

/** HMAC-SHA256 under the device's key of the QR token's hex SHA-256 (what the tablet computes from what it reads). */
export const keyedQrHash = (keyHex: string, tokenHashHex: string) =>
  createHmac('sha256', Buffer.from(keyHex, 'hex')).update(tokenHashHex).digest('hex');

/** The people working at the facility on `date`, for the gate's identification step, with their 打刻 of the day. */
export async function rosterStaff(ctx: AppContext, device: PairedDevice, date: string): Promise<KioskStaff[]> {
  const key = staffQrKey(ctx, device);
  // The day's 打刻 in the same statement (the roster's statements do not grow with the gate's staff 打刻).
  const e = staffTimeEntries;
  const clock = sql<
    KioskStaff['clock']
  >`coalesce((select json_agg(json_build_object('id', ${e.clientId}, 'kind', ${e.kind}, 'time', ${e.time}) order by ${e.time}, ${e.id})
    from ${e} where ${e.userId} = ${users.id} and ${e.facilityId} = ${device.facilityId} and ${e.date} = ${date} and ${e.voidedAt} is null), '[]'::json)`;
  const rows = await ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, qr: staffQrTokens.tokenHash, pin: staffPins.userId, clock })
    .from(users)
    .leftJoin(staffQrTokens, eq(staffQrTokens.userId, users.id))
    .leftJoin(staffPins, eq(staffPins.userId, users.id))
    .where(worksAtFacility(users.id, device, date))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    user_id: r.userId,
    name: r.name ?? r.email,
    qr_hash: r.qr ? keyedQrHash(key, r.qr) : null,
    pin_set: r.pin !== null,
    clock: typeof r.clock === 'string' ? (JSON.parse(r.clock) as KioskStaff['clock']) : r.clock,
  }));
}

/**
 * A PIN typed at the gate: the person must work at the device's facility today (else 404); the
 * PIN is checked under its lock (`checkPin`, counted per device and person); right, it answers a
 * grant for this device and the next minutes, audited in the same transaction. No cookie is set.
 */
export async function grantByPin(
  ctx: AppContext,
  device: PairedDevice,
  input: { userId: number; pin: string; deviceTime: Date; now: Date; today: string; ip: string },
) {
  const { now, today } = input;
  if (!(await worksAt(ctx.db, input.userId, device, today))) throw notFound();
  const check = await checkPin(ctx.db, { userId: input.userId, deviceId: device.id, pin: input.pin, now });
  if (check.result === 'unset') throw invalid('pin', staffMessages.pinNotSet);
  if (check.result === 'locked') {
    throw tooMany(staffMessages.pinLocked, Math.max(1, Math.ceil((check.lockedUntil.getTime() - now.getTime()) / 1000)));
  }
  if (check.result === 'wrong') throw invalid('pin', staffMessages.pinInvalid);
  const grant = randomToken(32);
  const expiresAt = new Date(now.getTime() + GRANT_MS);
  await ctx.db.transaction(async (tx) => {
    // The device's grants older than any scan still on its way (scans older than a week are refused).
    await tx
      .delete(kioskStaffGrants)
      .where(
        and(eq(kioskStaffGrants.deviceId, device.id), lte(kioskStaffGrants.expiresAt, new Date(now.getTime() - GRANT_KEPT_MS))),
      );
    await tx.insert(kioskStaffGrants).values({
      tokenHash: sha256Hex(grant),
      deviceId: device.id,
      userId: input.userId,
      issuedAt: now,
      expiresAt,
      deviceIssuedAt: input.deviceTime,
    });
    await recordAudit(tx, { userId: input.userId, today, deviceId: device.id, ip: input.ip }, now, {
      companyId: device.companyId,
      facilityId: device.facilityId,
      action: 'kiosk.staff.identify',
      targetType: 'device',
      targetId: device.id,
      details: { method: 'pin' },
    });
  });
  const [user] = await ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, input.userId));
  return { user_id: input.userId, name: user?.name ?? user?.email ?? '', grant, expires_at: expiresAt.toISOString() };
}

/**
 * The person a scan's proof names, or null when it names nobody valid: a grant of this device
 * whose minutes cover the scan (both on the device's clock: a scan made offline and sent an hour
 * later still falls in them; the device's times are what the scans are recorded at anyway), or a staff QR token
 * that is current and whose person works at the facility on the scan's day; with whether the person
 * is a member of the facility itself that day (a gate 打刻 needs it), in the same statement. Answers
 * are kept per request (`cache`): a batch of 100 scans of one staff member costs one lookup.
 */
export async function staffOfProof(
  db: Db,
  device: PairedDevice,
  proof: NonNullable<KioskStaffProof>,
  scan: { at: Date; date: string },
  cache: Map<string, Promise<StaffOfProof>>,
): Promise<{ userId: number; member: boolean } | null> {
  const key = `${proof.type}:${proof.type === 'pin' ? proof.grant : proof.token}:${scan.date}`;
  let found = cache.get(key);
  if (!found) {
    found = proof.type === 'pin' ? grantOf(db, device, proof.grant, scan.date) : qrOwner(db, device, proof.token, scan.date);
    cache.set(key, found);
  }
  const staff = await found;
  if (!staff) return null;
  if (staff.window) {
    const t = scan.at.getTime();
    if (t < staff.window.from.getTime() - GRANT_SLACK_MS || t > staff.window.from.getTime() + GRANT_MS + GRANT_SLACK_MS)
      return null;
  }
  return { userId: staff.userId, member: staff.member };
}

/** The person, and for a grant the device time it was given at (its minutes are counted on the device's clock, as the scans' times). */
export type StaffOfProof = { userId: number; member: boolean; window: { from: Date } | null } | null;

/** Prepared, as the scans' other lookups: a gate 打刻 or a confirmed pick-up names its person on every request in the rush. */
const grantStatement = prepared('kiosk_staff_grant', (db, name) =>
  db
    .select({
      userId: kioskStaffGrants.userId,
      deviceIssuedAt: kioskStaffGrants.deviceIssuedAt,
      member: sql<boolean>`${staffMemberships.id} is not null`,
    })
    .from(kioskStaffGrants)
    .leftJoin(
      staffMemberships,
      facilityMembershipOn(kioskStaffGrants.userId, sql.placeholder('facility'), sql.placeholder('date')),
    )
    .where(and(eq(kioskStaffGrants.tokenHash, sql.placeholder('hash')), eq(kioskStaffGrants.deviceId, sql.placeholder('device'))))
    .prepare(name),
);

const qrOwnerStatement = prepared('kiosk_staff_qr_owner', (db, name) =>
  db
    .select({
      userId: staffQrTokens.userId,
      member: sql<boolean>`${staffMemberships.id} is not null`,
    })
    .from(staffQrTokens)
    .leftJoin(staffMemberships, facilityMembershipOn(staffQrTokens.userId, sql.placeholder('facility'), sql.placeholder('date')))
    .where(
      and(
        eq(staffQrTokens.tokenHash, sql.placeholder('hash')),
        worksAtFacility(
          staffQrTokens.userId,
          { facilityId: sql.placeholder('facility'), companyId: sql.placeholder('company') },
          sql.placeholder('date'),
        ),
      ),
    )
    .prepare(name),
);

async function grantOf(db: Db, device: PairedDevice, grant: string, date: string): Promise<StaffOfProof> {
  const [row] = await grantStatement(db).execute({
    hash: sha256Hex(grant),
    device: device.id,
    facility: device.facilityId,
    date,
  });
  return row ? { userId: row.userId, member: row.member, window: { from: row.deviceIssuedAt } } : null;
}

async function qrOwner(db: Db, device: PairedDevice, token: string, date: string): Promise<StaffOfProof> {
  const [row] = await qrOwnerStatement(db).execute({
    hash: sha256Hex(token),
    facility: device.facilityId,
    company: device.companyId,
    date,
  });
  return row ? { userId: row.userId, member: row.member, window: null } : null;
}
