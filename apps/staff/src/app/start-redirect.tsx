import { Navigate } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { isPairedDevice } from '../lib/device-flag';
import { deviceStartPath } from '../lib/device-start';
import { facilityPath } from '../lib/facility';
import { lastFacilityId } from '../lib/last-facility';
import { useStaffMe } from '../lib/staff-session';
import { LoadFailure } from '../components/load-failure';

/** `/staff/`: a tablet's class board (or its facility's home), the home of the facility worked in last, else sign-in or the PIN pad. */
export function StartRedirect() {
  const { data: me, isPending, error, refetch } = useStaffMe();
  if (isPending) return <Loading />;
  if (error) return <LoadFailure onRetry={() => void refetch()} />;
  if (!me) return <Navigate to={isPairedDevice() ? '/pin' : '/login'} replace />;
  if (me.stage === 'totp_setup') return <Navigate to="/two-factor/setup" replace />;
  if (me.stage !== 'ok') return <Navigate to="/login" replace />;
  // A class tablet opens on its class (its board), not on a generic home.
  if (me.device) return <Navigate to={deviceStartPath(me.device)} replace />;
  const last = lastFacilityId();
  const facility = me.facilities.find((f) => f.id === last) ?? me.facilities[0];
  return <Navigate to={facility ? facilityPath(facility.id) : '/settings'} replace />;
}
