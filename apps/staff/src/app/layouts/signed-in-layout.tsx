import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailure } from '../../components/load-failure';
import { Loading } from '@renraku/ui/loading';
import { isPairedDevice } from '../../lib/device-flag';
import { rememberResumePath } from '../../lib/resume-path';
import { useStaffMe } from '../../lib/staff-session';
import { Shell } from './shell';

/**
 * The guard of every signed-in screen: no staff session → sign-in (on a paired tablet, the PIN pad);
 * a sign-in waiting for its second factor → sign-in's code step, or the forced 2FA enrolment;
 * otherwise the shell and the screen.
 */
export function SignedInLayout() {
  const { data: me, isPending, error, refetch } = useStaffMe();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (error) return <LoadFailure onRetry={() => void refetch()} />;
  const here = location.pathname + location.search;
  if (!me) {
    if (!isPairedDevice()) return <Navigate to={`/login?next=${encodeURIComponent(here)}`} replace />;
    // The PIN session ended on the server: the unlock returns here.
    rememberResumePath(here);
    return <Navigate to="/pin" replace />;
  }
  if (me.stage === 'totp_setup') return <Navigate to="/two-factor/setup" replace />;
  if (me.stage === 'totp') return <Navigate to={`/login?next=${encodeURIComponent(here)}`} replace />;
  return (
    <Shell me={me}>
      <Outlet />
    </Shell>
  );
}
