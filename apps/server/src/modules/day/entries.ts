import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  absenceTypeLabels,
  addDays,
  dailyNoteWritableDays,
  isCalendarDate,
  attendanceStatus,
  defecations,
  notifiableDiseases,
  type DayContactBook,
  type GuardianReport,
  type InboxItem,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  attendanceReportDiseases,
  attendanceReports,
  children,
  classes,
  diseases,
  familyInformation,
  noteChildren,
  users,
} from '../../db/schema';
import { childName } from '../../lib/child-names';
import { invalid } from '../../lib/errors';
import { mayWriteClass, type FacilityGrant } from '../access';

/** What the inbox, 確認 and the board share: the day's reports and contact books, as rows and as the contract shows them. */

/** The day a call names: a real calendar date (the contract already refuses others), today by default. */
export function parseDay(date: string | undefined, today: string): string {
  if (date === undefined) return today;
  if (!isCalendarDate(date)) throw invalid('date', '日付の形式が正しくありません');
  return date;
}

/** Writable days, as the daily notes (staff.md §4: read-only after 7 days); never a future day. */
export const writableDay = (date: string, today: string) => date <= today && date >= addDays(today, -dailyNoteWritableDays);

const confirmer = alias(users, 'confirmer');
export const recorder = alias(users, 'recorder');
export const notifiable = new Set(notifiableDiseases);

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

/** An inbox entry's child, class and confirmer, as both lists select them. */
const entryColumns = {
  noteChildId: noteChildren.id,
  childId: children.id,
  childName,
  classId: classes.id,
  className: classes.name,
  confirmerName: confirmer.name,
};

/** The day's absences and time changes with child, class, confirmer and diseases: one statement. */
export function reportRows(db: Db, scope: Scope) {
  return db
    .select({
      report: attendanceReports,
      ...entryColumns,
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
export function contactBookRows(db: Db, scope: Scope) {
  return db
    .select({
      book: familyInformation,
      ...entryColumns,
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

export function presentReport(row: ReportRow): GuardianReport {
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

export function presentContactBook(row: BookRow): DayContactBook {
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

export const reportItem = (grant: FacilityGrant, row: ReportRow): InboxItem => ({
  key: `report:${row.report.id}`,
  child: { id: row.childId, name: row.childName },
  class: classOf(row),
  can_write: mayWriteClass(grant, row.classId),
  report: presentReport(row),
  contact_book: null,
});

export const bookItem = (grant: FacilityGrant, row: BookRow): InboxItem => ({
  key: `contact_book:${row.book.id}`,
  child: { id: row.childId, name: row.childName },
  class: classOf(row),
  can_write: mayWriteClass(grant, row.classId),
  report: null,
  contact_book: presentContactBook(row),
});

export const sentAt = (item: InboxItem) => item.report?.sent_at ?? item.contact_book?.sent_at ?? '';
