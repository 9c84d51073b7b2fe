import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { relationTypes, tokyoDate, type KioskRoster } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  auditLog,
  billingTemporaryBookings,
  childAttendances,
  children,
  childUser,
  classes,
  noteChildren,
  pickupPersons,
  users,
} from '../../db/schema';
import { activeLinks, enrolmentCovers } from '../access';
import type { PairedDevice } from '../staff/service';
import { sha256Hex } from '../../lib/crypto';
import { rosterStaff, staffQrKey } from './staff-identification';

/** The child is booked for 一時預かり at the enrolment's facility on the day. */
const bookedOn = (date: string): SQL =>
  sql`exists (select 1 from ${billingTemporaryBookings} b where b.child_id = ${noteChildren.childId}
    and b.facility_id = ${noteChildren.facilityId} and b.date = ${date})`;

/**
 * The enrolments at the gate on the day: covering it, and for a child registered for 一時預かり only,
 * booked that day (docs/decisions/billing-temporary-care.md).
 */
const atTheGate = (facilityId: number, date: string) =>
  and(
    eq(noteChildren.facilityId, facilityId),
    enrolmentCovers(noteChildren, date),
    or(eq(noteChildren.temporaryOnly, false), bookedOn(date)),
  );

/** The facility's enrolments of the day (a subquery for the roster's side reads). */
const enrolledChildIds = (db: Db, facilityId: number, date: string) =>
  db.select({ childId: noteChildren.childId }).from(noteChildren).where(atTheGate(facilityId, date));

/**
 * The day's roster: four statements whatever the facility size (children with class and times,
 * guardians, approved pick-up persons, the staff who may confirm), run side by side. No one-time
 * pick-up codes: a 6-digit code's hash is reversed offline in milliseconds, whatever the key
 * (docs/decisions/kiosk-pickup-codes-guessing.md); the server checks them. Each read is audited
 * naming the device: it hands the tablet guardians' and pick-up persons' data (issue 30).
 */
export async function loadRoster(ctx: AppContext, device: PairedDevice, now: Date, ip: string): Promise<KioskRoster> {
  const { db } = ctx;
  const date = tokyoDate(now);
  await db.insert(auditLog).values({
    companyId: device.companyId,
    facilityId: device.facilityId,
    at: now,
    userId: null,
    deviceId: device.id,
    action: 'kiosk.roster.read',
    targetType: 'device',
    targetId: device.id,
    ip,
  });
  const [rows, guardians, persons, staff] = await Promise.all([
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
        temporaryOnly: noteChildren.temporaryOnly,
        booked: sql<boolean>`${bookedOn(date)}`,
        arrivedAt: childAttendances.arrivedAt,
        pickedUpAt: childAttendances.pickedUpAt,
      })
      .from(noteChildren)
      .innerJoin(children, eq(children.id, noteChildren.childId))
      .leftJoin(classes, eq(classes.id, noteChildren.classId))
      .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
      .where(atTheGate(device.facilityId, date))
      .orderBy(asc(classes.sortOrder), asc(children.lastNameKana), asc(children.firstNameKana), asc(noteChildren.id)),
    db
      .select({ childId: childUser.childId, userId: childUser.userId, type: childUser.type, name: users.name })
      .from(childUser)
      .innerJoin(users, eq(users.id, childUser.userId))
      .where(and(activeLinks(childUser), inArray(childUser.childId, enrolledChildIds(db, device.facilityId, date))))
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
    rosterStaff(ctx, device, date),
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
        class_name: r.temporaryOnly ? '一時預かり' : (r.className ?? ''),
        temporary_care: Boolean(r.booked),
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
    staff,
    staff_qr_key: staffQrKey(ctx, device),
  };
}
