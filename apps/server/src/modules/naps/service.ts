import { and, asc, eq, sql } from 'drizzle-orm';
import {
  defaultNapInterval,
  napMessages as M,
  napPositionLabels,
  PRONE_RECHECK_MINUTES,
  tokyoDate,
  tokyoTime,
  type ClassNaps,
  type NapChild,
  type NapPosition,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, classNapSettings, classes, napChecks, napSessions, noteChildren, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enrolmentCovers, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../staff/service';

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
};

const MINUTE = 60_000;

async function intervalOf(db: Db, klass: Klass) {
  const [setting] = await db.select().from(classNapSettings).where(eq(classNapSettings.classId, klass.id));
  return setting?.intervalMinutes ?? defaultNapInterval(klass.ageBand);
}

/** The class's children enrolled on the day, by kana. */
async function classChildren(db: Db, klass: Klass, date: string) {
  return db
    .select({
      id: children.id,
      name: sql<string>`${children.lastName} || ' ' || ${children.firstName}`,
      kana: sql<string>`${children.lastNameKana} || ' ' || ${children.firstNameKana}`,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(and(eq(noteChildren.classId, klass.id), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
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
    })
    .from(napChecks)
    .leftJoin(users, eq(users.id, napChecks.checkedBy))
    .where(and(eq(napChecks.sessionId, sessionId), childId === undefined ? undefined : eq(napChecks.childId, childId)))
    .orderBy(asc(napChecks.checkedAt), asc(napChecks.id));
}

/**
 * A child's row: the checks, and while the nap runs the next due time — the nap's start for the
 * first check, then the last check plus the interval, or plus one minute after うつ伏せ.
 */
function presentChild(
  child: { id: number; name: string; kana: string },
  checks: CheckRow[],
  session: Session | undefined,
  interval: number,
): NapChild {
  const last = checks[checks.length - 1];
  const recheck = last?.position === 'prone';
  const running = !!session && session.endedAt === null;
  const due = !running
    ? null
    : last
      ? new Date(last.at.getTime() + (recheck ? PRONE_RECHECK_MINUTES : interval) * MINUTE)
      : session.startedAt;
  return {
    id: child.id,
    name: child.name,
    kana: child.kana,
    checks: checks.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      position: c.position as NapPosition,
      breathing_ok: c.breathingOk,
      by: { id: c.byId ?? 0, name: c.byName ?? '（退職した職員）' },
    })),
    next_due_at: due?.toISOString() ?? null,
    recheck,
  };
}

/** The class's nap of a day. Four queries. */
export async function classNaps(db: Db, klass: Klass, date: string, writable: boolean): Promise<ClassNaps> {
  const [interval, kids, session] = [
    await intervalOf(db, klass),
    await classChildren(db, klass, date),
    await sessionOf(db, klass.id, date),
  ];
  const checks = session ? await checksOf(db, session.id) : [];
  return {
    class: { id: klass.id, name: klass.name, age_band: klass.ageBand },
    date,
    interval_minutes: interval,
    default_interval_minutes: defaultNapInterval(klass.ageBand),
    writable,
    session: session ? { started_at: session.startedAt.toISOString(), ended_at: session.endedAt?.toISOString() ?? null } : null,
    children: kids.map((child) =>
      presentChild(
        child,
        checks.filter((c) => c.childId === child.id),
        session,
        interval,
      ),
    ),
  };
}

export async function setNapInterval(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, minutes: number, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
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
  return classNaps(db, klass, staff.today, true);
}

/** Starts today's nap, or resumes it when it was ended (a child woke and slept again). */
export async function startNap(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
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
  return classNaps(db, klass, staff.today, true);
}

export async function endNap(db: Db, staff: StaffViewer, grant: FacilityGrant, klass: Klass, now: Date) {
  const session = await sessionOf(db, klass.id, staff.today);
  if (!session || session.endedAt !== null) throw invalid('session', M.notRunning);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.update(napSessions).set({ endedAt: now }).where(eq(napSessions.id, session.id));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'nap.end',
      targetType: 'nap_session',
      targetId: session.id,
    });
  });
  return classNaps(db, klass, staff.today, true);
}

/** One check by the caller (the PIN person on a paired tablet) on today's running nap, of a child of the class today. */
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
  const session = await sessionOf(db, klass.id, staff.today);
  if (!session || session.endedAt !== null) throw invalid('session', M.notStarted);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
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
  return presentChild(child, await checksOf(db, session.id, child.id), session, await intervalOf(db, klass));
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/** The day's sheet for audits: a line per check (UTF-8 with BOM, CRLF), then nothing else. */
export function napsCsv(naps: ClassNaps): string {
  const lines: (string | number | null)[][] = [['日付', 'クラス', '園児', '確認時刻', '体位', '呼吸', '確認者']];
  for (const child of naps.children) {
    for (const check of child.checks) {
      lines.push([
        tokyoDate(check.at),
        naps.class.name,
        child.name,
        tokyoTime(check.at),
        napPositionLabels[check.position],
        check.breathing_ok ? '異常なし' : '異常あり',
        check.by.name,
      ]);
    }
  }
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
