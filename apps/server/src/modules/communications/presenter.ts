import { addDays, defecations, mealCategories, poolSeason, type AttendanceItem, type FamilyInfoEntry } from '@renraku/contract';
import type { attendanceReports, familyInformation } from '../../db/schema';

/** Answers of the communications area, shaped from rows: only the fields the contract names. */

export const canShowPool = (date: string) => date.slice(5) >= poolSeason.from && date.slice(5) <= poolSeason.to;

export const isEditableDay = (date: string, today: string) => date === today || date === addDays(today, 1);

type FamilyRow = typeof familyInformation.$inferSelect;
export interface EntryOwner {
  childId: number;
  childName: string;
  facilityName: string;
  noteChildId: number;
  writable: boolean;
}

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
    confirmed_at: isSent && row?.confirmedAt ? row.confirmedAt.toISOString() : null,
    staff_reply:
      isSent && row?.staffReply && row.staffReplyAt
        ? { text: row.staffReply, replied_at: row.staffReplyAt.toISOString(), staff_name: row.staffReplyName }
        : null,
  };
}

export const presentAttendance = (r: typeof attendanceReports.$inferSelect, diseases: { name: string }[]): AttendanceItem => ({
  id: r.id,
  target_date: r.targetDate,
  attendance_status_id: r.statusId,
  attendance_time: r.attendanceTime,
  leaving_time: r.leavingTime,
  absence_type: r.absenceType,
  diseases,
  message: r.message,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt ? r.readAt.toISOString() : null,
  confirmed_at: r.confirmedAt ? r.confirmedAt.toISOString() : null,
});
