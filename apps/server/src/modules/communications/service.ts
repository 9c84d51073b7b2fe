/**
 * The communications area's public functions (F §2): the contact book, attendance changes and
 * absences, and the schedule check they share. Each concern lives in its own file.
 */
export { confirmContactBook, familyInfoConst, familyInformationOf, saveContactBook } from './contact-book';
export {
  isAbsence,
  listAttendances,
  listDiseases,
  markAttendanceReportsRead,
  sendAbsence,
  sendAttendanceChange,
} from './reports';
export { checkTargetDate, scheduleByDate } from './schedule-check';
export { presentEntry } from './presenter';
