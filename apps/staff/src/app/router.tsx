import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../components/not-found';
import { RouteError } from '@renraku/ui/route-error';
import { APP_NAME } from '../lib/page-title';
import { FacilityLayout } from './layouts/facility-layout';
import { PublicLayout } from './layouts/public-layout';
import { DesktopOnly } from './layouts/desktop-only';
import { SetupOnly } from './layouts/setup-only';
import { SignedInLayout } from './layouts/signed-in-layout';
import { Root } from './root';
import { StartRedirect } from './start-redirect';

/** Each screen's code loads with its route. */
const screen = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

const screens = {
  login: screen(() => import('../features/auth/routes/login-page'), 'LoginPage'),
  twoFactorSetup: screen(() => import('../features/staff/account/routes/two-factor-setup-page'), 'TwoFactorSetupPage'),
  settings: screen(() => import('../features/staff/account/routes/settings-page'), 'SettingsPage'),
  pair: screen(() => import('../features/staff/tablet/routes/pair-page'), 'PairPage'),
  pin: screen(() => import('../features/staff/tablet/routes/pin-page'), 'PinPage'),
  kiosk: screen(() => import('../features/kiosk/routes/kiosk-page'), 'KioskPage'),
  home: screen(() => import('../features/home/routes/home-page'), 'HomePage'),
  classes: screen(() => import('../features/children/routes/classes-page'), 'ClassesPage'),
  children: screen(() => import('../features/children/routes/children-page'), 'ChildrenPage'),
  child: screen(() => import('../features/children/routes/child-page'), 'ChildPage'),
  handout: screen(() => import('../features/children/routes/handout-page'), 'HandoutPage'),
  childrenImport: screen(() => import('../features/children/routes/import-page'), 'ImportPage'),
  members: screen(() => import('../features/staff/members/routes/members-page'), 'MembersPage'),
  devices: screen(() => import('../features/staff/devices/routes/devices-page'), 'DevicesPage'),
  daily: screen(() => import('../features/feed/daily-notes/routes/daily-classes-page'), 'DailyClassesPage'),
  classDay: screen(() => import('../features/feed/daily-notes/routes/class-day-page'), 'ClassDayPage'),
  photos: screen(() => import('../features/feed/photos/routes/photos-classes-page'), 'PhotosClassesPage'),
  classPhotos: screen(() => import('../features/feed/photos/routes/class-photos-page'), 'ClassPhotosPage'),
  growth: screen(() => import('../features/growths/routes/growth-classes-page'), 'GrowthClassesPage'),
  classGrowth: screen(() => import('../features/growths/routes/class-growth-page'), 'ClassGrowthPage'),
  inbox: screen(() => import('../features/day/routes/inbox-page'), 'InboxPage'),
  boardClasses: screen(() => import('../features/day/routes/board-classes-page'), 'BoardClassesPage'),
  board: screen(() => import('../features/day/routes/board-page'), 'BoardPage'),
  audit: screen(() => import('../features/audit/routes/audit-page'), 'AuditPage'),
  facility: screen(() => import('../features/facilities/routes/facility-page'), 'FacilityPage'),
  events: screen(() => import('../features/events/routes/events-page'), 'EventsPage'),
  notices: screen(() => import('../features/notices/routes/notices-page'), 'NoticesPage'),
  noticeCompose: screen(() => import('../features/notices/routes/notice-compose-page'), 'NoticeComposePage'),
  noticeTracking: screen(() => import('../features/notices/routes/notice-tracking-page'), 'NoticeTrackingPage'),
  schedules: screen(() => import('../features/schedules/routes/schedules-page'), 'SchedulesPage'),
  naps: screen(() => import('../features/naps/routes/naps-classes-page'), 'NapsClassesPage'),
  classNaps: screen(() => import('../features/naps/routes/class-naps-page'), 'ClassNapsPage'),
  napSheet: screen(() => import('../features/naps/routes/nap-sheet-page'), 'NapSheetPage'),
  company: screen(() => import('../features/facilities/routes/company-page'), 'CompanyPage'),
  records: screen(() => import('../features/records/routes/records-classes-page'), 'RecordsClassesPage'),
  classRecords: screen(() => import('../features/records/routes/class-records-page'), 'ClassRecordsPage'),
  record: screen(() => import('../features/records/routes/record-page'), 'RecordPage'),
  childRecord: screen(() => import('../features/records/routes/child-record-page'), 'ChildRecordPage'),
  classYoroku: screen(() => import('../features/records/routes/class-yoroku-page'), 'ClassYorokuPage'),
  recordsSetup: screen(() => import('../features/records/routes/records-setup-page'), 'RecordsSetupPage'),
  yorokuAdmissions: screen(() => import('../features/records/routes/yoroku-admissions-page'), 'YorokuAdmissionsPage'),
  overallPlan: screen(() => import('../features/records/routes/overall-plan-page'), 'OverallPlanPage'),
  recordSettings: screen(() => import('../features/records/routes/record-settings-page'), 'RecordSettingsPage'),
  billing: screen(() => import('../features/billing/routes/billing-page'), 'BillingPage'),
  billingSettings: screen(() => import('../features/billing/routes/billing-settings-page'), 'BillingSettingsPage'),
  billingChildren: screen(() => import('../features/billing/routes/billing-children-page'), 'BillingChildrenPage'),
  billingCollection: screen(() => import('../features/billing/routes/billing-collection-page'), 'BillingCollectionPage'),
  billingTransfers: screen(() => import('../features/billing/routes/billing-transfers-page'), 'BillingTransfersPage'),
  billingTemporary: screen(() => import('../features/billing/routes/billing-temporary-page'), 'BillingTemporaryPage'),
  staffing: screen(() => import('../features/staffing/routes/staffing-page'), 'StaffingPage'),
  timeEntries: screen(() => import('../features/staffing/routes/time-entries-page'), 'TimeEntriesPage'),
  shifts: screen(() => import('../features/staffing/routes/shifts-page'), 'ShiftsPage'),
  ratioReport: screen(() => import('../features/staffing/routes/ratio-report-page'), 'RatioReportPage'),
  myWork: screen(() => import('../features/staffing/routes/my-work-page'), 'MyWorkPage'),
};

/**
 * Error boundaries: a screen that throws while its code loads or while it renders shows RouteError
 * inside its layout (the shell stays, with its menu); the root's boundary catches the rest.
 */
// The way back from an error: the staff app's start, as a new document (the router's basename is /staff).
const home: [string, string] = ['/staff/', 'ホームへ戻る'];
const guarded = (children: RouteObject[]): RouteObject[] => [
  { errorElement: <RouteError appName={APP_NAME} home={home} />, children },
];

/** The whole route table of the staff app, under /staff/ (DESIGN §3.1). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <Loading />,
    errorElement: (
      <main id="main">
        <RouteError appName={APP_NAME} home={home} />
      </main>
    ),
    children: [
      { index: true, element: <StartRedirect /> },
      {
        element: <PublicLayout />,
        children: guarded([
          { path: 'login', lazy: screens.login },
          { path: 'two-factor/setup', lazy: screens.twoFactorSetup },
          // The class tablet: pairing with the director's code, then the PIN pad.
          { path: 'pair', lazy: screens.pair },
          { path: 'pin', lazy: screens.pin },
          // The gate kiosk (staff.md §6): the device credential alone, offline first: features/kiosk.
          { path: 'kiosk', lazy: screens.kiosk },
        ]),
      },
      {
        element: <SignedInLayout />,
        children: guarded([
          { path: 'settings', lazy: screens.settings },
          // The company admin's roll-up and new facilities: features/facilities.
          { element: <DesktopOnly />, children: [{ path: 'company/:companyId', lazy: screens.company }] },
          {
            path: 'f/:facilityId',
            element: <FacilityLayout />,
            children: [
              { index: true, lazy: screens.home },
              // The desktop's screens: a tablet's PIN session does the day's work only.
              {
                element: <DesktopOnly />,
                children: [
                  // The roster's screens (classes, children, CSV import, handouts): features/children.
                  { path: 'classes', lazy: screens.classes },
                  { path: 'children', lazy: screens.children },
                  { path: 'children/import', lazy: screens.childrenImport },
                  { path: 'children/:childId', lazy: screens.child },
                  { path: 'children/:childId/handout', lazy: screens.handout },
                  { path: 'events', lazy: screens.events },
                  // お知らせ (staff.md §5): features/notices.
                  { path: 'notices', lazy: screens.notices },
                  { path: 'notices/new', lazy: screens.noticeCompose },
                  { path: 'notices/:noticeId', lazy: screens.noticeTracking },
                  { path: 'notices/:noticeId/edit', lazy: screens.noticeCompose },
                  // Next-month schedules (staff.md §5): features/schedules.
                  { path: 'schedules', lazy: screens.schedules },
                  // 請求 (spec/billing.md): features/billing; the server refuses 保育士 (403).
                  { path: 'billing', lazy: screens.billing },
                  { path: 'billing/settings', lazy: screens.billingSettings },
                  { path: 'billing/children', lazy: screens.billingChildren },
                  { path: 'billing/collection', lazy: screens.billingCollection },
                  { path: 'billing/transfers', lazy: screens.billingTransfers },
                  { path: 'billing/temporary', lazy: screens.billingTemporary },
                  // The 園長's 打刻 corrections and ratio settings (staffing.md §2): features/staffing.
                  { path: 'staffing/time-entries', lazy: screens.timeEntries },
                  { path: 'staffing/shifts', lazy: screens.shifts },
                  // 配置の月次報告 and the 1歳児配置改善加算 self-check, printable (staffing.md §4).
                  { path: 'staffing/report', lazy: screens.ratioReport },
                  // わたしの勤務 on one's phone: the 職員QR, today's 打刻, one's published shifts.
                  { path: 'staffing/me', lazy: screens.myWork },
                  {
                    element: <SetupOnly />,
                    children: [
                      { path: 'devices', lazy: screens.devices },
                      { path: 'audit', lazy: screens.audit },
                      { path: 'members', lazy: screens.members },
                      { path: 'facility', lazy: screens.facility },
                      // The templates of plans and records and the 年度更新 (records-templates.md, records-rollover.md).
                      { path: 'records/setup', lazy: screens.recordsSetup },
                    ],
                  },
                ],
              },
              // 午睡チェック (staff.md §4): features/naps.
              { path: 'naps', lazy: screens.naps },
              { path: 'naps/:classId', lazy: screens.classNaps },
              { path: 'naps/:classId/sheet', lazy: screens.napSheet },
              // The day's entry grid (staff.md §4): features/feed/daily-notes.
              { path: 'daily', lazy: screens.daily },
              { path: 'daily/:classId', lazy: screens.classDay },
              // The day's photos and the measurement session (staff.md §4): features/feed/photos, features/growths.
              { path: 'photos', lazy: screens.photos },
              { path: 'photos/:classId', lazy: screens.classPhotos },
              { path: 'growth', lazy: screens.growth },
              { path: 'growth/:classId', lazy: screens.classGrowth },
              // The day's inbox and class board (staff.md §4): features/day.
              { path: 'inbox', lazy: screens.inbox },
              { path: 'board', lazy: screens.boardClasses },
              { path: 'board/:classId', lazy: screens.board },
              // Plans and diaries (records.md): features/records.
              { path: 'records', lazy: screens.records },
              { path: 'records/doc/:documentId', lazy: screens.record },
              { path: 'records/settings', lazy: screens.recordSettings },
              { path: 'records/overall', lazy: screens.overallPlan },
              { path: 'records/child/:childId', lazy: screens.childRecord },
              { path: 'records/class/:classId/yoroku', lazy: screens.classYoroku },
              { path: 'records/class/:classId/admissions', lazy: screens.yorokuAdmissions },
              { path: 'records/:classId', lazy: screens.classRecords },
              // 配置・勤怠 (staffing.md §2, §4): the ratio now, one's 打刻, the day: features/staffing.
              { path: 'staffing', lazy: screens.staffing },
              { path: '*', element: <NotFound /> },
            ],
          },
          { path: '*', element: <NotFound /> },
        ]),
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/staff' });
