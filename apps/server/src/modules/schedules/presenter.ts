import type { Schedule } from '@renraku/contract';
import type { schedules } from '../../db/schema';

/** A schedule row as the contract names its fields. */
export const presentSchedule = (row: typeof schedules.$inferSelect): Schedule => ({
  id: row.id,
  date: row.date,
  isAbsent: row.isAbsent,
  attendanceTime: row.attendanceTime,
  leavingTime: row.leavingTime,
  remarks: row.remarks,
});
