import { and, asc, eq, sql } from 'drizzle-orm';
import {
  defaultNapInterval,
  napMessages as M,
  PRONE_RECHECK_MINUTES,
  type ClassNaps,
  type NapChild,
  type NapPosition,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { classNapSettings, classes, devices, napChecks, napSessions, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { arrivalInstant, assertPresent, classChildren, presenceCutoff, presenceOf, type ClassChild } from './presence';

type Klass = typeof classes.$inferSelect;
type Session = typeof napSessions.$inferSelect;
type CheckRow = {
  id: number;
  childId: number;
  at: Date;
  position: string;
  breathingOk: boolean;
  byId: number | null;
  byName: string | null;
  deviceId: number | null;
  deviceName: string | null;
};

const MINUTE = 60_000;

async function intervalOf(db: Db, klass: Klass) {
  const [setting] = await db.select().from(classNapSettings).where(eq(classNapSettings.classId, klass.id));
  return setting?.intervalMinutes ?? defaultNapInterval(klass.ageBand);
}

async function sessionOf(db: Db, classId: number, date: string): Promise<Session | undefined> {
  const [row] = await db
    .select()
    .from(napSessions)
    .where(and(eq(napSessions.classId, classId), eq(napSessions.date, date)));
  return row;
}

async function checksOf(db: Db, sessionId: number, childId?: number): Promise<CheckRow[]> {
  return db
    .select({
      id: napChecks.id,
      childId: napChecks.childId,
      at: napChecks.checkedAt,
      position: napChecks.position,
      breathingOk: napChecks.breathingOk,
      byId: napChecks.checkedBy,
      byName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
      deviceId: napChecks.deviceId,
      deviceName: devices.name,
    })
    .from(napChecks)
    .leftJoin(users, eq(users.id, napChecks.checkedBy))
    .leftJoin(devices, eq(devices.id, napChecks.deviceId))
    .where(and(eq(napChecks.sessionId, sessionId), childId === undefined ? undefined : eq(napChecks.childId, childId)))
    .orderBy(asc(napChecks.checkedAt), asc(napChecks.id));
}

/** When the child's next check is due while the nap runs: null when no nap runs or the child is not in the room. */
function nextDue(child: ClassChild, checks: CheckRow[], session: Session | undefined, interval: number, present: boolean) {
  if (!session || session.endedAt !== null || !present) return null;
  const last = checks[checks.length - 1];
  if (last) return new Date(last.at.getTime() + (last.position === 'prone' ? PRONE_RECHECK_MINUTES : interval) * MINUTE);
  // The first check: when the nap starts, or when a child arriving during it comes in.
  const arrived = arrivalInstant(child, session.date);
  return arrived && arrived > session.startedAt ? arrived : session.startedAt;
}

/**
 * A child's row: whether the child is in the room, the checks, and while the nap runs the next due
 * time — the first when the nap starts (or at the arrival), then the last check plus the interval,
 * or plus one minute after うつ伏せ.
 */
function presentChild(
  child: ClassChild,
  checks: CheckRow[],
  session: Session | undefined,
  interval: number,
  cutoff: string,
): NapChild {
  const presence = presenceOf(child, cutoff);
  const due = nextDue(child, checks, session, interval, presence === 'present');
  return {
    id: child.id,
    name: child.name,
    kana: child.kana,
    presence,
    arrived_at: child.arrivedAt,
    picked_up_at: child.pickedUpAt,
    absence_reported: child.absenceReported,
    checks: checks.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      position: c.position as NapPosition,
      breathing_ok: c.breathingOk,
      by: { id: c.byId ?? 0, name: c.byName ?? '（退職した職員）' },
      device: c.deviceId !== null ? { id: c.deviceId, name: c.deviceName ?? '' } : null,
    })),
    next_due_at: due?.toISOString() ?? null,
    recheck: checks[checks.length - 1]?.position === 'prone',
  };
}

/** The day's rows, who is in the room as at `now`, with the children as stored. Four queries. */
export async function napDay(db: Db, klass: Klass, date: string, now: Date) {
  const [interval, kids, session] = [
    await intervalOf(db, klass),
    await classChildren(db, klass, date),
    await sessionOf(db, klass.id, date),
  ];
  const checks = session ? await checksOf(db, session.id) : [];
  const cutoff = presenceCutoff(date, now);
  const rows = kids.map((child) => ({
    child,
    row: presentChild(
      child,
      checks.filter((c) => c.childId === child.id),
      session,
      interval,
      cutoff,
    ),
  }));
  return { interval, session, rows };
}

/** The class's nap of a day (the grid, the sheet and the CSV). */
export async function classNaps(db: Db, klass: Klass, date: string, writable: boolean, now: Date): Promise<ClassNaps> {
  const { interval, session, rows } = await napDay(db, klass, date, now);
  return {
    class: { id: klass.id, name: klass.name, age_band: klass.ageBand },
    date,
    interval_minutes: interval,
    default_interval_minutes: defaultNapInterval(klass.ageBand),
    writable,
    session: session ? { started_at: session.startedAt.toISOString(), ended_at: session.endedAt?.toISOString() ?? null } : null,
    children: rows.map((r) => r.row),
  };
}

export async function setNapInterval(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, minutes: number, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t
      .insert(classNapSettings)
      .values({
        classId: klass.id,
        companyId: klass.companyId,
        intervalMinutes: minutes,
        updatedBy: staff.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: classNapSettings.classId,
        set: { intervalMinutes: minutes, updatedBy: staff.userId, updatedAt: now },
      });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'nap.settings.update',
      targetType: 'class',
      targetId: klass.id,
      details: { interval_minutes: minutes },
    });
  });
  return classNaps(db, klass, staff.today, true, now);
}

/** Starts today's nap, or resumes it when it was ended (a child woke and slept again). */
export async function startNap(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .insert(napSessions)
      .values({
        companyId: klass.companyId,
        facilityId: klass.facilityId,
        classId: klass.id,
        date: staff.today,
        startedAt: now,
        startedBy: staff.userId,
      })
      .onConflictDoUpdate({ target: [napSessions.classId, napSessions.date], set: { endedAt: null } })
      .returning({ id: napSessions.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'nap.start',
      targetType: 'nap_session',
      targetId: row!.id,
    });
  });
  return classNaps(db, klass, staff.today, true, now);
}

export async function endNap(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, now: Date) {
  const session = await sessionOf(db, klass.id, staff.today);
  if (!session || session.endedAt !== null) throw invalid('session', M.notRunning);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.update(napSessions).set({ endedAt: now }).where(eq(napSessions.id, session.id));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'nap.end',
      targetType: 'nap_session',
      targetId: session.id,
    });
  });
  return classNaps(db, klass, staff.today, true, now);
}

/**
 * One check by the caller (the PIN person on a paired tablet, and the tablet) on today's running nap,
 * of a child of the class in the room now (docs/decisions/naps-presence.md).
 */
export async function recordCheck(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  klass: Klass,
  input: { child_id: number; position: NapPosition; breathing_ok: boolean },
  now: Date,
) {
  const kids = await classChildren(db, klass, staff.today);
  const child = kids.find((c) => c.id === input.child_id);
  if (!child) throw invalid('child_id', M.notInClass);
  const cutoff = presenceCutoff(staff.today, now);
  assertPresent(presenceOf(child, cutoff));
  const session = await sessionOf(db, klass.id, staff.today);
  if (!session || session.endedAt !== null) throw invalid('session', M.notStarted);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .insert(napChecks)
      .values({
        companyId: klass.companyId,
        sessionId: session.id,
        childId: child.id,
        checkedAt: now,
        position: input.position,
        breathingOk: input.breathing_ok,
        checkedBy: staff.userId,
        deviceId: staff.deviceId,
      })
      .returning({ id: napChecks.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'nap.check',
      targetType: 'nap_check',
      targetId: row!.id,
      childId: child.id,
      details: { position: input.position, breathing_ok: input.breathing_ok },
    });
  });
  return presentChild(child, await checksOf(db, session.id, child.id), session, await intervalOf(db, klass), cutoff);
}
