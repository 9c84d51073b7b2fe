import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  absenceTypeLabels,
  addDays,
  dailyNoteWritableDays,
  isCalendarDate,
  attendanceStatus,
  dayMessages,
  defecations,
  notifiableDiseases,
  type Board,
  type BoardChild,
  type ChildAttendanceBody,
  type DayContactBook,
  type GuardianReport,
  type Inbox,
  type InboxItem,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  attendanceReportDiseases,
  attendanceReports,
  childAttendances,
  children,
  classes,
  diseases,
  familyInformation,
  noteChildren,
  schedules,
  users,
} from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { enrolmentCovers, mayWriteClass, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../staff/service';

/*
 * The day (staff.md §4): the inbox of what guardians sent for a day, 確認 and replies, and the class
 * board. Every read is a fixed number of statements whatever the class or facility size: reports,
 * contact books and the children are three statements, run side by side.
 */

type Klass = typeof classes.$inferSelect;

/** The day a call names: a real calendar date (the contract already refuses others), today by default. */
export function parseDay(date: string | undefined, today: string): string {
  if (date === undefined) return today;
  if (!isCalendarDate(date)) throw invalid('date', '日付の形式が正しくありません');
  return date;
}

/** Writable days, as the daily notes (staff.md §4: read-only after 7 days); never a future day. */
const writableDay = (date: string, today: string) => date <= today && date >= addDays(today, -dailyNoteWritableDays);

const confirmer = alias(users, 'confirmer');
const recorder = alias(users, 'recorder');
const notifiable = new Set(notifiableDiseases);

/** Which entries a read covers: a facility's day, optionally one class, or one entry. */
interface Scope {
  facilityId: number;
  date?: string;
  classId?: number;
  reportId?: number;
  contactBookId?: number;
}

const scopeWhere = (scope: Scope, dateColumn: typeof attendanceReports.targetDate | typeof familyInformation.contactOn) =>
  and(
    eq(noteChildren.facilityId, scope.facilityId),
    scope.date !== undefined ? eq(dateColumn, scope.date) : undefined,
    scope.classId !== undefined ? eq(noteChildren.classId, scope.classId) : undefined,
  );

const childName = sql<string>`${children.lastName} || ' ' || ${children.firstName}`;

/** The day's absences and time changes with child, class, confirmer and diseases: one statement. */
function reportRows(db: Db, scope: Scope) {
  return db
    .select({
      report: attendanceReports,
      noteChildId: noteChildren.id,
      childId: children.id,
      childName,
      classId: classes.id,
      className: classes.name,
      confirmerName: confirmer.name,
      diseases: sql<string[]>`coalesce((select json_agg(d.name order by d.sort_order, d.id)
        from ${attendanceReportDiseases} ard join ${diseases} d on d.id = ard.disease_id
        where ard.attendance_report_id = ${attendanceReports.id}), '[]'::json)`,
    })
    .from(attendanceReports)
    .innerJoin(noteChildren, eq(noteChildren.id, attendanceReports.noteChildId))
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .leftJoin(confirmer, eq(confirmer.id, attendanceReports.confirmedBy))
    .where(
      and(
        scopeWhere(scope, attendanceReports.targetDate),
        scope.reportId !== undefined ? eq(attendanceReports.id, scope.reportId) : undefined,
      ),
    )
    .orderBy(desc(attendanceReports.createdAt), desc(attendanceReports.id));
}

/** The day's sent contact books with child, class, confirmer and replier: one statement. */
function contactBookRows(db: Db, scope: Scope) {
  return db
    .select({
      book: familyInformation,
      noteChildId: noteChildren.id,
      childId: children.id,
      childName,
      classId: classes.id,
      className: classes.name,
      confirmerName: confirmer.name,
    })
    .from(familyInformation)
    .innerJoin(noteChildren, eq(noteChildren.id, familyInformation.noteChildId))
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .leftJoin(confirmer, eq(confirmer.id, familyInformation.confirmedBy))
    .where(
      and(
        scopeWhere(scope, familyInformation.contactOn),
        eq(familyInformation.isSent, true),
        scope.contactBookId !== undefined ? eq(familyInformation.id, scope.contactBookId) : undefined,
      ),
    )
    .orderBy(desc(familyInformation.sentAt), desc(familyInformation.id));
}

type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];
type BookRow = Awaited<ReturnType<typeof contactBookRows>>[number];

const kindOf = (statusId: number): GuardianReport['kind'] =>
  statusId === attendanceStatus.absence ? 'absence' : statusId === attendanceStatus.arrival ? 'arrival' : 'pick_up';

function presentReport(row: ReportRow): GuardianReport {
  const r = row.report;
  const kind = kindOf(r.statusId);
  return {
    id: r.id,
    kind,
    time: (kind === 'arrival' ? r.attendanceTime : kind === 'pick_up' ? r.leavingTime : null)?.slice(0, 5) ?? null,
    absence_reason: kind === 'absence' && r.absenceType ? (absenceTypeLabels[r.absenceType] ?? null) : null,
    diseases: row.diseases.map((name) => ({ name, notifiable: notifiable.has(name) })),
    message: r.message,
    sent_at: r.createdAt.toISOString(),
    confirmed: r.confirmedAt ? { at: r.confirmedAt.toISOString(), by_name: row.confirmerName } : null,
  };
}

function presentContactBook(row: BookRow): DayContactBook {
  const b = row.book;
  const defecation = defecations.find((d) => d.category_id === b.defecationCategoryId && d.status_id === b.defecationStatusId);
  return {
    id: b.id,
    sent_at: (b.sentAt ?? b.updatedAt).toISOString(),
    sleep: { started_at: b.sleepStartedAt, ended_at: b.sleepEndedAt },
    temperature: b.temperature != null ? Number(b.temperature).toFixed(1) : null,
    thermometry_done_at: b.thermometryDoneAt,
    defecation: defecation?.name ?? null,
    defecation_done_at: b.defecationDoneAt,
    dinner: b.dinner ?? '',
    breakfast: b.breakfast ?? '',
    message: b.message ?? '',
    is_participate: b.isParticipate,
    confirmed: b.confirmedAt ? { at: b.confirmedAt.toISOString(), by_name: row.confirmerName } : null,
    reply:
      b.staffReply && b.staffReplyAt ? { text: b.staffReply, at: b.staffReplyAt.toISOString(), by_name: b.staffReplyName } : null,
  };
}

const classOf = (row: { classId: number | null; className: string | null }) =>
  row.classId !== null ? { id: row.classId, name: row.className ?? '' } : null;

const reportItem = (grant: FacilityGrant, row: ReportRow): InboxItem => ({
  key: `report:${row.report.id}`,
  child: { id: row.childId, name: row.childName },
  class: classOf(row),
  can_write: mayWriteClass(grant, row.classId),
  report: presentReport(row),
  contact_book: null,
});

const bookItem = (grant: FacilityGrant, row: BookRow): InboxItem => ({
  key: `contact_book:${row.book.id}`,
  child: { id: row.childId, name: row.childName },
  class: classOf(row),
  can_write: mayWriteClass(grant, row.classId),
  report: null,
  contact_book: presentContactBook(row),
});

const sentAt = (item: InboxItem) => item.report?.sent_at ?? item.contact_book?.sent_at ?? '';

/** The inbox of a facility's day, of one class when given: two statements. */
export async function loadInbox(db: Db, grant: FacilityGrant, date: string, classId: number | undefined): Promise<Inbox> {
  const scope = { facilityId: grant.facilityId, date, classId };
  const [reports, books, klass] = await Promise.all([
    reportRows(db, scope),
    contactBookRows(db, scope),
    classId === undefined
      ? [{ id: 0 }]
      : db
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.id, classId), eq(classes.facilityId, grant.facilityId))),
  ]);
  // Another facility's class does not exist for them.
  if (klass.length === 0) throw notFound();
  const items = [...reports.map((r) => reportItem(grant, r)), ...books.map((b) => bookItem(grant, b))];
  items.sort((a, b) => (sentAt(a) < sentAt(b) ? 1 : sentAt(a) > sentAt(b) ? -1 : a.key.localeCompare(b.key)));
  return { date, items };
}

/** Where an entry lives: its facility (for the grant), its enrolment's class and child. One statement. */
export async function entryPlace(db: Db, kind: 'report' | 'contact_book', id: number) {
  const table = kind === 'report' ? attendanceReports : familyInformation;
  const [row] = await db
    .select({ facilityId: noteChildren.facilityId, classId: noteChildren.classId, childId: noteChildren.childId })
    .from(table)
    .innerJoin(noteChildren, eq(noteChildren.id, table.noteChildId))
    .where(and(eq(table.id, id), kind === 'contact_book' ? eq(familyInformation.isSent, true) : undefined));
  if (!row) throw notFound();
  return row;
}

export function assertMayWrite(grant: FacilityGrant, classId: number | null) {
  if (!mayWriteClass(grant, classId)) throw forbidden();
}

/** 確認 of a report: who and when (the first confirmation stays), read_at set if unread; audited. */
export async function confirmReport(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  place: EntryPlace,
  id: number,
  now: Date,
): Promise<InboxItem> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .update(attendanceReports)
      .set({
        confirmedAt: sql`coalesce(${attendanceReports.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        confirmedBy: sql`coalesce(${attendanceReports.confirmedBy}, ${staff.userId})`,
        readAt: sql`coalesce(${attendanceReports.readAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(attendanceReports.id, id))
      .returning({ companyId: attendanceReports.companyId, date: attendanceReports.targetDate });
    if (!row) throw notFound();
    await recordAudit(tx, staff, now, {
      companyId: row.companyId,
      facilityId: grant.facilityId,
      action: 'day.report.confirm',
      targetType: 'attendance_report',
      targetId: id,
      childId: place.childId,
      details: { date: row.date },
    });
  });
  const [row] = await reportRows(db, { facilityId: grant.facilityId, reportId: id });
  return reportItem(grant, row!);
}

export type EntryPlace = Awaited<ReturnType<typeof entryPlace>>;

/** 確認 of a contact book, with a reply when given (a reply also confirms); audited with the text. */
export async function confirmFamilyContactBook(
  db: Db,
  staff: StaffViewer,
  staffName: string,
  grant: FacilityGrant,
  place: EntryPlace,
  id: number,
  reply: string | null,
  now: Date,
): Promise<InboxItem> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .update(familyInformation)
      .set({
        confirmedAt: sql`coalesce(${familyInformation.confirmedAt}, ${at})`,
        confirmedBy: sql`coalesce(${familyInformation.confirmedBy}, ${staff.userId})`,
        ...(reply !== null
          ? { staffReply: reply, staffReplyAt: now, staffReplyBy: staff.userId, staffReplyName: staffName }
          : {}),
      })
      .where(and(eq(familyInformation.id, id), eq(familyInformation.isSent, true)))
      .returning({ companyId: familyInformation.companyId, date: familyInformation.contactOn });
    if (!row) throw notFound();
    await recordAudit(tx, staff, now, {
      companyId: row.companyId,
      facilityId: grant.facilityId,
      action: reply !== null ? 'day.contact_book.reply' : 'day.contact_book.confirm',
      targetType: 'family_information',
      targetId: id,
      childId: place.childId,
      details: reply !== null ? { date: row.date, reply } : { date: row.date },
    });
  });
  const [row] = await contactBookRows(db, { facilityId: grant.facilityId, contactBookId: id });
  return bookItem(grant, row!);
}

/** The class's enrolled children of the day with schedule and actual times: one statement. */
function boardChildRows(db: Db, classId: number, date: string) {
  return db
    .select({
      noteChildId: noteChildren.id,
      companyId: noteChildren.companyId,
      childId: children.id,
      name: childName,
      kana: sql<string>`${children.lastNameKana} || ' ' || ${children.firstNameKana}`,
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
    const tx = t as unknown as Db;
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

/**
 * A fingerprint of the facility's day: count and latest change of its reports, sent contact books
 * and attendances. One statement on indexed lookups; the screens poll it and refetch on a change
 * (docs/decisions/day-live-updates.md).
 */
export async function dayVersion(db: Db, facilityId: number, date: string): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    select concat_ws('/',
      (select count(*) || ':' || coalesce(max(greatest(ar.created_at, ar.confirmed_at))::text, '')
         from ${attendanceReports} ar join ${noteChildren} nc on nc.id = ar.note_child_id
        where nc.facility_id = ${facilityId} and ar.target_date = ${date}),
      (select count(*) || ':' || coalesce(max(greatest(fi.sent_at, fi.confirmed_at, fi.staff_reply_at))::text, '')
         from ${familyInformation} fi join ${noteChildren} nc on nc.id = fi.note_child_id
        where nc.facility_id = ${facilityId} and fi.contact_on = ${date} and fi.is_sent),
      (select count(*) || ':' || coalesce(max(ca.updated_at)::text, '')
         from ${childAttendances} ca join ${noteChildren} nc on nc.id = ca.note_child_id
        where nc.facility_id = ${facilityId} and ca.date = ${date})
    ) as version`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { version: string }[] }).rows) as { version: string }[];
  return rows[0]!.version;
}
