import { and, asc, eq } from 'drizzle-orm';
import { dayMessages, type Board, type BoardChild, type ChildAttendanceBody, type GuardianReport } from '@renraku/contract';
import type { Db } from '../../db/client';
import { childAttendances, children, classes, noteChildren, schedules } from '../../db/schema';
import { childKana, childName } from '../../lib/child-names';
import { invalid } from '../../lib/errors';
import { enrolmentCovers, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { contactBookRows, parseDay, presentContactBook, presentReport, recorder, reportRows, writableDay } from './entries';

type Klass = typeof classes.$inferSelect;

/** The class's enrolled children of the day with schedule and actual times: one statement. */
function boardChildRows(db: Db, classId: number, date: string) {
  return db
    .select({
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      childId: children.id,
      name: childName,
      kana: childKana,
      allergies: children.allergies,
      schedule: {
        isAbsent: schedules.isAbsent,
        attendanceTime: schedules.attendanceTime,
        leavingTime: schedules.leavingTime,
      },
      actual: {
        arrivedAt: childAttendances.arrivedAt,
        pickedUpAt: childAttendances.pickedUpAt,
        source: childAttendances.source,
      },
      recorderName: recorder.name,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(schedules, and(eq(schedules.noteChildId, noteChildren.id), eq(schedules.date, date)))
    .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
    .leftJoin(recorder, eq(recorder.id, childAttendances.recordedBy))
    .where(and(eq(noteChildren.classId, classId), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
}

/** The class board of a day: three statements whatever the class size. */
export async function loadBoard(db: Db, klass: Klass, date: string, canWrite: boolean, today: string): Promise<Board> {
  const scope = { facilityId: klass.facilityId, date, classId: klass.id };
  const [rows, reports, books] = await Promise.all([
    boardChildRows(db, klass.id, date),
    reportRows(db, scope),
    contactBookRows(db, scope),
  ]);
  const reportsOf = new Map<number, GuardianReport[]>();
  for (const r of reports) reportsOf.set(r.noteChildId, [...(reportsOf.get(r.noteChildId) ?? []), presentReport(r)]);
  const bookOf = new Map(books.map((b) => [b.noteChildId, presentContactBook(b)]));
  const boardChildren: BoardChild[] = rows.map((row) => ({
    child_id: row.childId,
    name: row.name,
    kana: row.kana,
    allergies: row.allergies.trim(),
    planned: row.schedule
      ? {
          absent: row.schedule.isAbsent,
          arrival: row.schedule.attendanceTime?.slice(0, 5) ?? null,
          pick_up: row.schedule.leavingTime?.slice(0, 5) ?? null,
        }
      : null,
    reports: (reportsOf.get(row.noteChildId) ?? []).reverse(),
    contact_book: bookOf.get(row.noteChildId) ?? null,
    actual: row.actual
      ? {
          arrived_at: row.actual.arrivedAt,
          picked_up_at: row.actual.pickedUpAt,
          source: row.actual.source === 'kiosk' ? 'kiosk' : 'staff',
          recorded_by_name: row.recorderName,
        }
      : null,
  }));
  const infection_alerts = boardChildren.flatMap((child) => {
    const named = child.reports.flatMap((r) => (r.kind === 'absence' ? r.diseases.filter((d) => d.notifiable) : []));
    return named.length > 0 ? [{ child_name: child.name, diseases: [...new Set(named.map((d) => d.name))] }] : [];
  });
  return {
    date,
    class: { id: klass.id, name: klass.name, facility_id: klass.facilityId },
    can_write: canWrite && writableDay(date, today),
    can_confirm: canWrite,
    infection_alerts,
    children: boardChildren,
  };
}

/**
 * Staff enter or correct a child's actual times on the board (source 'staff'); the gate kiosk will
 * write the same row (source 'kiosk'). Upsert on (enrolment, day); audited with the times before.
 */
export async function saveChildAttendance(
  db: Db,
  staff: StaffViewer,
  klass: Klass,
  body: ChildAttendanceBody,
  now: Date,
): Promise<Board> {
  const date = parseDay(body.date, staff.today);
  if (date > staff.today) throw invalid('date', dayMessages.futureDay);
  if (!writableDay(date, staff.today)) throw invalid('date', dayMessages.pastDay);
  await db.transaction(async (t) => {
    const tx: Db = t;
    const [row] = await tx
      .select({
        noteChildId: noteChildren.id,
        companyId: noteChildren.companyId,
        before: { arrivedAt: childAttendances.arrivedAt, pickedUpAt: childAttendances.pickedUpAt },
      })
      .from(noteChildren)
      .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
      .where(
        and(eq(noteChildren.childId, body.child_id), eq(noteChildren.classId, klass.id), enrolmentCovers(noteChildren, date)),
      )
      .limit(1);
    if (!row) throw invalid('child_id', dayMessages.notInClass);
    const values = {
      arrivedAt: body.arrived_at,
      pickedUpAt: body.picked_up_at,
      source: 'staff',
      recordedBy: staff.userId,
      deviceId: null,
      updatedAt: now,
    };
    await tx
      .insert(childAttendances)
      .values({ companyId: row.companyId, noteChildId: row.noteChildId, date, ...values })
      .onConflictDoUpdate({ target: [childAttendances.noteChildId, childAttendances.date], set: values });
    await recordAudit(tx, staff, now, {
      companyId: row.companyId,
      facilityId: klass.facilityId,
      action: 'day.attendance.update',
      targetType: 'child_attendance',
      childId: body.child_id,
      details: {
        date,
        arrived_at: body.arrived_at,
        picked_up_at: body.picked_up_at,
        before: row.before ? { arrived_at: row.before.arrivedAt, picked_up_at: row.before.pickedUpAt } : null,
      },
    });
  });
  return loadBoard(db, klass, date, true, staff.today);
}
