import { startTransition, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { setUnauthenticatedHandler } from '../lib/api';
import { OperatorContext } from '../lib/operator';
import { getSession, setSessionUser, subscribeSession, type Session } from '../lib/session';
import { UiGate } from './ui-gate';

/**
 * The session as a transition: the first screen mounts in a render React splits into short tasks
 * instead of one long one (Lighthouse's total blocking time; docs/decisions/web-speed-main.md).
 * Screens below read the session directly (useSession), so they never see an older value.
 */
function useSessionInTransition(): Session {
  const [state, setState] = useState(getSession);
  useEffect(() => {
    const sync = () => startTransition(() => setState(getSession()));
    sync();
    return subscribeSession(sync);
  }, []);
  return state;
}

/** Checks the login state and loads the constants; shows the loading state until both finish (A §1). */
export function Root() {
  const { user, constants } = useSessionInTransition();

  useEffect(() => {
    // A 401 on any call means the session ended: forget the user; the guard then goes to /login.
    setUnauthenticatedHandler(() => setSessionUser(null));
  }, []);

  if (user === undefined || !constants) return <Loading />;
  return (
    <OperatorContext.Provider value={constants.operator}>
      <UiGate>
        <Outlet />
      </UiGate>
    </OperatorContext.Provider>
  );
}
