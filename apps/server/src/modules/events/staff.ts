import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { eventMessages, monthRange, type StaffEvent } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes, events } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { mayAddressAudience, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

export interface EventInput {
  date: string;
  name: string;
  details: string;
  class_id: number | null;
}

const columns = {
  id: events.id,
  date: events.date,
  name: events.name,
  details: events.details,
  classId: events.classId,
  className: classes.name,
};
type Row = { id: number; date: string; name: string; details: string; classId: number | null; className: string | null };

const present = (grant: FacilityGrant, row: Row): StaffEvent => ({
  id: row.id,
  date: row.date,
  name: row.name,
  details: row.details,
  class: row.classId !== null ? { id: row.classId, name: row.className ?? '' } : null,
  editable: mayAddressAudience(grant, row.classId),
});

/** The facility's events of a month, by date then id, with whether the caller may edit each. One query. */
export async function listFacilityEvents(db: Db, grant: FacilityGrant, yearMonth: string): Promise<StaffEvent[]> {
  const { first, last } = monthRange(yearMonth);
  const rows = await db
    .select(columns)
    .from(events)
    .leftJoin(classes, eq(classes.id, events.classId))
    .where(and(eq(events.facilityId, grant.facilityId), gte(events.date, first), lte(events.date, last)))
    .orderBy(asc(events.date), asc(events.id));
  return rows.map((row) => present(grant, row));
}

/** The facility of an event (undefined: no such event). */
export async function eventFacility(db: Db, eventId: number) {
  const [row] = await db
    .select({ facilityId: events.facilityId, classId: events.classId })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** The target must be a class of this facility (422 otherwise) the caller may write for (403). */
async function checkAudience(db: Db, grant: FacilityGrant, classId: number | null) {
  if (classId !== null) {
    const [klass] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.facilityId, grant.facilityId)));
    if (!klass) throw invalid('class_id', eventMessages.classNotOfFacility);
  }
  if (!mayAddressAudience(grant, classId)) throw forbidden();
}

async function readOne(db: Db, grant: FacilityGrant, eventId: number) {
  const [row] = await db
    .select(columns)
    .from(events)
    .leftJoin(classes, eq(classes.id, events.classId))
    .where(eq(events.id, eventId));
  return present(grant, row!);
}

export async function createFacilityEvent(db: Db, staff: StaffViewer, grant: FacilityGrant, input: EventInput, now: Date) {
  await checkAudience(db, grant, input.class_id);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [created] = await t
      .insert(events)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        classId: input.class_id,
        date: input.date,
        name: input.name,
        details: input.details,
        updatedBy: staff.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'event.create',
      targetType: 'event',
      targetId: created!.id,
      details: { ...input },
    });
    return readOne(t, grant, created!.id);
  });
}

/** Edits an event: the caller must be allowed to write for its current and for its new audience. */
export async function updateFacilityEvent(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  eventId: number,
  currentClassId: number | null,
  input: EventInput,
  now: Date,
) {
  if (!mayAddressAudience(grant, currentClassId)) throw forbidden();
  await checkAudience(db, grant, input.class_id);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await t
      .update(events)
      .set({
        classId: input.class_id,
        date: input.date,
        name: input.name,
        details: input.details,
        updatedBy: staff.userId,
        updatedAt: now,
      })
      .where(eq(events.id, eventId));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'event.update',
      targetType: 'event',
      targetId: eventId,
      details: { ...input },
    });
    return readOne(t, grant, eventId);
  });
}

export async function deleteFacilityEvent(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  eventId: number,
  classId: number | null,
  now: Date,
) {
  if (!mayAddressAudience(grant, classId)) throw forbidden();
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [gone] = await t.delete(events).where(eq(events.id, eventId)).returning({ name: events.name, date: events.date });
    if (!gone) throw notFound();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'event.delete',
      targetType: 'event',
      targetId: eventId,
      details: { ...gone, class_id: classId },
    });
  });
  return { message: eventMessages.deleted };
}
