import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  INT4_MAX,
  KIOSK_REPEAT_SECONDS,
  kioskMessages,
  relationTypes,
  tokyoDate,
  tokyoTime,
  type KioskRoster,
  type KioskScan,
  type KioskScanStatus,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  childAttendances,
  children,
  childUser,
  classes,
  devices,
  kioskScans,
  noteChildren,
  pickupCodes,
  pickupPersons,
  pushOutbox,
  users,
} from '../../db/schema';
import type { PairedDevice } from '../staff/service';
import { enrolmentCovers } from '../access';

/**
 * The gate kiosk (staff.md §6; docs/decisions/kiosk-scans-once.md): the day's roster for offline
 * use, and the scans the tablet made, each taken once.
 */

/** Hex SHA-256: the roster's `qr_hash` and `code_hash` (the tablet hashes what it reads the same way). */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** Scans older than this (device time) or this far ahead are refused: a wrong device clock must not write another day. */
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/** The facility's enrolments of the day (a subquery for the roster's side reads). */
const enrolledChildIds = (db: Db, facilityId: number, date: string) =>
  db
    .select({ childId: noteChildren.childId })
    .from(noteChildren)
    .where(and(eq(noteChildren.facilityId, facilityId), enrolmentCovers(noteChildren, date)));

/**
 * The day's roster: four statements whatever the facility size (children with class and times,
 * guardians, approved pick-up persons, live pick-up codes), run side by side.
 */
export async function loadRoster(ctx: AppContext, device: PairedDevice, now: Date): Promise<KioskRoster> {
  const { db } = ctx;
  const date = tokyoDate(now);
  const [rows, guardians, persons, codes] = await Promise.all([
    db
      .select({
        noteChildId: noteChildren.id,
        childId: children.id,
        lastName: children.lastName,
        firstName: children.firstName,
        lastNameKana: children.lastNameKana,
        firstNameKana: children.firstNameKana,
        imageKey: children.imageKey,
        qrToken: children.qrToken,
        className: classes.name,
        arrivedAt: childAttendances.arrivedAt,
        pickedUpAt: childAttendances.pickedUpAt,
      })
      .from(noteChildren)
      .innerJoin(children, eq(children.id, noteChildren.childId))
      .leftJoin(classes, eq(classes.id, noteChildren.classId))
      .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
      .where(and(eq(noteChildren.facilityId, device.facilityId), enrolmentCovers(noteChildren, date)))
      .orderBy(asc(classes.sortOrder), asc(children.lastNameKana), asc(children.firstNameKana), asc(noteChildren.id)),
    db
      .select({ childId: childUser.childId, userId: childUser.userId, type: childUser.type, name: users.name })
      .from(childUser)
      .innerJoin(users, eq(users.id, childUser.userId))
      .where(and(eq(childUser.activated, true), inArray(childUser.childId, enrolledChildIds(db, device.facilityId, date))))
      .orderBy(asc(childUser.childId), asc(childUser.sortOrder), asc(childUser.userId)),
    db
      .select({
        id: pickupPersons.id,
        childId: pickupPersons.childId,
        name: pickupPersons.name,
        relation: pickupPersons.relation,
        imageKey: pickupPersons.imageKey,
      })
      .from(pickupPersons)
      .where(
        and(eq(pickupPersons.status, 'approved'), inArray(pickupPersons.childId, enrolledChildIds(db, device.facilityId, date))),
      )
      .orderBy(asc(pickupPersons.id)),
    db
      .select({
        childId: pickupCodes.childId,
        codeHash: pickupCodes.codeHash,
        name: pickupCodes.name,
        expiresAt: pickupCodes.expiresAt,
      })
      .from(pickupCodes)
      .where(
        and(
          isNull(pickupCodes.usedAt),
          gt(pickupCodes.expiresAt, now),
          inArray(pickupCodes.childId, enrolledChildIds(db, device.facilityId, date)),
        ),
      )
      .orderBy(asc(pickupCodes.id)),
  ]);

  const noteChildOf = new Map(rows.map((r) => [r.childId, r.noteChildId]));
  const guardiansOf = new Map<number, typeof guardians>();
  const childrenOfUser = new Map<number, number[]>();
  for (const g of guardians) {
    guardiansOf.set(g.childId, [...(guardiansOf.get(g.childId) ?? []), g]);
    childrenOfUser.set(g.userId, [...(childrenOfUser.get(g.userId) ?? []), g.childId]);
  }
  const personsOf = new Map<number, typeof persons>();
  for (const p of persons) personsOf.set(p.childId, [...(personsOf.get(p.childId) ?? []), p]);

  return {
    facility: { id: device.facilityId, name: device.facilityName },
    date,
    server_time: now.toISOString(),
    children: rows.map((r) => {
      const mine = guardiansOf.get(r.childId) ?? [];
      const siblings = new Set<number>();
      for (const g of mine) {
        for (const other of childrenOfUser.get(g.userId) ?? []) {
          const id = noteChildOf.get(other);
          if (other !== r.childId && id !== undefined) siblings.add(id);
        }
      }
      return {
        note_child_id: r.noteChildId,
        child_id: r.childId,
        name: `${r.lastName} ${r.firstName}`,
        first_name: r.firstName,
        kana: `${r.lastNameKana} ${r.firstNameKana}`,
        class_name: r.className ?? '',
        photo_url: ctx.files.url(r.imageKey, { variant: 'thumb' }),
        qr_hash: sha256Hex(r.qrToken),
        arrived_at: r.arrivedAt,
        picked_up_at: r.pickedUpAt,
        sibling_ids: [...siblings].sort((a, b) => a - b),
        pickup_persons: (personsOf.get(r.childId) ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          relation: p.relation,
          photo_url: ctx.files.url(p.imageKey, { variant: 'thumb' }),
        })),
        guardians: mine.map((g) => ({ name: g.name ?? '', relation: relationTypes[g.type] ?? '' })),
      };
    }),
    pickup_codes: codes.flatMap((c) => {
      const id = noteChildOf.get(c.childId);
      return id === undefined
        ? []
        : [{ note_child_id: id, code_hash: c.codeHash, name: c.name, expires_at: c.expiresAt.toISOString() }];
    }),
  };
}

export interface ScanResult {
  id: string;
  status: KioskScanStatus;
  message: string | null;
}

/** Push texts of an arrival or pick-up (docs/decisions/kiosk-guardian-notifications.md). */
const pushText = (kind: KioskScan['kind'], firstName: string, time: string, facility: string) =>
  kind === 'arrival'
    ? { title: '登園しました', body: `${firstName}さんの登園を${time}に記録しました（${facility}）` }
    : { title: 'お迎えが完了しました', body: `${firstName}さんの降園を${time}に記録しました（${facility}）` };

/**
 * Takes the scans in the order sent, each in its own transaction (a transaction holds one scan id
 * and one child's lock: no deadlock between concurrent posts), then notes the device's skew.
 */
export async function recordScans(
  ctx: AppContext,
  device: PairedDevice,
  input: { sentAt: string; scans: KioskScan[] },
  now: Date,
): Promise<{ results: ScanResult[]; skew_ms: number }> {
  const results: ScanResult[] = [];
  for (const scan of input.scans) results.push(await recordScan(ctx, device, scan, now));
  const skew = now.getTime() - new Date(input.sentAt).getTime();
  await ctx.db
    .update(devices)
    .set({ clockSkewMs: Math.max(-INT4_MAX, Math.min(INT4_MAX, skew)), lastSyncedAt: now })
    .where(eq(devices.id, device.id));
  return { results, skew_ms: skew };
}

async function recordScan(ctx: AppContext, device: PairedDevice, scan: KioskScan, now: Date): Promise<ScanResult> {
  const at = new Date(scan.at);
  const date = tokyoDate(at);
  const time = tokyoTime(at);
  const reply = (status: KioskScanStatus, message: string | null = null): ScanResult => ({ id: scan.id, status, message });
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The claim: the scan's id is taken once, whoever sends it again or at the same moment
    // (a concurrent insert of the same key waits for this transaction, then does nothing).
    const claimed = await tx
      .insert(kioskScans)
      .values({
        id: scan.id,
        companyId: device.companyId,
        facilityId: device.facilityId,
        deviceId: device.id,
        noteChildId: scan.note_child_id,
        kind: scan.kind,
        scannedAt: at,
        date,
        status: 'recorded',
        pickupType: scan.pickup?.type ?? null,
        pickupPersonId: scan.pickup?.type === 'person' ? scan.pickup.pickup_person_id : null,
      })
      .onConflictDoNothing()
      .returning({ id: kioskScans.id });
    if (claimed.length === 0) return reply('duplicate', kioskMessages.duplicate);
    const settle = async (status: KioskScanStatus, message: string) => {
      await tx.update(kioskScans).set({ status }).where(eq(kioskScans.id, scan.id));
      return reply(status, message);
    };

    const ahead = at.getTime() - now.getTime();
    if (ahead > MAX_AHEAD_MS || -ahead > MAX_PAST_MS) return settle('rejected', kioskMessages.timeOutOfRange);

    // The child enrolled at the device's facility on the scan's day, locked: scans of one child
    // (from any device) are taken one after the other, so the repeat rule and the times hold.
    const [child] = await tx
      .select({
        noteChildId: noteChildren.id,
        childId: noteChildren.childId,
        companyId: noteChildren.companyId,
        firstName: children.firstName,
        arrivedAt: childAttendances.arrivedAt,
        pickedUpAt: childAttendances.pickedUpAt,
      })
      .from(noteChildren)
      .innerJoin(children, eq(children.id, noteChildren.childId))
      .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
      .where(
        and(
          eq(noteChildren.id, scan.note_child_id),
          eq(noteChildren.facilityId, device.facilityId),
          enrolmentCovers(noteChildren, date),
        ),
      )
      .for('no key update', { of: noteChildren });
    if (!child) return settle('rejected', kioskMessages.notEnrolled);

    const windowMs = KIOSK_REPEAT_SECONDS * 1000;
    const [repeat] = await tx
      .select({ id: kioskScans.id })
      .from(kioskScans)
      .where(
        and(
          eq(kioskScans.noteChildId, child.noteChildId),
          eq(kioskScans.kind, scan.kind),
          eq(kioskScans.status, 'recorded'),
          ne(kioskScans.id, scan.id),
          sql`${kioskScans.scannedAt} > ${new Date(at.getTime() - windowMs)}`,
          sql`${kioskScans.scannedAt} < ${new Date(at.getTime() + windowMs)}`,
        ),
      )
      .limit(1);
    if (repeat) return settle('ignored_repeat', kioskMessages.ignoredRepeat);

    if (scan.kind === 'pickup' && scan.pickup?.type === 'person') {
      const [person] = await tx
        .select({ id: pickupPersons.id })
        .from(pickupPersons)
        .where(
          and(
            eq(pickupPersons.id, scan.pickup.pickup_person_id),
            eq(pickupPersons.childId, child.childId),
            eq(pickupPersons.status, 'approved'),
          ),
        );
      if (!person) return settle('rejected', kioskMessages.pickupPersonNotFound);
    }
    if (scan.kind === 'pickup' && scan.pickup?.type === 'code') {
      // Used once: the update takes it only while unused and unexpired at the scan's time.
      const [code] = await tx
        .update(pickupCodes)
        .set({ usedAt: now, usedScanId: scan.id })
        .where(
          and(
            eq(pickupCodes.childId, child.childId),
            eq(pickupCodes.codeHash, sha256Hex(scan.pickup.code)),
            isNull(pickupCodes.usedAt),
            gt(pickupCodes.expiresAt, at),
          ),
        )
        .returning({ id: pickupCodes.id });
      if (!code) return settle('rejected', kioskMessages.codeInvalid);
      await tx.update(kioskScans).set({ pickupCodeId: code.id }).where(eq(kioskScans.id, scan.id));
    }

    // The first arrival of the day and the last pick-up win (scans may come late and out of order).
    const before = scan.kind === 'arrival' ? child.arrivedAt : child.pickedUpAt;
    const next =
      before === null ? time : scan.kind === 'arrival' ? (time < before ? time : before) : time > before ? time : before;
    const set =
      scan.kind === 'arrival'
        ? { arrivedAt: next, source: 'kiosk', deviceId: device.id, recordedBy: null, updatedAt: now }
        : { pickedUpAt: next, source: 'kiosk', deviceId: device.id, recordedBy: null, updatedAt: now };
    await tx
      .insert(childAttendances)
      .values({ companyId: child.companyId, noteChildId: child.noteChildId, date, ...set })
      .onConflictDoUpdate({ target: [childAttendances.noteChildId, childAttendances.date], set });

    // Each activated guardian hears of the first arrival and the first pick-up of the day once
    // (dedupe: the scan id and the person); delivery and per-category settings are the push area's.
    if (before === null) {
      const text = pushText(scan.kind, child.firstName, next, device.facilityName);
      const guardians = await tx
        .select({ userId: childUser.userId })
        .from(childUser)
        .where(and(eq(childUser.childId, child.childId), eq(childUser.activated, true)));
      if (guardians.length)
        await tx
          .insert(pushOutbox)
          .values(
            guardians.map((g) => ({
              userId: g.userId,
              kind: 'attendance',
              link: '/',
              ...text,
              dedupeKey: `${scan.id}:${g.userId}`,
            })),
          )
          .onConflictDoNothing();
    }
    return reply('recorded');
  });
}
