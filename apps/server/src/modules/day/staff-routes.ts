import {
  getStaffClassBoard,
  getStaffFacilityDayVersion,
  getStaffFacilityInbox,
  postStaffAttendanceReportConfirm,
  postStaffContactBookConfirm,
  putStaffChildAttendance,
  putStaffContactBookReply,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute, type StaffCtx } from '../../lib/staff-route';
import { authorizeClassNotes, authorizeClassWrite, authorizeFacility, classInScope, type StaffViewer } from '../access';
import { childrenWithDiseasesInInbox, childrenWithHealthDataOnBoard, recordDiseaseRead } from './disease-reads';
import {
  confirmFamilyContactBook,
  confirmReport,
  dayVersion,
  entryPlace,
  loadBoard,
  loadInbox,
  parseDay,
  saveChildAttendance,
} from './service';

/**
 * The day's staff calls (staff.md §4): the inbox (contact books, absences, time changes) with 確認
 * and replies, the class board with actual arrival and pick-up, and the fingerprint the screens
 * poll. Reading is `daily.read` (office: 403); writing is the class's own staff, director and
 * company admin, as the daily notes.
 */
export function dayStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffFacilityInbox, {}, async ({ staff, params, query, today, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'daily.read');
    const inbox = await loadInbox(ctx.db, grant, parseDay(query.date, today), classInScope(grant, query.class_id));
    const place = { companyId: grant.companyId, facilityId: grant.facilityId, date: inbox.date };
    const read = { ...place, action: 'day.inbox.read', targetType: 'facility', targetId: grant.facilityId } as const;
    await recordDiseaseRead(ctx.db, staff, now, read, childrenWithDiseasesInInbox(inbox));
    return inbox;
  });

  // Polled every few seconds: passive, so an open board does not keep a tablet's PIN session alive.
  staffRoute(app, getStaffFacilityDayVersion, { passive: true }, async ({ staff, params, query, today }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'daily.read');
    const date = parseDay(query.date, today);
    return { date, version: await dayVersion(ctx.db, grant.facilityId, date) };
  });

  /** An inbox entry's place, and the grant of a writer of its class (the class's own staff, director, company admin). */
  const writableEntry = async (staff: StaffViewer, kind: 'report' | 'contact_book', id: number) => {
    const place = await entryPlace(ctx.db, kind, id);
    const grant = await authorizeFacility(ctx, staff, place.facilityId, 'daily.read');
    authorizeClassWrite(grant, place.classId);
    return { place, grant };
  };

  staffRoute(app, postStaffAttendanceReportConfirm, {}, async ({ staff, params, now }) => {
    const { place, grant } = await writableEntry(staff, 'report', params.reportId);
    return confirmReport(ctx.db, staff, grant, place, params.reportId, now);
  });

  /** A family's contact book confirmed (text null) or answered. */
  const confirmBook = async (
    { staff, session, now }: Pick<StaffCtx<typeof postStaffContactBookConfirm>, 'staff' | 'session' | 'now'>,
    contactBookId: number,
    text: string | null,
  ) => {
    const { place, grant } = await writableEntry(staff, 'contact_book', contactBookId);
    const name = session.user.name ?? session.user.email;
    return confirmFamilyContactBook(ctx.db, staff, name, grant, place, contactBookId, text, now);
  };

  staffRoute(app, postStaffContactBookConfirm, {}, (call) => confirmBook(call, call.params.contactBookId, null));

  // On a paired tablet the session's person is the one who unlocked it with their PIN: the replier.
  staffRoute(app, putStaffContactBookReply, {}, (call) => confirmBook(call, call.params.contactBookId, call.body.text));

  staffRoute(app, getStaffClassBoard, {}, async ({ staff, params, query, today, now }) => {
    const { klass, grant, canWrite } = await authorizeClassNotes(ctx, staff, params.classId, 'read');
    const board = await loadBoard(ctx.db, klass, parseDay(query.date, today), canWrite, today);
    const place = { companyId: grant.companyId, facilityId: grant.facilityId, date: board.date };
    const read = { ...place, action: 'day.board.read', targetType: 'class', targetId: klass.id } as const;
    await recordDiseaseRead(ctx.db, staff, now, read, childrenWithHealthDataOnBoard(board));
    return board;
  });

  staffRoute(app, putStaffChildAttendance, {}, async ({ staff, params, body, now }) => {
    const { klass } = await authorizeClassNotes(ctx, staff, params.classId, 'write');
    return saveChildAttendance(ctx.db, staff, klass, body, now);
  });
}
