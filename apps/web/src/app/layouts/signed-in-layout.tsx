import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Header } from '../../components/header';
import { useCurrentUser } from '../../features/auth/api';
import { useChildren, useExistence } from '../../features/children/api';
import { native } from '../../lib/native';

/**
 * The authenticated guard (A §2 Shell): logged out → /login?referrer_path=…; an ID user who has not
 * agreed to the terms → /terms carrying next_path; otherwise the header and the page.
 */
export function SignedInLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const { children } = useChildren();
  const { existence } = useExistence();
  const runNative = (location.state as { runNative?: boolean } | null)?.runNative;

  useEffect(() => {
    if (user && runNative) native.requestPushToken();
  }, [user, runNative, location.key]);

  const here = location.pathname + location.search;
  if (!user) return <Navigate to={`/login?referrer_path=${encodeURIComponent(here)}`} replace />;
  if (user.idp && !user.agreed_at) return <Navigate to="/terms" replace state={{ next_path: here }} />;

  return (
    <>
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <Header avatarUrl={user.image_url} userName={user.name} showQr={children.length > 0 && existence.length > 0} />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
