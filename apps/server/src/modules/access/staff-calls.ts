import * as C from '@renraku/contract';
import { staffMessages, type Call } from '@renraku/contract';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { loadStaffSession, STAFF_SESSION_COOKIE } from '../../lib/staff-sessions';

/**
 * The staff calls' catalogue (DESIGN §3.2, docs/decisions/access-device-sessions.md): every staff
 * call names its action here, and each action says whether a shared tablet's PIN session holds it.
 * A PIN session is a 4-digit sign-in on a device anyone in the room can touch: it holds the day's
 * work of staff.md §4 and what its screens read, nothing that manages people, devices, roles,
 * facilities, 進級, the roster, notices, the audit log or the company. Who among the members may do
 * an action is the role's business (`staffMayDo`, in the handler); where a PIN session works (its
 * tablet's facility and class) is `staffFacilities`'.
 */
export const staffCallActions = {
  session: { device: true, what: 'sign-in, sign-out, the caller; the tablet’s PIN pad, unlock and lock' },
  'facility.read': { device: true, what: 'the facility, its classes, the banners its guardians see' },
  'day.read': { device: true, what: 'inbox, class board, entry grid, photos, growth session, nap checks and their sheet' },
  'day.write': { device: true, what: 'the same day’s entries, 確認 and replies (the class’s writers only)' },
  'roster.read': { device: false, what: 'children’s records, guardians and pick-up persons' },
  'roster.write': { device: false, what: 'children, enrolments, import, registration links, guardians’ links, pick-up persons' },
  'notice.compose': { device: false, what: 'notices, their files, tracking, reminders and CSV' },
  'event.compose': { device: false, what: 'the facility’s and classes’ events' },
  'schedule.manage': { device: false, what: 'schedule windows, reminders, the month’s plan and CSV' },
  'facility.setup': { device: false, what: 'profile, closed days, functions, banners, classes, 進級' },
  'staff.manage': { device: false, what: 'memberships, invitations, the 主任 mark, PIN resets' },
  'device.manage': { device: false, what: 'registering, listing and revoking tablets' },
  'audit.read': { device: false, what: 'the audit log and its CSV' },
  'company.manage': { device: false, what: 'new facilities and the company roll-up' },
  'account.secure': { device: false, what: 'one’s own PIN, 2FA and 職員QR' },
  // Plans and records (records.md §7): 保育士 write on the class tablet too; approving is the desktop's.
  'records.read': {
    device: true,
    what: 'a class’s plans and diaries of a month, a document, its PDF, the co-editing socket (reading)',
  },
  'records.write': { device: true, what: 'opening a new 月案 or 日誌, typing on the socket, 提出, a corrected version' },
  'records.approve': { device: false, what: '承認 and 差し戻し of plans and diaries (園長, 主任)' },
  'records.phrases': { device: false, what: 'adding and removing a facility’s 文例 (園長, 主任)' },
  'records.child': {
    device: false,
    what: 'a child’s 児童票 (roster facts, health, contacts): reading it and writing its own fields; the 期 settings',
  },
  'records.export': { device: false, what: 'a class’s 保育所児童保育要録 as one ZIP of PDFs, to send to the 小学校' },
  'billing.manage': {
    device: false,
    what: 'fee rules, children’s billing attributes, the month’s drafts, adjustments, 確定, payments at the office, accounts, 口座振替 files',
  },
  'staffing.read': { device: true, what: 'the ratio now and the day’s slots, the staffing settings; moving into a room' },
  'staffing.clock': {
    device: false,
    what: 'one’s own 打刻 (出勤, 退勤, 休憩), 希望休; the shift patterns and one’s published month',
  },
  'staffing.correct': {
    device: false,
    what: 'the day’s 打刻 of every staff member, corrections with a reason, the settings, shift patterns, the month’s table and its generated draft',
  },
  'staffing.export': { device: false, what: 'the month’s 勤務実績 CSV' },
  'staffing.report': {
    device: false,
    what: 'the month’s report: short slots, the FAQ headcount, the 1歳児配置改善加算 self-check, its CSV (園長, 法人管理者, 主任, 事務)',
  },
} as const satisfies Record<string, { device: boolean; what: string }>;

export type StaffCallAction = keyof typeof staffCallActions;

/** Every staff call with its action; the CSV downloads by their paths. */
export const byAction: Record<StaffCallAction, readonly (Call | string)[]> = {
  session: [
    C.postStaffLogin,
    C.postStaffLoginTotp,
    C.postStaffLogout,
    C.getStaffMe,
    C.getStaffDevice,
    C.postStaffDevicePair,
    C.postStaffDeviceUnlock,
    C.postStaffDeviceLock,
    // The PIN pad's list of due nap checks: the device's own read, no PIN session (naps-presence.md).
    C.getStaffDeviceNapStatus,
    // The staff XSRF token (auth-xsrf-bound-to-session.md): the staff cookie reaches /api/staff only.
    '/api/staff/csrf-cookie',
  ],
  'facility.read': [C.getStaffFacility, C.getStaffClasses, C.getStaffFacilityBanners, C.getStaffManualBanner],
  'day.read': [
    C.getStaffFacilityInbox,
    C.getStaffFacilityDayVersion,
    C.getStaffClassBoard,
    C.getStaffClassDailyNotes,
    C.getStaffClassPhotos,
    C.getStaffClassGrowths,
    C.getStaffClassNaps,
    C.staffNapsCsvPath,
  ],
  'day.write': [
    C.postStaffAttendanceReportConfirm,
    C.postStaffContactBookConfirm,
    C.putStaffContactBookReply,
    C.putStaffChildAttendance,
    C.putStaffClassDailyNoteDrafts,
    C.postStaffClassDailyNotesPublish,
    C.postStaffClassDailyNotesApply,
    C.postStaffClassDailyNotesPublishClass,
    C.postStaffClassPhoto,
    C.deleteStaffPhotoFile,
    C.putStaffClassGrowths,
    C.putStaffClassNapSettings,
    C.postStaffClassNapStart,
    C.postStaffClassNapEnd,
    C.postStaffNapCheck,
  ],
  'roster.read': [C.getStaffChildren, C.getStaffChild, C.getStaffChildGuardians, C.getStaffPickupPersons],
  'roster.write': [
    C.postStaffChild,
    C.putStaffChild,
    C.postStaffChildrenImportPreview,
    C.postStaffChildrenImport,
    C.postStaffChildRegistration,
    C.postStaffChildImage,
    C.deleteStaffChildImage,
    C.deleteStaffChildGuardian,
    C.postStaffPickupPerson,
    C.putStaffPickupPerson,
    C.deleteStaffPickupPerson,
    C.postStaffPickupPersonImage,
    C.deleteStaffPickupPersonImage,
  ],
  'notice.compose': [
    C.getStaffFacilityNotices,
    C.getStaffNoticesVersion,
    C.postStaffFacilityNotice,
    C.getStaffNotice,
    C.putStaffNotice,
    C.postStaffNoticeWithdraw,
    C.postStaffNoticeFile,
    C.deleteStaffNoticeFile,
    C.getStaffNoticeTracking,
    C.postStaffNoticeReminder,
    C.staffNoticeCsvPath,
  ],
  'event.compose': [C.getStaffFacilityEvents, C.postStaffFacilityEvent, C.putStaffEvent, C.deleteStaffEvent],
  'schedule.manage': [
    C.getStaffScheduleMonth,
    C.getStaffSchedulesVersion,
    C.postStaffScheduleWindow,
    C.putStaffScheduleWindow,
    C.postStaffScheduleWindowClose,
    C.postStaffScheduleReminders,
    C.getStaffSchedulePlan,
    C.staffSchedulePlanCsvPath,
  ],
  'facility.setup': [
    C.putStaffFacility,
    C.postStaffClosedDay,
    C.deleteStaffClosedDay,
    C.putStaffFacilityFunctions,
    C.postStaffFacilityBanner,
    C.deleteStaffBanner,
    C.putStaffManualBanner,
    C.deleteStaffManualBanner,
    C.postStaffClass,
    C.putStaffClass,
    C.postStaffPromotionPreview,
    C.postStaffPromotion,
  ],
  'staff.manage': [
    C.getStaffMembers,
    C.postStaffMember,
    C.putStaffMember,
    C.putStaffMemberChief,
    C.deleteStaffMember,
    C.deleteStaffUserPin,
  ],
  'device.manage': [C.getStaffDevices, C.postStaffDevice, C.deleteStaffDevice],
  'audit.read': [C.getStaffAudit, C.getStaffAuditSubjects, C.staffAuditCsvPath],
  'company.manage': [C.postStaffCompanyFacility, C.getStaffCompanyRollup],
  'billing.manage': [
    C.getStaffBillingSettings,
    C.putStaffBillingSettings,
    C.postStaffBillingItem,
    C.getStaffBillingChildren,
    C.putStaffBillingChildAttributes,
    C.getStaffBillingMonths,
    C.getStaffBillingMonth,
    C.postStaffBillingAdjustment,
    C.postStaffBillingMonthClose,
    C.postStaffBillingPayment,
    C.postStaffBillingStatementCarry,
    C.staffBillingReceiptPdfPath,
    C.getStaffBillingAccounts,
    C.putStaffBillingAccount,
    C.getStaffDebitSettings,
    C.putStaffDebitSettings,
    C.getStaffCollection,
    C.postStaffDebitRequest,
    C.postStaffDebitRequestWithdraw,
    C.postStaffDebitResults,
    C.staffDebitRequestFilePath,
    C.getStaffBillingTransfers,
    C.postStaffBillingTransfersImport,
    C.postStaffBillingTransferAssign,
    C.postStaffBillingTransferDismiss,
    C.staffBillingBooksCsvPath,
    C.staffBillingJournalCsvPath,
  ],
  'staffing.read': [C.getStaffStaffingSettings, C.getStaffRatioNow, C.getStaffRatioDay, C.putStaffClassRoom],
  'staffing.clock': [
    C.getStaffMyClock,
    C.postStaffClock,
    C.getStaffMyShifts,
    C.getStaffMyWishes,
    C.putStaffMyWishes,
    C.getStaffShiftPatterns,
    C.getStaffShiftMonth,
  ],
  'staffing.correct': [
    C.getStaffTimeEntries,
    C.postStaffTimeEntry,
    C.postStaffTimeEntryVoid,
    C.putStaffStaffingSettings,
    C.postStaffShiftPattern,
    C.putStaffShift,
    C.postStaffShiftPublish,
    C.postStaffShiftGenerate,
    C.getStaffShiftRatio,
  ],
  'staffing.export': [C.staffWorkRecordsCsvPath],
  'staffing.report': [C.getStaffRatioMonth, C.staffRatioMonthCsvPath],
  'account.secure': [C.putStaffPin, C.postStaffTotpSetup, C.postStaffTotpEnable, C.getStaffQr, C.postStaffQr, C.deleteStaffQr],
  'records.read': [
    C.getStaffClassRecords,
    C.getStaffRecord,
    C.staffRecordPdfPath,
    C.getStaffRecordPhrases,
    C.getStaffRecordMaterial,
    C.getStaffRecordSettings,
    C.getStaffClassYoroku,
    C.getStaffYorokuContext,
  ],
  'records.write': [
    C.postStaffClassRecord,
    C.postStaffRecordSubmit,
    C.postStaffRecordReopen,
    C.postStaffChildProgressRecord,
    C.postStaffChildYoroku,
    C.putStaffClassYorokuFocus,
  ],
  'records.export': [C.staffClassYorokuZipPath],
  'records.child': [C.getStaffChildRecord, C.putStaffChildRecord, C.putStaffRecordSettings],
  'records.approve': [C.postStaffRecordApprove, C.postStaffRecordReturn],
  'records.phrases': [C.postStaffRecordPhrase, C.deleteStaffRecordPhrase],
};

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

const actionByRoute = new Map<string, StaffCallAction>(
  (Object.entries(byAction) as [StaffCallAction, readonly (Call | string)[]][]).flatMap(([action, calls]) =>
    calls.map(
      (c) => [typeof c === 'string' ? keyOf('GET', fastifyPath(c)) : keyOf(c.method, fastifyPath(c.path)), action] as const,
    ),
  ),
);

/** The action of a staff route (`GET /api/staff/classes/:classId/board`), undefined if it has none. */
export const staffCallAction = (method: string, url: string): StaffCallAction | undefined =>
  actionByRoute.get(keyOf(method, url));

/**
 * The catalogue at work: a staff route without an action cannot be registered (the server does not
 * start), and a PIN session calling an action it does not hold gets 403 before its input is read.
 */
export function staffCallGate(app: App, ctx: AppContext) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/staff/')) return;
    for (const method of [route.method].flat()) {
      if (!staffCallAction(method, route.url))
        throw new Error(`staff call without an action in access/staff-calls.ts: ${method} ${route.url}`);
    }
  });
  app.addHook('preValidation', async (req) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/staff/')) return;
    const action = staffCallAction(req.method, url);
    if (action && staffCallActions[action].device) return;
    // The CSV downloads look their session up in the handler: here it is read once more, without sliding it.
    const session =
      req.staffSession ?? (req.cookies[STAFF_SESSION_COOKIE] ? await loadStaffSession(ctx.db, req, req.now, false) : null);
    if (session?.deviceId) throw forbidden(staffMessages.desktopOnly);
  });
}
