import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Header } from '../../components/header';
import { useCurrentUser } from '../../lib/session';
import { useChildren, useExistence } from '../../lib/children';
import { native } from '../../lib/native';
import { showFailure } from '../../components/alerts';
import { ApiRequestError } from '@renraku/ui/api';
import { OfflineNotice } from '../../components/offline-notice';
import { pushPromptRequested, subscribePushPrompt } from '../../lib/push-prompt';

// 送信待ち (reports kept on the device while offline): its own chunk, loaded after the first screen.
const PendingSends = lazy(() => import('../../components/pending-sends'));
// 「プッシュ通知を受け取りますか？」: loaded only once a meaningful action asked for it (lib/push-prompt.ts).
const PushPrompt = lazy(() => import('../../components/push-prompt'));

/** A 403 while opening a verify link is that screen's business, not a failure of the list (A §8). */
const quietForbidden = (pathname: string, error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && /^\/(email\/verify|users\/invite\/verify)/.test(pathname);

/**
 * The authenticated guard (A §2 Shell): logged out → /login?referrer_path=…; an ID user who has not
 * agreed to the terms → /terms carrying next_path; otherwise the header and the page.
 */
export function SignedInLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const { children, error: childrenError } = useChildren();
  const { existence } = useExistence();
  const runNative = (location.state as { runNative?: boolean } | null)?.runNative;
  const pushAsked = useSyncExternalStore(subscribePushPrompt, pushPromptRequested);

  useEffect(() => {
    if (user && runNative) native.requestPushToken();
  }, [user, runNative, location.key]);

  // The child list failed to load: the generic alert (A §8), except the verify screens' 403.
  useEffect(() => {
    if (
      childrenError &&
      !(childrenError instanceof ApiRequestError && childrenError.status === 401) &&
      !quietForbidden(location.pathname, childrenError)
    ) {
      showFailure(childrenError);
    }
    // Once per failure, not on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [childrenError]);

  const here = location.pathname + location.search;
  if (!user) return <Navigate to={`/login?referrer_path=${encodeURIComponent(here)}`} replace />;
  if (user.idp && !user.agreed_at) return <Navigate to="/terms" replace state={{ next_path: here }} />;

  return (
    <>
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <Header avatarUrl={user.image_url} userName={user.name} showQr={children.length > 0 && existence.length > 0} />
      <OfflineNotice />
      <main id="main">
        <Suspense fallback={null}>
          <PendingSends />
        </Suspense>
        <Outlet />
      </main>
      {pushAsked && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}
    </>
  );
}
