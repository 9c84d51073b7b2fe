import type { StaffChild, StaffChildListItem } from '@renraku/contract';
import type { children, noteChildren } from '../../db/schema';
import type { FileUrls } from '../../lib/files';

type ChildRow = typeof children.$inferSelect;
type EnrolmentRow = typeof noteChildren.$inferSelect;

/** The roster row as selected: the child without its sensitive fields, and the chosen enrolment. */
export interface RosterRow {
  child: Pick<ChildRow, 'id' | 'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'birth' | 'sex' | 'imageKey'>;
  enrolment: Pick<EnrolmentRow, 'id' | 'classId' | 'admittedOn' | 'leftOn' | 'facilityId' | 'temporaryOnly'>;
  className: string | null;
  /** `enrolmentCovers(enrolment, today)`, computed by the statement. */
  covers: boolean;
  guardiansCount: number;
  /** Guardians' お迎え登録者 proposals waiting for staff. */
  pickupProposals: number;
}

/** enrolled: covers today (the access kernel's rule); upcoming: admitted later; else left. */
export const enrolmentStatus = (row: Pick<RosterRow, 'covers' | 'enrolment'>, today: string): StaffChildListItem['status'] =>
  row.covers ? 'enrolled' : row.enrolment.admittedOn > today ? 'upcoming' : 'left';

/** A roster row: names, birth, sex and enrolment; never allergies or care notes (no read audit). */
export const presentRosterChild = (row: RosterRow, today: string, files: FileUrls): StaffChildListItem => ({
  id: row.child.id,
  last_name: row.child.lastName,
  first_name: row.child.firstName,
  last_name_kana: row.child.lastNameKana,
  first_name_kana: row.child.firstNameKana,
  birth: row.child.birth,
  sex: row.child.sex,
  class_id: row.enrolment.classId,
  class_name: row.className,
  temporary_only: row.enrolment.temporaryOnly,
  admitted_on: row.enrolment.admittedOn,
  left_on: row.enrolment.leftOn,
  status: enrolmentStatus(row, today),
  guardians_count: Number(row.guardiansCount),
  image_url: files.url(row.child.imageKey, { variant: 'thumb' }),
  pickup_proposals: Number(row.pickupProposals),
});

/** A child's personal record as staff see it (its reads are audited by the caller). */
export const presentStaffChild = (row: RosterRow & { child: ChildRow }, today: string, files: FileUrls): StaffChild => ({
  ...presentRosterChild(row, today, files),
  allergies: row.child.allergies,
  care_notes: row.child.careNotes,
  facility_id: row.enrolment.facilityId,
});
