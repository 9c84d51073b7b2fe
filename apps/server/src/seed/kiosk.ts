import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, tokyoDate, tokyoInstant } from '@renraku/contract';
import { attendanceReports, childAttendances, kioskScans, noteChildren, pickupCodes } from '../db/schema';
import { enrolmentCovers } from '../modules/access';
import { sha256Hex } from '../lib/crypto';
import type { SeedContext } from './context';

/** The demo's one-time pick-up code for 陽翔 (README), valid until the end of the seeding day. */
export const DEMO_PICKUP_CODE = '246802';

/**
 * A morning at さくら保育園's gate (staff.md §6, §7): every child enrolled today who is not absent
 * and has no arrival yet came through the ゲートタブレット between 07:41 and 08:50 (only the times
 * already past when seeding), one of them scanned twice within the minute (ignored). 陽翔's main
 * guardian issued a pick-up code for his aunt.
 */
export async function seedKiosk({ db, ids, now }: SeedContext, staff: { kioskDevice: number }): Promise<void> {
  const today = tokyoDate(now);
  const company = ids.companies.sakura;
  const facility = ids.facilities.sakura;
  const enrolled = await db
    .select({ noteChildId: noteChildren.id, arrived: childAttendances.id, absent: attendanceReports.id })
    .from(noteChildren)
    .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, today)))
    .leftJoin(
      attendanceReports,
      and(
        eq(attendanceReports.noteChildId, noteChildren.id),
        eq(attendanceReports.targetDate, today),
        eq(attendanceReports.statusId, 3),
      ),
    )
    .where(and(eq(noteChildren.facilityId, facility), enrolmentCovers(noteChildren, today)))
    .orderBy(asc(noteChildren.id));
  const arriving = enrolled.filter((c) => c.arrived === null && c.absent === null);
  for (const [i, child] of arriving.entries()) {
    const minutes = 7 * 60 + 41 + ((i * 7) % 70);
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const at = tokyoInstant(today, time);
    if (at > now) continue;
    const scan = {
      companyId: company,
      facilityId: facility,
      deviceId: staff.kioskDevice,
      noteChildId: child.noteChildId,
      kind: 'arrival',
      date: today,
      receivedAt: new Date(at.getTime() + 2000),
    };
    await db.insert(kioskScans).values([
      { ...scan, id: randomUUID(), scannedAt: at, status: 'recorded' },
      // The guardian held the QR up twice: the second, 20 s later, was ignored.
      ...(i === 0 ? [{ ...scan, id: randomUUID(), scannedAt: new Date(at.getTime() + 20_000), status: 'ignored_repeat' }] : []),
    ]);
    await db.insert(childAttendances).values({
      companyId: company,
      noteChildId: child.noteChildId,
      date: today,
      arrivedAt: time,
      source: 'kiosk',
      deviceId: staff.kioskDevice,
      updatedAt: scan.receivedAt,
    });
  }
  await db.insert(pickupCodes).values({
    companyId: company,
    childId: ids.children.haruto,
    name: '山田 花子（叔母）',
    codeHash: sha256Hex(DEMO_PICKUP_CODE),
    expiresAt: tokyoInstant(addDays(today, 1)),
    createdBy: ids.users.main,
    createdAt: now,
  });
}
