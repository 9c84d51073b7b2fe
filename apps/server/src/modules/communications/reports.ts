import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  absenceMonthsAhead,
  absenceTypes,
  attendanceStatus,
  communicationMessages as M,
  dedupeWindowSeconds,
  endOfMonthAfter,
  monthDayShortLabel,
  type AttendanceItem,
  type BodyOf,
  type postAbsence,
  type postAttendance,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { attendanceReportDiseases, attendanceReports, diseases } from '../../db/schema';
import { conflict, HttpError, invalid, invalidMany } from '../../lib/errors';
import type { EnrolledGrant } from '../access';
import { presentAttendance } from './presenter';
import { checkDate, openWindows } from './schedule-check';

/*
 * Attendance changes and absences (F §2 Communications). Double submit: one lock per enrolment,
 * and a repeat of the same request within seconds is a no-op (docs/decisions/communications-double-submit.md).
 */

const LOCK_NAMESPACE = 5005;

const requestHash = (kind: string, userId: number, childId: number, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([kind, userId, childId, body]))
    .digest('hex');

async function withEnrolmentLock<T>(ctx: AppContext, noteChildId: number, work: (db: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // Serialises sends for one child so the duplicate and "already absent" checks cannot race.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${noteChildId})`);
    return work(tx);
  });
}

async function isRecentDuplicate(db: Db, noteChildId: number, hash: string, now: Date) {
  const since = new Date(now.getTime() - dedupeWindowSeconds * 1000);
  const [row] = await db
    .select({ id: attendanceReports.id })
    .from(attendanceReports)
    .where(
      and(
        eq(attendanceReports.noteChildId, noteChildId),
        eq(attendanceReports.requestHash, hash),
        gt(attendanceReports.createdAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether the child's report with this device id is stored (the key's partial index). */
async function storedWithKey(db: Db, noteChildId: number, clientKey: string | null) {
  if (!clientKey) return false;
  const [row] = await db
    .select({ id: attendanceReports.id })
    .from(attendanceReports)
    .where(and(eq(attendanceReports.noteChildId, noteChildId), eq(attendanceReports.clientKey, clientKey)))
    .limit(1);
  return !!row;
}

async function absentDates(db: Db, noteChildId: number, dates: string[]) {
  const rows = await db
    .select({ date: attendanceReports.targetDate })
    .from(attendanceReports)
    .where(
      and(
        eq(attendanceReports.noteChildId, noteChildId),
        eq(attendanceReports.statusId, attendanceStatus.absence),
        inArray(attendanceReports.targetDate, dates),
      ),
    );
  return new Set(rows.map((r) => r.date));
}

export async function isAbsence(ctx: AppContext, access: EnrolledGrant, date: string) {
  return { result: (await absentDates(ctx.db, access.enrolment.id, [date])).size > 0 };
}

export async function sendAttendanceChange(
  ctx: AppContext,
  access: EnrolledGrant,
  userId: number,
  body: BodyOf<typeof postAttendance>,
  now: Date,
  today: string,
  clientKey: string | null = null,
) {
  // A repeat delivery is answered before the checks: its day may have passed while it was queued.
  if (await storedWithKey(ctx.db, access.enrolment.id, clientKey)) return { result: true, replayed: true };
  const check = checkDate(
    body.targetDate,
    today,
    await openWindows(ctx.db, access.enrolment.facilityId, [body.targetDate], today),
  );
  if (!check.result) throw invalid('targetDate', check.message!);
  const arrival = body.attendanceType === attendanceStatus.arrival;
  const time = arrival ? body.attendanceTime : body.leavingTime;
  if (!time) throw invalid(arrival ? 'attendanceTime' : 'leavingTime', M.timeRequired);
  const message = arrival ? body.attendanceText : body.leavingText;
  const hash = requestHash('attendance', userId, access.child.id, body);

  const replayed = await withEnrolmentLock(ctx, access.enrolment.id, async (db) => {
    if (await storedWithKey(db, access.enrolment.id, clientKey)) return true;
    if (await isRecentDuplicate(db, access.enrolment.id, hash, now)) return false;
    if ((await absentDates(db, access.enrolment.id, [body.targetDate])).size > 0) throw conflict(M.alreadyAbsent);
    await db.insert(attendanceReports).values({
      companyId: access.enrolment.companyId,
      noteChildId: access.enrolment.id,
      targetDate: body.targetDate,
      statusId: body.attendanceType,
      attendanceTime: arrival ? time : null,
      leavingTime: arrival ? null : time,
      message,
      requestHash: hash,
      clientKey,
      createdBy: userId,
      createdAt: now,
    });
    return false;
  });
  return { result: true, replayed };
}

export async function sendAbsence(
  ctx: AppContext,
  access: EnrolledGrant,
  userId: number,
  body: BodyOf<typeof postAbsence>,
  now: Date,
  today: string,
  clientKey: string | null = null,
) {
  if (await storedWithKey(ctx.db, access.enrolment.id, clientKey)) return { result: true, replayed: true };
  const dates = body.absenceDates;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    if (!(errors[field] ??= []).includes(message)) errors[field].push(message);
  };

  if (new Set(dates).size !== dates.length) add('absenceDates', M.duplicateDates);
  const limit = endOfMonthAfter(dates[0]!, absenceMonthsAhead);
  const windows = await openWindows(ctx.db, access.enrolment.facilityId, dates, today);
  dates.forEach((date, i) => {
    const check = checkDate(date, today, windows);
    if (!check.result) add(`absenceDates.${i}`, check.message!);
    else if (date > limit || date < dates[0]!) add(`absenceDates.${i}`, M.absenceDateTooFar);
  });
  const diseaseIds = [...new Set(body.diseases)];
  if (body.absenceType === absenceTypes.sick && diseaseIds.length === 0) add('diseases', M.diseaseRequired);
  if (diseaseIds.length > 0) {
    const known = await ctx.db.select({ id: diseases.id }).from(diseases).where(inArray(diseases.id, diseaseIds));
    if (known.length !== diseaseIds.length) add('diseases', M.diseaseUnknown);
  }
  if (Object.keys(errors).length > 0) throw invalidMany(errors);

  const hash = requestHash('absence', userId, access.child.id, body);
  const replayed = await withEnrolmentLock(ctx, access.enrolment.id, async (db) => {
    if (await storedWithKey(db, access.enrolment.id, clientKey)) return true;
    if (await isRecentDuplicate(db, access.enrolment.id, hash, now)) return false;
    const already = await absentDates(db, access.enrolment.id, dates);
    if (already.size > 0) {
      const errors = Object.fromEntries(
        dates.flatMap((d, i) => (already.has(d) ? [[`absenceDates.${i}`, [M.absenceAlreadySentOn(monthDayShortLabel(d))]]] : [])),
      );
      throw new HttpError(422, M.absenceAlreadySent, errors);
    }
    // Personal absences name no disease.
    const named = body.absenceType === absenceTypes.sick ? diseaseIds : [];
    const inserted = await db
      .insert(attendanceReports)
      .values(
        dates.map((date) => ({
          companyId: access.enrolment.companyId,
          noteChildId: access.enrolment.id,
          targetDate: date,
          statusId: attendanceStatus.absence,
          absenceType: body.absenceType,
          message: body.message,
          requestHash: hash,
          clientKey,
          createdBy: userId,
          createdAt: now,
        })),
      )
      .returning({ id: attendanceReports.id });
    if (named.length > 0) {
      await db
        .insert(attendanceReportDiseases)
        .values(
          inserted.flatMap(({ id }) =>
            named.map((diseaseId) => ({ attendanceReportId: id, diseaseId, companyId: access.enrolment.companyId })),
          ),
        );
    }
    return false;
  });
  return { result: true, replayed };
}

/** History of the child's changes or absences (for one target date when given), newest first. Two queries. */
export async function listAttendances(
  ctx: AppContext,
  access: EnrolledGrant,
  query: { target_date?: string; attendance_status_type: 'change' | 'absence' },
): Promise<AttendanceItem[]> {
  const statuses =
    query.attendance_status_type === 'absence' ? [attendanceStatus.absence] : [attendanceStatus.arrival, attendanceStatus.pickUp];
  const rows = await ctx.db
    .select()
    .from(attendanceReports)
    .where(
      and(
        eq(attendanceReports.noteChildId, access.enrolment.id),
        inArray(attendanceReports.statusId, statuses),
        query.target_date ? eq(attendanceReports.targetDate, query.target_date) : undefined,
      ),
    )
    .orderBy(desc(attendanceReports.createdAt), desc(attendanceReports.id))
    .limit(100);
  const names = new Map<number, { name: string }[]>();
  if (rows.some((r) => r.statusId === attendanceStatus.absence)) {
    const linked = await ctx.db
      .select({ reportId: attendanceReportDiseases.attendanceReportId, name: diseases.name })
      .from(attendanceReportDiseases)
      .innerJoin(diseases, eq(diseases.id, attendanceReportDiseases.diseaseId))
      .where(
        inArray(
          attendanceReportDiseases.attendanceReportId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(diseases.sortOrder), asc(diseases.id));
    for (const l of linked) names.set(l.reportId, [...(names.get(l.reportId) ?? []), { name: l.name }]);
  }
  return rows.map((r) => presentAttendance(r, names.get(r.id) ?? []));
}

export async function listDiseases(ctx: AppContext) {
  const rows = await ctx.db.select().from(diseases).orderBy(asc(diseases.sortOrder), asc(diseases.id));
  return rows.map((d) => ({ id: d.id, name: d.name, type: d.type === 'symptom' ? ('symptom' as const) : ('disease' as const) }));
}

/** For the staff console to come: the facility has read these reports. */
export async function markAttendanceReportsRead(db: Db, ids: number[], at: Date) {
  if (ids.length > 0) await db.update(attendanceReports).set({ readAt: at }).where(inArray(attendanceReports.id, ids));
}
