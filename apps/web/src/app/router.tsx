import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { NotFound } from '../components/not-found';
import type { HeaderFlags } from '../components/header';
import { LoginPage } from '../features/auth/routes/login-page';
import { PublicLayout } from './layouts/public-layout';
import { SignedInLayout } from './layouts/signed-in-layout';
import { Root } from './root';

const header = (flags: HeaderFlags) => ({ header: flags });
/** Code-split screens: each area's code loads with its first route. */
const info = (name: 'PrivacyPage' | 'CorporatePage' | 'AboutIdPage' | 'ReceptionsPage' | 'PasswordExpiredPage' | 'EmailSentPage') => {
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
const settingsPage = async () => ({ Component: (await import('../features/users/routes/settings-placeholder')).SettingsPlaceholder });
const growths = {
  children: async () => ({ Component: (await import('../features/growths/routes/growth-children-page')).GrowthChildrenPage }),
  child: async () => ({ Component: (await import('../features/growths/routes/growth-child-page')).GrowthChildPage }),
};
const schedules = {
  children: async () => ({ Component: (await import('../features/schedules/routes/schedule-children-page')).ScheduleChildrenPage }),
  child: async () => ({ Component: (await import('../features/schedules/routes/schedule-child-page')).ScheduleChildPage }),
  form: async () => ({ Component: (await import('../features/schedules/routes/schedule-form-page')).ScheduleFormPage }),
};
const events = {
  children: async () => ({ Component: (await import('../features/events/routes/event-children-page')).EventChildrenPage }),
  child: async () => ({ Component: (await import('../features/events/routes/event-calendar-page')).EventCalendarPage }),
};
const soon = (title: string) => ({ element: <ComingSoon title={title} /> });

/** The whole route table of both specs (A §2, F §2 "Top-level route table"). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate to="/main" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login/*', element: <LoginPage /> },
          { path: 'receptions/*', lazy: info('ReceptionsPage') },
          { path: 'privacy/*', lazy: info('PrivacyPage') },
          { path: 'terms/*', lazy: terms },
          { path: 'term/*', lazy: terms },
          { path: 'corporate/*', lazy: info('CorporatePage') },
          { path: 'migration/about-id', lazy: info('AboutIdPage') },
          { path: 'password/reset/expired', lazy: info('PasswordExpiredPage') },
          { path: 'password/reset/:token', element: <Navigate to="/password/reset/expired" replace /> },
          { path: 'email/sent', lazy: info('EmailSentPage') },
          { path: 'children/register/:company/:token/*', ...soon('お子さま登録') },
        ],
      },
      {
        element: <SignedInLayout />,
        children: [
          {
            path: 'main',
            children: [
              { index: true, ...soon('ホーム'), handle: header({ home: true, qr: true, settings: true }) },
              { path: 'qr', ...soon('登降園QRコード') },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'children',
            children: [
              { path: 'recognition/:id', ...soon('保護者招待の承認') },
              { path: ':id', ...soon('お子さま情報') },
              { path: ':id/edit', ...soon('お名前の変更') },
              { path: ':childId/users/:userId', ...soon('保護者情報') },
              { path: ':childId/users/:userId/change/type', ...soon('続柄の変更') },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'communications',
            children: [
              { index: true, ...soon('施設への連絡') },
              { path: 'message', ...soon('連絡帳') },
              { path: 'message/confirm', ...soon('連絡帳の確認') },
              { path: 'attendance', ...soon('登園・お迎え時間の変更') },
              { path: 'absence', ...soon('欠席連絡') },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'events',
            children: [
              { path: 'children', lazy: events.children },
              { path: 'children/:id', lazy: events.child },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'growths',
            children: [
              { path: 'children', lazy: growths.children },
              { path: 'children/:id', lazy: growths.child },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'notices',
            children: [
              { index: true, ...soon('お知らせ') },
              { path: ':id/:fileId', ...soon('お知らせ') },
              { path: ':id/questionnaires/:questionnaireId/respondents/:childId', ...soon('アンケート回答') },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'schedules',
            children: [
              { path: 'children', lazy: schedules.children },
              { path: 'children/:id', lazy: schedules.child },
              { path: 'children/:id/create/:date', lazy: schedules.form },
              { path: 'children/:id/edit/:scheduleId', lazy: schedules.form },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'users',
            children: [
              { path: 'setting', lazy: settingsPage },
              { path: 'setting/name', ...soon('お名前の変更') },
              { path: ':childId/invite', ...soon('保護者の追加') },
              { path: 'invite/sent', ...soon('招待完了') },
              { path: '*', element: <NotFound /> },
            ],
          },
          { path: 'notification_settings/*', ...soon('メール通知設定') },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
