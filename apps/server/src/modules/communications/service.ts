import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  absenceMonthsAhead,
  absenceTypes,
  attendanceStatus,
  communicationMessages as M,
  dedupeWindowSeconds,
  defaultFocusHours,
  defecations,
  hourOptions,
  limits,
  mealCategories,
  minuteOptions,
  poolSeason,
  temperatureOptions,
  type AttendanceItem,
  type BodyOf,
  type FamilyInfoEntry,
  type ResponseOf,
  type ScheduleCheck,
  type getFamiliesInformation,
  type postAbsence,
  type postAttendance,
  type postFamiliesInformation,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  attendanceReportDiseases,
  attendanceReports,
  childUser,
  children,
  diseases,
  facilities,
  familyInformation,
  noteChildren,
  scheduleWindows,
  schedules,
} from '../../db/schema';
import { addDaysToDate, tokyoDate } from '../../lib/clock';
import { conflict, HttpError, invalid, invalidMany } from '../../lib/errors';
import { currentEnrolment } from '../children/service';
import { callerValues, confirmCaller, sessionStateOfCaller, sessionUserId, type Caller } from '../auth/session';
import type { ChildAccess } from './policy';

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/** `M月D日` of a `YYYY-MM-DD`. */
export const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** The last day of the month `months` after the month of `date`. */
export function endOfMonthAfter(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const last = new Date(Date.UTC(y, m + 1, 0));
  return last.toISOString().slice(0, 10);
}

export const canShowPool = (date: string) => date.slice(5) >= poolSeason.from && date.slice(5) <= poolSeason.to;

// ---------------------------------------------------------------------------------------------
// Schedule check (docs/decisions/communications-schedule-check.md)
// ---------------------------------------------------------------------------------------------

type Window = { firstDay: string; lastDay: string; deadline: string };

/** Schedule windows of the facility still open for registration (deadline ≥ today) that touch the dates. */
async function openWindows(db: Db, facilityId: number, dates: string[], today: string): Promise<Window[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  return db
    .select({ firstDay: scheduleWindows.firstDay, lastDay: scheduleWindows.lastDay, deadline: scheduleWindows.deadline })
    .from(scheduleWindows)
    .where(
      and(
        eq(scheduleWindows.facilityId, facilityId),
        gte(scheduleWindows.deadline, today),
        lte(scheduleWindows.firstDay, sorted[sorted.length - 1]!),
        gte(scheduleWindows.lastDay, sorted[0]!),
      ),
    );
}

/**
 * "Not allowed": a past date, or a date inside a schedule window whose registration is still
 * open — the guardian changes the schedule itself on the schedule screen instead.
 */
function checkDate(date: string, today: string, windows: Window[]): ScheduleCheck {
  if (date < today)
    return { scheduledFirstDay: null, scheduledLastDay: null, type: 'past', deadline: null, result: false, message: M.pastDate };
  const window = windows.find((w) => w.firstDay <= date && date <= w.lastDay);
  if (window) {
    return {
      scheduledFirstDay: window.firstDay,
      scheduledLastDay: window.lastDay,
      type: 'rangeScheduled',
      deadline: window.deadline,
      result: false,
      message: M.scheduleRange(monthDay(window.firstDay), monthDay(window.lastDay), monthDay(window.deadline)),
    };
  }
  return { scheduledFirstDay: null, scheduledLastDay: null, type: null, deadline: null, result: true, message: null };
}

export async function checkTargetDate(ctx: AppContext, access: ChildAccess, date: string, today: string): Promise<ScheduleCheck> {
  return checkDate(date, today, await openWindows(ctx.db, access.facilityId, [date], today));
}

export async function scheduleByDate(ctx: AppContext, access: ChildAccess, date: string) {
  const [row] = await ctx.db
    .select({ attendanceTime: schedules.attendanceTime, leavingTime: schedules.leavingTime, isAbsent: schedules.isAbsent })
    .from(schedules)
    .where(and(eq(schedules.noteChildId, access.noteChildId), eq(schedules.date, date)));
  const attending = row && !row.isAbsent;
  return { data: { attendance_time: attending ? row.attendanceTime : null, leaving_time: attending ? row.leavingTime : null } };
}

// ---------------------------------------------------------------------------------------------
// Double submit: one lock per enrolment, and a repeat of the same request within seconds is a no-op
// ---------------------------------------------------------------------------------------------

const LOCK_NAMESPACE = 5005;

const requestHash = (kind: string, userId: number, childId: number, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([kind, userId, childId, body]))
    .digest('hex');

async function withEnrolmentLock<T>(ctx: AppContext, noteChildId: number, work: (db: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // Serialises sends for one child so the duplicate and "already absent" checks cannot race.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${noteChildId})`);
    return work(tx as unknown as Db);
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

export async function isAbsence(ctx: AppContext, access: ChildAccess, date: string) {
  return { result: (await absentDates(ctx.db, access.noteChildId, [date])).size > 0 };
}

// ---------------------------------------------------------------------------------------------
// Attendance changes and absences
// ---------------------------------------------------------------------------------------------

export async function sendAttendanceChange(
  ctx: AppContext,
  access: ChildAccess,
  userId: number,
  body: BodyOf<typeof postAttendance>,
  now: Date,
) {
  const today = tokyoDate(now);
  const check = checkDate(body.targetDate, today, await openWindows(ctx.db, access.facilityId, [body.targetDate], today));
  if (!check.result) throw invalid('targetDate', check.message!);
  const arrival = body.attendanceType === attendanceStatus.arrival;
  const time = arrival ? body.attendanceTime : body.leavingTime;
  if (!time) throw invalid(arrival ? 'attendanceTime' : 'leavingTime', M.timeRequired);
  const message = arrival ? body.attendanceText : body.leavingText;
  const hash = requestHash('attendance', userId, access.childId, body);

  await withEnrolmentLock(ctx, access.noteChildId, async (db) => {
    if (await isRecentDuplicate(db, access.noteChildId, hash, now)) return;
    if ((await absentDates(db, access.noteChildId, [body.targetDate])).size > 0) throw conflict(M.alreadyAbsent);
    await db.insert(attendanceReports).values({
      companyId: access.companyId,
      noteChildId: access.noteChildId,
      targetDate: body.targetDate,
      statusId: body.attendanceType,
      attendanceTime: arrival ? time : null,
      leavingTime: arrival ? null : time,
      message,
      requestHash: hash,
      createdBy: userId,
      createdAt: now,
    });
  });
  return { result: true };
}

export async function sendAbsence(
  ctx: AppContext,
  access: ChildAccess,
  userId: number,
  body: BodyOf<typeof postAbsence>,
  now: Date,
) {
  const today = tokyoDate(now);
  const dates = body.absenceDates;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    if (!(errors[field] ??= []).includes(message)) errors[field].push(message);
  };

  if (new Set(dates).size !== dates.length) add('absenceDates', M.duplicateDates);
  const limit = endOfMonthAfter(dates[0]!, absenceMonthsAhead);
  const windows = await openWindows(ctx.db, access.facilityId, dates, today);
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

  const hash = requestHash('absence', userId, access.childId, body);
  await withEnrolmentLock(ctx, access.noteChildId, async (db) => {
    if (await isRecentDuplicate(db, access.noteChildId, hash, now)) return;
    const already = await absentDates(db, access.noteChildId, dates);
    if (already.size > 0) {
      const errors = Object.fromEntries(
        dates.flatMap((d, i) => (already.has(d) ? [[`absenceDates.${i}`, [M.absenceAlreadySentOn(monthDay(d))]]] : [])),
      );
      throw new HttpError(422, M.absenceAlreadySent, errors);
    }
    // Personal absences name no disease.
    const named = body.absenceType === absenceTypes.sick ? diseaseIds : [];
    const inserted = await db
      .insert(attendanceReports)
      .values(
        dates.map((date) => ({
          companyId: access.companyId,
          noteChildId: access.noteChildId,
          targetDate: date,
          statusId: attendanceStatus.absence,
          absenceType: body.absenceType,
          message: body.message,
          requestHash: hash,
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
            named.map((diseaseId) => ({ attendanceReportId: id, diseaseId, companyId: access.companyId })),
          ),
        );
    }
  });
  return { result: true };
}

/** History of the child's changes or absences (for one target date when given), newest first. Two queries. */
export async function listAttendances(
  ctx: AppContext,
  access: ChildAccess,
  query: { target_date?: string; attendance_status_type: 'change' | 'absence' },
): Promise<AttendanceItem[]> {
  const statuses =
    query.attendance_status_type === 'absence' ? [attendanceStatus.absence] : [attendanceStatus.arrival, attendanceStatus.pickUp];
  const rows = await ctx.db
    .select()
    .from(attendanceReports)
    .where(
      and(
        eq(attendanceReports.noteChildId, access.noteChildId),
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
  return rows.map((r) => ({
    id: r.id,
    target_date: r.targetDate,
    attendance_status_id: r.statusId,
    attendance_time: r.attendanceTime,
    leaving_time: r.leavingTime,
    absence_type: r.absenceType,
    diseases: names.get(r.id) ?? [],
    message: r.message,
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt ? r.readAt.toISOString() : null,
  }));
}

export async function listDiseases(ctx: AppContext) {
  const rows = await ctx.db.select().from(diseases).orderBy(asc(diseases.sortOrder), asc(diseases.id));
  return rows.map((d) => ({ id: d.id, name: d.name, type: d.type === 'symptom' ? ('symptom' as const) : ('disease' as const) }));
}

/** For the staff console to come: the facility has read these reports. */
export async function markAttendanceReportsRead(db: Db, ids: number[], at: Date) {
  if (ids.length > 0) await db.update(attendanceReports).set({ readAt: at }).where(inArray(attendanceReports.id, ids));
}

// ---------------------------------------------------------------------------------------------
// Contact book (連絡帳)
// ---------------------------------------------------------------------------------------------

type FamilyRow = typeof familyInformation.$inferSelect;
interface EntryOwner {
  childId: number;
  childName: string;
  facilityName: string;
  noteChildId: number;
  writable: boolean;
}

export const familyInfoConst = (today: string) => ({
  today,
  defecations: defecations.map((d) => ({ ...d })),
  temperatures: [...temperatureOptions],
  hours: [...hourOptions],
  minutes: [...minuteOptions],
  defaultFocusHours: { ...defaultFocusHours },
  maxTextLength: limits.contactBookText,
});

const isEditableDay = (date: string, today: string) => date === today || date === addDaysToDate(today, 1);

export function presentEntry(owner: EntryOwner, row: FamilyRow | undefined, date: string, today: string): FamilyInfoEntry {
  const isSent = row?.isSent ?? false;
  const editable = owner.writable && !isSent && isEditableDay(date, today);
  const defecation = defecations.find(
    (d) => d.category_id === row?.defecationCategoryId && d.status_id === row?.defecationStatusId,
  );
  const meal = [
    { category_id: mealCategories.dinner.id, category: mealCategories.dinner.label, comment: row?.dinner ?? '' },
    { category_id: mealCategories.breakfast.id, category: mealCategories.breakfast.label, comment: row?.breakfast ?? '' },
  ];
  return {
    childId: owner.childId,
    childName: owner.childName,
    facility_name: owner.facilityName,
    note_child_id: owner.noteChildId,
    contactOn: date,
    writable: owner.writable,
    editable,
    sendable: editable && date === today,
    exists: !!row,
    sleep: { started_at: row?.sleepStartedAt ?? null, ended_at: row?.sleepEndedAt ?? null },
    thermometry: {
      temperature: row?.temperature != null ? Number(row.temperature).toFixed(1) : null,
      done_at: row?.thermometryDoneAt ?? null,
    },
    defecation: {
      name: defecation?.name ?? null,
      category_id: row?.defecationCategoryId ?? null,
      status_id: row?.defecationStatusId ?? null,
      done_at: row?.defecationDoneAt ?? null,
    },
    meal,
    message: row?.message ?? '',
    isSent,
    sentAt: row?.sentAt ? row.sentAt.toISOString() : null,
    isParticipate: row?.isParticipate ?? null,
    canShowPool: canShowPool(date),
  };
}

/** Every enrolled, activated child of the caller with its contact-book row of the day, if any. */
const familyDayStatement = prepared('families_information', (db, name) =>
  db
    .select({
      owner: {
        childId: children.id,
        childName: children.firstName,
        facilityName: facilities.name,
        noteChildId: noteChildren.id,
        writable: childUser.writable,
      },
      row: familyInformation,
      session: sessionStateOfCaller,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .innerJoin(noteChildren, and(eq(noteChildren.childId, children.id), currentEnrolment(sql.placeholder('today'))))
    .innerJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .leftJoin(
      familyInformation,
      and(eq(familyInformation.noteChildId, noteChildren.id), eq(familyInformation.contactOn, sql.placeholder('day'))),
    )
    .where(and(sql`${childUser.userId} = ${sessionUserId}`, eq(childUser.activated, true)))
    .orderBy(asc(childUser.sortOrder), asc(children.id))
    .prepare(name),
);

/**
 * The day's entry of every enrolled, activated child of the caller. One prepared statement, the
 * session lookup included (a second one only when the caller has no enrolled child).
 */
export async function familyInformationOf(
  ctx: AppContext,
  caller: Caller,
  date: string | undefined,
): Promise<ResponseOf<typeof getFamiliesInformation>> {
  const today = tokyoDate(caller.now);
  const day = date ?? today;
  const rows = await familyDayStatement(ctx.db).execute({ ...callerValues(caller), today, day });
  await confirmCaller(ctx.db, caller, rows[0]?.session);
  if (rows.length === 0) return { familyInfo: [], const: [] };
  return {
    familyInfo: rows.map(({ owner, row }) => presentEntry(owner, row ?? undefined, day, today)),
    const: familyInfoConst(today),
  };
}

type ContactBody = Omit<BodyOf<typeof postFamiliesInformation>, 'childId'>;

function checkContactDay(body: { contactOn: string; isSent: boolean }, today: string) {
  if (body.isSent && body.contactOn !== today) throw invalid('contactOn', M.sendOnlyToday);
  if (!isEditableDay(body.contactOn, today)) throw invalid('contactOn', M.draftOutOfRange);
}

/** Confirm: every check of a send, nothing written. */
export async function confirmContactBook(ctx: AppContext, access: ChildAccess, body: ContactBody, now: Date) {
  const today = tokyoDate(now);
  checkContactDay({ contactOn: body.contactOn, isSent: true }, today);
  const [row] = await ctx.db
    .select({ isSent: familyInformation.isSent })
    .from(familyInformation)
    .where(and(eq(familyInformation.noteChildId, access.noteChildId), eq(familyInformation.contactOn, body.contactOn)));
  if (row?.isSent) throw conflict(M.alreadySent);
  return { result: true };
}

/** Draft save or send. A sent entry is never changed: the upsert only touches unsent rows (409 otherwise). */
export async function saveContactBook(ctx: AppContext, access: ChildAccess, userId: number, body: ContactBody, now: Date) {
  const today = tokyoDate(now);
  checkContactDay(body, today);
  const defecation = defecations.find((d) => d.name === body.defecationName);
  const values = {
    sleepStartedAt: body.sleepTime,
    sleepEndedAt: body.wakeTime,
    temperature: body.bodyTemperature,
    thermometryDoneAt: body.thermometryTime,
    defecationCategoryId: defecation?.category_id ?? null,
    defecationStatusId: defecation?.status_id ?? null,
    defecationDoneAt: body.defecationTime,
    dinner: body.dinner,
    breakfast: body.breakfast,
    message: body.message,
    // The pool answer only exists in the pool season (the client's canShowPool is not trusted).
    isParticipate: canShowPool(body.contactOn) ? (body.isParticipate ?? null) : null,
    isSent: body.isSent,
    sentAt: body.isSent ? now : null,
    updatedBy: userId,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(familyInformation)
    .values({
      companyId: access.companyId,
      noteChildId: access.noteChildId,
      contactOn: body.contactOn,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [familyInformation.noteChildId, familyInformation.contactOn],
      set: values,
      setWhere: eq(familyInformation.isSent, false),
    })
    .returning();
  if (!row) throw conflict(M.alreadySent);
  return {
    result: true,
    familyInfo: presentEntry(
      {
        childId: access.childId,
        childName: access.childName,
        facilityName: access.facilityName,
        noteChildId: access.noteChildId,
        writable: true,
      },
      row,
      body.contactOn,
      today,
    ),
  };
}
