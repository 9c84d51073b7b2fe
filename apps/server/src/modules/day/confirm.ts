import { and, eq, sql } from 'drizzle-orm';
import type { InboxItem } from '@renraku/contract';
import type { Db } from '../../db/client';
import { attendanceReports, familyInformation, noteChildren } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { bookItem, contactBookRows, reportItem, reportRows } from './entries';

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
    const tx: Db = t;
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
    const tx: Db = t;
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
