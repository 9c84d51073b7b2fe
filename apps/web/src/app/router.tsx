import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { HeaderFlags } from '../components/header';
import { Loading } from '@renraku/ui/loading';
import { RouteError } from '../components/route-error';
import { LoginPage } from '../features/auth/routes/login-page';
import { PublicLayout } from './layouts/public-layout';
import { uiHandle, withUi } from './ui-gate';
import { Root } from './root';

const header = (flags: HeaderFlags) => ({ header: flags });
/**
 * Code-split screens: each area's code loads with its first route. The entry holds Root, the public
 * layout and the login screen, the first screen of every new session, built without Mantine and
 * TanStack Query (docs/decisions/web-initial-bundle.md); those two, the signed-in shell (header, child list,
 * alerts) and the 404 page load with the routes that show them.
 */
const signedInLayout = async () => ({ Component: (await import('./layouts/signed-in-layout')).SignedInLayout });
const notFound = async () => ({ Component: (await import('../components/not-found')).NotFound });
const info = (
  name: 'PrivacyPage' | 'CorporatePage' | 'AboutIdPage' | 'ReceptionsPage' | 'PasswordExpiredPage' | 'EmailSentPage',
) => {
  const files = {
    PrivacyPage: () => import('../features/info/routes/privacy-page'),
    CorporatePage: () => import('../features/info/routes/corporate-page'),
    AboutIdPage: () => import('../features/info/routes/about-id-page'),
    ReceptionsPage: () => import('../features/info/routes/receptions-page'),
    PasswordExpiredPage: () => import('../features/info/routes/password-expired-page'),
    EmailSentPage: () => import('../features/info/routes/email-sent-page'),
  };
  return async () => {
    const module = (await files[name]()) as Record<string, React.ComponentType>;
    return { Component: module[name] };
  };
};
const terms = async () => ({ Component: (await import('../features/info/routes/terms-route')).TermsRoute });
/** The ID service's screens (issue 8). */
const idp = (
  name:
    | 'SignupPage'
    | 'SignupCompletePage'
    | 'ForgotPasswordPage'
    | 'ResetPasswordPage'
    | 'ChangeEmailPage'
    | 'VerifyEmailPage'
    | 'ChangePasswordPage',
) => {
  const files = {
    SignupPage: () => import('../features/idp/routes/signup-page'),
    SignupCompletePage: () => import('../features/idp/routes/signup-complete-page'),
    ForgotPasswordPage: () => import('../features/idp/routes/forgot-password-page'),
    ResetPasswordPage: () => import('../features/idp/routes/reset-password-page'),
    ChangeEmailPage: () => import('../features/idp/routes/change-email-page'),
    VerifyEmailPage: () => import('../features/idp/routes/verify-email-page'),
    ChangePasswordPage: () => import('../features/idp/routes/change-password-page'),
  };
  return async () => ({ Component: ((await files[name]()) as Record<string, React.ComponentType>)[name] });
};
const billingPages = {
  list: async () => ({ Component: (await import('../features/billing/routes/statements-page')).StatementsPage }),
  detail: async () => ({ Component: (await import('../features/billing/routes/statement-page')).StatementPage }),
  account: async () => ({ Component: (await import('../features/billing/routes/account-page')).AccountPage }),
  items: async () => ({ Component: (await import('../features/billing/routes/items-page')).ItemsPage }),
};
const settingsPage = async () => ({ Component: (await import('../features/users/routes/settings-page')).SettingsPage });
const namePage = async () => ({ Component: (await import('../features/users/routes/name-page')).NamePage });
const childPage = async () => ({ Component: (await import('../features/children/routes/child-page')).ChildPage });
const pickupPersonsPage = async () => ({
  Component: (await import('../features/children/routes/pickup-persons-page')).PickupPersonsPage,
});
const pickupCodesPage = async () => ({
  Component: (await import('../features/children/routes/pickup-codes-page')).PickupCodesPage,
});
const childExportPage = async () => ({
  Component: (await import('../features/exports/routes/child-export-page')).ChildExportPage,
});
const childEditPage = async () => ({ Component: (await import('../features/children/routes/child-edit-page')).ChildEditPage });
const recognitionPage = async () => ({
  Component: (await import('../features/children/routes/recognition-page')).RecognitionPage,
});
const registerChildPage = async () => ({
  Component: (await import('../features/children/routes/register-page')).RegisterChildPage,
});
const guardianPage = async () => ({ Component: (await import('../features/guardians/routes/guardian-page')).GuardianPage });
const relationTypePage = async () => ({
  Component: (await import('../features/guardians/routes/relation-type-page')).RelationTypePage,
});
const invitePage = async () => ({ Component: (await import('../features/guardians/routes/invite-page')).InvitePage });
const inviteSentPage = async () => ({
  Component: (await import('../features/guardians/routes/invite-sent-page')).InviteSentPage,
});
const inviteVerifyPage = async () => ({
  Component: (await import('../features/guardians/routes/invite-verify-page')).InviteVerifyPage,
});
const notificationSettingsPage = async () => ({
  Component: (await import('../features/settings/routes/notification-settings-page')).NotificationSettingsPage,
});
const devMailboxPage = async () => ({ Component: (await import('../features/settings/routes/dev-mailbox-page')).DevMailboxPage });
const growths = {
  children: async () => ({ Component: (await import('../features/growths/routes/growth-children-page')).GrowthChildrenPage }),
  child: async () => ({ Component: (await import('../features/growths/routes/growth-child-page')).GrowthChildPage }),
};
const schedules = {
  children: async () => ({
    Component: (await import('../features/schedules/routes/schedule-children-page')).ScheduleChildrenPage,
  }),
  child: async () => ({ Component: (await import('../features/schedules/routes/schedule-child-page')).ScheduleChildPage }),
  form: async () => ({ Component: (await import('../features/schedules/routes/schedule-form-page')).ScheduleFormPage }),
};
const events = {
  children: async () => ({ Component: (await import('../features/events/routes/event-children-page')).EventChildrenPage }),
  child: async () => ({ Component: (await import('../features/events/routes/event-calendar-page')).EventCalendarPage }),
};

/**
 * Error boundaries: a screen that throws while its code loads or while it renders shows RouteError
 * in its layout (header and all), through a pathless route around each layout's screens; the root's
 * boundary catches the rest (Root, the layouts themselves, the UI libraries' chunk) as a page of its own.
 */
const guarded = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

/** The whole route table of both specs (A §2, F §2 "Top-level route table"). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    // While the first screen's lazy code loads: the same loading state Root shows while it waits.
    hydrateFallbackElement: <Loading />,
    errorElement: (
      <main id="main">
        <RouteError />
      </main>
    ),
    children: [
      { index: true, element: <Navigate to="/main" replace /> },
      {
        element: <PublicLayout />,
        children: guarded([
          { path: 'login/*', element: <LoginPage /> },
          { path: 'password/reset/:token', element: <Navigate to="/password/reset/expired" replace /> },
        ]),
      },
      // Every other screen uses Mantine and TanStack Query: a navigation to it loads them first (app/ui-gate.tsx).
      {
        lazy: withUi,
        handle: uiHandle,
        children: [
          {
            element: <PublicLayout />,
            children: guarded([
              { path: 'receptions/*', lazy: info('ReceptionsPage') },
              { path: 'privacy/*', lazy: info('PrivacyPage') },
              { path: 'terms/*', lazy: terms },
              { path: 'term/*', lazy: terms },
              { path: 'corporate/*', lazy: info('CorporatePage') },
              { path: 'migration/about-id', lazy: info('AboutIdPage') },
              { path: 'password/reset/expired', lazy: info('PasswordExpiredPage') },
              { path: 'email/sent', lazy: info('EmailSentPage') },
              { path: 'users/register', lazy: idp('SignupPage') },
              { path: 'users/register/:token', lazy: idp('SignupCompletePage') },
              { path: 'password/forgot', lazy: idp('ForgotPasswordPage') },
              { path: 'password/new/:token', lazy: idp('ResetPasswordPage') },
              { path: 'email/verify/:token', lazy: idp('VerifyEmailPage') },
              { path: 'children/register/:company/:token/*', lazy: registerChildPage },
              { path: 'dev/mailbox', lazy: devMailboxPage },
            ]),
          },
          {
            lazy: signedInLayout,
            children: guarded([
              {
                path: 'main',
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/feed/routes/main-page')).MainPage }),
                    handle: header({ home: true, qr: true, settings: true }),
                  },
                  { path: 'qr', lazy: async () => ({ Component: (await import('../features/feed/routes/qr-page')).QrPage }) },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'children',
                children: [
                  { path: 'recognition/:id', lazy: recognitionPage },
                  { path: ':id', lazy: childPage },
                  { path: ':id/edit', lazy: childEditPage },
                  { path: ':id/pickup-persons', lazy: pickupPersonsPage },
                  { path: ':id/pickup-codes', lazy: pickupCodesPage },
                  { path: ':id/export', lazy: childExportPage },
                  { path: ':childId/users/:userId', lazy: guardianPage },
                  { path: ':childId/users/:userId/change/type', lazy: relationTypePage },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'communications',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/communications/routes/communications-menu')).CommunicationsMenu,
                    }),
                  },
                  {
                    path: 'message',
                    lazy: async () => ({
                      Component: (await import('../features/communications/routes/contact-book-page')).ContactBookPage,
                    }),
                  },
                  {
                    path: 'message/confirm',
                    lazy: async () => ({
                      Component: (await import('../features/communications/routes/contact-book-confirm-page'))
                        .ContactBookConfirmPage,
                    }),
                  },
                  {
                    path: 'attendance',
                    lazy: async () => ({
                      Component: (await import('../features/communications/routes/attendance-page')).AttendancePage,
                    }),
                  },
                  {
                    path: 'absence',
                    lazy: async () => ({
                      Component: (await import('../features/communications/routes/absence-page')).AbsencePage,
                    }),
                  },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'events',
                children: [
                  { path: 'children', lazy: events.children },
                  { path: 'children/:id', lazy: events.child },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'growths',
                children: [
                  { path: 'children', lazy: growths.children },
                  { path: 'children/:id', lazy: growths.child },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'notices',
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/notices/routes/notices-page')).NoticesPage }),
                  },
                  {
                    path: ':id/:fileId',
                    lazy: async () => ({
                      Component: (await import('../features/notices/routes/notice-file-page')).NoticeFilePage,
                    }),
                  },
                  {
                    path: ':id/questionnaires/:questionnaireId/respondents/:childId',
                    lazy: async () => ({
                      Component: (await import('../features/notices/routes/questionnaire-page')).QuestionnairePage,
                    }),
                  },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'schedules',
                children: [
                  { path: 'children', lazy: schedules.children },
                  { path: 'children/:id', lazy: schedules.child },
                  { path: 'children/:id/create/:date', lazy: schedules.form },
                  { path: 'children/:id/edit/:scheduleId', lazy: schedules.form },
                  { path: '*', lazy: notFound },
                ],
              },
              {
                path: 'users',
                children: [
                  { path: 'setting', lazy: settingsPage },
                  { path: 'setting/email', lazy: idp('ChangeEmailPage') },
                  { path: 'setting/password', lazy: idp('ChangePasswordPage') },
                  { path: 'setting/name', lazy: namePage },
                  { path: ':childId/invite', lazy: invitePage },
                  { path: 'invite/sent', lazy: inviteSentPage },
                  { path: 'invite/verify/:token', lazy: inviteVerifyPage },
                  { path: '*', lazy: notFound },
                ],
              },
              { path: 'notification_settings/*', lazy: notificationSettingsPage },
              // 請求 under my page (spec/billing.md §3): features/billing.
              {
                path: 'billing',
                children: [
                  { index: true, lazy: billingPages.list },
                  { path: 'account', lazy: billingPages.account },
                  { path: 'items', lazy: billingPages.items },
                  { path: ':id', lazy: billingPages.detail },
                  { path: '*', lazy: notFound },
                ],
              },
            ]),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

/**
 * Created by main.tsx after the session's calls have started: creating it starts the first screen's
 * lazy code, and those requests would otherwise queue the login check and the home's first answers
 * behind ~15 chunks on a phone's few connections (docs/decisions/web-speed-main.md).
 */
export const createRouter = () => createBrowserRouter(routes);
