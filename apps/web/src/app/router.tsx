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
              { index: true, lazy: async () => ({ Component: (await import('../features/communications/routes/communications-menu')).CommunicationsMenu }) },
              { path: 'message', lazy: async () => ({ Component: (await import('../features/communications/routes/contact-book-page')).ContactBookPage }) },
              { path: 'message/confirm', lazy: async () => ({ Component: (await import('../features/communications/routes/contact-book-confirm-page')).ContactBookConfirmPage }) },
              { path: 'attendance', lazy: async () => ({ Component: (await import('../features/communications/routes/attendance-page')).AttendancePage }) },
              { path: 'absence', lazy: async () => ({ Component: (await import('../features/communications/routes/absence-page')).AbsencePage }) },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'events',
            children: [
              { path: 'children', ...soon('行事予定') },
              { path: 'children/:id', ...soon('行事予定') },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'growths',
            children: [
              { path: 'children', ...soon('成長記録') },
              { path: 'children/:id', ...soon('成長記録') },
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
              { path: 'children', ...soon('翌月登園予定登録') },
              { path: 'children/:id', ...soon('翌月登園予定登録') },
              { path: 'children/:id/create/:date', ...soon('翌月登園予定登録') },
              { path: 'children/:id/edit/:scheduleId', ...soon('翌月登園予定登録') },
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
